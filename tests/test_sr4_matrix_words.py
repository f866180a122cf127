"""What a GM reads of SR4 Matrix work (SR4-X2, X5, X6, T1): the log lines of a hack, a perception test and a
threading, the reasons a Matrix command is refused, and whose skills a persona rolls.

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``), §5-6. Faces are typed (X-2), so every
figure below is worked out by hand: hits are fives and sixes (000 line 9).
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules import matrix_odds
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.matrix_actions import action_rows
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet

PERSONA = mx.IconSheet(
    name="Deck's commlink", kind="persona", owner="c1", response=4, system=4, firewall=4, signal=3,
    programs={"exploit": 4, "stealth": 3, "analyze": 4, "attack": 4, "armor": 3, "biofeedback_filter": 2},
    skills={"hacking": 4, "computer": 4, "cybercombat": 3},
)
NODE = mx.IconSheet(name="Node", kind="node", response=3, system=4, firewall=4, programs={"analyze": 4, "stealth": 2})
TECHNO = mx.IconSheet(name="Weaver", kind="persona", owner="c2", response=4, system=4, firewall=4, resonance=4,
                      skills={"software": 3, "compiling": 4, "computer": 2}, programs={"analyze": 2})


def sheet(name: str, skills: dict[str, int] | None = None, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"BOD": 4, "WIL": 4} | attributes
    return Sheet(name=name, attributes=values, edge_points=values["EDG"], skills=skills or {})


class Run:
    """Deck (c1), Weaver (c2, Willpower 5), and the icons given (m1, m2 …)."""

    def __init__(self, *icons: mx.IconSheet, deck_skills: dict[str, int] | None = None) -> None:
        self.session = EncounterSession(Encounter(SR4Ruleset(), 11), MemoryStore(), 1)
        self.run(cmd.AddCombatant(sheet=sheet("Deck", deck_skills)))
        self.run(cmd.AddCombatant(sheet=sheet("Weaver", WIL=5)))
        for i in icons:
            self.run(mx.AddIcon(sheet=i))

    def run(self, command):  # noqa: ANN001, ANN201
        return self.session.execute(command).events

    @property
    def state(self):  # noqa: ANN201
        return self.session.encounter.state

    def refusal(self, command) -> str:  # noqa: ANN001
        with pytest.raises(RulesError) as info:
            self.run(command)
        return str(info.value)


def lines(events) -> list[str]:  # noqa: ANN001
    return [describe(e) for e in events]


@pytest.mark.rule("SR4-X2")
def test_a_hack_on_the_fly_line_names_the_node_its_firewall_threshold_and_the_stealth() -> None:
    # 000 line 273: threshold = the node's Firewall 4, one roll per initiative pass; it detects at the hacker's
    # Stealth 3.
    run = Run(PERSONA, NODE)
    assert lines(run.run(mx.StartHack(icon="m1", node="m2", method="on_the_fly"))) == [
        "Deck's commlink hacks Node on the fly: threshold 4, interval 1 initiative pass; "
        "the node detects at 3 hits (Stealth)."]
    assert run.refusal(mx.StartHack(icon="m1", node="m1", method="probe")) == "Deck's commlink is not a node."


@pytest.mark.rule("SR4-X5")
def test_a_hidden_icon_resists_perception_with_its_hiding_dice_and_the_line_says_who_spotted_whom() -> None:
    # 000 line 295: Computer 4 + Analyze 4 = 8 dice against a hidden node's Firewall 4 + Stealth 2 = 6 dice;
    # 2 hits against 1: the hider's hits + 1 = 2 are needed, 2 reached: spotted.
    run = Run(PERSONA, NODE)
    run.run(mx.SetMatrixMode(icon="m2", pan="hidden"))
    events = run.run(mx.MatrixPerception(icon="m1", target="m2", faces=(5, 6, 1, 2, 3, 4, 2, 3),
                                         target_faces=(5, 1, 1, 2, 3, 4)))
    said = lines(events)
    assert said[1] == "Node resists — hiding: Firewall +4 Stealth +2 = 6 dice vs 0: [5 1 1 2 3 4] (typed) → 1 hit, hits counted"
    assert said[-1] == "Deck's commlink spots Node (2 hits, 2 needed)."
    missed = run.run(mx.MatrixPerception(icon="m1", target="m2", faces=(5, 1, 1, 2, 3, 4, 2, 3),
                                         target_faces=(5, 1, 1, 2, 3, 4)))
    assert lines(missed)[-1] == "Deck's commlink does not spot Node (1 hit, 2 needed)."


@pytest.mark.rule("SR4-X5")
def test_a_persona_without_the_skill_rolls_its_users_skill() -> None:
    # The persona holds no Computer rating of its own: its user Deck's Computer 5 + Analyze 4 = 9 dice (000 line 295).
    bare = PERSONA.model_copy(update={"skills": {}})
    run = Run(bare, NODE, deck_skills={"computer": 5})
    events = run.run(mx.MatrixPerception(icon="m1", target="m2", threshold=1, faces=(1,) * 9))
    rolled = next(e for e in events if e.kind == "dice_test_rolled")
    assert rolled.terms == (("matrix.skill.computer", 5), ("matrix.program.analyze", 4)) and rolled.pool == 9


@pytest.mark.rule("SR4-X6")
def test_a_program_the_attacker_does_not_run_is_refused_by_name() -> None:
    run = Run(PERSONA, NODE)
    assert run.refusal(mx.Cybercombat(icon="m1", target="m2", program="black_hammer")) == (
        "Deck's commlink does not run black_hammer.")


@pytest.mark.rule("SR4-T1")
def test_the_threading_line_gives_the_rating_the_fading_and_the_sustained_penalty() -> None:
    # 000 lines 330-339: Resonance 4 + Software 3 = 7 dice, 3 hits: rating 2 → 5; fading 3, Willpower 5 +
    # Resonance 4 = 9 dice, 1 hit: 2 boxes; 5 > Resonance 4: physical; sustained: −2 to all tests.
    run = Run(TECHNO)
    events = run.run(mx.ThreadForm(icon="m1", form="Exploit", rating=2, faces=(5, 6, 5, 1, 2, 3, 4),
                                   fading_faces=(5, 1, 2, 3, 4, 2, 3, 4, 2)))
    threaded = next(e for e in events if e.kind == "form_threaded")
    assert describe(threaded) == ("Weaver threads Exploit: rating 2 → 5; fading 3, 1 resisted, 2 boxes of physical damage."
                                  " Sustained: −2 to all tests.")
    # The odds of the next threading: 7 − 2 = 5 dice, at least one hit raises the rating: 1 − (4/6)^5 = 211/243.
    odds = matrix_odds.thread(run.state, "m1")
    assert odds.chances == (("matrix.odds.raise", pytest.approx(211 / 243, abs=1e-12)),)
    assert run.refusal(mx.DropThread(thread=9)) == "There is no sustained thread 9."


@pytest.mark.rule("SR4-T1")
def test_threading_with_no_dice_left_is_refused_with_the_pool() -> None:
    # Resonance 1 + Software 0, and 9 boxes of stun: wound modifier −3 (−1 per 3 boxes, SR4-MT8): 1 − 3 = −2 dice.
    weak = TECHNO.model_copy(update={"resonance": 1, "skills": {}})
    run = Run(weak)
    run.run(cmd.EditSheet(combatant="c2", field="stun_damage", value=9))
    assert run.refusal(mx.ThreadForm(icon="m1", form="Exploit", rating=1)) == (
        "The dice pool is -2: with 0 dice or fewer a test needs Push the Limit (Edge before the roll), "
        "which rolls the Edge dice alone (longshot).")


@pytest.mark.rule("SR4-X7")
def test_the_matrix_actions_rows_name_each_action_and_its_pages() -> None:
    # 000 lines 314-322: 16 actions; データ検索 p. 239, 編集する pp. 238/244.
    rows = dict(action_rows("ja"))
    assert len(rows) == 16 and rows["データ検索"] == "239" and rows["編集する (作成/変更/消去)"] == "238/244"
    assert len(action_rows("fr")) == 16  # a language without labels reads the English ones


@pytest.mark.rule("SR4-X6")
def test_the_attack_odds_are_the_chance_to_hit() -> None:
    # Cybercombat 3 + Attack 4 = 7 dice against the node's Response 3 + Firewall 4 = 7 dice (000 lines 302-305).
    run = Run(PERSONA, NODE)
    odds = matrix_odds.attack(run.state, "m1", "m2", "attack", False)
    assert sum(v for _l, v in odds.terms) == 7 and sum(v for _l, v in odds.other) == 7
    assert [label for label, _chance in odds.chances] == ["matrix.odds.hit"]
