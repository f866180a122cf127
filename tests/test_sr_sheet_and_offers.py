"""What the shell draws of a Shadowrun combatant, through the game contract (no window): the sheet's
fields with the ranges the rules allow, the passes track, the action offers with the reason a GM
reads when one cannot be taken, and the turn that starts a round.

000 = the SR4 digest, 001 = the SR5 digest (``shared/seeds/``). Every expected figure is worked out
by hand below from the rule it cites.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr4.rules import commands as sr4
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr5.rules import commands as sr5
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet as SR5Sheet


def sr4_sheet(name: str, **attrs: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"BOD": 4, "WIL": 5, "EDG": 3} | attrs
    return Sheet(name=name, attributes=values, edge_points=values["EDG"], initiative_passes=2)


def run(encounter: Encounter, command) -> tuple:  # noqa: ANN001
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def sr4_fight(*names: str, start: bool = True) -> Encounter:
    encounter = Encounter(SR4Ruleset(), 7)
    for name in names:
        run(encounter, sr4.AddCombatant(sheet=sr4_sheet(name)))
    if start:
        run(encounter, sr4.StartTurn())
    return encounter


def fields(view) -> dict:  # noqa: ANN001
    return {f.key: f for f in view.fields}


@pytest.mark.rule("SR4-MT8")
@pytest.mark.rule("SR4-C1")
def test_the_sr4_sheet_holds_each_field_within_the_rules() -> None:
    # Body 4, Willpower 5 (SR4-MT8, 000 §4: physical 8 + Body/2, stun 8 + Willpower/2, rounded up):
    # physical 8 + 2 = 10 boxes, then Body 4 boxes of overflow, then the box of death: 0..15;
    # stun 8 + 3 = 11 boxes: 0..11. Passes 1..4 (SR4-C1). Edge points 0..the Edge attribute 3.
    # A human's natural Body is 1..6 (SR4 metatype table), augmented up to 6 × 1.5 = 9.
    encounter = sr4_fight("Ann")
    view = encounter.ruleset.sheet(encounter.state, "c1")
    assert view.id == "c1" and view.name == "Ann"
    got = fields(view)
    assert list(got)[:3] == ["name", "metatype", "is_npc"]
    assert (got["physical_damage"].low, got["physical_damage"].high) == (0, 15)
    assert (got["stun_damage"].low, got["stun_damage"].high) == (0, 11)
    assert (got["initiative_passes"].low, got["initiative_passes"].high, got["initiative_passes"].value) == (1, 4, 2)
    assert (got["edge_points"].low, got["edge_points"].high) == (0, 3)
    assert (got["attr.BOD"].low, got["attr.BOD"].high, got["attr.BOD"].value) == (1, 9, 4)
    assert (got["magic"].low, got["magic"].high) == (0, 12)  # SR4-S1: 0 = mundane
    assert got["metatype"].kind == "choice" and ("troll", "Troll") in got["metatype"].choices
    assert got["is_npc"].kind == "flag" and got["name"].kind == "text"
    assert encounter.ruleset.sheet(encounter.state, "nobody") is None


@pytest.mark.rule("SR5-A6")
def test_the_sr5_sheet_holds_each_field_within_the_rules() -> None:
    # 001: physical 8 + Body/2, stun 8 + Willpower/2 (round up); physical overflow up to Body, then dead.
    # Body 5, Willpower 2: physical 8 + 3 = 11 boxes, + 5 overflow + the box of death: 0..17; stun 8 + 1 = 9.
    values = {a: 3 for a in ATTRIBUTES} | {"BOD": 5, "WIL": 2}
    encounter = Encounter(SR5Ruleset(), 7)
    run(encounter, sr5.AddCombatant(sheet=SR5Sheet(name="Bo", attributes=values, edge_points=3)))
    got = fields(encounter.ruleset.sheet(encounter.state, "c1"))
    assert (got["physical_damage"].low, got["physical_damage"].high) == (0, 17)
    assert (got["stun_damage"].low, got["stun_damage"].high) == (0, 9)
    assert "initiative_dice" in got and "initiative_passes" not in got and "magic" not in got


@pytest.mark.rule("SR4-C4")
def test_the_passes_track_names_the_passes_left() -> None:
    # Two passes (SR4-C1, C4): at the turn's start both are to come, "1, 2 (2 left)"; before initiative none.
    encounter = sr4_fight("Ann")
    passes = encounter.ruleset.sheet(encounter.state, "c1").tracks[0]
    assert (passes.key, passes.value, passes.max, passes.detail) == ("passes", 2, 2, "1, 2 (2 left)")
    waiting = sr4_fight("Ann", start=False)
    assert waiting.ruleset.sheet(waiting.state, "c1").tracks[0].detail == "— (0 left)"


@pytest.mark.rule("SR4-C8")
def test_sr4_offers_say_why_no_action_can_be_taken() -> None:
    # SR4-C8: actions are paid in a phase once initiative is rolled; the GM reads why every offer is greyed out.
    before = sr4_fight("Ann", start=False)
    offers = before.ruleset.offers(before.state, "c1")
    assert offers and {o.reason for o in offers} == {"Roll initiative first."}
    encounter = sr4_fight("Ann", "Bob")
    run(encounter, sr4.AddCombatant(sheet=sr4_sheet("Late")))  # a newcomer's initiative is rolled as it joins
    actor = encounter.state.actor
    assert all(o.enabled for o in encounter.ruleset.offers(encounter.state, actor))  # the actor may pay any
    other = next(cid for cid in ("c1", "c2") if cid != actor)
    name = encounter.state.combatants[other].sheet.name
    reasons = {o.reason for o in encounter.ruleset.offers(encounter.state, other) if not o.enabled}
    assert reasons == {f"It is not {name}'s action phase."}
    # A combatant whose score was never rolled this turn (the commands roll every newcomer, so only a state
    # built by hand has one): nothing is payable, and the reason names it.
    encounter.state.combatants[other].hits = None
    late = encounter.ruleset.offers(encounter.state, other)
    assert {o.reason for o in late} == {f"{name} has no initiative score this turn."} and not any(o.enabled for o in late)


@pytest.mark.rule("SR5-I6")
def test_sr5_offers_pay_from_the_phase_budget() -> None:
    # SR5-I6: one free action between phases; a simple or complex one only in one's own phase.
    encounter = Encounter(SR5Ruleset(), 7)
    for name, init in (("Ann", 9), ("Bob", 2)):
        values = {a: 3 for a in ATTRIBUTES} | {"REA": init, "INT": init}
        run(encounter, sr5.AddCombatant(sheet=SR5Sheet(name=name, attributes=values, edge_points=3)))
    assert {o.reason for o in encounter.ruleset.offers(encounter.state, "c2")} == {"Roll initiative first."}
    run(encounter, sr5.StartTurn())
    rows = {o.key: o for o in encounter.ruleset.offers(encounter.state, "c2")}  # Bob waits for Ann's phase
    assert rows["drop_prone"].enabled and not rows["take_aim"].enabled
    assert rows["take_aim"].reason == "It is not Bob's action phase."
    assert encounter.ruleset.offers(encounter.state, "nobody") == ()


@pytest.mark.rule("SR4-C5")
def test_a_round_starts_with_each_new_combat_turn() -> None:
    encounter = sr4_fight("Ann")
    started = [e for e in encounter.entries[-1].events if e.kind == "turn_started"]
    assert [encounter.ruleset.round_started(e) for e in started] == [1]
    assert encounter.ruleset.round_started(encounter.entries[0].events[0]) is None  # a combatant added


def test_the_japanese_sheet_offers_japanese_metatypes() -> None:
    set_language("ja")
    encounter = sr4_fight("Ann")
    got = fields(encounter.ruleset.sheet(encounter.state, "c1"))
    assert ("troll", "トロール") in got["metatype"].choices


def test_a_sheet_edit_is_logged_with_the_old_and_new_values_in_the_gms_language() -> None:
    encounter = sr4_fight("Ann", start=False)
    events = run(encounter, sr4.EditSheet(combatant="c1", field="metatype", value="elf"))
    assert [encounter.ruleset.describe(e) for e in events] == ["Ann: Metatype Human → Elf."]
    set_language("ja")
    events = run(encounter, sr4.EditSheet(combatant="c1", field="metatype", value="human"))
    assert [encounter.ruleset.describe(e) for e in events] == ["Ann：メタタイプ エルフ → 人間。"]
    events = run(encounter, sr4.EditSheet(combatant="c1", field="is_npc", value=True))
    assert [encounter.ruleset.describe(e) for e in events] == ["Ann：NPC いいえ → はい。"]


@pytest.mark.rule("SR5-T1")
def test_taking_an_sr5_offer_names_the_listed_action() -> None:
    encounter = Encounter(SR5Ruleset(), 7)
    command = encounter.ruleset.take(encounter.state, "c1", "take_aim")
    assert (command.combatant, command.action, command.name) == ("c1", "simple", "take_aim")


@pytest.mark.rule("SR5-I3")
def test_at_the_turns_start_nobody_in_the_sr5_order_is_out() -> None:
    # SR5-I3: everyone with a score above 0 acts in the first pass: no row is out before anyone acted.
    encounter = Encounter(SR5Ruleset(), 7)
    for name in ("Ann", "Bob"):
        run(encounter, sr5.AddCombatant(sheet=SR5Sheet(name=name, attributes={a: 3 for a in ATTRIBUTES}, edge_points=3)))
    run(encounter, sr5.StartTurn())
    assert [row.out for row in encounter.ruleset.order(encounter.state)] == [False, False]


@pytest.mark.rule("SR4-R2")
def test_one_take_aim_is_enough_for_the_aimed_row() -> None:
    from gmtool.games.shadowrun.rules.tables.context import ActionContext

    assert "aimed" in ActionContext(game="sr4", action="ranged_attack", aim_actions=1).all_flags()
    assert "aimed" not in ActionContext(game="sr4", action="ranged_attack").all_flags()
