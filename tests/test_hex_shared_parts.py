"""What the hex games' adapters share (issue 32): the report's words under each game's prefix."""

from __future__ import annotations

import pytest

from gmtool.core.capabilities import REPORT_KEYS, PrefixedReportWords
from gmtool.core.declared import report_words
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.badlands_rally.rules.race import RallyRules


@pytest.mark.parametrize(("rules", "prefix"), [(AuraRules(), "ab"), (RallyRules(), "br")])
def test_each_hex_game_reports_in_its_own_words(rules: AuraRules | RallyRules, prefix: str) -> None:
    declared = report_words(rules)
    assert declared is not None
    assert dict(declared.report_words()) == {key: f"{prefix}.{key}" for key in REPORT_KEYS}


def test_a_prefixed_game_gives_every_report_key_its_prefix() -> None:
    class Made(PrefixedReportWords):
        report_prefix = "zz"

    assert Made().report_words()["report.round"] == "zz.report.round"
    assert len(Made().report_words()) == len(REPORT_KEYS)
