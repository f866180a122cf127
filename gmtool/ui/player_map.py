"""The player view's map: the board of a hex game for the players' screen, read-only.

Built only for a game declaring the ``map`` capability (:mod:`gmtool.core.capabilities`) (the player view imports
this module then, so a game without a map loads no hex module). It draws what the game's
:class:`gmtool.core.hex.on_map.MapRules` answers for ``board``, its units filtered as the order list
shows them (:mod:`gmtool.viewmodels.player_map_model`): no arcs, no line of fire, no selection. The
whole board fits the area, again after each resize; nothing here takes the mouse, the wheel or the
focus. The units' names are read across the table: half the order's type, at least 14 pt. The
game's marked areas (a race's start, finish and checkpoints) are drawn and in the legend, which wraps
(the order beside it keeps its width on a narrow window).
Like the GM's map dock it redraws after a change that touched the map or the roster (the units only,
unless the terrain differs), and the whole board when the theme changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gmtool.core.declared import map_rules
from gmtool.core.encounter import Change
from gmtool.core.hex.board import Board
from gmtool.core.hex.on_map import MapRules
from gmtool.core.i18n import active_language
from gmtool.ui.hex_map_view import HexMapView
from gmtool.ui.map_legend import legend_html, zone_entries
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_map_model import board_for_players
from gmtool.viewmodels.player_view_model import PlayerViewModel
from gmtool.viewmodels.tones import data_colour, shade, tone_hex

LEGEND_RATIO, LEGEND_POINTS = 0.5, (9, 14)  # the terrain legend's type: half the order's, within these
NAME_RATIO, NAME_POINTS = 0.5, (14, 24)  # the units' names: half the order's type, at least 14 pt across the table

def name_points(order_points: int) -> float:
    """The units' names on the players' map: half the order's type, within :data:`NAME_POINTS`."""
    return float(min(max(round(order_points * NAME_RATIO), NAME_POINTS[0]), NAME_POINTS[1]))


class PlayerMap(QWidget):
    """The board and its terrain legend, following one bridge; the names and settings of ``model``."""

    def __init__(self, bridge: EncounterBridge, model: PlayerViewModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerMap")
        self._bridge, self._model = bridge, model
        self._shown: Board | None = None
        self._shade = shade()  # the terrain's colours are this theme's
        self.view = HexMapView(self)
        self.view.movable = False
        self.view.setInteractive(False)
        self.view.setDragMode(HexMapView.DragMode.NoDrag)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # no drag, pan, wheel or click
        for policy in (self.view.setHorizontalScrollBarPolicy, self.view.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setStyleSheet(f"#hexMapView {{ background-color: {tone_hex('player_back')}; border: none; }}")
        self.legend = QLabel(self)
        self.legend.setObjectName("playerMapLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)
        bridge.changed.connect(self._on_change)
        if parent is not None:
            parent.installEventFilter(self)
        self.redraw()

    @property
    def rules(self) -> MapRules[object]:
        on_map = map_rules(self._bridge.ruleset)
        assert on_map is not None, "the player view builds its map for a game declaring the map capability only"
        return on_map

    def detach(self) -> None:
        """Stop following the bridge (the main window was rebuilt)."""
        self._bridge.changed.disconnect(self._on_change)

    def redraw(self) -> None:
        """The board anew when its terrain or size differs from the one shown, else its units only."""
        board = self.rules.board(self._bridge.state, active_language())
        self.setVisible(board is not None)  # no map (yet, or switched off): the order takes the width
        if board is None:
            self._shown = None
            return
        board = board_for_players(board, self._model.shown_names(), self._model.settings)
        points = name_points(self._model.settings.font_point_size)
        if self.view.label_points != points:  # the players' type changed: the names drawn anew
            self.view.label_points, self._shown = points, None
        if board.same_ground(self._shown):
            self.view.show_tokens(board.tokens)
        else:
            self.view.show_board(board)
            self.view.fit()
            self._shade = shade()
        self._shown = board
        self._show_legend(board)

    def _show_legend(self, board: Board) -> None:
        """One swatch and name per terrain kind, wrapping between kinds, in the players' colours and type."""
        points = round(self._model.settings.font_point_size * LEGEND_RATIO)
        points = min(max(points, LEGEND_POINTS[0]), LEGEND_POINTS[1])
        dark = shade() == "dark"
        kinds = [(data_colour(k.dark if dark else k.light), k.label) for k in board.kinds]
        text = legend_html([*kinds, *zone_entries(board.zones)], tone_hex("player_text"), points)
        if self.legend.text() != text:
            self.legend.setText(text)

    def _on_change(self, change: Change) -> None:
        touched = change.touched
        if change.reset or touched.everything or touched.parts & {"map", "roster"}:
            self.redraw()  # after the order list's model (connected first): its names are fresh

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """The player view's palette changed (a theme: its style sheet keeps the event from the map)."""
        if event.type() == QEvent.Type.PaletteChange:
            QTimer.singleShot(0, self, self._restyle)  # once the theme is in force
        return False

    def _restyle(self) -> None:
        """The terrain drawn anew in the theme's colours, if the theme turned light or dark (not on
        every palette event: showing the window with its style sheet sends one too)."""
        if self._shown is not None and shade() != self._shade:
            self._shown = None
            self.redraw()
