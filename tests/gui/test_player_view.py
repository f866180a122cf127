"""The player view: a faithful list model with exact roles, hidden NPCs, live updates, screens.

Every expectation is computed from the core (the game's pass order, current
actor, scores and monitors), never typed in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.storage.workspace import Workspace
from gmtool.ui.player_view import PlayerView, PlayerViewDialog, screen_named
from gmtool.viewmodels import player_view_model as pvm
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_view_model import PlayerViewModel, PlayerViewSettings
from gmtool.viewmodels.tones import tone


def _column(model: PlayerViewModel, role: int) -> list[object]:
    return [model.index(row, 0).data(role) for row in range(model.rowCount())]


def _npc_numbers(bridge: EncounterBridge) -> dict[str, int]:
    npcs = [c.id for c in bridge.state.combatants.values() if c.sheet.is_npc]
    return {cid: n for n, cid in enumerate(npcs, 1)}


def _play(bridge: EncounterBridge) -> None:
    """Rows added and removed, undo resets, passes and turns."""
    assert bridge.execute(cmd.StartTurn())
    for _ in range(4):
        assert bridge.execute(cmd.NextPhase())
    sheet = demo_definition().combatants[3].model_copy(update={"name": "Late grunt"})
    assert bridge.execute(cmd.AddCombatant(sheet=sheet))
    assert bridge.execute(cmd.EditSheet(combatant="c1", field="physical_damage", value=4))
    assert bridge.undo() and bridge.redo()
    assert bridge.execute(cmd.RemoveCombatant(combatant="c2"))
    for _ in range(8):
        assert bridge.execute(cmd.NextPhase())
    assert bridge.undo()


def test_the_model_passes_the_model_tester_through_a_fight_and_setting_changes(model_testers, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    model_testers(model)
    _play(bridge)
    model.set_settings(PlayerViewSettings(show_npc_names=True, show_npc_figures=True))
    model.set_settings(PlayerViewSettings(show_pc_figures=False))
    assert model.rowCount() == len(bridge.state.combatants)
    model_testers(model)


def test_rows_are_this_pass_order_with_npcs_hidden_by_default(workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    bridge.execute(cmd.StartTurn())
    bridge.execute(cmd.NextPhase())
    view, state = bridge.view, bridge.state
    order = view.pass_order(state)
    assert _column(model, pvm.COMBATANT_ID) == [c.id for c in order]
    assert _column(model, pvm.PLACE) == list(range(1, len(order) + 1))
    actor = view.current_actor(state)
    assert _column(model, pvm.IS_CURRENT) == [c.id == actor.id for c in order]
    numbers = _npc_numbers(bridge)
    assert numbers, "the demo has NPCs"
    for row, c in enumerate(order):
        index = model.index(row, 0)
        if c.sheet.is_npc:
            assert index.data(pvm.SHOWN_NAME) == index.data() == f"NPC {numbers[c.id]}"
            assert index.data(pvm.NAME_HIDDEN) is True
            assert index.data(pvm.SCORE) is None and index.data(pvm.TRACKS) is None
        else:
            assert index.data(pvm.SHOWN_NAME) == c.sheet.name
            assert index.data(pvm.SCORE) == str(view.score(state, c))
            sheet = c.sheet  # the condition monitors as bars, passes left and Edge as pips (issue 32)
            bars = index.data(pvm.TRACKS)
            assert (sheet.physical_damage, sheet.physical_boxes, "harm", "boxes") in bars
            assert (sheet.stun_damage, sheet.stun_boxes, "fatigue", "boxes") in bars
            assert (sheet.edge_points, sheet.attributes["EDG"], "resource", "pips") in bars
            assert [kind for *_figures, kind in bars].count("pips") == 2  # passes left, Edge
    if actor.sheet.is_npc:
        assert model.current_name() == f"NPC {numbers[actor.id]}"
    else:
        assert model.current_name() == actor.sheet.name


def test_the_gm_can_show_npc_names_and_figures_and_hide_the_players_figures(qtbot, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    bridge.execute(cmd.StartTurn())
    order = bridge.view.pass_order(bridge.state)
    npc_rows = [row for row, c in enumerate(order) if c.sheet.is_npc]
    with qtbot.waitSignal(model.dataChanged, timeout=1000):
        model.set_settings(PlayerViewSettings(show_npc_names=True, show_npc_figures=True, show_pc_figures=False))
    for row, c in enumerate(order):
        index = model.index(row, 0)
        assert index.data(pvm.SHOWN_NAME) == c.sheet.name
        if c.sheet.is_npc:
            assert index.data(pvm.SCORE) == str(bridge.view.score(bridge.state, c))
        else:
            assert index.data(pvm.SCORE) is None and index.data(pvm.TRACKS) is None
    assert npc_rows
    stored = PlayerViewSettings.model_validate(model.settings.model_dump())
    assert stored == model.settings and stored.schema_version == pvm.PLAYER_VIEW_SCHEMA


def test_next_phase_emits_data_changed_with_exact_roles(qtbot, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge, PlayerViewSettings(show_npc_figures=True))
    bridge.execute(cmd.StartTurn())
    before = {r: {role: model.index(r, 0).data(role) for role in pvm.ROW_ROLES} for r in range(model.rowCount())}
    seen: list[tuple[int, int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, r: seen.append((tl.row(), br.row(), list(r))))
    with qtbot.waitSignal(model.dataChanged, timeout=1000):
        bridge.execute(cmd.NextPhase())
    after = {r: {role: model.index(r, 0).data(role) for role in pvm.ROW_ROLES} for r in range(model.rowCount())}
    expected = {r: sorted(role for role in pvm.ROW_ROLES if before[r][role] != after[r][role]) for r in after}
    expected = {r: roles for r, roles in expected.items() if roles}
    assert expected, "next phase changes who is current"
    signalled = {top: [r for r in roles if r in pvm.ROW_ROLES] for top, bottom, roles in seen if top == bottom}
    assert len(seen) == len(signalled) == len(expected)  # one signal per changed place, one place each
    assert signalled == expected


def test_the_player_view_follows_next_phase_while_the_main_window_is_active(qtbot, window) -> None:
    player = PlayerView(window.bridge, PlayerViewSettings(font_point_size=20), window)
    qtbot.addWidget(player)
    player.show_on_screen()
    qtbot.waitExposed(player)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    window.action("roll_initiative").trigger()
    for _ in range(3):
        with qtbot.waitSignal(player.model.dataChanged, timeout=1000):
            window.action("next_phase").trigger()
        state = window.bridge.state
        actor = window.view.current_actor(state)
        row = player.model.current_row()
        assert row is not None and player.model.index(row, 0).data(pvm.COMBATANT_ID) == actor.id
        assert player.heading.text() == f"Turn {state.turn} · Pass {state.pass_number}"
        assert player.model.current_name() in player.current_label.text()
    assert QApplication.activeWindow() is window  # the player view never took the focus
    assert player.isWindow() and not player.isActiveWindow()


def test_an_sr4_encounter_in_the_player_view(qtbot, workspace) -> None:
    sr4 = workspace.with_encounter(workspace.encounters()[1].id)
    assert sr4.ruleset_key == "sr4"
    bridge = EncounterBridge(sr4)
    player = PlayerView(bridge)
    qtbot.addWidget(player)
    assert player.heading.text() == "Initiative not rolled yet"
    bridge.execute(bridge.view.start_turn())
    for _ in range(2):
        with qtbot.waitSignal(player.model.dataChanged, timeout=1000):
            bridge.execute(bridge.view.next_phase())
    order = bridge.view.pass_order(bridge.state)
    assert _column(player.model, pvm.COMBATANT_ID) == [c.id for c in order]
    assert player.model.index(player.model.current_row(), 0).data(pvm.COMBATANT_ID) == bridge.current_actor().id
    assert player.heading.text() == f"Turn {bridge.state.turn} · Pass {bridge.state.pass_number}"


def test_attach_follows_a_rebuilt_main_windows_bridge(qtbot, workspace) -> None:
    first = EncounterBridge(workspace)
    player = PlayerView(first)
    qtbot.addWidget(player)
    sr4 = workspace.with_encounter(workspace.encounters()[1].id)
    second = EncounterBridge(sr4)
    player.attach(second)
    assert _column(player.model, pvm.COMBATANT_ID) == [c.id for c in second.view.pass_order(second.state)]
    first.execute(cmd.StartTurn())  # the old encounter no longer reaches the view
    assert player.heading.text() == "Initiative not rolled yet"
    with qtbot.waitSignal(player.model.statusChanged, timeout=1000):
        second.execute(second.view.start_turn())
    assert player.heading.text() == "Turn 1 · Pass 1"


def test_the_dialog_offers_every_screen_and_returns_the_choices(qtbot) -> None:
    dialog = PlayerViewDialog(PlayerViewSettings(show_npc_names=True, font_point_size=40))
    qtbot.addWidget(dialog)
    screens = QGuiApplication.screens()
    assert dialog.screen_combo.count() == len(screens) >= 1
    assert [dialog.screen_combo.itemData(i) for i in range(len(screens))] == [s.name() for s in screens]
    dialog.npc_figures.setChecked(True)
    dialog.full_screen.setChecked(True)
    chosen = dialog.settings()
    assert chosen.show_npc_names and chosen.show_npc_figures and chosen.full_screen and chosen.font_point_size == 40
    assert screen_named(chosen.screen) is screens[0]
    assert screen_named("no such screen") is QGuiApplication.primaryScreen()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_screenshots_show_the_current_actor_highlighted(qtbot, language: str, tmp_path: Path) -> None:
    set_language(language)
    workspace = Workspace.open_default()
    try:
        bridge = EncounterBridge(workspace)
        bridge.execute(cmd.StartTurn())
        bridge.execute(cmd.NextPhase())
        bridge.execute(cmd.EditSheet(combatant="c2", field="physical_damage", value=5))
        player = PlayerView(bridge, PlayerViewSettings(font_point_size=22))
        qtbot.addWidget(player)
        player.resize(820, 620)
        player.show()
        qtbot.waitExposed(player)
        image = player.grab().toImage()
        assert image.save(str(tmp_path / f"player_view_{language}.png"))
        state = bridge.state
        expected = "ターン 1 · パス 1" if language == "ja" else "Turn 1 · Pass 1"
        assert player.heading.text() == expected == f"{'ターン' if language == 'ja' else 'Turn'} {state.turn} · {'パス' if language == 'ja' else 'Pass'} {state.pass_number}"
        assert player.windowTitle() == ("gmtool — プレイヤー表示" if language == "ja" else "gmtool — player view")
        row = player.model.current_row()
        rect = player.view.visualRect(player.model.index(row, 0))
        origin = player.view.viewport().mapTo(player, rect.topLeft())
        pixel = image.pixelColor(origin.x() + rect.width() - 3, origin.y() + 3)
        assert pixel.name() == tone("player_current_back").name()
    finally:
        workspace.close()
