"""The character-sheet panel: shows and edits the selected combatant.

Each editor sends its value to the :class:`SheetModel`; the core decides. A
refused value is put back and the reason shown in red beside the field. A vehicle or
drone (an edition's ``vehicle_rows``) shows vehicle fields only: its attributes, autosofts
and control, its passes and its one condition monitor; no metatype, person's attributes,
Edge or stun monitor.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import term_label, tr
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.gui.sheet_model import SheetModel
from gmtool.games.shadowrun.gui.view_protocol import DAMAGE
from gmtool.ui.condition_track import ConditionTrack
from gmtool.ui.shown_value import show_value
from gmtool.ui.toned_line import toned_line
from gmtool.viewmodels.bridge import EncounterBridge

SPIN_LIMIT = 99  # wide on purpose: the core, not the widget, refuses bad values
PERSON_FIELDS = ("metatype", "stun_damage", "edge_points", "initiative_bonus")  # not on a vehicle's sheet
ATTRIBUTE_SPIN_WIDTH = 54
DAMAGE_BOXES_MAX = 50


class SheetPanel(QWidget):
    """Name, metatype, attributes, initiative, Edge and the two condition monitors."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.model = SheetModel(bridge, self)
        self.editors: dict[str, QWidget] = {}
        self.errors: dict[str, QLabel] = {}
        self._rows: dict[str, tuple[QFormLayout, QWidget]] = {}  # field → its form and row (to hide for a vehicle)
        self.damage_buttons: dict[str, QPushButton] = {}
        self._vehicle_shown: tuple[tuple[str, str], ...] | None = None
        self.placeholder = QLabel(tr("sheet.no_selection"), self)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body = QWidget(self)
        body_layout = QVBoxLayout(self.body)
        body_layout.addWidget(self._identity_box())
        self.vehicle_box = QGroupBox(tr("sheet.vehicle"), self)
        self.vehicle_box.setObjectName("vehicleBox")
        self.vehicle_form = QFormLayout(self.vehicle_box)
        body_layout.addWidget(self.vehicle_box)
        self.attributes_box = self._attributes_box()
        body_layout.addWidget(self.attributes_box)
        body_layout.addWidget(self._initiative_box())
        body_layout.addWidget(self._monitors_box())
        self.effects_box = edition_view(bridge).sheet_extras(self)  # the game's own part of the sheet (effects), if any
        if self.effects_box is not None:
            body_layout.addWidget(self.effects_box)
        body_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.placeholder)
        layout.addWidget(scroll, 1)
        self._scroll = scroll
        self.model.modelReset.connect(self._on_reset)
        self.model.dataChanged.connect(lambda *_: self.refresh())
        self.model.fieldRefused.connect(self._show_refusal)
        self.model.fieldAccepted.connect(self._clear_refusal)
        bridge.pastChanged.connect(self._follow_refusal)
        self._follow_refusal()
        self.refresh()

    # -- building ------------------------------------------------------------
    def _follow_refusal(self) -> None:
        """While nothing can be changed (the fight shown as it was, a campaign open read-only) the
        sheet is read, not edited: its fields are greyed and say why."""
        refusal = self._bridge.acting_refusal()
        self.body.setEnabled(refusal is None)
        self.body.setToolTip(refusal or "")

    def _error_label(self, field: str) -> QLabel:
        label = toned_line(self, f"error_{field}", "error")
        label.hide()
        self.errors[field] = label
        return label

    def _add_row(self, form: QFormLayout, field: str, editor: QWidget) -> None:
        editor.setObjectName(f"edit_{field}")
        self.editors[field] = editor
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        column.addWidget(editor)
        column.addWidget(self._error_label(field))
        form.addRow(tr(f"field.{field}"), holder)
        self._rows[field] = (form, holder)

    def _spin(self, field: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(-SPIN_LIMIT, SPIN_LIMIT)
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(lambda value, f=field: self._edited(f, value))
        return spin

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox(tr("sheet.identity"), self)
        form = QFormLayout(box)
        name = QLineEdit(self)
        name.editingFinished.connect(lambda: self._edited("name", name.text()))
        self._add_row(form, "name", name)
        combo = QComboBox(self)
        for key, label in self.model.metatypes():
            combo.addItem(label, key)
        combo.activated.connect(lambda i: self._edited("metatype", combo.itemData(i)))
        self._add_row(form, "metatype", combo)
        npc = QCheckBox(tr("sheet.npc_hint"), self)
        npc.toggled.connect(lambda on: self._edited("is_npc", on))
        self._add_row(form, "is_npc", npc)
        return box

    def _attributes_box(self) -> QGroupBox:
        box = QGroupBox(tr("sheet.attributes"), self)
        grid = QGridLayout(box)
        for i, attribute in enumerate(edition_view(self._bridge).attributes):
            field = f"attr.{attribute}"
            form = QFormLayout()
            spin = self._spin(field)
            spin.setMaximumWidth(ATTRIBUTE_SPIN_WIDTH)
            self._add_row(form, field, spin)
            grid.addLayout(form, i // 3, i % 3)
        return box

    def _initiative_box(self) -> QGroupBox:
        box = QGroupBox(tr("sheet.initiative"), self)
        form = QFormLayout(box)
        for field in edition_view(self._bridge).initiative_fields:
            self._add_row(form, field, self._spin(field))
        self.initiative_label = QLabel(self)
        self.score_label = QLabel(self)
        self.score_label.setObjectName("scoreLabel")
        self.score_label.setWordWrap(True)
        form.addRow(tr("field.derived.initiative"), self.initiative_label)
        form.addRow(tr("field.derived.score"), self.score_label)
        return box

    def _monitors_box(self) -> QGroupBox:
        box = QGroupBox(tr("sheet.condition"), self)
        form = QFormLayout(box)
        for field, colour in (("physical_damage", "physical"), ("stun_damage", "stun")):
            track = ConditionTrack(colour, self)
            track.boxesRequested.connect(lambda n, f=field: self._edited(f, n))
            self._add_row(form, field, track)
        self.wound_label = QLabel(self)
        form.addRow(tr("field.derived.wound_modifier"), self.wound_label)
        if self._bridge.has(DAMAGE):
            form.addRow(tr("sheet.damage"), self._damage_row())
        return box

    def _damage_row(self) -> QWidget:
        """Boxes of damage through the game's damage command (stun overflow goes on to physical)."""
        holder = QWidget(self)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        self.damage_boxes = QSpinBox(self)
        self.damage_boxes.setObjectName("damageBoxes")
        self.damage_boxes.setRange(1, DAMAGE_BOXES_MAX)
        self.damage_boxes.setSuffix(tr("sheet.boxes_suffix"))
        row.addWidget(self.damage_boxes)
        for field in ("physical_damage", "stun_damage"):
            button = QPushButton(tr(f"sheet.damage.{field}"), self)
            button.setObjectName(f"damage_{field}")
            self.damage_buttons[field] = button
            button.setToolTip(tr("sheet.damage_hint"))
            button.clicked.connect(lambda _c=False, f=field: self.model.add_damage(f, self.damage_boxes.value()))
            row.addWidget(button)
        row.addStretch(1)
        return holder

    # -- syncing -------------------------------------------------------------
    def refresh(self) -> None:
        has = self.model.combatant_id is not None
        self.placeholder.setVisible(not has)
        self._scroll.setVisible(has)
        if not has:
            return
        m = self.model
        for field, editor in self.editors.items():
            editor.blockSignals(True)
            self._load(field, editor)
            editor.blockSignals(False)
        self._show_kind()
        self.initiative_label.setText(m.value("derived.initiative"))
        score = m.value("derived.score")
        terms = m.value("derived.score_terms") or ()
        breakdown = " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)
        self.score_label.setText("—" if score is None else f"{score}   ({breakdown})")
        self.wound_label.setText(str(m.value("derived.wound_modifier")))

    def _show_kind(self) -> None:
        """A vehicle's sheet: its vehicle rows, and none of a person's fields."""
        cid = self.model.combatant_id
        rows = edition_view(self._bridge).vehicle_rows(self._bridge.state, cid) if cid is not None else None
        vehicle = rows is not None
        self.vehicle_box.setVisible(vehicle)
        if vehicle and rows != self._vehicle_shown:
            while self.vehicle_form.rowCount():
                self.vehicle_form.removeRow(0)
            for label, value in rows or ():
                shown = QLabel(value, self.vehicle_box)
                self.vehicle_form.addRow(label, shown)
        self._vehicle_shown = rows
        self.attributes_box.setVisible(not vehicle)
        for field in PERSON_FIELDS:
            if field in self._rows:
                form, holder = self._rows[field]
                form.setRowVisible(holder, not vehicle)
        stun = self.damage_buttons.get("stun_damage")
        if stun is not None:
            stun.setVisible(not vehicle)

    def _load(self, field: str, editor: QWidget) -> None:
        m = self.model
        value = m.value(field)
        if isinstance(editor, QLineEdit):
            editor.setText(value)
        elif isinstance(editor, QComboBox):
            editor.setCurrentIndex(editor.findData(value))
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QSpinBox):
            show_value(editor, value)  # a box already showing it is not repainted
            allowed = m.allowed_range(field)
            if allowed:
                editor.setToolTip(tr("sheet.range_hint", low=allowed[0], high=allowed[1]))
        elif isinstance(editor, ConditionTrack):
            boxes = m.value("physical_boxes" if field == "physical_damage" else "stun_boxes")
            overflow = m.value("physical_overflow") if field == "physical_damage" else 0
            editor.set_track(boxes, value, overflow)
            editor.setToolTip(tr("sheet.track_hint", filled=value, boxes=boxes))

    def _edited(self, field: str, value: int | str | bool) -> None:
        if not self.model.edit(field, value):
            self.refresh()  # put the accepted value back

    def _show_refusal(self, field: str, message: str) -> None:
        label = self.errors.get(field)
        if label is not None:
            label.setText(message)
            label.show()

    def _on_reset(self) -> None:
        for label in self.errors.values():
            label.hide()
        self.refresh()

    def _clear_refusal(self, field: str) -> None:
        label = self.errors.get(field)
        if label is not None:
            label.hide()
