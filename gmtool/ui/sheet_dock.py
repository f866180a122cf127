"""A dock any game can use for the selected combatant: its sheet as the game describes it, and what it
may do now.

Drawn from the game's display types only (``rules.sheet`` → :class:`~gmtool.core.display.SheetView`,
``rules.offers`` → :class:`~gmtool.core.display.Offer`). A value typed in becomes the game's command
(``rules.edit``) and taking an offer the game's command (``rules.take``), both run through the
window (bridge → session → journal); a refusal is shown in the status line and the field shows the
fight's value again. A game with a richer sheet of its own builds its own dock instead.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.display import SheetField, SheetView
from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.ui.fight_focus import return_focus_to_fight
from gmtool.ui.fit import never_sideways
from gmtool.ui.flow_layout import FlowLayout
from gmtool.ui.shown_value import show_value
from gmtool.viewmodels.bridge import EncounterBridge

Editor = QSpinBox | QLineEdit | QCheckBox | QComboBox
TEXT_FIELD_CHARACTERS = 16  # a text field's least width, in average characters


class SheetDock(QWidget):
    """The selected combatant's sheet fields, tracks and offers; edits and offers become commands."""

    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._run = run
        self._shape: tuple[tuple[str, str], ...] | None = None  # (key, kind) of the fields drawn
        self.editors: dict[str, Editor] = {}
        self.offer_buttons: dict[str, QPushButton] = {}
        self.title = QLabel(self)
        self.title.setObjectName("sheetDockTitle")
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: a long label above its field
        self.tracks = QLabel(self)
        self.tracks.setObjectName("sheetDockTracks")
        self.tracks.setWordWrap(True)  # a long detail (a duel's PP split) wraps rather than widening the window
        self.offers = FlowLayout()  # wraps in a narrow dock rather than widening the window
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addWidget(self.title)
        layout.addLayout(self.form)
        layout.addWidget(self.tracks)
        layout.addLayout(self.offers)
        layout.addStretch(1)
        # A long sheet (twenty fields) scrolls rather than making the window taller than the screen.
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(never_sideways(scroll))
        self._shown = True  # until the window says the dock's tab is behind another (set_shown)
        self._stale = False  # a change came while the tab was behind another
        self._drawn_for: str | None = None  # the combatant whose values the editors show
        bridge.changed.connect(self._on_change)
        bridge.selectionChanged.connect(lambda _cid: self._on_change(None))
        self.refresh()

    def set_shown(self, shown: bool) -> None:
        """The dock's tab is in front or behind another (``QDockWidget.visibilityChanged``; a tab behind is
        moved off screen, not hidden): behind, the sheet draws nothing and catches up when in front again
        (redrawn on every key press while behind, it relaid out the whole window each time)."""
        self._shown = shown
        if shown and self._stale:
            self._stale = False
            self.refresh()

    def _on_change(self, _change: Change | None) -> None:
        if self._shown:
            self.refresh()
        else:
            self._stale = True

    # -- drawing ---------------------------------------------------------------------------------
    def sheet(self) -> SheetView | None:
        cid = self._bridge.selected
        return self._bridge.ruleset.sheet(self._bridge.state, cid) if cid is not None else None

    def refresh(self) -> None:
        """Draw the selected combatant's sheet: the form is rebuilt only when its fields change."""
        view = self.sheet()
        self._drawn_for = view.id if view is not None else None
        self.title.setText(view.name if view is not None else tr("sheet_dock.nobody"))
        shape = tuple((f.key, f.kind) for f in view.fields) if view is not None else ()
        if shape != self._shape:
            self._rebuild(view)
        for field in view.fields if view is not None else ():
            self._show(self.editors[field.key], field)
        self.tracks.setText("   ".join(f"{t.label}: {t.text()}" for t in view.tracks) if view is not None else "")
        self._show_offers(view)

    def _rebuild(self, view: SheetView | None) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors = {}
        for field in view.fields if view is not None else ():
            editor = self._editor(field)
            editor.setObjectName(f"sheetField_{field.key}")
            self.editors[field.key] = editor
            self.form.addRow(field.label, editor)
        self._shape = tuple((f.key, f.kind) for f in view.fields) if view is not None else ()

    def _editor(self, field: SheetField) -> Editor:
        key = field.key
        if field.kind == "number":
            spin = QSpinBox(self)
            spin.editingFinished.connect(lambda: self._edit(key, spin.value()))
            return spin
        if field.kind == "flag":
            box = QCheckBox(self)
            box.toggled.connect(lambda on: self._edit(key, on))
            return box
        if field.kind == "choice":
            combo = QComboBox(self)
            combo.activated.connect(lambda _i: self._edit(key, combo.currentData()))
            return combo
        line = QLineEdit(self)
        line.editingFinished.connect(lambda: self._edit(key, line.text().strip()))
        # A narrow dock still shows a name or a weapon whole: the text decides the dock's least width.
        line.setMinimumWidth(line.fontMetrics().horizontalAdvance("x") * TEXT_FIELD_CHARACTERS)
        return line

    def _show(self, editor: Editor, field: SheetField) -> None:
        """The fight's value in the editor (signals held: showing is no edit)."""
        editor.blockSignals(True)
        try:
            editor.setEnabled(field.editable)
            if isinstance(editor, QSpinBox):
                editor.setRange(field.low, field.high)
                show_value(editor, int(field.value))  # a box already showing it is not repainted
            elif isinstance(editor, QCheckBox):
                editor.setChecked(bool(field.value))
            elif isinstance(editor, QComboBox):
                if [editor.itemData(i) for i in range(editor.count())] != [k for k, _l in field.choices]:
                    editor.clear()
                    for choice, label in field.choices:
                        editor.addItem(label, choice)
                editor.setCurrentIndex(max(0, editor.findData(field.value)))
            elif not editor.hasFocus() or editor.text().strip() == str(field.value):
                editor.setText(str(field.value))
                if not field.editable:  # a value to read: its start in view, the whole in the tooltip
                    editor.setCursorPosition(0)
                editor.setToolTip("" if field.editable else str(field.value))
        finally:
            editor.blockSignals(False)

    def _show_offers(self, view: SheetView | None) -> None:
        offers = self._bridge.ruleset.offers(self._bridge.state, view.id) if view is not None else ()
        if [o.key for o in offers] != list(self.offer_buttons):
            for button in self.offer_buttons.values():
                self.offers.removeWidget(button)
                button.deleteLater()
            self.offer_buttons = {}
            for offer in offers:
                button = QPushButton(offer.label, self)
                button.setObjectName(f"offer_{offer.key}")
                button.clicked.connect(lambda _c=False, k=offer.key: self._take_clicked(k))
                self.offers.addWidget(button)
                self.offer_buttons[offer.key] = button
        for offer in offers:
            button = self.offer_buttons[offer.key]
            button.setText(offer.label)
            button.setEnabled(offer.enabled)
            button.setToolTip(offer.reason)

    # -- intents ----------------------------------------------------------------------------------
    def _edit(self, key: str, value: int | str | bool) -> None:
        view = self.sheet()
        field = view.field(key) if view is not None else None
        if view is None or field is None or field.value == value:
            return
        if self._stale or view.id != self._drawn_for:  # the editor shows another moment or combatant: no edit
            self.refresh()
            return
        if not self._run(self._bridge.ruleset.edit(view.id, key, value)):
            self.refresh()  # refused: the fight's value again

    def _take_clicked(self, key: str) -> None:
        """An offer's button: taken, the keyboard goes back to the fight (the map's arrows, Space)."""
        if self.take(key):
            return_focus_to_fight(self)

    def take(self, key: str) -> bool:
        """Take an offer of the selected combatant (the game's command)."""
        view = self.sheet()
        if view is None:
            return False
        return self._run(self._bridge.ruleset.take(self._bridge.state, view.id, key))
