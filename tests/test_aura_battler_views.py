"""What the GM and the players see of the duel, in English (issue 36: make mutate's survivors in the
duel's display): the heading, the order list's tracks and badges, a machine's sheet, the players' view,
what each event redraws, the log's filters and lines. Values from the made-up demo cards
(``resources/aura_battler/demo_duel.json``) and the digest (``shared/seeds/003``)."""

from __future__ import annotations

from typing import get_args

import pytest

from gmtool.core.display import Badge
from gmtool.core.game import Part
from gmtool.core.i18n import tr
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_fold import ALLOCATION_TOPIC, ATTACK_TOPIC
from gmtool.games.aura_battler.rules.duel_view import badges
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel
from tests.test_aura_battler_refusals import before_the_first_turn

MISS, HIT = (6, 6), (1, 1)


def test_the_heading_through_a_turn() -> None:
    duel = before_the_first_turn()
    heading = duel.rules.heading(duel.state)
    assert (heading.text, heading.detail) == ("Not started: start a turn (Ctrl+T).", "")
    duel.run(m.StartTurn())
    heading = duel.rules.heading(duel.state)
    assert heading.text == "Turn 1 · PP allocation phase"
    assert heading.detail == "Still to allocate: Demo Lark, Demo Hornet, Demo Skyraft"
    duel.allocate()
    heading = duel.rules.heading(duel.state)
    assert heading.text == "Turn 1 · Movement and combat"
    assert heading.detail == "PP allocations hidden from the players (Duel → Reveal allocations)"
    duel.run(m.SetTableMode(on=True))
    assert duel.rules.heading(duel.state).detail.startswith("Table mode · PP allocations hidden")


@pytest.mark.rule("AB-19")
def test_the_durability_track_marks_heavy_damage_and_the_pp_meter_counts_action_pp() -> None:
    duel = Duel()
    duel.allocate()
    lark, hornet = (next(r for r in duel.rules.order(duel.state) if r.id == u) for u in (LARK, HORNET))
    durability, pp = lark.tracks
    # 003 line 55 (19.1): heavily damaged above half the durability: the Lark's 20 → from 11, the Hornet's 18 → 10.
    assert (durability.key, durability.value, durability.max, durability.marks) == ("durability", 0, 20, (11,))
    assert durability.tooltip == "Heavily damaged from 11 damage"
    assert hornet.tracks[0].marks == (10,)
    # The split (3, 2, 1, 1, 1, 0) of Aya's 8 leaves 3 action PP on a meter of 8.
    assert (pp.key, pp.value, pp.max, pp.tone, pp.reading) == ("pp", 3, 8, "resource", "left")
    assert pp.detail == "Action 3 · Attack 2 · Defence 1 · Power 1 · Barrier 1 · Response 0"


def test_the_players_keep_the_durability_column_and_lose_the_hidden_split() -> None:
    duel = Duel()
    duel.allocate()
    gm = duel.rules.snapshot(duel.state)
    players = duel.rules.snapshot(duel.state, "players")
    assert gm.layout.track_columns == (("durability", "Dur."),) == players.layout.track_columns
    assert [t.key for t in players.rows[0].tracks] == ["durability"]  # the split is hidden (AB-22)
    assert players.rows[0].score == "…" and gm.rows[0].score == "3"
    duel.run(m.RevealAllocations())
    shown = duel.rules.snapshot(duel.state, "players")
    assert [t.key for t in shown.rows[0].tracks] == ["durability", "pp"] and shown.rows[0].score == "3"


def test_the_badges_a_gm_acts_on_come_first() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    duel.run(m.EditUnit(unit=LARK, field="damage", value=20))
    lark, skyraft = duel.state.units[LARK], duel.state.units[SKYRAFT]
    assert badges(lark, carrier="Demo Skyraft") == (
        Badge("destroyed", "Destroyed", "harm", tr("ab.tip.destroyed"), urgent=True),
        Badge("aboard", "Aboard Demo Skyraft"),
        Badge("aura", "Aura 3", "resource", public=True),
        Badge("thrust", "Thrust 3"),
    )
    assert badges(skyraft, hidden=True) == (Badge("carrier", "Wing Caliber"), Badge("aura", "Aura 1", "resource", public=False),
                                           Badge("thrust", "Thrust 2"))
    assert tr("ab.tip.destroyed").startswith("Destroyed: its damage reached its durability")


def test_the_sheet_shows_the_card_and_the_arms() -> None:
    duel = Duel()
    duel.allocate()
    sheet = duel.rules.sheet(duel.state, LARK)
    fields = {f.key: f for f in sheet.fields}
    assert (fields["name"].kind, fields["name"].value) == ("text", "Demo Lark")
    assert (fields["damage"].kind, fields["damage"].low, fields["damage"].high) == ("number", 0, 20)
    assert fields["speed_table"].value == "0 0 0 1 1 1 2 2 2 3"
    assert fields["where"].value == "0709, facing north-east" and fields["thrust"].value == "3/9"
    arms = [(f.label, f.kind, f.value) for f in sheet.fields if f.key.startswith("arm_")]
    assert arms == [("Arm 1", "text", "Demo wing cannon: accuracy 9, power 6"),
                    ("Arm 2", "text", "Demo aura sword (sword): accuracy 10, power 9, parry arc FF FR FL")]
    assert duel.rules.sheet(duel.state, "u9") is None
    assert duel.rules.edit(LARK, "damage", 5) == m.EditUnit(unit=LARK, field="damage", value=5)


def test_why_an_action_waits() -> None:
    from gmtool.games.aura_battler.rules.duel_actions import MOVES, why_not

    assert why_not(AuraRules().initial_state(), None) == {
        "start_turn": "No machine in the duel yet: add one from the library.",
        "roll_attack": "Start a turn first: PP are allocated at its start.",
        "reveal": "Start a turn first: PP are allocated at its start.",
        MOVES: "The duel has no map."}
    duel = Duel()
    waiting = "Allocate PP first: Demo Lark, Demo Hornet, Demo Skyraft."
    assert why_not(duel.state, LARK) == {"start_turn": waiting, "roll_attack": waiting, "reveal": waiting}
    assert why_not(duel.state, None)[MOVES] == "Select a machine first (the order list or the map)."
    duel.allocate()
    duel.run(m.RevealAllocations())
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=18))
    assert why_not(duel.state, HORNET) == {"reveal": "This turn's allocations are already shown to the players.",
                                          MOVES: "Demo Hornet is destroyed."}


def test_each_event_redraws_what_it_changed() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.StepUnit(unit=HORNET, step="ahead"))
    duel.run(m.SetThrust(unit=LARK, thrust=4))
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    duel.run(m.Board(unit=LARK, carrier=None))
    duel.run(m.Attack(attacker=LARK, target=HORNET, hit_faces=MISS))
    duel.run(m.EditUnit(unit=LARK, field="damage", value=2))
    seen = {type(e): duel.rules.touched(e) for e in duel.events}
    known = set(get_args(Part))
    for kind, touched in seen.items():
        assert touched.everything or (touched.parts <= known and touched.extra <= {ATTACK_TOPIC, ALLOCATION_TOPIC}), kind
    # A machine joining: a new row and token; the allocation panel lists it.
    assert (seen[m.UnitAdded].parts, seen[m.UnitAdded].extra) == ({"roster", "order", "map"}, {ALLOCATION_TOPIC})
    # A split: the heading's "still to allocate", the PP column and meter, both panels.
    assert seen[m.PPAllocated].parts == {"sheet", "tracks", "badges", "heading", "order"}
    assert seen[m.PPAllocated].extra == {ALLOCATION_TOPIC, ATTACK_TOPIC}
    # Moving, thrust, boarding: the token, the sheet's place and thrust, the badges; the attack's sector and range.
    for kind in (m.UnitMoved, m.ThrustSet):
        assert (seen[kind].parts, seen[kind].extra) == ({"sheet", "tracks", "badges", "map"}, {ATTACK_TOPIC})
    assert (seen[m.Boarded].parts, seen[m.Boarded].extra) == ({"sheet", "badges", "map"}, {ATTACK_TOPIC})
    # An attack: everyone in it, their PP and damage.
    attack = seen[m.AttackMade]
    assert attack.combatants == {LARK, HORNET}
    assert (attack.parts, attack.extra) == ({"sheet", "tracks", "badges", "map"}, {ATTACK_TOPIC})
    # A correction may rename the row: the order list too.
    assert seen[m.UnitEdited].parts == {"sheet", "tracks", "badges", "map", "order"}


def test_the_log_filters_and_their_names() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.RevealAllocations())
    duel.run(m.StepUnit(unit=HORNET, step="ahead"))
    duel.run(m.SetThrust(unit=LARK, thrust=4))
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    duel.run(m.Attack(attacker=HORNET, target=SKYRAFT, hit_faces=MISS))
    families = {e.kind: duel.rules.log_families(e) for e in duel.events}
    assert families["ab_pp_allocated"] == families["ab_allocations_revealed"] == {"ab_pp"}
    assert families["ab_unit_moved"] == families["ab_thrust_set"] == families["ab_boarded"] == {"ab_moves"}
    assert families["ab_attack_made"] == {"ab_attacks"}
    shape = duel.rules.log_shape()
    assert [tr(f"log_filter.kind.{key}") for key, _kinds in shape.families] == [
        "Movement and thrust", "Attacks", "PP allocation"]
    assert "ab_response_turned" in dict(shape.families)["ab_moves"]


def test_the_log_lines_name_the_machines_and_the_figures() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.StepUnit(unit=HORNET, step="ahead"))
    duel.run(m.SetThrust(unit=LARK, thrust=4))
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    duel.run(m.Board(unit=LARK, carrier=None))
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=2))
    duel.run(m.SetTableMode(on=True))
    duel.run(m.SetTableMode(on=False))
    words = [duel.rules.describe(e) for e in duel.events]
    assert "Demo Lark allocates PP: Action 3 · Attack 2 · Defence 1 · Power 1 · Barrier 1 · Response 0." in words
    assert words[-7:] == [
        "Demo Hornet moves 1209 → 1110, facing south-west.",
        "Demo Lark: thrust 3 → 4.",
        "Demo Lark boards Demo Skyraft at 0510.",
        "Demo Lark leaves Demo Skyraft at 0510.",
        "Demo Hornet: Damage 0 → 2.",
        "Table mode on: the duel is played on the table; sector and range are typed for each attack.",
        "Table mode off: sector and range come from the map.",
    ]


@pytest.mark.rule("AB-14")
def test_a_missed_attack_in_the_log_and_the_attack_panel() -> None:
    duel = Duel()
    duel.allocate()
    made = duel.run(m.Attack(attacker=LARK, target=HORNET, hit_faces=MISS))[0]
    # 0709 → 1209: range 5, the Lark in the Hornet's FR; hit value 5 (test_aura_battler_duel works it out).
    assert duel.rules.describe(made) == ("Demo Lark attacks Demo Hornet with Demo wing cannon from its FR at range 5 "
                                         "(Evade (1 action PP)). Hit roll 6 6 against 5: miss.")
    from gmtool.games.aura_battler.rules.duel_words import result_lines

    assert result_lines(made) == ("Demo Lark → Demo Hornet: miss.", "2d6 6 6 = 12 > 5")


@pytest.mark.rule("AB-21")
def test_a_hit_on_a_carried_battler_says_where_it_landed() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    # 21.5 (003 line 69): a shot's landing die 2 puts the hit on the battler, the Lark. Damage: the Hornet's
    # claw launcher power 7 + 3 − the Lark's armour 4 = 6 (17.2).
    made = duel.run(m.Attack(attacker=HORNET, target=LARK, hit_faces=HIT, land_faces=(2,), damage_faces=(3,)))[0]
    assert made.struck == LARK and made.dealt == 6
    assert "hit. Where it lands (2): Demo Lark. Damage roll 3: 7 + roll − armour 4 = 6; damage 6/20." in (
        duel.rules.describe(made))


def test_who_each_event_concerns_for_the_log_filter_and_undo() -> None:
    from gmtool.core.game import Involved

    duel = Duel()
    duel.allocate()
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    # 21.5: a landing die of 5 puts the Hornet's shot on the carrier, which also defended for the Lark (21.3).
    duel.run(m.Attack(attacker=HORNET, target=LARK, hit_faces=HIT, land_faces=(5,), damage_faces=(1,)))
    duel.run(m.Board(unit=LARK, carrier=None))
    duel.run(m.EditUnit(unit=HORNET, field="name", value="Wasp"))
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=1))
    duel.run(m.SetThrust(unit=LARK, thrust=4))
    duel.run(m.ResponseTurn(unit=LARK, sides=1, aura=1))  # no response PP in its split: 1 aura power put on it
    seen = [duel.rules.involved(e) for e in duel.events]
    lark, hornet, skyraft = Involved(LARK, "Demo Lark"), Involved(HORNET, "Demo Hornet"), Involved(SKYRAFT, "Demo Skyraft")
    assert seen[0] == ()  # the sky names no machine
    added = [s for e, s in zip(duel.events, seen, strict=True) if isinstance(e, m.UnitAdded)]
    assert added == [(lark,), (hornet,), (skyraft,)]
    tail = seen[-7:]
    assert tail == [(lark, skyraft), (hornet, lark, skyraft), (lark,), (Involved(HORNET, "Wasp"),),
                    (Involved(HORNET, "Wasp"),), (lark,), (lark,)]
    assert duel.rules.involved(next(e for e in duel.events if isinstance(e, m.PPAllocated))) == (lark,)
    assert duel.rules.involved(next(e for e in duel.events if isinstance(e, m.TurnStarted))) == ()


def test_the_player_view_s_line_under_the_heading() -> None:
    duel = before_the_first_turn()
    assert duel.rules.player_line(duel.state) == ""
    duel.run(m.StartTurn())
    assert duel.rules.player_line(duel.state) == "Still to allocate: Demo Lark, Demo Hornet, Demo Skyraft"
    duel.allocate()
    assert duel.rules.player_line(duel.state) == "PP allocations made, not yet revealed"
    duel.run(m.RevealAllocations())
    assert duel.rules.player_line(duel.state) == "PP allocations revealed"


def test_the_report_s_headings_and_the_sky_s_kinds_are_in_words() -> None:
    duel = Duel()
    words = duel.rules.report_words()
    assert {key: tr(value, turn=2, name="Demo") for key, value in words.items()} == {
        "report.title": "Duel report — Demo", "report.setup": "Before the first turn", "report.round": "Turn 2",
        "report.snapshot": "At the start of turn 2 (PP reset, before the allocation)",
        "report.map_setup": "Starting positions", "report.map_end": "The sky at the end of turn 2"}
    assert [k.label for k in duel.rules.board(duel.state, "ja").kinds] == ["空", "雲（ルール上の効果なし）"]
    assert [k.label for k in duel.rules.board(duel.state, "en").kinds] == ["Open sky", "Cloud (no rule effect)"]


def test_the_sheet_s_labels_and_no_offers() -> None:
    duel = Duel()
    fields = {f.key: f.label for f in duel.rules.sheet(duel.state, LARK).fields}
    assert (fields["name"], fields["damage"], fields["speed_table"]) == ("Name", "Damage", "Speed modifiers by thrust 0…")
    assert duel.rules.offers(duel.state, LARK) == ()
    with pytest.raises(KeyError) as unknown:
        duel.rules.take(duel.state, LARK, "fly")
    assert unknown.value.args == ("fly",)


def test_a_machine_joining_in_the_log() -> None:
    duel = Duel()
    added = next(e for e in duel.events if isinstance(e, m.UnitAdded))
    assert duel.rules.describe(added) == "Demo Lark (Demo pilot Aya, West) joins at 0709 facing north-east."


@pytest.mark.rule("AB-17")
def test_a_hit_in_the_log_the_attack_panel_and_the_report() -> None:
    duel = Duel()
    duel.allocate()
    made = duel.run(m.Attack(attacker=LARK, target=HORNET, hit_faces=HIT, damage_faces=(3,)))[0]
    # 003 line 47 (17.2): the wing cannon's power 6 + 3 − the Hornet's armour 3 = 6; the Hornet's durability 18.
    assert duel.rules.describe(made) == (
        "Demo Lark attacks Demo Hornet with Demo wing cannon from its FR at range 5 (Evade (1 action PP)). "
        "Hit roll 1 1 against 5: hit. Damage roll 3: 6 + roll − armour 3 = 6; damage 6/18.")
    from gmtool.games.aura_battler.rules.duel_words import result_lines

    assert result_lines(made) == ("Demo Lark → Demo Hornet: hit, 6 damage to Demo Hornet (6/18).",
                                  "2d6 1 1 = 2 ≤ 5 · damage 6 + 3 − armour 3 = 6")
    breakdown = duel.rules.breakdown(made)
    # 14.5: 2d6 ≤ 5 is 10 of 36 outcomes, 27.8 %.
    assert (breakdown.pool, breakdown.dice, breakdown.odds) == ("Hit value 5", "Hit 1 1 · damage 3", "Chance to hit 27.8%")


def test_the_order_rows_and_the_sheet_s_fields_as_the_shell_draws_them() -> None:
    duel = Duel()
    duel.allocate()
    row = duel.rules.order(duel.state)[0]
    assert (row.rank, row.current, row.out, row.npc) == (0, False, False, False)  # the duel has no current machine
    durability, pp = row.tracks
    assert (durability.kind, durability.tone, pp.kind) == ("boxes", "harm", "meter")
    sheet = duel.rules.sheet(duel.state, LARK)
    shown = [f for f in sheet.fields if f.key not in ("name", "damage")]
    assert shown and all(f.kind == "text" and not f.editable for f in shown)  # the card is read, not edited
    boarded = duel.run(m.Board(unit=LARK, carrier=SKYRAFT))[0]
    assert duel.rules.touched(boarded).combatants == {LARK}
    assert duel.rules.step(duel.state, HORNET, "ahead") == m.StepUnit(unit=HORNET, step="ahead")
