"""SR4 movement (SR4-C6) and surprise marks (SR4-C9) for the SR4 panel and its actions.

The figures come from :mod:`gmtool.games.shadowrun.sr4.rules.movement` and the state; the
intents become SR4 commands sent through the bridge (refusals go to its
``refused`` signal, so they appear in the status bar like any other).
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QObject

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.movement import move_limit, run_rate, walk_rate
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.faces import parse_faces


class Movement(NamedTuple):
    """The current actor's movement this turn."""

    combatant: str
    name: str
    moved: int
    limit: int  # walk rate, or run rate + sprint once running
    walk_used: bool
    running: bool
    walk_rate: int
    run_rate: int


class SR4ToolsModel(QObject):
    """Movement of the current actor and the surprise marks of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge

    def movement(self) -> Movement | None:
        c = self._bridge.current_actor()
        if c is None:
            return None
        sheet = c.sheet
        return Movement(
            c.id, sheet.name, c.moved, move_limit(sheet, c.running, c.sprint_bonus), c.walked, c.running,
            walk_rate(sheet), run_rate(sheet) + c.sprint_bonus,
        )

    def movement_text(self) -> str:
        m = self.movement()
        if m is None:
            return tr("sr4.move.nobody")
        key = "sr4.move.running" if m.running else "sr4.move.walking"
        text = tr(key, name=m.name, moved=m.moved, limit=m.limit, walk=m.walk_rate, run=m.run_rate)
        return text + (tr("sr4.move.walk_used") if m.walk_used else "")

    def metres_left(self, mode: str) -> int:
        """What the current actor may still move in ``mode`` this turn (0 when nobody acts)."""
        m = self.movement()
        if m is None:
            return 0
        limit = m.limit if m.running or mode == "walk" else m.run_rate
        return max(0, limit - m.moved)

    def move(self, mode: str, metres: int) -> bool:
        m = self.movement()
        if m is None:
            self._bridge.refused.emit(tr("error.no_current_actor"))
            return False
        return self._bridge.execute(cmd.Move(combatant=m.combatant, mode=mode, metres=metres))

    def sprint(self, running_skill: int, faces_text: str = "") -> bool:
        m = self.movement()
        if m is None:
            self._bridge.refused.emit(tr("error.no_current_actor"))
            return False
        try:
            faces = parse_faces(faces_text) if faces_text.strip() else None
        except GmtoolError as exc:
            self._bridge.refused.emit(exc.message())
            return False
        return self._bridge.execute(cmd.Sprint(combatant=m.combatant, running_skill=running_skill, faces=faces))

    def surprise_lines(self) -> list[str]:
        """Who is surprised by whom now (SR4-C9), one line each."""
        state = self._bridge.state
        names = {cid: c.sheet.name for cid, c in state.combatants.items()}
        return [
            tr("sr4.surprise.line", name=c.sheet.name, by=", ".join(names.get(b, b) for b in c.surprised_by))
            for c in state.combatants.values()
            if c.surprised_by
        ]
