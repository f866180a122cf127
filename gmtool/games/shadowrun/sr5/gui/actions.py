"""The main window's SR5-only actions: interrupts (SR5-N1..N6), surprise, Edge refresh.

Kept apart from :mod:`main_window` so an SR4 window never builds them; the
commands come from the SR5 ruleset, the enabled state and reasons from it too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QInputDialog

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.actions import ASKS_FOR_SKILL, INTERRUPTS
from gmtool.games.shadowrun.gui.edition import edition_parts
from gmtool.games.shadowrun.sr5.rules.dice_test_commands import RefreshEdge
from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt
from gmtool.games.shadowrun.sr5.rules.surprise import (
    AMBUSH_BONUS,
    AWARE_BONUS,
    SurpriseEntry,
    SurpriseTest,
    surprise_terms,
)

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow


def _surprise_command(entries: list[dict[str, Any]]) -> SurpriseTest:
    return SurpriseTest(entries=tuple(SurpriseEntry(**entry) for entry in entries))


class SR5Actions:
    """Connects and updates the SR5-only actions of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        for kind in INTERRUPTS:
            window.action(f"interrupt_{kind}").triggered.connect(lambda _c=False, k=kind: self.declare_interrupt(k))
        window.action("refresh_edge_all").triggered.connect(lambda _c=False: window.run(RefreshEdge()))
        window.action("surprise_test").triggered.connect(lambda _c=False: self.surprise_test())

    def surprise_test(self) -> None:
        """SR4-C9's surprise test, which SR5 encounters use (the SR5 digest has none)."""
        from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog
        from gmtool.games.shadowrun.gui.surprise_model import SurpriseModel

        window = self.window
        model = SurpriseModel(window.bridge.state, terms_for=surprise_terms, make_command=_surprise_command,
                              awareness_bonus={"none": 0, "aware": AWARE_BONUS, "ambush": AMBUSH_BONUS})
        dialog = SurpriseDialog(model, window.bridge.attempt, window)
        if dialog.exec():
            window.status.clear()

    def update(self) -> None:
        window = self.window
        window.enable("surprise_test", None if len(window.bridge.state.combatants) >= 2 else tr("reason.two_combatants"))
        self._update_interrupts()
        self._update_blitz()

    def _update_blitz(self) -> None:
        """SR5-I5: declared before an initiative roll (also before the first), so no turn is needed."""
        from gmtool.games.shadowrun.sr5.rules.common import check_blitz

        bridge = self.window.bridge
        act = self.window.action("blitz")
        selected = bridge.selected
        reason = tr("error.select_combatant") if selected is None else None
        if selected is not None:
            try:
                check_blitz(bridge.state, selected)
            except GmtoolError as exc:
                reason = exc.message()
        shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tooltip = f"{act.text()} ({shortcut})\n" + (reason or tr("tooltip.blitz_next_roll"))
        act.setEnabled(reason is None)
        if act.toolTip() != tooltip:
            act.setToolTip(tooltip)

    def _update_interrupts(self) -> None:
        """Enabled when the rules allow it; otherwise the tooltip says why (SR5-N*)."""
        bridge = self.window.bridge
        cid = bridge.selected
        for kind in INTERRUPTS:
            act = self.window.action(f"interrupt_{kind}")
            reason = interrupt_refusal(bridge.state, cid, kind) if cid else tr("error.select_combatant")
            shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            tooltip = f"{act.text()} ({shortcut})" + (f"\n{reason}" if reason else "")
            if act.isEnabled() != (reason is None):  # each change re-syncs every button showing it
                act.setEnabled(reason is None)
            if act.toolTip() != tooltip:
                act.setToolTip(tooltip)

    def declare_interrupt(self, kind: str) -> None:
        window = self.window
        chosen = edition_parts(window).selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        bonus = 0
        if kind in ASKS_FOR_SKILL:
            bonus, ok = QInputDialog.getInt(
                window, tr(f"interrupt.{kind}"), tr(f"dialog.interrupt_bonus.{kind}", name=name), 0, 0, 20
            )
            if not ok:
                return
        window.run(DeclareInterrupt(combatant=cid, interrupt=kind, bonus=bonus))


def interrupt_refusal(state: Any, combatant_id: str, interrupt: str) -> str | None:
    """Why an SR5 interrupt cannot be declared now (translated), or None when it can (SR5-N*)."""
    from gmtool.games.shadowrun.sr5.rules.decide_effects import check_interrupt

    try:
        check_interrupt(state, combatant_id, interrupt)
    except GmtoolError as exc:
        return exc.message()
    return None
