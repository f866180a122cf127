"""The campaign's rule readings (Preferences → Rules) in the campaign file, and who decides with them.

The digest's reading is the default; a campaign that chose the book's keeps it in its
``meta`` table; the encounters it loads decide with it; a file from before the option
(the committed schema-1 campaign) opens with the digest's readings.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmtool.core.readings import RuleReadings
from gmtool.core.registry import registry
from gmtool.games.shadowrun.rules.readings import OPTIONS, Readings
from gmtool.storage.campaign import RULE_READINGS
from gmtool.storage.workspace import Workspace

SCHEMA_1 = Path(__file__).parent / "data" / "campaign_schema1.gmtool"


def test_a_new_campaign_reads_every_rule_as_the_digest_does(tmp_path: Path) -> None:
    workspace = Workspace.create(tmp_path / "new.gmtool")
    try:
        assert workspace.campaign.rule_readings() == RuleReadings()
        assert all(not workspace.campaign.rule_readings().book(o.key) for o in OPTIONS)
        assert workspace.encounter.ruleset.readings == Readings()
    finally:
        workspace.close()


@pytest.mark.rule("SR5-CS9")
def test_the_books_reading_is_kept_in_the_campaign_and_its_encounters_decide_with_it(tmp_path: Path) -> None:
    path = tmp_path / "kept.gmtool"
    workspace = Workspace.create(path)
    chosen = RuleReadings.of({"sr5_multiple_attacks": "book", "sr5_knockdown": "book"})
    book = Readings(sr5_multiple_attacks="book", sr5_knockdown="book")  # as the SR5 rules read it
    try:
        assert workspace.use_rule_readings(chosen) is True
        assert workspace.use_rule_readings(chosen) is False  # nothing changed
        assert workspace.encounter.ruleset.readings == book  # the open encounter decides with it at once
        assert workspace.campaign.meta(RULE_READINGS) == (
            '{"sr5_knockdown": "book", "sr5_multiple_attacks": "book"}'
        )
    finally:
        workspace.close()
    again = Workspace.open(path)
    try:
        assert again.campaign.rule_readings() == chosen
        assert again.encounter.ruleset.readings == book
        other = again.with_new_encounter("Another fight", "sr5")
        assert other.encounter.ruleset.readings == book  # every encounter of the campaign
    finally:
        again.close()


def test_an_old_campaign_without_readings_opens_with_the_digests(tmp_path: Path) -> None:
    path = tmp_path / "old.gmtool"
    shutil.copyfile(SCHEMA_1, path)
    workspace = Workspace.open(path)
    try:
        assert workspace.campaign.meta(RULE_READINGS) is None
        assert workspace.campaign.rule_readings() == RuleReadings()
    finally:
        workspace.close()


def test_a_damaged_or_foreign_entry_falls_back_to_the_digests_readings(tmp_path: Path) -> None:
    workspace = Workspace.create(tmp_path / "odd.gmtool")
    try:
        for text, expected in (
            ("not json", RuleReadings()),
            ('["a list"]', RuleReadings()),
            ('{"sr5_multiple_attacks": "sideways", "unknown_rule": "book"}', RuleReadings()),
            ('{"sr5_harder_knock": "book", "unknown_rule": "book"}', RuleReadings.of({"sr5_harder_knock": "book"})),
        ):
            workspace.campaign.set_meta(RULE_READINGS, text)
            assert workspace.campaign.rule_readings() == expected, text
    finally:
        workspace.close()


def test_every_option_names_its_rule_and_both_readings_in_both_languages() -> None:
    from gmtool.core.i18n import catalogue

    for language in ("en", "ja"):
        messages = catalogue(language).messages
        for option in OPTIONS:
            for part in ("name", "digest", "book"):
                assert f"readings.{option.key}.{part}" in messages, (language, option.key, part)
        assert all(option.rule in messages[f"readings.{option.key}.name"] for option in OPTIONS)
        assert all(str(option.page) in messages[f"readings.{option.key}.book"] for option in OPTIONS)


def test_the_sr5_manifest_lists_the_options_its_rules_read() -> None:
    """The manifest (data, read at start-up) and the rules (loaded with an SR5 encounter) agree."""
    listed = {(o.key, o.rule, o.page) for o in registry().manifest("sr5").readings}
    assert listed == {(o.key, o.rule, o.page) for o in OPTIONS if o.game == "sr5"}
    assert registry().manifest("sr4").readings == ()
