"""Why an action is disabled: said in its tooltip, and in the status line when its key is pressed.

An action's tooltip is its label and key on the first line ("Next phase (Space)"); a disabled
action's reason follows on the next line ("Roll initiative first."). A game's window parts set
both with :meth:`gmtool.ui.main_window.MainWindow.enable` (``enable(name, reason)``: ``None``
enables it), the shell does the same for its own actions and while the fight is rewound.
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from gmtool.core.i18n import tr


def set_reason(action: QAction, reason: str | None) -> None:
    """Enabled when ``reason`` is None; else disabled, its tooltip saying why under its name and key."""
    old = action.toolTip()
    first = old.split("\n", 1)[0] or action.text().replace("&", "")
    tip = f"{first}\n{reason}" if reason else first
    if old != tip:  # a tooltip set again repaints the bar's button
        action.setToolTip(tip)
    if action.isEnabled() != (reason is None):
        action.setEnabled(reason is None)


def reason_of(action: QAction) -> str:
    """Why the action cannot be used now: its tooltip's lines under the first, else its status tip."""
    lines = action.toolTip().split("\n", 1)
    return (lines[1] if len(lines) > 1 else "") or action.statusTip() or tr("status.disabled_now")


def refusal_of(action: QAction) -> str:
    """The status line when a disabled action's key is pressed: the action, then why."""
    return tr("status.disabled_action", action=action.text().replace("&", ""), reason=reason_of(action))
