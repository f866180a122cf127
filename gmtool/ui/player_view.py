"""The player view: a second top-level window for the players' screen.

Large type, "Turn N · Pass M", who acts now, and this pass's order with the
current actor highlighted; beside it, for a game played on a hex map, the board
(:mod:`gmtool.ui.player_map`, built and imported only for such a game). NPC names and
figures are hidden or shown as the GM chose
(:class:`~gmtool.viewmodels.player_view_model.PlayerViewSettings`), in the list and on the map. The
window listens to the same bridge as the main window's initiative panel, so it
follows every change whatever window has the focus; it never takes the focus
itself (shown without activating, no focusable child).
:class:`PlayerViewDialog` lets the GM pick the screen (``QGuiApplication.screens()``)
and what players see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QScreen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.declared import carry, map_rules
from gmtool.core.i18n import tr
from gmtool.ui.named_button import named_check
from gmtool.viewmodels import player_view_model as pvm
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_view_model import PlayerViewModel, PlayerViewSettings
from gmtool.viewmodels.tones import tone, tone_hex

if TYPE_CHECKING:
    from gmtool.ui.player_map import PlayerMap

ORDER_STRETCH, MAP_STRETCH = 2, 3  # shares of the width: the map fits the height of a landscape screen
BAR_HEIGHT_RATIO = 0.16  # of the font's height
NOTE_RATIO = 0.62  # the game's line under a name (a race's standing): of the list's type
# a track's meaning → the theme's colour
BAR_TONES = {"harm": "player_physical", "fatigue": "player_stun", "resource": "player_resource", "neutral": "player_neutral"}


def screen_named(name: str | None, fallback: QScreen | None = None) -> QScreen:
    """The screen called ``name``, else ``fallback``, else the primary screen."""
    for screen in QGuiApplication.screens():
        if name is not None and screen.name() == name:
            return screen
    return fallback or QGuiApplication.primaryScreen()


class PlaceDelegate(QStyledItemDelegate):
    """One place of the order: number, name, score on the right, the game's note (a race's standing)
    in smaller type under the name, monitors as bars below."""

    def __init__(self, font: QFont, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.font = font

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        metrics = QFontMetrics(self.font)
        tracks = index.data(pvm.TRACKS) or ()
        bars = len(tracks) * round(metrics.height() * BAR_HEIGHT_RATIO) + 6 if tracks else 0
        note = round(QFontMetrics(self._note_font()).height() * 1.15) if index.data(pvm.NOTE) else 0
        return QSize(metrics.horizontalAdvance("M") * 16, round(metrics.height() * 1.35) + note + bars)

    def _note_font(self) -> QFont:
        font = QFont(self.font)
        font.setPointSizeF(max(self.font.pointSizeF() * NOTE_RATIO, 1.0))
        return font

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        current = bool(index.data(pvm.IS_CURRENT))
        done = bool(index.data(pvm.DONE))
        rect = option.rect
        painter.save()
        painter.fillRect(rect, tone("player_current_back") if current else tone(("player_row", "player_row_alt")[index.row() % 2]))
        font = QFont(self.font)
        font.setBold(current)
        painter.setFont(font)
        metrics = QFontMetrics(font)
        painter.setPen(tone("player_current_text" if current else "player_done" if done else "player_text"))
        pad = metrics.horizontalAdvance("M") // 2
        line = QRect(rect.left() + pad, rect.top(), rect.width() - 2 * pad, round(metrics.height() * 1.35))
        place = f"{index.data(pvm.PLACE)}."
        place_width = metrics.horizontalAdvance("00.") + pad
        painter.drawText(line.adjusted(0, 0, -line.width() + place_width, 0), Qt.AlignmentFlag.AlignVCenter, place)
        score = index.data(pvm.SCORE)
        score_text = "" if score is None else str(score)
        score_width = metrics.horizontalAdvance(score_text) + pad if score_text else 0
        name_rect = line.adjusted(place_width, 0, -score_width, 0)
        name = ("▶ " if current else "") + str(index.data(pvm.SHOWN_NAME))
        painter.drawText(name_rect, Qt.AlignmentFlag.AlignVCenter,
                         metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_rect.width()))
        if score_text:
            painter.drawText(line, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, score_text)
        below = line.bottom() + 1
        note = index.data(pvm.NOTE)
        if note:
            small = self._note_font()
            painter.setFont(small)
            height = round(QFontMetrics(small).height() * 1.15)
            note_rect = QRect(name_rect.left(), below, line.right() - name_rect.left(), height)
            painter.drawText(note_rect, Qt.AlignmentFlag.AlignVCenter,
                             QFontMetrics(small).elidedText(str(note), Qt.TextElideMode.ElideRight, note_rect.width()))
            below += height
        tracks = index.data(pvm.TRACKS)
        if tracks:
            area = QRect(name_rect.left(), below, line.right() - name_rect.left(), rect.bottom() - below - 3)
            self._bars(painter, area, tracks)
        painter.restore()

    def _bars(self, painter: QPainter, area: QRect, tracks: tuple[tuple[int, int, str, str], ...]) -> None:
        """One thin bar a track (a condition monitor, hull …), filled to its value, coloured by its tone;
        pips (passes, Edge …) as a row of separate marks, one a point."""
        height = max((area.height() - 2 * (len(tracks) - 1)) // len(tracks), 2)
        for row, (value, top, meaning, kind) in enumerate(tracks):
            color = tone(BAR_TONES.get(meaning, "player_physical"))
            bar = QRect(area.left(), area.top() + row * (height + 2), area.width(), height)
            if kind == "pips":
                self._pips(painter, bar, value, top, color)
                continue
            painter.fillRect(bar, color.darker(250))
            if top:
                painter.fillRect(QRect(bar.left(), bar.top(), round(bar.width() * min(value, top) / top), height), color)

    @staticmethod
    def _pips(painter: QPainter, bar: QRect, value: int, top: int, color: QColor) -> None:
        """``top`` marks side by side, the first ``value`` filled; each at most three bars' height wide."""
        gap = max(bar.height() // 2, 2)
        width = min((bar.width() - gap * (top - 1)) // top, bar.height() * 3)
        for n in range(top):
            pip = QRect(bar.left() + n * (width + gap), bar.top(), max(width, 1), bar.height())
            painter.fillRect(pip, color if n < value else color.darker(250))


class PlayerView(QWidget):
    """The players' window (top-level even with a parent: it closes with the main window)."""

    closed = Signal()

    def __init__(self, bridge: EncounterBridge, settings: PlayerViewSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.model = PlayerViewModel(bridge, settings, self)
        self.heading = QLabel(self)
        self.heading.setObjectName("playerHeading")
        self.current_label = QLabel(self)
        self.current_label.setObjectName("playerCurrent")
        self.view = QListView(self)
        self.view.setObjectName("playerOrder")
        self.view.setModel(self.model)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setUniformItemSizes(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.current_label)
        self.body = QHBoxLayout()  # the order, and the map beside it for a map game
        self.body.addWidget(self.view, ORDER_STRETCH)
        layout.addLayout(self.body, 1)
        self.party = QLabel(self)  # the party between encounters (gmtool.storage.party_flow)
        self.party.setObjectName("playerParty")
        self.party.setWordWrap(True)
        self.party.hide()
        layout.addWidget(self.party)
        self._bridge = bridge
        self.map: PlayerMap | None = None
        self._show_map(bridge)
        self.setStyleSheet(
            f"#playerView {{ background-color: {tone_hex('player_back')}; }}"
            f"#playerHeading, #playerCurrent, #playerParty {{ color: {tone_hex('player_text')}; }}"
            f"#playerOrder {{ background-color: {tone_hex('player_back')}; border: none; }}"
        )
        self.model.statusChanged.connect(self._refresh_status)
        self.model.modelReset.connect(self._follow_current)
        self.model.dataChanged.connect(lambda *_: self._follow_current())
        self.apply_settings(self.model.settings)
        self.retranslate()

    # -- settings and bridge ---------------------------------------------------------------
    @property
    def settings(self) -> PlayerViewSettings:
        return self.model.settings

    def apply_settings(self, settings: PlayerViewSettings) -> None:
        """New choices of the GM: fonts, what is hidden (the screen applies at :meth:`show_on_screen`)."""
        base = QFont(self.font())
        base.setPointSize(settings.font_point_size)
        heading = QFont(base)
        heading.setPointSize(round(settings.font_point_size * 1.2))
        heading.setBold(True)
        self.heading.setFont(heading)
        self.current_label.setFont(base)
        self.party.setFont(base)
        self.view.setItemDelegate(PlaceDelegate(base, self.view))
        self.model.set_settings(settings)
        self.view.doItemsLayout()
        if self.map is not None:
            self.map.redraw()

    def attach(self, bridge: EncounterBridge) -> None:
        """Follow the bridge of a rebuilt main window (another encounter, another language)."""
        self.model.attach(bridge)
        self._bridge = bridge
        self._show_map(bridge)
        self.retranslate()

    def _show_map(self, bridge: EncounterBridge) -> None:
        """The board beside the order when the game is played on a map; none otherwise."""
        if self.map is not None:
            self.map.detach()
            self.body.removeWidget(self.map)
            self.map.hide()
            self.map.deleteLater()
            self.map = None
        if map_rules(bridge.ruleset) is not None:  # the game declares the map capability
            from gmtool.ui.player_map import PlayerMap  # the hex modules load for a map game only

            self.map = PlayerMap(bridge, self.model, self)  # after the model: it reads the model's fresh names
            self.body.addWidget(self.map, MAP_STRETCH)

    def retranslate(self) -> None:
        """Re-read every text in the active language."""
        self.setWindowTitle(tr("player.title"))
        self.model.refresh()
        self._refresh_status()
        self.refresh_party()
        if self.map is not None:
            self.map.redraw()

    def refresh_party(self) -> None:
        """Between encounters (no member of the game's party in this one), the party's state as the players
        may see it; hidden otherwise. Read when the window changes encounter and when the party changes."""
        workspace = self._bridge.workspace
        rows: list[tuple[str, str]] = []
        if carry(self._bridge.ruleset) is not None:
            from gmtool.storage.party_flow import between_encounters, party_rows

            if between_encounters(workspace.campaign, workspace.encounter_id):
                rows = party_rows(workspace.campaign, workspace.ruleset_key, players=True)
        self.party.setText(tr("player.party", members="\n".join(f"{name}: {words}" for name, words in rows)))
        self.party.setVisible(bool(rows))

    # -- placing the window ------------------------------------------------------------------
    def show_on_screen(self) -> QScreen:
        """Show on the chosen screen (full screen if asked) without taking the focus; returns the screen."""
        fallback = parent.screen() if (parent := self.parentWidget()) is not None else None
        screen = screen_named(self.settings.screen, fallback)
        self.setScreen(screen)
        area = screen.availableGeometry()
        if self.settings.full_screen:
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:
            width, height = min(900, area.width()), min(700, area.height())
            self.setGeometry(area.left() + (area.width() - width) // 2, area.top() + (area.height() - height) // 2,
                             width, height)
            self.showNormal()
        return screen

    # -- live updates --------------------------------------------------------------------------
    def _refresh_status(self) -> None:
        self.heading.setText(self.model.heading())
        name = self.model.current_name()
        line = self.model.status_line()
        self.current_label.setText(tr("panel.current_actor", name=name) if name else line or tr("panel.no_current_actor"))

    def _follow_current(self) -> None:
        row = self.model.current_row()
        if row is not None:
            self.view.scrollTo(self.model.index(row, 0), QAbstractItemView.ScrollHint.EnsureVisible)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)


class PlayerViewDialog(QDialog):
    """The GM's choices: screen, NPC names and figures, players' figures, type size, full screen."""

    def __init__(self, settings: PlayerViewSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerViewDialog")
        self.setWindowTitle(tr("player.dialog.title"))
        settings = settings or PlayerViewSettings()
        self.screen_combo = QComboBox(self)
        self.screen_combo.setObjectName("playerScreen")
        for number, screen in enumerate(QGuiApplication.screens(), 1):
            size = screen.geometry()
            self.screen_combo.addItem(
                tr("player.dialog.screen_item", number=number, name=screen.name(), width=size.width(), height=size.height()),
                screen.name(),
            )
        chosen = screen_named(settings.screen, parent.screen() if parent is not None else None)
        self.screen_combo.setCurrentIndex(max(self.screen_combo.findData(chosen.name()), 0))
        self.full_screen = named_check("player.dialog.full_screen", settings.full_screen, self)
        self.npc_names = named_check("player.dialog.npc_names", settings.show_npc_names, self)
        self.npc_figures = named_check("player.dialog.npc_figures", settings.show_npc_figures, self)
        self.pc_figures = named_check("player.dialog.pc_figures", settings.show_pc_figures, self)
        self.hide_npcs = named_check("share.dialog.hide_npcs", settings.hide_npcs_until_they_act, self)
        self.font_size = QSpinBox(self)
        self.font_size.setObjectName("playerFontSize")
        self.font_size.setRange(pvm.SCREEN_FONT_MIN, pvm.SCREEN_FONT_MAX)
        self.font_size.setValue(settings.font_point_size)
        self.font_size.setSuffix(tr("player.dialog.points_suffix"))
        form = QFormLayout()
        form.addRow(tr("player.dialog.screen"), self.screen_combo)
        form.addRow("", self.full_screen)
        form.addRow(tr("player.dialog.font_size"), self.font_size)
        for box in (self.npc_names, self.npc_figures, self.pc_figures, self.hide_npcs):
            form.addRow("", box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def settings(self) -> PlayerViewSettings:
        return PlayerViewSettings(
            show_npc_names=self.npc_names.isChecked(),
            show_npc_figures=self.npc_figures.isChecked(),
            show_pc_figures=self.pc_figures.isChecked(),
            hide_npcs_until_they_act=self.hide_npcs.isChecked(),
            font_point_size=self.font_size.value(),
            screen=self.screen_combo.currentData(),
            full_screen=self.full_screen.isChecked(),
        )


def choose_player_view_settings(parent: QWidget | None, settings: PlayerViewSettings | None) -> PlayerViewSettings | None:
    """Ask the GM (modal); the new settings, or None when cancelled."""
    dialog = PlayerViewDialog(settings, parent)
    return dialog.settings() if dialog.exec() == QDialog.DialogCode.Accepted else None
