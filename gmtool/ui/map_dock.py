"""A dock any hex game can use for its map: the board with its units, the selected unit's arcs, and
the line of fire to a chosen target with its verdict and reasons.

It draws what the game's :class:`gmtool.core.hex.on_map.MapRules` answers and turns what the GM
does on the map into the game's commands, run through the window (bridge → session → journal): the
arrow keys step the selected unit (Up ahead, Down back, Left/Right turn), Shift+Left/Right turn it
freely and a drag drops it on another hex (the GM's own moves). The selection is the window's
(order list, sheet and map select the same unit). A move redraws the units only, not the terrain.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.core.declared import target_hint
from gmtool.core.encounter import Change
from gmtool.core.hex.board import Board
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.on_map import MapRules, Step
from gmtool.core.i18n import active_language, tr
from gmtool.core.messages import Command
from gmtool.ui.hex_map_view import HexMapPanel
from gmtool.ui.map_legend import legend_html, legend_label
from gmtool.ui.narrow_combo import narrow, refill
from gmtool.ui.quiet_lines import QuietLines
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.tones import see_through

REASON_LINES = 3  # the reasons' height in lines
LEGEND_LINES = 2  # the overlay legend's height, under the bar: up to six bands at the least width


class MapDock(QWidget):
    """The map, its overlay controls and the verdict of the line of fire."""

    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], rules: MapRules[object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._run, self._rules = bridge, run, rules
        self._shown: Board | None = None
        self._legend: tuple[tuple[int, str], ...] = ()
        self._wanted: str | None = None  # the overlay the GM chose ("": none; None: each unit's first)
        self.panel = HexMapPanel(self)
        self.view = self.panel.view
        self.overlay = QComboBox(self)  # the selected unit's arcs (the default), range bands … or nothing
        self.overlay.setObjectName("mapOverlay")
        narrow(self.overlay, 6)
        self.target = QComboBox(self)
        self.target.setObjectName("mapTarget")
        narrow(self.target, 8)
        fit = self.fit = QPushButton(tr("map.fit"), self)
        fit.setToolTip(tr("map.fit_tip"))
        self.no_map = QLabel(self)
        self.no_map.setObjectName("mapNone")
        self.no_map.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_map.setWordWrap(True)
        self.arc_legend = legend_label(self, "mapOverlayLegend")
        # Fixed heights: a new line of fire never resizes (and so re-renders) the map, nor lays out the dock
        self._verdict_lines, self._reason_lines = QuietLines(1, "mapVerdict", self), QuietLines(REASON_LINES, "mapReasons", self)
        self.verdict, self.reasons = self._verdict_lines.label, self._reason_lines.label
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        # The legend's squares may come from a taller font than its text: half a line more.
        self.arc_legend.setFixedHeight(self.arc_legend.fontMetrics().lineSpacing() * (2 * LEGEND_LINES + 1) // 2 + 4)
        self._lay_out(fit)
        fit.clicked.connect(self.view.fit)
        self.overlay.currentIndexChanged.connect(self._overlay_chosen)
        self.target.currentIndexChanged.connect(self.show_overlays)
        self.view.tokenSelected.connect(bridge.select)
        self.view.stepRequested.connect(self.step)
        self.view.turnRequested.connect(self.turn)
        self.view.tokenDropped.connect(self.drop)
        bridge.changed.connect(self._on_change)
        bridge.selectionChanged.connect(self._on_selected)
        self.redraw()

    def _lay_out(self, fit: QPushButton) -> None:
        bar = QHBoxLayout()
        bar.addWidget(self.overlay)
        bar.addStretch(1)
        bar.addWidget(QLabel(tr("map.fire_to"), self))
        bar.addWidget(self.target, 1)  # a wide map gives the target's name room
        bar.addWidget(fit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.arc_legend)  # the whole width: six range bands in two lines
        layout.addWidget(self.no_map, 1)
        layout.addWidget(self.panel, 1)
        layout.addWidget(self._verdict_lines)
        layout.addWidget(self._reason_lines)

    # -- drawing ------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The board anew when its terrain or size differs from the one shown, else its units only."""
        board = self._rules.board(self._bridge.state, active_language())
        self.no_map.setVisible(board is None)
        self.panel.setVisible(board is not None)
        for widget in (self.overlay, self.target, self.fit, self.verdict, self.reasons):
            widget.setEnabled(board is not None)
        if board is None:
            self._shown = None
            self.no_map.setText(self._rules.no_map(self._bridge.state))
            self.verdict.setText("")
            self.reasons.setText("")
            return
        if board.same_ground(self._shown):
            self.view.show_tokens(board.tokens)
        else:
            self.panel.show_board(board)
            self.view.fit()
        self._shown = board
        self.view.select_token(self._bridge.selected)
        self._fill_targets()
        self.show_overlays()

    def _on_change(self, change: Change) -> None:
        touched = change.touched
        if change.reset or touched.everything or touched.parts & {"map", "roster"}:
            self.redraw()

    def _on_selected(self, unit: str | None) -> None:
        self.view.select_token(unit)
        self._fill_targets()
        self.show_overlays()

    def _fill_targets(self) -> None:
        """Every other unit on the map, the chosen one kept when it is still there."""
        units = [(t.id, t.name) for t in (self._shown.tokens if self._shown else ()) if t.id != self._bridge.selected]
        if [(self.target.itemData(i), self.target.itemText(i)) for i in range(1, self.target.count())] == units:
            return
        refill(self.target, tr("map.no_target"), units)

    def set_target(self, unit: str | None) -> None:
        """Draw the line of fire to ``unit`` (None, or a unit not on the map: none), as a game's attack
        panel aims: the map shows the pair the panel would roll for."""
        index = max(0, self.target.findData(unit)) if unit is not None else 0
        if index != self.target.currentIndex():
            self.target.setCurrentIndex(index)

    def show_overlays(self) -> None:
        """The selected unit's arcs (when wanted) and the line of fire to the chosen target."""
        unit, state = self._bridge.selected, self._bridge.state
        on_map = self._shown is not None and unit is not None and any(t.id == unit for t in self._shown.tokens)
        self._fill_overlays(unit if on_map else None)
        key = self.overlay.currentData()
        arcs = self._rules.overlay(state, unit, key) if on_map and unit and key else None
        self.view.show_tints(arcs.tints if arcs else {})
        self._show_arc_legend(arcs.legend if arcs else ())
        target = self.target.currentData()
        line = self._rules.fire_line(state, unit, target) if on_map and unit and target else None
        if line is None:
            self.view.clear_overlay()
            hint = target_hint(self._bridge.ruleset)  # a game's own words, if it declares them
            self.verdict.setText((hint.pick_target_hint() if hint is not None else tr("map.pick_target")) if on_map else "")
            self.reasons.setText("")
            self.reasons.setToolTip("")
            return
        self.view.show_sight(line.sight)
        self.verdict.setText(f"<b>{line.verdict}</b>")
        self.reasons.setText(" · ".join(line.reasons))
        self.reasons.setToolTip("\n".join(line.reasons))

    def _fill_overlays(self, unit: str | None) -> None:
        """The unit's overlays and "none"; the GM's choice kept while the unit offers it (else its first)."""
        offered = [("", tr("map.no_overlay"))] + list(self._rules.overlays(self._bridge.state, unit) if unit else ())
        shown = [(self.overlay.itemData(i), self.overlay.itemText(i)) for i in range(self.overlay.count())]
        if offered == shown:
            return
        keys = [key for key, _name in offered]
        wanted = self._wanted if self._wanted in keys else (keys[1] if len(keys) > 1 and self._wanted != "" else "")
        self.overlay.blockSignals(True)
        self.overlay.clear()
        for key, name in offered:
            self.overlay.addItem(name, key)
        self.overlay.setCurrentIndex(keys.index(wanted))
        self.overlay.blockSignals(False)

    def show_line_to(self, unit: str | None) -> None:
        """Draw the line of fire to ``unit`` (None: none), as if chosen in *Line of fire to* (a game's
        attack panel keeps the map on the target it aims at)."""
        index = self.target.findData(unit) if unit is not None else 0
        if index >= 0 and index != self.target.currentIndex():
            self.target.setCurrentIndex(index)

    def _overlay_chosen(self) -> None:
        self._wanted = self.overlay.currentData()
        self.show_overlays()

    def _show_arc_legend(self, legend: tuple[tuple[int, str], ...]) -> None:
        if legend == self._legend:
            return
        self._legend = legend
        self.arc_legend.setText(legend_html((see_through(f"map_tint_{n}", 255), text) for n, text in legend))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._shown is not None:
            self._shown = None  # the theme's colours: the terrain drawn anew
            self.redraw()

    # -- what the GM does on the map -----------------------------------------------------------
    def _unit(self) -> str | None:
        return self._bridge.selected or self.view.selected_token()

    def step(self, step: Step) -> bool:
        unit = self._unit()
        return unit is not None and self._run(self._rules.step(self._bridge.state, unit, step))

    def turn(self, sides: int) -> bool:
        unit = self._unit()
        token = next((t for t in self._shown.tokens if t.id == unit), None) if self._shown else None
        if token is None:
            return False
        return self._run(self._rules.place(self._bridge.state, token.id, token.hex, (token.facing + sides) % 6))

    def drop(self, unit: str, at: Hex) -> bool:
        token = next((t for t in self._shown.tokens if t.id == unit), None) if self._shown else None
        if token is None:
            return False
        return self._run(self._rules.place(self._bridge.state, unit, at, token.facing))


def focus_map(dock: MapDock) -> None:
    """Give the map the keyboard (its arrow keys move the selected unit)."""
    dock.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
