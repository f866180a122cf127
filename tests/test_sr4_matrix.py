"""SR4 Matrix and technomancers (SR4-X1..X7, SR4-T1..T4), from the 000 digest §5, §6.

Every expected value below is worked out by hand from the digest line cited (000 = the SR4 digest,
``shared/seeds/000_85eb82309217704e.txt``); hits are fives and sixes (000 line 9). Faces are typed.
Hacker "Deck" (c1, Willpower 4) runs the persona m1: Hacking 4, Computer 4, Cybercombat 3; Exploit 4,
Stealth 3, Analyze 4, Attack 4, Armor 3, Biofeedback Filter 2; Response 4, System 4, Firewall 4.
"""

from __future__ import annotations

import icepool
import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import catalogue, set_language
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules import matrix_odds
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.matrix_actions import MatrixActionTable, matrix_actions
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet

PERSONA = mx.IconSheet(
    name="Deck's commlink", kind="persona", owner="c1", response=4, system=4, firewall=4, signal=3,
    programs={"exploit": 4, "stealth": 3, "analyze": 4, "attack": 4, "armor": 3, "biofeedback_filter": 2},
    skills={"hacking": 4, "computer": 4, "cybercombat": 3},
)
NODE = mx.IconSheet(name="Node", kind="node", response=3, system=4, firewall=4, programs={"analyze": 4, "stealth": 2})
IC = mx.IconSheet(name="Black IC", kind="ic", rating=4, response=4, system=4, firewall=4,
                  programs={"black_hammer": 4, "analyze": 4, "armor": 4, "stealth": 3}, black_ic=True)
TECHNO = mx.IconSheet(name="Weaver", kind="persona", owner="c2", response=4, system=4, firewall=4, resonance=4,
                      skills={"software": 3, "compiling": 4, "computer": 2}, programs={"analyze": 2})


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"BOD": 4, "WIL": 4} | attributes
    return Sheet(name=name, attributes=values, edge_points=values["EDG"])


class Run:
    """Deck (c1) with persona m1, Weaver (c2, Willpower 5) with the technomancer persona m2."""

    def __init__(self, *icons: mx.IconSheet) -> None:
        self.session = EncounterSession(Encounter(SR4Ruleset(), 11), MemoryStore(), 1)
        self.run(cmd.AddCombatant(sheet=sheet("Deck")))
        self.run(cmd.AddCombatant(sheet=sheet("Weaver", WIL=5)))
        for icon in icons:
            self.run(mx.AddIcon(sheet=icon))

    def run(self, command):  # noqa: ANN001, ANN201
        return self.session.execute(command).events

    @property
    def state(self):  # noqa: ANN201
        return self.session.encounter.state

    def icon(self, icon_id: str):  # noqa: ANN201
        return self.state.matrix.icons[icon_id]

    def refusal(self, command) -> str:  # noqa: ANN001
        with pytest.raises(RulesError) as info:
            self.run(command)
        return info.value.key


def of(events, kind: str):  # noqa: ANN001, ANN201
    return [e for e in events if e.kind == kind]


@pytest.mark.rule("SR4-X7")
def test_the_matrix_actions_table_is_data_with_the_digest_pages() -> None:
    # 000 lines 314-322: 16 actions; 編集する 238/244, データ検索 239, ジャミング 245.
    table = {a.id: a for a in matrix_actions().actions}
    assert len(table) == 16
    assert table["edit"].pages == (238, 244) and table["edit"].label["ja"] == "編集する (作成/変更/消去)"
    assert table["data_search"].pages == (239,) and table["jam_signals"].pages == (245,)
    with pytest.raises(ValueError):
        MatrixActionTable(schema_version=1, source="x", actions=({"id": "a", "label": {"en": "A"}, "pages": [1]},))


@pytest.mark.rule("SR4-X1")
def test_a_persona_controls_at_most_system_times_two_and_pan_modes() -> None:
    # 000 line 259: 【システム】×2 までしか… System 1 → 2 agents or nodes, the third is refused.
    run = Run(PERSONA.model_copy(update={"system": 1}))
    agent = mx.IconSheet(name="Agent", kind="agent", owner="c1", rating=3)
    run.run(mx.AddIcon(sheet=agent))
    run.run(mx.AddIcon(sheet=agent.model_copy(update={"name": "Agent 2"})))
    assert run.refusal(mx.AddIcon(sheet=agent.model_copy(update={"name": "Agent 3"}))) == "error.matrix_control_limit"
    # 000 lines 261-263: active / passive / hidden.
    run.run(mx.SetMatrixMode(icon="m1", pan="hidden"))
    assert run.icon("m1").pan == "hidden"


@pytest.mark.rule("SR4-X1")
def test_a_system_three_persona_runs_six_agents_and_refuses_the_seventh() -> None:
    # 000 line 259: 【システム】×2までしかノード/エージェント/ドローンを操作できない: System 3 → 6.
    run = Run(PERSONA.model_copy(update={"system": 3}), TECHNO)
    agent = mx.IconSheet(name="Agent", kind="agent", owner="c1", rating=3)
    for n in range(1, 7):
        run.run(mx.AddIcon(sheet=agent.model_copy(update={"name": f"Agent {n}"})))
    assert run.refusal(mx.AddIcon(sheet=agent.model_copy(update={"name": "Agent 7"}))) == "error.matrix_control_limit"
    # Another user's agent counts against that user's persona (Weaver, System 4), not against Deck's.
    run.run(mx.AddIcon(sheet=agent.model_copy(update={"name": "Weaver's agent", "owner": "c2"})))
    assert len(run.state.matrix.icons) == 2 + 6 + 1


@pytest.mark.rule("SR4-X4")
def test_hot_sim_adds_two_to_matrix_tests_cold_sim_and_ar_do_not() -> None:
    # 000 line 291: hot sim +2 to all Matrix tests. Hacking 4 + Exploit 4 = 8 dice; hot sim: 10.
    run = Run(PERSONA, NODE)
    assert run.refusal(mx.SetMatrixMode(icon="m2", sim="hot")) == "error.matrix_vr_persona_only"
    run.run(mx.StartHack(icon="m1", node="m2", method="on_the_fly"))
    assert sum(v for _, v in matrix_odds.hack(run.state, 1).terms) == 8
    run.run(mx.SetMatrixMode(icon="m1", sim="cold"))
    assert sum(v for _, v in matrix_odds.hack(run.state, 1).terms) == 8
    run.run(mx.SetMatrixMode(icon="m1", sim="hot"))
    assert ("matrix.term.hot_sim", 2) in matrix_odds.hack(run.state, 1).terms
    assert sum(v for _, v in matrix_odds.hack(run.state, 1).terms) == 10


@pytest.mark.rule("SR4-X2")
def test_hacking_on_the_fly_rolls_each_pass_and_the_node_detects_at_stealth() -> None:
    # 000 line 273: threshold = Firewall 4, interval 1 pass; the node: Analyze 4 + Firewall 4 = 8 dice,
    # extended, against the hacker's Stealth 3.
    run = Run(PERSONA, NODE)
    started = run.run(mx.StartHack(icon="m1", node="m2", method="on_the_fly"))[0]
    assert (started.threshold, started.detect_threshold, started.interval) == (4, 3, "pass")
    first = run.run(mx.RollHack(hack=1, faces=(5, 6, 1, 2, 3, 4, 2, 3), node_faces=(5, 6, 1, 2, 2, 3, 3, 4)))
    progress = of(first, "hack_progressed")[0]
    assert (progress.accumulated, progress.node_accumulated, progress.account, progress.detected) == (2, 2, False, False)
    second = run.run(mx.RollHack(hack=1, faces=(5, 5, 1, 2, 3, 4, 2, 3), node_faces=(6, 1, 2, 2, 2, 3, 3, 4)))
    progress = of(second, "hack_progressed")[0]
    # 2 + 2 = 4 ≥ 4: the account; the node 2 + 1 = 3 ≥ Stealth 3: detected.
    assert (progress.accumulated, progress.account, progress.node_accumulated, progress.detected) == (4, True, 3, True)
    assert run.refusal(mx.RollHack(hack=1)) == "error.matrix_hack_finished"


@pytest.mark.rule("SR4-X3")
def test_probing_takes_days_in_ar_hours_in_vr_and_the_node_tests_once_at_login() -> None:
    # 000 line 279: threshold System 4 + Firewall 4 = 8; 1 hour (VR) / 1 day (AR); the node tests once.
    run = Run(PERSONA, NODE)
    started = run.run(mx.StartHack(icon="m1", node="m2", method="probe"))[0]
    assert (started.threshold, started.interval) == (8, "day")
    first = run.run(mx.RollHack(hack=1, faces=(5, 6, 6, 5, 5, 1, 2, 3)))
    assert len(of(first, "dice_test_rolled")) == 1  # no node roll before login
    second = run.run(mx.RollHack(hack=1, faces=(5, 6, 6, 1, 2, 3, 4, 2), node_faces=(5, 6, 1, 2, 3, 4, 2, 2)))
    progress = of(second, "hack_progressed")[0]
    # 5 + 3 = 8: in; the single node test: 2 hits < Stealth 3, not detected.
    assert (progress.accumulated, progress.account, progress.detected) == (8, True, False)
    vr = Run(PERSONA, NODE)
    vr.run(mx.SetMatrixMode(icon="m1", sim="cold"))
    assert vr.run(mx.StartHack(icon="m1", node="m2", method="probe"))[0].interval == "hour"


@pytest.mark.rule("SR4-X5")
def test_matrix_perception_is_opposed_only_by_a_hidden_icon() -> None:
    # 000 line 295: Computer 4 + Analyze 4 = 8 dice; a hidden persona: Hacking + Stealth;
    # a hidden program or node: Firewall + Stealth (the node: 4 + 2 = 6 dice).
    run = Run(PERSONA, NODE)
    seen = run.run(mx.MatrixPerception(icon="m1", target="m2", threshold=2, faces=(5, 6, 1, 2, 3, 4, 2, 3)))
    assert of(seen, "matrix_perception_resolved")[0].spotted  # 2 hits ≥ 2
    run.run(mx.SetMatrixMode(icon="m2", pan="hidden"))
    assert [v for _, v in matrix_odds.perception(run.state, "m1", "m2", None, 1).other] == [4, 2]
    tie = run.run(mx.MatrixPerception(icon="m1", target="m2", faces=(5, 6, 1, 2, 3, 4, 2, 3),
                                      target_faces=(5, 5, 1, 2, 3, 4)))
    assert not of(tie, "matrix_perception_resolved")[0].spotted  # 2 against 2: the hidden icon stays hidden


@pytest.mark.rule("SR4-X6")
def test_cybercombat_net_hits_add_to_dv_system_and_armor_resist_matrix_damage() -> None:
    # 000 lines 302-307: Cybercombat 3 + Attack 4 = 7 dice vs Response 4 + Firewall 4 = 8 dice.
    run = Run(PERSONA, IC)
    events = run.run(mx.Cybercombat(icon="m1", target="m2", program="attack", faces=(5, 6, 6, 1, 2, 3, 4),
                                    defence_faces=(5, 1, 2, 3, 4, 2, 3, 4), resist_faces=(5, 6, 1, 2, 3, 4, 2, 2)))
    attack = of(events, "cyber_attack_resolved")[0]
    # 3 hits against 1: net 2; DV = Attack 4 + 2 = 6; resist System 4 + Armor 4 = 8 dice, 2 hits: 4 boxes.
    assert (attack.hit, attack.dv, attack.resist_hits, attack.boxes, attack.track) == (True, 6, 2, 4, "matrix")
    assert run.icon("m2").damage == 4
    tie = run.run(mx.Cybercombat(icon="m1", target="m2", program="attack", faces=(5, 1, 1, 2, 2, 3, 4),
                                 defence_faces=(5, 1, 2, 3, 4, 2, 3, 4)))
    assert not of(tie, "cyber_attack_resolved")[0].hit  # 1 against 1: 互いに同数 → miss (line 305)
    # Full defence adds Hacking (a persona) or Rating: 4 + 4 + 4 = 12 dice against the IC's Black Hammer.
    assert sum(v for _, v in matrix_odds.attack(run.state, "m2", "m1", "black_hammer", True).other) == 12


@pytest.mark.rule("SR4-X6")
def test_black_ic_is_resisted_with_willpower_and_biofeedback_filter_as_stun_or_physical() -> None:
    # 000 line 308: Black IC → Willpower 4 + Biofeedback Filter 2 = 6 dice. Rating 4 + Black Hammer 4 = 8 dice.
    run = Run(PERSONA, IC)
    events = run.run(mx.Cybercombat(icon="m2", target="m1", program="black_hammer", faces=(5, 6, 5, 1, 2, 3, 4, 2),
                                    defence_faces=(5, 1, 2, 3, 4, 2, 3, 4), resist_faces=(5, 1, 2, 3, 4, 2)))
    attack = of(events, "cyber_attack_resolved")[0]
    # 3 against 1: DV 4 + 2 = 6; 1 hit resisted: 5 boxes of stun (AR / cold sim) on Deck.
    assert (attack.dv, attack.boxes, attack.track) == (6, 5, "stun")
    assert run.state.combatants["c1"].sheet.stun_damage == 5 and run.icon("m1").damage == 0
    # Hot sim: +2 on the defence, and Deck's wound modifier −1 (5 stun boxes, −1 per 3): 4 + 4 + 2 − 1 = 9 dice.
    run.run(mx.SetMatrixMode(icon="m1", sim="hot"))
    events = run.run(mx.Cybercombat(icon="m2", target="m1", program="black_hammer", faces=(5, 6, 5, 1, 2, 3, 4, 2),
                                    defence_faces=(5, 1, 2, 3, 4, 2, 3, 4, 2), resist_faces=(5, 1, 2, 3, 4, 2)))
    assert of(events, "cyber_attack_resolved")[0].track == "physical"
    assert run.state.combatants["c1"].sheet.physical_damage == 5


@pytest.mark.rule("SR4-X6")
def test_the_hit_odds_shown_equal_icepool() -> None:
    # 7 dice against 8, a tie misses: P(A > D) with A, D sums of dice hitting on 5-6.
    run = Run(PERSONA, IC)
    hit = icepool.Die([0, 0, 0, 0, 1, 1])
    expected = (7 @ hit > 8 @ hit).probability(True)
    assert matrix_odds.attack(run.state, "m1", "m2", "attack", False).chances[0][1] == pytest.approx(float(expected),
                                                                                                      abs=1e-12)


@pytest.mark.rule("SR4-T1")
def test_threading_raises_the_rating_by_hits_with_fading_and_minus_two_while_sustained() -> None:
    # 000 lines 330-339: Resonance 4 + Software 3 = 7 dice; base 2, 3 hits → 5 (cap 4 × 2 = 8).
    # Fading 3, resisted by Willpower 5 + Resonance 4 = 9 dice; 5 > Resonance 4 → physical.
    run = Run(TECHNO)
    events = run.run(mx.ThreadForm(icon="m1", form="Exploit", rating=2, faces=(5, 6, 5, 1, 2, 3, 4),
                                   fading_faces=(5, 1, 2, 3, 4, 2, 3, 4, 2)))
    threaded = of(events, "form_threaded")[0]
    assert (threaded.rating, threaded.fading, threaded.resist_hits, threaded.boxes, threaded.track) == (
        5, 3, 1, 2, "physical")
    assert run.state.combatants["c2"].sheet.physical_damage == 2
    # Sustained: −2 to all tests (line 339), so the next threading pool has it (and the wound modifier
    # is not on it yet: 2 boxes of 10 is none).
    assert ("effect.sustained_thread", -2) in matrix_odds.thread(run.state, "m1").terms
    assert run.refusal(mx.ThreadForm(icon="m1", form="x", rating=9)) == "error.matrix_rating_cap"
    run.run(mx.DropThread(thread=1))
    assert not run.state.effects and ("effect.sustained_thread", -2) not in matrix_odds.thread(run.state, "m1").terms


@pytest.mark.rule("SR4-T1")
def test_threading_caps_at_resonance_times_two_and_a_low_rating_fades_as_stun() -> None:
    # Base 6, 4 hits → 8 (cap 8): fading 2; 8 > 4 physical. Base 1, 2 hits → 3 ≤ 4: stun.
    run = Run(TECHNO)
    capped = of(run.run(mx.ThreadForm(icon="m1", form="A", rating=6, sustain=False, faces=(5, 6, 5, 6, 2, 3, 4),
                                      fading_faces=(1, 2, 3, 4, 2, 3, 4, 2, 3))), "form_threaded")[0]
    assert (capped.rating, capped.fading, capped.track) == (8, 2, "physical")
    low = of(run.run(mx.ThreadForm(icon="m1", form="B", rating=1, sustain=False, faces=(5, 6, 1, 2, 2, 3, 4),
                                   fading_faces=(1, 2, 3, 4, 2, 3, 4, 2, 3))), "form_threaded")[0]
    assert (low.rating, low.fading, low.boxes, low.track) == (3, 2, 2, "stun")


@pytest.mark.rule("SR4-T2")
def test_resonance_signature_lasts_an_hour_per_point_and_perception_three_finds_it() -> None:
    # 000 line 343: Resonance 4 used → 4 hours; Matrix perception (3); erased with 4 complex actions.
    run = Run(PERSONA, TECHNO)
    events = run.run(mx.ThreadForm(icon="m2", form="A", rating=1, sustain=False, faces=(1, 2, 2, 3, 4, 2, 3)))
    assert of(events, "signature_left")[0].rating == 4
    found = run.run(mx.MatrixPerception(icon="m1", signature=1, faces=(5, 6, 5, 1, 2, 3, 4, 2)))
    resolved = of(found, "matrix_perception_resolved")[0]
    assert (resolved.needed, resolved.spotted) == (3, True)
    erased = run.run(mx.EraseSignature(signature=1))
    assert erased[0].rating == 4 and not run.state.matrix.signatures


@pytest.mark.rule("SR4-T3")
def test_a_technomancer_gets_two_on_matrix_perception_and_full_vr_counts_as_hot_sim() -> None:
    # 000 line 349: +2 to Matrix perception (Computer 2 + Analyze 2 + 2 = 6); line 353: VR → hot sim +2.
    run = Run(TECHNO, NODE)
    assert sum(v for _, v in matrix_odds.perception(run.state, "m1", "m2", None, 1).terms) == 6
    run.run(mx.SetMatrixMode(icon="m1", sim="cold"))
    assert sum(v for _, v in matrix_odds.perception(run.state, "m1", "m2", None, 1).terms) == 8


@pytest.mark.rule("SR4-T4")
def test_compiling_net_hits_are_tasks_fading_is_sprite_hits_times_two_at_least_two() -> None:
    # 000 lines 365-377: Resonance 4 + Compiling 4 = 8 dice vs Rating 3 dice; rating ≤ 4 × 2.
    run = Run(TECHNO)
    assert run.refusal(mx.CompileSprite(icon="m1", sprite_kind="crack", rating=9)) == "error.matrix_rating_cap"
    events = run.run(mx.CompileSprite(icon="m1", sprite_kind="crack", rating=3, faces=(5, 6, 5, 6, 1, 2, 3, 4),
                                      sprite_faces=(5, 1, 2), fading_faces=(5, 1, 2, 3, 4, 2, 3, 4, 2)))
    compiled = of(events, "sprite_compiled")[0]
    # 4 against 1: 3 tasks; fading max(2, 1 × 2) = 2, 1 resisted: 1 box; rating 3 ≤ 4: stun.
    assert (compiled.compiled, compiled.tasks, compiled.fading, compiled.boxes, compiled.track) == (
        True, 3, 2, 1, "stun")
    sprite = run.icon("m2")
    assert (sprite.sheet.kind, sprite.tasks, sprite.sheet.rating) == ("sprite", 3, 3)
    # One compiled sprite at a time (line 365), until it is registered (p. 256).
    assert run.refusal(mx.CompileSprite(icon="m1", sprite_kind="data", rating=2)) == "error.matrix_one_sprite"
    run.run(mx.RegisterSprite(icon="m2"))
    tie = run.run(mx.CompileSprite(icon="m1", sprite_kind="data", rating=5, faces=(5, 6, 1, 1, 2, 2, 3, 4),
                                   sprite_faces=(5, 6, 2, 3, 4), fading_faces=(1, 2, 3, 4, 2, 3, 4, 2, 3)))
    failed = of(tie, "sprite_compiled")[0]
    # 2 against 2: not compiled; fading 2 × 2 = 4, none resisted; rating 5 > 4: physical.
    assert (failed.compiled, failed.fading, failed.boxes, failed.track) == (False, 4, 4, "physical")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_matrix_command_has_an_undo_name_and_every_event_a_log_line(language: str) -> None:
    set_language(language)
    try:
        messages = catalogue(language).messages
        assert all(f"undo_name.{c.model_fields['kind'].default}" in messages for c in mx.MATRIX_COMMANDS)
        run = Run(PERSONA, IC, TECHNO)
        ruleset = run.session.encounter.ruleset
        events = [*run.run(mx.Cybercombat(icon="m1", target="m2", program="attack")),
                  *run.run(mx.ThreadForm(icon="m3", form="A", rating=1))]
        for event in events:
            line = ruleset.describe(event)
            assert line and "matrix." not in line and "{" not in line
    finally:
        set_language("en")


def test_undo_takes_a_matrix_deed_back_and_the_journal_replays() -> None:
    run = Run(PERSONA, IC)
    run.run(mx.Cybercombat(icon="m1", target="m2", program="attack", faces=(5, 6, 6, 1, 2, 3, 4),
                           defence_faces=(1, 1, 2, 3, 4, 2, 3, 4), resist_faces=(1, 1, 2, 3, 4, 2, 3, 4)))
    assert run.icon("m2").damage == 7  # 3 hits vs 0: DV 4 + 3, none resisted
    run.session.undo()
    assert run.icon("m2").damage == 0


def test_matrix_commands_and_events_round_trip_through_the_journal_records() -> None:
    run = Run(PERSONA, NODE, IC, TECHNO)
    ruleset = run.session.encounter.ruleset
    commands = [mx.StartHack(icon="m1", node="m2", method="on_the_fly"), mx.RollHack(hack=1),
                mx.Cybercombat(icon="m3", target="m1", program="black_hammer"),
                mx.CompileSprite(icon="m4", sprite_kind="data", rating=2)]
    for command in commands:
        assert ruleset.commands.decode(command.to_record()) == command
        for event in run.run(command):
            assert ruleset.events.decode(event.to_record()) == event
