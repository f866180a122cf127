"""Edge when going down, under the SR4 test box: the dead man's trigger (SR4-E9) and cheating death (SR4-E11).

The box shows while the selected combatant is going down (a monitor full) or past the last box; each
button is enabled when the rules allow it, otherwise its tooltip says why (the rules' own refusal). A
press sends the command through the bridge.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QPushButton, QWidget

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.rules import edge
from gmtool.games.shadowrun.sr4.rules.decide_edge import edge_state
from gmtool.games.shadowrun.sr4.rules.edge import SR4EdgeState
from gmtool.games.shadowrun.sr4.rules.edge_messages import CheatDeath, DeadMansTrigger
from gmtool.games.shadowrun.sr4.rules.state import Combatant
from gmtool.viewmodels.bridge import EncounterBridge

USES: tuple[tuple[str, Callable[[SR4EdgeState], object], Callable[..., Command]], ...] = (
    ("trigger", edge.dead_mans_trigger, DeadMansTrigger),
    ("cheat", edge.cheat_death, CheatDeath),
)


class EdgeDownBox(QGroupBox):
    """Two buttons; ``refused`` shows a refusal (the test box's error line)."""

    def __init__(self, bridge: EncounterBridge, refused: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(tr("sr4.edge_down.title"), parent)
        self.setObjectName("edgeDownBox")
        self._bridge, self._refused = bridge, refused
        row = QHBoxLayout(self)
        self.buttons: dict[str, QPushButton] = {}
        for key, _check, make in USES:
            button = QPushButton(tr(f"sr4.edge_down.{key}"), self)
            button.setObjectName(f"edgeDown_{key}")
            button.clicked.connect(lambda _c=False, m=make: self._press(m))
            self.buttons[key] = button
            row.addWidget(button)
        bridge.selectionChanged.connect(lambda _c: self.refresh())
        bridge.changed.connect(lambda _c: self.refresh())
        bridge.pastChanged.connect(self.refresh)
        self.refresh()

    def _press(self, make: Callable[..., Command]) -> None:
        cid = self._bridge.selected
        if cid is None:
            self._refused(tr("error.select_combatant"))
            return
        message = self._bridge.attempt(make(combatant=cid))
        if message is not None:
            self._refused(message)

    def refresh(self) -> None:
        bridge = self._bridge
        c = bridge.state.combatants.get(bridge.selected) if bridge.selected else None
        down = c is not None and (edge_state(c).going_down or edge_state(c).dead)
        parent = self.parentWidget()
        if down != (self.isVisibleTo(parent) if parent is not None else self.isVisible()):
            self.setVisible(down)
        for key, check, _make in USES:
            reason = bridge.acting_refusal() or (tr("error.select_combatant") if c is None else _refusal(check, c))
            button = self.buttons[key]
            button.setEnabled(reason is None)
            button.setToolTip(tr(f"sr4.edge_down.{key}_hint") + (f"\n{reason}" if reason else ""))


def _refusal(check: Callable[[SR4EdgeState], object], c: Combatant) -> str | None:
    try:
        check(edge_state(c))
    except GmtoolError as exc:
        return exc.message()
    return None
