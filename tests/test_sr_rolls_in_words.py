"""What the log and the report's breakdown say of a roll: rerolled dice, hits over a limit, a row without a page.

Values from the digests: 000 §2 (SR4 Edge, reroll the dice that missed: SR4-E4) and the SR5 limit (rules.md, SR5
differences: "limits ... cap the hits of a test").
"""

from __future__ import annotations

import pytest

from gmtool.core.display import ModifierLine
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("SR4-E4")
def test_the_log_shows_the_missed_dice_in_brackets_and_their_rerolls_after_the_arrow() -> None:
    from tests.test_sr4_dice_tests import Fight, tc

    # 000 §2: ヒットしなかったサイコロを振りなおす. Pool 5 1 1 2 3 6: 5 and 6 hit, the four misses are rerolled
    # as 5 5 1 2: 2 + 2 = 4 hits.
    fight = Fight()
    fight.test((5, 1, 1, 2, 3, 6), pool=tc.PoolSpec(attribute="AGI", skill=2))
    e = fight.after(EdgeUse.REROLL_FAILURES, (5, 5, 1, 2))
    ruleset = fight.session.encounter.ruleset
    assert "[5 (1) (1) (2) (3) 6 → 5 5 1 2] (typed) → 4 hits" in ruleset.describe(e)
    assert ruleset.breakdown(e).dice == "5 (1) (1) (2) (3) 6 → 5 5 1 2 · 4 hits"


def test_the_breakdown_counts_the_hits_a_limit_leaves_and_names_those_rolled() -> None:
    from tests.test_sr5_dice_tests import encounter, pool, run, tc

    # Agility 6 + skill 2 = 8 dice, limit 2: faces 5 5 6 2 4 6 2 3 roll 4 hits, the limit counts 2.
    enc = encounter()
    (e,) = run(enc, tc.RollTest(combatant="c2", pool=pool(skill=2, limit="custom", custom_limit=2),
                                faces=(5, 5, 6, 2, 4, 6, 2, 3)))
    shown = enc.ruleset.breakdown(e)
    assert shown.pool == "Agility +6 · Skill +2 = 8 dice · threshold 0 · limit 2"
    assert shown.dice == "5 5 6 2 4 6 2 3 · 2 hits · 4 rolled"


def test_a_modifier_row_without_a_page_names_its_table_alone() -> None:
    # A row the GM typed has no page: its source is its table, with no page number after it.
    event = {"pool": 5, "faces": (5, 6, 1, 2, 3), "hits": 2,
             "modifiers": ({"label": "text:Fog", "value": -1, "table": "text:Visibility", "page": None},
                           {"label": "text:Aim", "value": 1, "table": "", "page": 160})}
    assert SR5Ruleset().breakdown(event).modifiers == (ModifierLine("Fog", "−1", "Visibility"),
                                                       ModifierLine("Aim", "+1", "p. 160"))
