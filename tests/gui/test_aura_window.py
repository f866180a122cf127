"""Issue 17, phase 1: the Aura Battler demo duel opens in the main window with the order list (PP
left, durability track, heavy-damage badge), the sky map, the PP allocation panel and the attack
panel; the GM allocates PP and attacks from the window."""

from __future__ import annotations

import pytest

from gmtool.games.aura_battler.rules import duel_messages as m


def test_the_demo_duel_opens_in_its_allocation_phase(duel_window) -> None:
    state = duel_window.bridge.state
    assert [u.name for u in state.units.values()] == ["Demo Lark", "Demo Hornet", "Demo Skyraft"]
    assert state.turn == 1 and len(state.allocating) == 3
    for name in ("order", "map", "sheet", "ab_allocation", "ab_attack", "log"):
        assert name in duel_window.docks
    assert not duel_window.action("ab_start_turn").isEnabled()  # every machine allocates first


def _allocate_all(window) -> None:  # noqa: ANN001
    panel = window.parts.allocation
    splits = {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}
    for unit, split in splits.items():
        window.bridge.select(unit)
        window.action("ab_allocate").trigger()
        assert panel.unit.currentData() == unit
        panel.set_split(split)
        assert panel.allocate.isEnabled()
        panel.allocate.click()


@pytest.mark.rule("AB-22")
def test_the_allocation_panel_is_refused_until_the_six_total_the_base(duel_window) -> None:
    panel, state = duel_window.parts.allocation, duel_window.bridge.state
    duel_window.bridge.select("u1")
    duel_window.action("ab_allocate").trigger()
    assert panel.remaining() == 8  # Demo pilot Aya's base PP (demo_duel.json), nothing given yet
    panel.set_split((3, 2, 1, 1, 0, 0))
    assert panel.remaining() == 1 and not panel.allocate.isEnabled()
    assert panel.left.text() == "PP left to allocate: 1"
    panel.spins["barrier"].setValue(1)
    assert panel.remaining() == 0 and panel.allocate.isEnabled()
    panel.allocate.click()
    unit = state.units["u1"]
    assert unit.allocated and (unit.points.action, unit.points.attack, unit.points.barrier) == (3, 2, 1)
    row = next(r for r in duel_window.bridge.ruleset.order(state) if r.id == "u1")
    assert row.score == "3" and row.track("pp").value == 3  # action PP left, in the order list
    players = duel_window.bridge.ruleset.snapshot(state, "players")
    assert all(r.score == "…" and r.track("pp") is None for r in players.rows)  # hidden while others allocate


@pytest.mark.rule("AB-14")
@pytest.mark.rule("AB-17")
def test_an_attack_from_the_panel_with_typed_dice_breaks_down_and_damages(duel_window) -> None:
    _allocate_all(duel_window)
    state = duel_window.bridge.state
    assert not state.allocating and duel_window.action("ab_start_turn").isEnabled()
    panel = duel_window.parts.attack_panel
    duel_window.bridge.select("u1")
    duel_window.action("ab_attack").trigger()
    panel.aim("u1", "u2")
    # Demo Lark's wing cannon on Demo Hornet (demo_duel.json, the demo's hexes 0709 → 1209: range 5, the
    # Hornet's FR): accuracy 9 + attack PP 2 − Lark's speed (thrust 3 → 1) − evasion 4 − defence PP 1
    # − target speed ceil((4 − 5) / 3) = 0 + sector 0 = 5 (digest 14.1, 15.1, 15.3); 2d6 ≤ 5: 10/36.
    assert "Hit value: 5" in panel.breakdown.text() and "Sector FR, range 5" in panel.breakdown.text()
    assert "Hit (2d6 ≤ hit value): 27.8%" in panel.odds.text()
    panel.faces["hit"].setText("1 2")
    panel.faces["damage"].setText("6 3")  # 6 rolls again (18.2, shooting), 3 stops
    assert panel.roll.isEnabled()
    duel_window.action("ab_roll_attack").trigger()
    hornet = state.units["u2"]
    assert hornet.damage == 6 + 6 + 3 - 3  # power + open roll − armour (17.2)
    assert hornet.heavily_damaged and hornet.points.defence == 0 and hornet.points.action == 2  # 16.3, 16.5
    row = next(r for r in duel_window.bridge.ruleset.order(state) if r.id == "u2")
    assert row.track("durability").value == 12 and any(b.key == "heavy" for b in row.badges)  # 19.1: 12 > 9
    assert duel_window.bridge.encounter.entries[-1].command.kind == "ab_attack"


@pytest.mark.rule("AB-12")
def test_the_target_turns_in_response_from_the_attack_panel(duel_window) -> None:
    _allocate_all(duel_window)
    state, panel = duel_window.bridge.state, duel_window.parts.attack_panel
    duel_window.bridge.select("u2")
    duel_window.parts.allocation.choose("u2")
    duel_window.action("ab_start_turn").trigger()
    for unit, split in {"u1": (8, 0, 0, 0, 0, 0), "u2": (6, 0, 0, 0, 0, 1), "u3": (5, 0, 0, 0, 0, 0)}.items():
        duel_window.run(m.AllocatePP(unit=unit, points=split))
    duel_window.action("ab_attack").trigger()
    panel.aim("u1", "u2")
    panel.response.setCurrentIndex(panel.response.findData(3))
    panel.response_turn.click()
    assert state.units["u2"].facing == 1 and state.units["u2"].points.response == 0  # 180° from south-west
    # the Lark was in the Hornet's FR (one side clockwise of ahead); turned 180°, that is side 4: BL (13.6)
    assert "Sector BL" in panel.breakdown.text()


@pytest.mark.rule("AB-21")
def test_boarding_the_wing_caliber_and_the_landing_odds_in_the_panel(duel_window) -> None:
    _allocate_all(duel_window)
    state, panel = duel_window.bridge.state, duel_window.parts.attack_panel
    duel_window.bridge.select("u1")
    duel_window.action("ab_board").trigger()  # the Lark (0709) is not in the Skyraft's hex (0510)
    assert state.units["u1"].carried_by is None and "No Wing Caliber" in duel_window.status.text()
    duel_window.parts.map.drop("u1", state.units["u3"].hex)
    duel_window.action("ab_board").trigger()
    assert state.units["u1"].carried_by == "u3"
    row = next(r for r in duel_window.bridge.ruleset.order(state) if r.id == "u1")
    assert any(b.key == "aboard" for b in row.badges)
    duel_window.action("ab_attack").trigger()
    panel.aim("u2", "u1")
    # a shooting hit on a carried battler: 1–3 the battler, 4–6 the carrier (21.5)
    assert panel.landing.text() == "If it hits: Demo Lark 50.0%, Demo Skyraft 50.0%."
    panel.faces["hit"].setText("11")
    panel.faces["land"].setText("5")
    panel.faces["damage"].setText("2")
    panel.roll.click()
    assert state.units["u3"].damage == 7 + 2 - 5 and state.units["u1"].damage == 0  # the claw launcher on the Skyraft
