"""Every attack starts from the attacker's own state (issue 31), on the demo encounter.

Found by the walkthrough: a called shot (Dirty trick) and the distance chosen for one attacker
carried over to the next two (wrong dice, a logged free action, a melee attack "at 10 m"); the
target list put the attacker's own side first; the panel followed the next actor silently. Each
test here failed before the fix.
"""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import Qt

from gmtool.games.shadowrun.gui.attack_panel import NO_DISTANCE
from gmtool.games.shadowrun.gui.modifier_table_model import ROW_KEY
from gmtool.games.shadowrun.rules.attack.messages import AttackResolved

KESTREL, BRICK, NULL_SWEAT = "Kestrel (demo runner)", "Brick (demo runner)", "Null Sweat (demo runner)"
GUARD, GANGER_1, GANGER_2 = "Demo Corp Guard Lt.", "Demo Ganger 1", "Demo Ganger 2"


def _id(window, name: str) -> str:  # noqa: ANN001
    return next(cid for cid, c in window.bridge.state.combatants.items() if c.sheet.name == name)


def _kestrel_attacks(window, target: str):  # noqa: ANN001, ANN202
    """Turn 1: Kestrel acts first (the demo's seed); Ctrl+K on the selected target."""
    window.action("roll_initiative").trigger()
    assert window.bridge.current_actor().sheet.name == KESTREL
    window.bridge.select(_id(window, target))
    window.action("attack").trigger()
    return window.parts.attack_panel


def _pick(combo, data) -> None:  # noqa: ANN001
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def _written(window) -> AttackResolved:  # noqa: ANN001
    return next(e for e in window.bridge.encounter.entries[-1].events if isinstance(e, AttackResolved))


def test_a_called_shot_distance_and_ticks_for_one_attacker_are_not_the_next_ones(qtbot, window) -> None:
    panel = _kestrel_attacks(window, GUARD)
    panel.distance.setValue(10)
    _pick(panel.called_shot, "dirty_trick")
    running = "sr5.attacker/attacker_running"
    model = panel.attack_tables.model
    assert model.setData(_row(model, running), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert panel.model.called_shot == "dirty_trick" and panel.model.distance == 10
    assert running in panel.model.command().attack_choices.ticked
    window.action("next_phase").trigger()  # the guard acts now: its own attack, from its own state
    assert panel.model.attacker == _id(window, GUARD)
    assert panel.model.called_shot == "" and panel.called_shot.currentData() == ""
    assert panel.model.distance is None and panel.distance.value() == NO_DISTANCE
    _pick(panel.target, _id(window, BRICK))
    assert running not in (panel.model.command().attack_choices or _no_ticks()).ticked
    window.action("apply_attack").trigger()
    written = _written(window)
    assert written.attacker_name == GUARD and written.distance is None
    events = window.bridge.encounter.entries[-1].events
    assert "called_shot_resolved" not in [e.kind for e in events]
    assert [e.action for e in events if e.kind == "action_taken"] == ["simple"]  # the shot; no free action for a called shot


def _no_ticks():  # noqa: ANN202
    return SimpleNamespace(ticked=())


def _row(model, key: str):  # noqa: ANN001, ANN202
    """The modifier row ``key`` ("<table>/<row>") in the panel's table model."""
    for t in range(model.rowCount()):
        table = model.index(t, 0)
        for r in range(model.rowCount(table)):
            index = model.index(r, 0, table)
            if model.data(index, ROW_KEY) == key:
                return index
    raise AssertionError(key)


def test_melee_never_takes_a_ranged_distance(qtbot, window) -> None:
    panel = _kestrel_attacks(window, GUARD)
    panel.distance.setValue(10)
    _pick(panel.weapon, 1)  # the combat knife
    assert panel.model.is_melee()
    assert panel.model.distance is None and panel.model.command().distance is None
    assert not panel.distance.isEnabled() and panel.distance.value() == NO_DISTANCE
    panel.distance.setValue(10)  # typed anyway (the box is greyed): still no distance for a knife
    assert panel.model.command().distance is None
    window.action("apply_attack").trigger()
    written = _written(window)
    assert written.melee and written.distance is None
    assert " m:" not in window.log_panel.view.model().index(window.log_panel.view.model().rowCount() - 1, 0).data()


def test_the_other_side_is_offered_first_and_an_attack_on_ones_own_side_is_marked(qtbot, window) -> None:
    panel = _kestrel_attacks(window, GUARD)
    offered = [panel.target.itemText(n) for n in range(1, panel.target.count())]
    # Kestrel is a player's runner: the NPCs first, in the encounter's order, then the other runners, marked.
    assert offered == [GANGER_1, GANGER_2, GUARD, f"Own side: {BRICK}", f"Own side: {NULL_SWEAT}"]
    assert panel.heading.text() == f"{KESTREL} attacks {GUARD}"
    assert not panel.notice.isVisible()
    _pick(panel.target, _id(window, BRICK))
    assert panel.heading.text() == f"{KESTREL} attacks {BRICK}"
    assert panel.notice.isVisible()
    assert panel.notice.text() == f"{BRICK} is on {KESTREL}'s side: both are players' characters."
    assert panel.roll_button.isEnabled()  # marked, not refused (Shadowrun lets anyone shoot anyone)


def test_the_panel_says_whose_attack_it_is_when_it_follows_the_next_actor(qtbot, window) -> None:
    panel = _kestrel_attacks(window, GUARD)
    window.action("next_phase").trigger()
    assert panel.heading.text() == f"{GUARD} attacks: choose a target"
    assert panel.notice.isVisible() and panel.notice.text().startswith(f"{GUARD} acts now")
    entries = len(window.bridge.encounter.entries)
    window.action("roll_attack").trigger()  # Ctrl+Return: nothing rolled for a target never chosen for the guard
    assert panel.model.result is None and len(window.bridge.encounter.entries) == entries
    _pick(panel.target, _id(window, BRICK))
    assert not panel.notice.isVisible()  # the GM has acted on it
    window.action("roll_attack").trigger()
    assert panel.model.result.attacker_name == GUARD
    assert panel.heading.text() == f"{GUARD} attacks {BRICK}"
