"""The push (BR-17) from the window: Ctrl+Shift+H brings the attack dock's push box to the front, the
odds show before the roll, the dice are typed, the distance chosen; and an Area Effect attack names the
gears next to its target before the roll (BR-11)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.core.hex.coords import label, neighbour
from gmtool.core.hex.map_file import hex_of
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.weapons import WeaponCard


@pytest.mark.rule("BR-17")
def test_a_push_from_the_keyboard_with_typed_dice_and_a_chosen_distance(qtbot, rally_window) -> None:
    window = rally_window
    box = window.parts.attack_panel.push
    ahead = label(neighbour(hex_of("1317"), 1))
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))  # Sandhopper faces north-east
    window.run(m.PlaceGear(gear="g3", hex=ahead, facing=1))  # Rustbucket right ahead, its back to it
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert box.target.currentText() == "Demo Rustbucket" and box.target.hasFocus()
    # From Rustbucket's rear: 2 + 2 = 4 push dice at 4+ against 2 at 4+
    assert "Push 4D6" in box.plan.text() and "against 2D6" in box.plan.text()
    assert box.odds.text().startswith("Before the roll: success ") and "fumble (all ones) 0.1%" in box.odds.text()
    box.faces["attack"].setText("5 4 2 1")  # 5 + 1 = 6
    box.faces["defence"].setText("4 3")  # 4: MOS 2
    assert "MOS 2" in box.odds.text()
    assert box.distance.text() == "as far as the MOS allows"  # untouched, the push goes as far as it can
    box.distance.setValue(1)  # the player pushes 1 of the 2 hexes
    qtbot.mouseClick(box.button, Qt.MouseButton.LeftButton)
    state = window.bridge.state
    assert label(state.gears["g3"].hex) == label(neighbour(hex_of(ahead), 1)) and label(state.gears["g1"].hex) == ahead
    assert state.gears["g1"].actions_used == 1 and box.faces["attack"].text() == ""
    assert box.distance.text() == "as far as the MOS allows"  # the next push starts from the default again
    window.action("undo").trigger()
    assert label(window.bridge.state.gears["g3"].hex) == ahead


@pytest.mark.rule("BR-11")
def test_the_attack_panel_names_the_gears_an_area_effect_would_hit(qtbot, rally_window) -> None:
    window = rally_window
    panel = window.parts.attack_panel
    splash = WeaponCard(name="Splash", optimal=4, maximum=8, power=6, traits=("area",))
    window.run(m.AddGear(name="Splasher", seat="Cy", attack=4, defence=4, armour=6, hull=2, structure=2,
                         cruising_mr=5, top_mr=8, hex="1317", facing=1, weapons=(splash,)))
    state = window.bridge.state
    splasher = next(g.id for g in state.gears.values() if g.name == "Splasher")
    for gear_id in [g for g in state.order if g != splasher]:  # the others end their activations
        window.run(m.EndActivation(gear=gear_id))
    assert window.bridge.state.current is None
    window.run(m.StartRound(first=splasher))
    window.run(m.DeclareSpeed(gear=splasher, speed="cruising"))
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    panel.aim_at("g3")  # Rustbucket at 1717: Scrapjack (1718) is next to it
    assert "Area effect" in panel.plan.text() and "Demo Scrapjack" in panel.plan.text()


@pytest.mark.rule("BR-11")
def test_in_table_mode_the_gm_ticks_the_gears_next_to_the_target(qtbot, rally_window) -> None:
    window = rally_window
    panel = window.parts.attack_panel
    splash = WeaponCard(name="Splash", optimal=4, maximum=8, power=6, traits=("area",))
    window.run(m.AddGear(name="Splasher", seat="Cy", attack=4, defence=4, armour=6, hull=2, structure=2,
                         cruising_mr=5, top_mr=8, hex="1317", facing=1, weapons=(splash,)))
    state = window.bridge.state
    splasher = next(g.id for g in state.gears.values() if g.name == "Splasher")
    for gear_id in [g for g in state.order if g != splasher]:
        window.run(m.EndActivation(gear=gear_id))
    window.run(m.StartRound(first=splasher))
    window.run(m.DeclareSpeed(gear=splasher, speed="cruising"))
    window.action("br_table_mode").trigger()
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    panel.aim_at("g1")
    assert "Area effect" not in panel.plan.text()  # none ticked
    names = [panel.area_gears.item(i).text() for i in range(panel.area_gears.count())]
    panel.area_gears.item(names.index("Demo Dune Pig")).setCheckState(Qt.CheckState.Checked)
    assert "Area effect" in panel.plan.text() and "Demo Dune Pig" in panel.plan.text()
    assert panel.draft().area_gears == ("g2",)
