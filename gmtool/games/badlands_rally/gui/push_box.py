"""The active gear's push (BR-17): the gear pushed (the gears next to it), the check term by term and
its exact odds before the roll — of success, of each distance, of a fumble — how far the MR pays and
what lies within reach; the dice typed from the table or rolled, the distance chosen (any up to the
MOS). The box holds no rules: it asks the game (``race_push.preview``) and runs its command."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from gmtool.core.hex.coords import distance
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent, typed_faces
from gmtool.games.badlands_rally.rules import action_reasons as why
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race_push import PushPreview, preview
from gmtool.games.badlands_rally.rules.race_state import RaceState

AS_FAR = -1  # the distance box's first value: as far as the MOS (and the MR) allow
FACES = ("attack", "defence", "collision", "other")


class PushBox(QGroupBox):
    def __init__(self, run: Callable[[Command], bool], readings: Callable[[], RuleReadings],
                 parent: QWidget | None = None) -> None:
        super().__init__(tr("br.push.title"), parent)
        self.setObjectName("brPushBox")
        self._run, self._readings = run, readings
        self._state: RaceState | None = None
        self.target = QComboBox(self)
        self.target.setObjectName("brPushTarget")
        self.distance = QSpinBox(self)
        self.distance.setObjectName("brPushDistance")
        self.distance.setRange(AS_FAR, 30)
        self.distance.setSpecialValueText(tr("br.push.as_far"))
        self.distance.setValue(AS_FAR)  # untouched, a push goes as far as it can (0 would push nowhere)
        self.plan, self.odds = QLabel(self), QLabel(self)
        self.odds.setObjectName("brPushOdds")
        for label in (self.plan, self.odds):
            label.setWordWrap(True)
        self.faces = {name: QLineEdit(self) for name in FACES}
        self.button = QPushButton(tr("br.push.roll"), self)
        self.button.setObjectName("brPushRoll")
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: labels above their fields
        form.addRow(tr("br.push.target"), self.target)
        form.addRow(self.plan)
        form.addRow(self.odds)
        for name, edit in self.faces.items():
            edit.setObjectName(f"brPushFaces_{name}")
            edit.setPlaceholderText(tr("br.attack.faces_hint"))
            edit.textChanged.connect(self.refresh)
            form.addRow(tr(f"br.push.faces_{name}"), edit)
        form.addRow(tr("br.push.distance"), self.distance)
        form.addRow(self.button)
        self.target.currentIndexChanged.connect(self.refresh)
        self.button.clicked.connect(self.push)

    def show_gear(self, state: RaceState) -> None:
        """The active gear's neighbours as the gears it may push (the box is off while none may act)."""
        self._state = state
        gear = state.gears.get(state.current) if state.current else None
        near = [(g.id, g.name) for g in state.gears.values()
                if gear is not None and g.id != gear.id and not g.out and distance(g.hex, gear.hex) == 1]
        if [(self.target.itemData(i), self.target.itemText(i)) for i in range(self.target.count())] != near:
            chosen = self.target.currentData()
            self.target.blockSignals(True)
            self.target.clear()
            for gid, name in near:
                self.target.addItem(name, gid)
            self.target.setCurrentIndex(max(0, self.target.findData(chosen)))
            self.target.blockSignals(False)
        self.setEnabled(gear is not None and not state.pending)
        self.setToolTip("" if self.isEnabled() else why.action(state))  # a box off says why
        self.refresh()

    def draft(self) -> PushGear | None:
        state = self._state
        if state is None or state.current is None or self.target.currentData() is None:
            return None
        typed = {name: typed_faces(edit.text()) for name, edit in self.faces.items()}
        chosen = self.distance.value()
        return PushGear(pusher=state.current, target=self.target.currentData(),
                        distance=None if chosen == AS_FAR else chosen, attack_faces=typed["attack"],
                        defence_faces=typed["defence"], collision_faces=typed["collision"],
                        other_faces=typed["other"])

    def refresh(self) -> None:
        draft = self.draft()
        seen = preview(self._state, draft, self._readings()) if draft is not None and self._state else None
        self._show(seen)

    def _show(self, seen: PushPreview | None) -> None:
        if seen is None or seen.refusal:
            self.plan.setText(seen.refusal if seen else tr("br.push.nothing"))
            self.odds.setText("")
            self.button.setEnabled(False)
            self.button.setToolTip(self.plan.text())  # why it is off
            return
        self.button.setToolTip("")
        terms: Callable[[tuple[tuple[str, int], ...]], str] = lambda pairs: ", ".join(  # noqa: E731
            f"{tr(key)} {dice:+d}" for key, dice in pairs)
        self.plan.setText(tr("br.push.plan", attack=seen.attack_dice, attack_terms=terms(seen.attack_terms),
                             defence=seen.defence_dice, defence_terms=terms(seen.defence_terms),
                             side=tr(f"br.side.{seen.side}")))
        distances = " · ".join(tr("br.push.at_least", n=n, chance=percent(p)) for n, p in enumerate(seen.at_least, 1))
        lines = [tr("br.push.odds", success=percent(seen.success), distances=distances, fumble=percent(seen.fumble)),
                 tr("br.push.reach", n=seen.reach)]
        if seen.obstacle:
            lines.append(tr(f"br.push.obstacle_{seen.obstacle}"))
        if seen.mos is not None:
            lines.append(tr("br.push.mos" if seen.mos >= 0 else "br.push.failed", mos=seen.mos))
        self.odds.setText("\n".join(lines))
        self.button.setEnabled(True)

    def push(self) -> bool:
        draft = self.draft()
        if draft is None or not self._run(draft):
            return False
        for edit in self.faces.values():
            edit.clear()
        self.distance.setValue(AS_FAR)
        return True
