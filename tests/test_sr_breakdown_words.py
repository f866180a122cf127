"""The report's breakdown of a Shadowrun roll and of an attack, figure by figure (X-3), as the game contract gives
it to the report: the pool's terms with their rules, the limit, the dice with their hits, the damage.

The attack is test_attack_flow's SR5 duel (001, SR5-A1..A4): Agility 5 + Pistols 6 = 11 dice, Accuracy 5; Reaction 4
+ Intuition 4 = 8 dice; DV 8, AP −1 against armour 9; soak Body 4 + modified armour. Sixes hit, twos miss.
"""

from __future__ import annotations

import pytest

from gmtool.core.display import ModifierLine
from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from tests.test_attack_called_shots import faces
from tests.test_attack_flow import resolved, run, sr5_fight


@pytest.mark.rule("X-3")
@pytest.mark.rule("SR5-A3")
@pytest.mark.rule("SR5-A4")
def test_an_attacks_breakdown_gives_each_figure_with_its_rule() -> None:
    # 3 hits (limit 5) against 1: 2 net hits; DV 8 + 2 = 10; armour 9 − 1 = 8; soak 4 + 8 = 12 dice, 6 hits: 4 boxes.
    enc = sr5_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=faces(3, 11), defence_faces=faces(1, 8), soak_faces=faces(6, 12))))
    parts = {p.title: p for p in enc.ruleset.breakdown_parts(e)}
    attack = parts["Attack test"].roll
    assert attack.pool == "Agility +5 (SR5-A1) · Firearm skill +6 (SR5-A1) · modifiers +0 = 11 dice · limit 5"
    assert attack.dice == "6 6 6 2 2 2 2 2 2 2 2 (typed) · 3 hits"
    assert attack.modifiers == (ModifierLine("Range: short", "+0", "Environmental modifiers (worst applies), p. 175"),)
    assert parts["Defence test"].roll.pool == "Reaction +4 (SR5-A2) · Intuition +4 (SR5-A2) = 8 dice"
    assert parts["Net hits"].text == "2 · hit"
    assert parts["Damage value"].text == "Weapon DV +8 (SR5-A3) · Net hits +2 (SR5-A3) = 10"
    assert parts["Armour"].text == "Armour +9 (SR5-A3) · Armour penetration −1 (SR5-A3) = 8"
    assert parts["Damage resistance test"].roll.dice == "6 6 6 6 6 6 2 2 2 2 2 2 (typed) · 6 hits"
    assert parts["Damage"].text == "4 boxes · physical 0 → 4"


@pytest.mark.rule("SR5-F9")
def test_a_suppression_tests_breakdown_names_the_zones_hits_as_its_threshold() -> None:
    # SR5-F9: Reaction 4 + Edge 3 = 7 dice against the zone's hits (4) as the threshold.
    from gmtool.games.shadowrun.rules.attack.messages import SuppressionTest
    from tests.test_attack_suppressive import fight, suppress

    enc = fight()
    zone = suppress(enc, hits=4)
    [e] = run(enc, SuppressionTest(zone=zone, combatant="c2", test_faces=faces(4, 7)))
    test = enc.ruleset.breakdown_parts(e)[0].roll
    assert test.pool == "Reaction +4 (SR5-F9, p. 179) · Edge +3 (SR5-F9, p. 179) = 7 dice · threshold 4"


def test_an_events_own_modifiers_are_printed_with_their_table_and_page() -> None:
    # Any event is read by its fields' names: a modifier from a table keeps its table and page.
    event = {"pool": 7, "threshold": 2, "limit": 4, "faces": (5, 6, 1, 2, 3, 4, 2), "hits": 2,
             "modifiers": ({"label": "text:Cover", "value": -2, "table": "text:Ranged", "page": 160},)}
    shown = SR5Ruleset().breakdown(event)
    assert shown.pool == "7 dice · threshold 2 · limit 4"
    assert shown.modifiers == (ModifierLine("Cover", "−2", "Ranged, p. 160"),)
    assert shown.dice == "5 6 1 2 3 4 2 · 2 hits"


@pytest.mark.rule("X-4")
def test_the_odds_recorded_with_a_roll_are_printed_from_a_model_or_a_mapping() -> None:
    # The exact odds recorded at the moment of the roll, however the event holds them.
    from pydantic import BaseModel

    class Odds(BaseModel):
        success: float = 0.25
        glitch: float = 0.125

    for odds in (Odds(), {"success": 0.25, "glitch": 0.125}):
        shown = SR5Ruleset().breakdown({"pool": 6, "faces": (5, 6, 1, 2, 3, 4), "hits": 2, "odds": odds})
        assert shown.odds == "success 25.0 % · glitch 12.5 %"
