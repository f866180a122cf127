"""One focus rule for every game's window: where Space and the arrows go.

- Space ticks a focused check box, or the check box of the focused row of a list or table (a
  modifier row), and never ends the phase meanwhile.
- A text field, a spin box or an open list keeps the keys it types with (Qt's own rule).
- Anywhere else the fight's keys act: Space is the game's next phase, the arrows move the
  selected unit when the map has the keyboard.
- After a dialog of the window closes, after a new combatant's name is typed and Enter pressed
  (:func:`back_to_fight_on_enter`), and after a roll, an attack or a reaction offer (the game's
  panels call :func:`return_focus_to_fight`), the keyboard goes back where the fight continues: the
  widget the game names in its window parts (``fight_widget``: the order list, the map).

A key that belongs only to disabled actions is not dropped silently: the status line says why
the action cannot be used now (:mod:`gmtool.ui.action_reasons`).

A :class:`FightFocus` per window does this. It watches the widget that has the keyboard only while
that is a check box or an item view (one Python call per focus change): a focused check box or
checkable row takes the Space key from the window's shortcuts (Qt's ``ShortcutOverride``). And it
watches the window itself, which a key reaches only when no widget took it (a few events a press).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QKeyCombination, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QApplication, QDialog, QLineEdit, QWidget

KEEPER = "fightFocus"  # the object name of a window's FightFocus


def return_focus_to_fight(widget: QWidget) -> bool:
    """Give the keyboard back to where the fight continues (the order list, the map) in ``widget``'s
    main window; a game's panel calls it after its roll, attack or reaction offer is done.
    False when ``widget`` is in no main window with a fight (a test's bare panel)."""
    holder: QWidget | None = widget
    while holder is not None:
        keeper = holder.findChild(FightFocus, KEEPER, Qt.FindChildOption.FindDirectChildrenOnly)
        if keeper is not None:
            return keeper.give_back()
        holder = holder.parentWidget()
    return False


def back_to_fight_on_enter(edit: QLineEdit) -> None:
    """The next Enter in ``edit`` (a new combatant's name, typed at once) gives the keyboard back to
    the fight: Space then ends the phase rather than typing a space."""
    edit.returnPressed.connect(lambda: return_focus_to_fight(edit), Qt.ConnectionType.SingleShotConnection)


def _is_space(event: QKeyEvent) -> bool:
    plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier == Qt.KeyboardModifier.NoModifier
    return event.key() == Qt.Key.Key_Space and plain


def checkable_in_row(view: QAbstractItemView) -> QModelIndex | None:
    """The enabled check box in the row of the view's current cell (the cell itself first), if any."""
    current = view.currentIndex()
    model = view.model()
    if not current.isValid() or model is None:
        return None
    wanted = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
    columns = [current.column(), *(c for c in range(model.columnCount(current.parent())) if c != current.column())]
    for column in columns:
        cell = current.siblingAtColumn(column)
        if cell.flags() & wanted == wanted and cell.data(Qt.ItemDataRole.CheckStateRole) is not None:
            return cell
    return None


def tick(cell: QModelIndex) -> bool:
    """Turn a check box cell over (partly ticked counts as not ticked)."""
    ticked = Qt.CheckState(cell.data(Qt.ItemDataRole.CheckStateRole)) == Qt.CheckState.Checked
    wanted = Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked
    return bool(cell.model().setData(cell, wanted.value, Qt.ItemDataRole.CheckStateRole))


def keeps_space(widget: QObject) -> bool:
    """Whether Space belongs to this widget rather than to the fight: a check box, a checkable row."""
    if isinstance(widget, QAbstractButton):
        return widget.isCheckable() and widget.isEnabled()
    if isinstance(widget, QAbstractItemView):
        return checkable_in_row(widget) is not None
    return False


class FightFocus(QObject):
    """A window's keeper of the focus rule (see the module's docstring).

    It also hears the keys nothing took: one that belongs only to disabled actions (a disabled
    action takes no key, and Qt drops it silently) is told with :attr:`disabledKey`."""

    disabledKey = Signal(QAction)  # the disabled action whose key was pressed (the status line says why)

    def __init__(self, window: QWidget, fight_widget: Callable[[], QWidget | None]) -> None:
        super().__init__(window)
        self.setObjectName(KEEPER)
        self._window = window
        self._fight_widget = fight_widget
        self._watched: QWidget | None = None
        self._keys: dict[int, list[QAction]] | None = None  # each key's actions, read at the first key
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        window.installEventFilter(self)  # a key no widget took comes up to the window (ShortcutOverride)

    def give_back(self) -> bool:
        """The keyboard to the fight widget, if it is shown (a closed dock leaves the focus alone)."""
        target = self._fight_widget()
        if target is None or not target.isVisible():
            return False
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def _mine(self, widget: QWidget | None) -> bool:
        return widget is not None and (widget is self._window or self._window.isAncestorOf(widget))

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:  # deleted meanwhile (a rebuilt panel)
                pass
            self._watched = None
        if new is None:
            return
        dialog = _own_dialog(new, self._window)
        if dialog is not None:  # when it closes, the fight goes on
            dialog.finished.connect(self._dialog_finished, Qt.ConnectionType.UniqueConnection)
        elif self._mine(new) and isinstance(new, (QAbstractButton, QAbstractItemView)):
            new.installEventFilter(self)
            self._watched = new

    def _dialog_finished(self, _result: int) -> None:
        QTimer.singleShot(0, self._after_dialog)  # once it is hidden and the window active again

    def _after_dialog(self) -> None:
        if QApplication.activeModalWidget() is None:  # not a dialog that asks a second question
            self.give_back()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if watched is self._window:
                self._tell_if_disabled(event)
            elif _is_space(event) and keeps_space(watched):
                event.accept()  # the widget gets the key press, the window's Space shortcut does not fire
                return True
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and isinstance(watched, QAbstractItemView):
            cell = checkable_in_row(watched) if _is_space(event) else None
            if cell is not None:  # the row's check box, whichever of its cells is current
                tick(cell)
                return True
        return False

    def _tell_if_disabled(self, event: QKeyEvent) -> None:
        """A key no widget took: if only disabled actions have it, say which (the window says why)."""
        if self._keys is None:
            self._keys = {}
            for action in self._window.findChildren(QAction):
                for key in action.shortcuts():
                    if key.count() == 1:
                        self._keys.setdefault(key[0].toCombined(), []).append(action)  # type: ignore[index]  # stubs lack QKeySequence[n]
        combo = event.keyCombination()
        plain = QKeyCombination(combo.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier, combo.key())
        actions = self._keys.get(plain.toCombined(), ())
        try:
            if actions and not any(action.isEnabled() for action in actions):
                self.disabledKey.emit(actions[0])
        except RuntimeError:  # an action deleted since (a rebuilt panel's): read them again next time
            self._keys = None


def _own_dialog(widget: QWidget, window: QWidget) -> QDialog | None:
    """The dialog of ``window`` (or of one of its panels) that ``widget`` is in; a dialog of a dialog
    is not the window's own (the first one is still open when it closes)."""
    top = widget.window()
    if not isinstance(top, QDialog):
        return None
    parent = top.parentWidget()
    return top if parent is not None and (parent is window or window.isAncestorOf(parent)) else None
