"""Issue 15: the player view shows the board of a map game, its units as the order list shows them.

The rally's player view draws every listed gear where the game puts it and follows a move made in the
main window; the pure filter hides an NPC's name and figures as the list does; a game without a map
(Shadowrun) gets no map widget and loads no hex module (in a fresh process); a new theme redraws the terrain.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import Qt

from gmtool.core.hex.board import Board, Token
from gmtool.core.hex.coords import Hex
from gmtool.core.i18n import active_language
from gmtool.ui.hex_map_view import hex_at
from gmtool.ui.player_view import PlayerView
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_map_model import board_for_players, tokens_for_players
from gmtool.viewmodels.player_view_model import PlayerViewSettings


def _player(qtbot, bridge: EncounterBridge, settings: PlayerViewSettings | None = None) -> PlayerView:  # noqa: ANN001
    player = PlayerView(bridge, settings)
    qtbot.addWidget(player)
    player.resize(1366, 768)
    player.show()
    qtbot.waitExposed(player)
    return player


def _drawn(player: PlayerView) -> dict[str, Token]:
    """The tokens the player view's map holds, by unit id."""
    assert player.map is not None and player.map.view.board is not None
    return {t.id: t for t in player.map.view.board.tokens}


def test_the_rally_player_view_shows_every_gear_where_the_game_puts_it(qtbot, rally_window) -> None:
    window = rally_window
    player = _player(qtbot, window.bridge)
    game_board = window.bridge.ruleset.board(window.bridge.state, active_language())
    drawn = _drawn(player)
    assert set(drawn) == set(player.map.view.tokens) == {"g1", "g2", "g3", "g4"}
    assert {t.id: (t.hex, t.facing, t.name) for t in game_board.tokens} == \
        {t.id: (t.hex, t.facing, t.name) for t in drawn.values()}  # gears are no NPCs: their own names
    assert player.map.isVisible() and player.map.view.terrain is not None
    view = player.map.view
    shown, area = view.mapFromScene(view.sceneRect()).boundingRect(), view.viewport().rect()
    assert area.adjusted(-2, -2, 2, 2).contains(shown)  # the whole board in view …
    assert shown.width() >= area.width() - 4 or shown.height() >= area.height() - 4  # … fitted to it


def test_a_move_in_the_main_window_moves_the_players_token_without_redrawing_the_terrain(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r

    window = rally_window
    player = _player(qtbot, window.bridge)
    terrain, before = player.map.view.terrain, _drawn(player)["g1"].hex
    assert window.run(m.DeclareSpeed(gear="g1", speed="top"))
    assert window.run(m.StepGear(gear="g1", step="ahead"))
    assert window.run(r.DeclineReaction(gear="g3"))  # BR-18: the Rustbucket could react first
    after = window.bridge.state.gears["g1"].hex
    assert after != before and _drawn(player)["g1"].hex == after
    centre = player.map.view.tokens["g1"].sceneBoundingRect().center()
    assert hex_at(centre) == after  # the disc drawn there, not only the data
    assert player.map.view.terrain is terrain  # only the units were drawn again
    assert window.bridge.undo()
    assert _drawn(player)["g1"].hex == before


def test_the_players_map_is_read_only_and_never_takes_the_focus(qtbot, rally_window) -> None:
    player = _player(qtbot, rally_window.bridge)
    view = player.map.view
    assert not view.movable and not view.isInteractive() and view.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert view.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # no drag, pan, wheel or click
    assert view.dragMode() == view.DragMode.NoDrag
    assert not view.tints and not view.overlay  # no arcs, no line of fire
    assert not any(item.isSelected() for item in view.tokens.values())
    transform = view.transform()
    player.resize(1920, 1080)
    qtbot.waitUntil(lambda: view.transform() != transform, timeout=2000)  # fitted again to the new size


def test_a_new_theme_draws_the_players_terrain_in_its_colours(qtbot, rally_window) -> None:
    from PySide6.QtWidgets import QApplication

    from gmtool.ui.theme import apply_theme
    from gmtool.viewmodels.tones import data_colour

    player = _player(qtbot, rally_window.bridge)
    board = rally_window.bridge.ruleset.board(rally_window.bridge.state, active_language())
    first = next(h for h in board.hexes() if h not in board.terrain)  # a hex of the first kind
    try:
        for theme in ("dark", "light"):
            apply_theme(QApplication.instance(), theme)
            wanted = data_colour(getattr(board.kinds[0], theme))
            qtbot.waitUntil(lambda wanted=wanted: player.map.view.terrain.colours[first] == wanted, timeout=2000)
    finally:
        apply_theme(QApplication.instance(), "system")


def test_hidden_npc_names_and_figures_on_the_map_follow_the_order_list() -> None:
    npc = Token("n1", Hex(0, 0, 0), 0, "Sgt. Real Name", damage=0.5, npc=True)
    pc = Token("p1", Hex(1, -1, 0), 3, "Kestrel", damage=0.25)
    unlisted = Token("x1", Hex(2, -2, 0), 0, "Not in the order", npc=True)
    names = {"n1": "NPC 1", "p1": "Kestrel"}  # what the list shows: the NPC's name hidden
    hidden = tokens_for_players((npc, pc, unlisted), names, PlayerViewSettings())
    assert [(t.id, t.name, t.damage, t.npc, t.hex, t.facing) for t in hidden] == [
        ("n1", "NPC 1", 0.0, True, Hex(0, 0, 0), 0),  # no name, no figures; its place, facing and colour stay
        ("p1", "Kestrel", 0.25, False, Hex(1, -1, 0), 3),
    ]
    shown = tokens_for_players((npc, pc), {"n1": "Sgt. Real Name", "p1": "Kestrel"},
                               PlayerViewSettings(show_npc_names=True, show_npc_figures=True, show_pc_figures=False))
    assert [(t.name, t.damage) for t in shown] == [("Sgt. Real Name", 0.5), ("Kestrel", 0.0)]
    board = Board(3, 1, (), {Hex(0, 0, 0): "rough"}, (npc, pc, unlisted))
    seen = board_for_players(board, names, PlayerViewSettings())
    assert (seen.columns, seen.rows, seen.terrain) == (3, 1, board.terrain) and len(seen.tokens) == 2


def test_the_map_follows_the_settings_and_the_order_lists_names(qtbot, rally_window) -> None:
    bridge = rally_window.bridge
    player = _player(qtbot, bridge)
    assert {t.id: t.name for t in _drawn(player).values()} == player.model.shown_names()
    player.apply_settings(PlayerViewSettings(show_pc_figures=False))
    assert all(t.damage == 0.0 for t in _drawn(player).values())


def test_without_a_board_the_order_takes_the_whole_width(qtbot, rally_window, monkeypatch) -> None:
    player = _player(qtbot, rally_window.bridge)
    rules = type(rally_window.bridge.ruleset)
    monkeypatch.setattr(rules, "board", lambda self, state, language: None)  # no course yet, or the map off
    player.map.redraw()
    assert player.map.isHidden()
    qtbot.waitUntil(lambda: player.view.width() > player.width() * 0.9, timeout=2000)
    monkeypatch.undo()
    player.map.redraw()
    assert player.map.isVisible() and set(player.map.view.tokens) == {"g1", "g2", "g3", "g4"}


def test_a_shadowrun_player_view_has_no_map_and_attach_adds_or_removes_it(qtbot, workspace, rally) -> None:
    sr5 = EncounterBridge(workspace)
    player = _player(qtbot, sr5)
    assert player.map is None and player.body.count() == 1
    player.attach(EncounterBridge(rally))
    assert player.map is not None and set(player.map.view.tokens) == {"g1", "g2", "g3", "g4"}
    player.attach(EncounterBridge(workspace.with_encounter(workspace.encounters()[0].id)))
    assert player.map is None and player.body.count() == 1


SHADOWRUN_PLAYER_VIEW = textwrap.dedent("""
    import json, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from gmtool.storage.workspace import Workspace
    from gmtool.viewmodels.bridge import EncounterBridge
    from gmtool.ui.player_view import PlayerView
    workspace = Workspace.open_default()
    bridge = EncounterBridge(workspace)
    player = PlayerView(bridge)
    player.show()
    app.processEvents()
    hex_modules = sorted(m for m in sys.modules if m.startswith("gmtool.core.hex") or m == "gmtool.ui.player_map")
    print(json.dumps([workspace.ruleset_key, player.map is None, hex_modules]))
""")
MAKE = "from gmtool.storage.workspace import Workspace; Workspace.open_default().close()"


def test_a_shadowrun_player_view_loads_no_hex_module(tmp_path: Path) -> None:
    env = {**os.environ, "GMTOOL_DATA_DIR": str(tmp_path), "GMTOOL_CONFIG_DIR": str(tmp_path),
           "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-c", MAKE], env=env, check=True)  # the demos written (every game loads)
    done = subprocess.run([sys.executable, "-c", SHADOWRUN_PLAYER_VIEW], env=env, check=True,
                          capture_output=True, text=True)
    key, no_map, hex_modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert key == "sr5" and no_map
    assert hex_modules == []
