"""The SR4 Matrix tab from the GM's side: Ctrl+Shift+X, the demo's hacker and black IC, odds before
the roll, a cybercombat attack and a hack logged and undone, an icon added, the actions table.

The demo (resources/sr4/demo_matrix.json): Patch's persona m1 (Cybercombat 3, Attack 4, Hacking 4,
Exploit 4), the yard node m2 (System 4, Firewall 4), black IC m3 (Rating 4, Response 4, Firewall 4).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.storage.workspace import Workspace


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _choose(combo, data) -> None:  # noqa: ANN001
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def _tab(window):  # noqa: ANN001, ANN201
    """The Matrix tab in front (a hidden tab does no work until it shows)."""
    panel = window.parts.test_panel
    panel.tabs.setCurrentWidget(panel.matrix)
    return panel.matrix


def _log(window) -> str:  # noqa: ANN001
    model = window.log_panel.model
    return "\n".join(model.index(r, 0).data() for r in range(model.rowCount()))


@pytest.mark.rule("SR4-X6")
@pytest.mark.rule("SR4-X7")
def test_the_matrix_tab_attacks_with_odds_first_and_undoes(qtbot, sr4_window) -> None:
    window = sr4_window
    panel = window.parts.test_panel
    tab = panel.matrix
    qtbot.keyClick(window, Qt.Key.Key_X, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert panel.tabs.currentWidget() is tab and tab.deed.hasFocus()
    assert "Patch's commlink (demo persona)" in tab.icons.text() and "Matrix damage 0/10" in tab.icons.text()
    assert tab.actions_table.rowCount() == 16 and tab.actions_table.item(0, 1).text() == "238/244"
    _choose(tab.icon, "m1")  # the acting icon first, then one of its deeds
    _choose(tab.deed, "cybercombat")
    _choose(tab.target, "m3")
    # 000 §5.5: Cybercombat 3 + Attack 4 = 7 dice against Response 4 + Firewall 4 = 8 dice.
    assert "= 7 dice" in tab.odds.text() and "against" in tab.odds.text() and "Hits: " in tab.odds.text()
    tab.full_defence.setChecked(True)  # + the IC's Rating 4
    assert "= 12 dice" in tab.odds.text()
    assert tab.do()
    assert "Patch's commlink (demo persona) — cybercombat (opposed)" in _log(window)
    assert "cybercombat by Patch's commlink (demo persona)" in window.action("undo").text()  # undo_name.cybercombat
    window.action("undo").trigger()
    assert "Undone: " in _log(window).splitlines()[-1]


@pytest.mark.rule("SR4-X2")
@pytest.mark.rule("SR4-X4")
def test_the_matrix_tab_sets_hot_sim_and_hacks_the_demo_node(qtbot, sr4_window) -> None:
    window = sr4_window
    tab = _tab(window)
    _choose(tab.icon, "m1")
    _choose(tab.deed, "mode")
    _choose(tab.sim, "hot")
    assert tab.do()
    _choose(tab.deed, "hack_on_the_fly")
    _choose(tab.target, "m2")
    assert tab.do()
    _choose(tab.deed, "roll_hack")
    _choose(tab.target, "h1")
    # Hacking 4 + Exploit 4 + hot sim 2 = 10 dice (000 §5.2, §5.3); the node: Analyze 4 + Firewall 4.
    assert "= 10 dice" in tab.odds.text() and "Account this interval" in tab.odds.text()
    assert "Detected this interval" in tab.odds.text()
    assert tab.do()
    assert "hacks Tacoma yard node (demo)" in _log(window)


def test_the_add_form_adds_an_agent_under_the_hacker(qtbot, sr4_window) -> None:
    window = sr4_window
    box = _tab(window).add_box
    _choose(box.kind, "agent")
    box.name.setText("Watchdog agent")
    _choose(box.owner, "c3")
    box.spins["rating"].setValue(3)
    box.spins["analyze"].setValue(3)
    assert box.submit()
    assert "Watchdog agent" in window.parts.test_panel.matrix.icons.text()
    box.name.setText("")
    assert not box.submit() and window.parts.test_panel.matrix.footer.why.text()


@pytest.mark.rule("SR4-T1")
@pytest.mark.rule("SR4-T4")
def test_a_technomancer_threads_compiles_registers_and_is_found_by_its_signature(qtbot, sr4_window) -> None:
    window = sr4_window
    tab = _tab(window)
    box = tab.add_box
    _choose(box.kind, "persona")
    box.name.setText("Sable's living persona")
    _choose(box.owner, "c1")  # Sable Wren, Willpower 4
    box.spins["resonance"].setValue(3)
    box.spins["software"].setValue(2)
    box.spins["compiling"].setValue(3)
    assert box.submit()
    _choose(tab.icon, "m5")  # the demo's technomancer has m4
    _choose(tab.deed, "thread")
    # 000 §6.1: Resonance 3 + Software 2 = 5 dice.
    assert "= 5 dice" in tab.odds.text() and "Raises the rating" in tab.odds.text()
    tab.number.setValue(2)
    tab.form_name.setText("Exploit")
    assert tab.do()
    assert "threads Exploit" in _log(window)
    assert any(e.key == "sustained_thread" for e in window.bridge.state.effects.values())
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    for track in ("physical_damage", "stun_damage"):  # the seeded dice may have wounded her: the GM heals
        if getattr(window.bridge.state.combatants["c1"].sheet, track):
            assert window.bridge.execute(cmd.EditSheet(combatant="c1", field=track, value=0))
    _choose(tab.icon, "m5")
    _choose(tab.deed, "compile")
    _choose(tab.sprite, "crack")
    tab.number.setValue(2)
    # 000 §6.4: Resonance 3 + Compiling 3 − 2 (the sustained thread, §6.1 step 6) = 4 dice against 2.
    assert "= 4 dice" in tab.odds.text() and "Compiled: " in tab.odds.text()
    assert tab.do()
    assert "compile a Crack sprite" in _log(window) or "compiles a Crack sprite" in _log(window)
    _choose(tab.icon, "m1")
    _choose(tab.deed, "perception")
    assert tab.target.findData("s1") >= 0  # the signature the threading left (§6.2)
    _choose(tab.target, "s1")
    assert tab.do()
    assert "resonance signature" in _log(window)
    if not any(i.sheet.kind == "sprite" for i in window.bridge.state.matrix.icons.values()):
        _choose(box.kind, "sprite")  # the seeded dice failed to compile one: the GM adds it by hand
        box.name.setText("Crack sprite 2")
        _choose(box.owner, "c1")
        assert box.submit()
    sprite = next(i for i in window.bridge.state.matrix.icons.values() if i.sheet.kind == "sprite")
    _choose(tab.icon, "m5")
    _choose(tab.deed, "register")
    _choose(tab.target, sprite.id)
    assert tab.do() and window.bridge.state.matrix.icons[sprite.id].registered
    _choose(tab.deed, "drop_thread")
    _choose(tab.target, "t1")
    assert tab.do() and not window.bridge.state.matrix.threads
    _choose(tab.deed, "erase_signature")
    _choose(tab.target, "s1")
    assert tab.do() and 1 not in window.bridge.state.matrix.signatures


def test_an_icon_is_never_offered_as_its_own_target(sr4_window) -> None:  # noqa: ANN001
    tab = _tab(sr4_window)
    for deed in ("perception", "cybercombat"):
        _choose(tab.icon, "m1")
        _choose(tab.deed, deed)
        targets = [tab.target.itemData(i) for i in range(tab.target.count())]
        assert "m1" not in targets and "m3" in targets  # the persona aims at the IC, never at itself
    _choose(tab.icon, "m3")
    assert "m3" not in [tab.target.itemData(i) for i in range(tab.target.count())]


@pytest.mark.rule("SR4-X6")
def test_black_ic_is_offered_only_what_it_runs(sr4_window) -> None:  # noqa: ANN001
    """Issue 31: the black IC was offered Attack (12.9 %) and then refused: it runs Black Hammer only."""
    tab = _tab(sr4_window)
    _choose(tab.icon, "m3")
    deeds = [tab.deed.itemData(i) for i in range(tab.deed.count())]
    assert "cybercombat" in deeds and "thread" not in deeds and "hack_on_the_fly" not in deeds
    _choose(tab.deed, "cybercombat")
    assert [tab.program.itemData(i) for i in range(tab.program.count())] == ["black_hammer"]
    _choose(tab.target, "m1")
    # 000 §5.5: Rating 4 + Black Hammer 4 = 8 dice against Patch's Response 4 + Firewall 4 = 8 dice.
    assert "Rating +4 Black Hammer +4 = 8 dice" in tab.odds.text()
    assert tab.go.isEnabled() and tab.do()
    assert "Yard black IC (demo)" in tab.footer.result.text()


@pytest.mark.rule("SR4-C2")
def test_a_personas_deed_waits_for_its_users_phase(qtbot, sr4_window) -> None:  # noqa: ANN001
    """Issue 31: Matrix actions were taken outside the owner's phase; now Do it says whose phase it is."""
    window = sr4_window
    window.action("roll_initiative").trigger()
    tab = _tab(window)
    patch = "c3"
    while window.bridge.current_actor().id == patch:  # someone else's phase first
        window.action("next_phase").trigger()
    _choose(tab.icon, "m1")
    _choose(tab.deed, "perception")
    assert not tab.go.isEnabled() and "Patch Kelvin" in tab.footer.why.text() and tab.footer.why.isVisible()
    tab.charge.setChecked(False)  # done outside the phase, as the GM says
    assert tab.go.isEnabled()
    tab.charge.setChecked(True)
    while window.bridge.current_actor().id != patch:
        window.action("next_phase").trigger()
    assert tab.go.isEnabled() and not tab.footer.why.isVisible()
    assert tab.do()
    taken = [e for e in window.bridge.workspace.encounter.entries[-1].events if e.kind == "action_taken"]
    assert taken and taken[0].combatant == patch and taken[0].action_kind == "complex"
