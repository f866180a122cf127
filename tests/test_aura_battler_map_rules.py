"""The duel on the map dock (issue 36: make mutate's survivors in ``duel_map``): the tokens, the
overlays of a machine's six ranges and its parry arc with their modifiers, the line of fire with the
range and the target's range. Worked by hand on the made-up demo duel (``resources/aura_battler/
demo_duel.json``: the Lark at 0709 facing north-east, the Hornet at 1209, the Skyraft at 0510) with the
odd-q labels of ``shared/spec/hex.md`` and the digest's sections 13-14 (``shared/seeds/003``)."""

from __future__ import annotations

import pytest

from gmtool.core.hex.map_file import hex_of
from gmtool.core.hex.on_map import Arcs
from gmtool.games.aura_battler.rules import duel_messages as m
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel


def test_the_tokens_carry_the_name_the_damage_and_the_wreck() -> None:
    duel = Duel()
    duel.run(m.EditUnit(unit=LARK, field="damage", value=5))
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=18))
    tokens = {t.id: t for t in duel.rules.board(duel.state, "en").tokens}
    assert set(tokens) == {LARK, HORNET, SKYRAFT}
    lark, hornet = tokens[LARK], tokens[HORNET]
    assert (lark.name, lark.hex, lark.facing, lark.damage, lark.out) == ("Demo Lark", hex_of("0709"), 1, 0.25, False)
    assert (hornet.damage, hornet.out) == (1.0, True)  # 18 of 18: destroyed (AB-17), drawn as a wreck


def test_the_overlays_offered_and_a_request_for_one_not_offered() -> None:
    duel = Duel()
    assert duel.rules.overlays(duel.state, LARK) == (("sectors", "Ranges"), ("parry", "Parry arc"))
    assert duel.rules.overlays(duel.state, SKYRAFT) == (("sectors", "Ranges"),)  # no sword, no parry arc
    assert duel.rules.overlays(duel.state, "u9") == ()
    assert duel.rules.overlay(duel.state, SKYRAFT, "parry") == Arcs({}, ())


@pytest.mark.rule("AB-13")
@pytest.mark.rule("AB-14")
def test_the_ranges_overlay_tints_front_and_back_and_names_the_modifiers() -> None:
    duel = Duel()
    arcs = duel.rules.overlay(duel.state, LARK, "sectors")
    # The Lark faces north-east: its north-east neighbour 0808 is in its FF, its south-west neighbour 0609 in BB.
    assert arcs.tints[hex_of("0808")] == 5 and arcs.tints[hex_of("0609")] == 4
    assert hex_of("0709") not in arcs.tints
    # 003 lines 28-30 (14.3): FF, FR, FL 0; BR, BL 1; BB 2.
    assert [text for _tint, text in arcs.legend] == ["FF (modifier +0)", "FR (modifier +0)", "FL (modifier +0)",
                                                     "BR (modifier +1)", "BL (modifier +1)", "BB (modifier +2)"]


@pytest.mark.rule("AB-13")
def test_the_parry_overlay_tints_only_the_sword_s_arc() -> None:
    duel = Duel()
    arcs = duel.rules.overlay(duel.state, LARK, "parry")
    assert arcs.legend == ((5, "Parry arc: FF FR FL"),)
    assert arcs.tints[hex_of("0808")] == 5 and hex_of("0609") not in arcs.tints  # FF in the arc, BB not


@pytest.mark.rule("AB-14")
def test_the_line_of_fire_names_the_range_and_the_target_s_range_modifier() -> None:
    duel = Duel()
    # The Skyraft at 0510 is two hexes straight south-west of the Lark (0709), which faces north-east: it
    # attacks from the Lark's BB (13.4), modifier +2 (003 line 30).
    line = duel.rules.fire_line(duel.state, SKYRAFT, LARK)
    assert line.verdict == "Target's range BB: +2"
    assert line.reasons == ("Range 2 hexes", "From Demo Lark's BB (+2)")
    assert duel.rules.fire_line(duel.state, LARK, LARK) is None
    assert duel.rules.fire_line(duel.state, LARK, "u9") is None
    duel.run(m.PlaceUnit(unit=HORNET, hex="0709", facing=0))
    same = duel.rules.fire_line(duel.state, LARK, HORNET)
    assert (same.verdict, same.reasons) == ("Same hex: the later arrival counts as in its previous hex", ())


def test_a_drop_on_the_map_is_a_place_command() -> None:
    duel = Duel()
    assert duel.rules.place(duel.state, LARK, hex_of("0808"), 2) == m.PlaceUnit(unit=LARK, hex="0808", facing=2)


def test_the_parry_overlay_has_one_tint_across_the_arc() -> None:
    duel = Duel()
    # The Lark faces north-east; its east side holds FR hexes (hex.md §8 S5: a step clockwise of the front is FR).
    sectors = duel.rules.overlay(duel.state, LARK, "sectors").tints
    parry = duel.rules.overlay(duel.state, LARK, "parry").tints
    fr = [h for h, tint in sectors.items() if tint == 1]
    assert fr and all(parry[h] == 5 for h in fr)
