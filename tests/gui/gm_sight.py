"""What a GM sees: the checks every GUI walkthrough shares (issues 30 and 31).

A walkthrough drives a round of a game with the keys README documents and, after each step, asks
what a GM at a 1366 × 768 laptop would ask: is the widget I need on the screen, whole, not cut by a
scroll area or a dock; does any text end in "…" or run past its edge; does any panel scroll
sideways; where is the keyboard focus (will Space end the phase or type a space); are the docks
this game's own layout.

These are plain functions over Qt widgets (no game is named here): each game's walkthrough test
imports them. A failed check names the widget by its object name or text.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QStyle,
    QStyleOptionComboBox,
    QTextEdit,
    QWidget,
)

from gmtool.ui.elided_label import ElidedLabel
from gmtool.ui.eliding_combo import ElidingCombo

LAPTOP = (1366, 728)  # a 1366 × 768 screen less a 40-px task bar (the window's frame is the platform's)
DESKTOP = (1920, 1040)  # a 1920 × 1080 screen less its task bar
SIZES = (LAPTOP, DESKTOP)


def name_of(widget: QWidget) -> str:
    """How a failed check names a widget: its object name, else its text, else its class."""
    if widget.objectName():
        return widget.objectName()
    text = widget.text() if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)) else ""
    return text or type(widget).__name__


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, widget.rect().topLeft()), widget.size())


def in_view(widget: QWidget, window: QWidget | None = None) -> bool:
    """Wholly visible: shown, and not clipped by any widget around it (a scroll area's viewport, a
    dock, a tab page, the window). ``window`` defaults to the widget's top-level window."""
    window = window or widget.window()
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    rect = _rect_in(widget, window)
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if not _rect_in(parent, window).contains(rect):
            return False
        parent = parent.parentWidget()
    return window.rect().contains(rect)


def assert_in_view(window: QWidget, widgets: Iterable[QWidget]) -> None:
    """Every widget is wholly in view (see :func:`in_view`)."""
    hidden = [name_of(w) for w in widgets if not in_view(w, window)]
    assert not hidden, f"not wholly in view: {hidden}"


def text_whole(widget: QWidget) -> bool:
    """The widget's text is drawn whole: not elided, not cut at its edge, not wrapped past its height."""
    if isinstance(widget, QLabel):
        if isinstance(widget, ElidedLabel):  # draws as much as fits, then "…"
            return widget.shown_text() == widget.text()
        if not widget.text():
            return True
        rich = widget.textFormat() == Qt.TextFormat.RichText
        if rich or (widget.textFormat() == Qt.TextFormat.AutoText and "<" in widget.text()):
            return widget.sizeHint().width() <= widget.width() or (
                widget.wordWrap() and widget.heightForWidth(widget.width()) <= widget.height()
            )
        room = widget.contentsRect()
        if widget.wordWrap():
            return widget.heightForWidth(widget.width()) <= widget.height()
        return widget.fontMetrics().horizontalAdvance(widget.text()) <= room.width()
    if isinstance(widget, QAbstractButton):
        return widget.sizeHint().width() <= widget.width() or widget.minimumSizeHint().width() <= widget.width()
    if isinstance(widget, QLineEdit):
        return widget.fontMetrics().horizontalAdvance(widget.text()) <= widget.contentsRect().width() - 4
    if isinstance(widget, QComboBox) and not widget.isEditable():
        if isinstance(widget, ElidingCombo):  # draws as much as fits, with "…"
            return widget.shown_text() == widget.currentText()
        option = QStyleOptionComboBox()
        widget.initStyleOption(option)
        field = widget.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, widget
        )
        return widget.fontMetrics().horizontalAdvance(widget.currentText()) <= field.width()
    return True


def assert_whole(widgets: Iterable[QWidget]) -> None:
    """Every widget's text is whole (see :func:`text_whole`)."""
    cut = [name_of(w) for w in widgets if not text_whole(w)]
    assert not cut, f"text cut or elided: {cut}"


def cell_whole(view: QAbstractItemView, index: QModelIndex) -> bool:
    """The cell's text fits its column (the delegate's size hint against the cell's rectangle)."""
    if not index.isValid():
        return False
    return view.sizeHintForIndex(index).width() <= view.visualRect(index).width() + 1


def rows_in_view(view: QAbstractItemView) -> int:
    """How many rows of the view (a table or an expanded tree) are wholly inside its viewport."""
    shown = view.viewport().rect()
    model = view.model()
    count, pending = 0, [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            rect = view.visualRect(index)
            if rect.isValid() and shown.contains(QRect(shown.left(), rect.top(), 1, rect.height())):
                count += 1
            if model.hasChildren(index):
                pending.append(index)
    return count


def no_sideways_scroll(window: QWidget) -> None:
    """No visible panel shows a horizontal scroll bar."""
    scrolling = [
        name_of(area) for area in window.findChildren(QAbstractScrollArea)
        if area.isVisible() and area.horizontalScrollBar().isVisible()
    ]
    assert not scrolling, f"scrolls sideways: {scrolling}"


def typing_focus(window: QWidget | None = None) -> QWidget | None:
    """The widget that would take a typed Space or arrow key for itself (a text field, a spin box,
    an open list); None when the fight's keys act."""
    focus = QApplication.focusWidget()
    if focus is None or (window is not None and focus.window() is not window):
        return None
    popup = QApplication.activePopupWidget()
    if popup is not None:
        return popup
    typing = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)
    if isinstance(focus, typing):
        return None if isinstance(focus, QLineEdit) and focus.isReadOnly() else focus
    if isinstance(focus, QComboBox) and focus.isEditable():
        return focus
    return None


def assert_fight_keys_act(window: QWidget) -> None:
    """No text field, spin box or open list holds the focus: Space and the arrows reach the fight."""
    holder = typing_focus(window)
    assert holder is None, f"the focus is in {name_of(holder)}: Space and the arrows would not reach the fight"


def dock_layout(window: QMainWindow) -> dict[str, tuple[str, bool, bool, QRect]]:
    """Each dock by object name: (area, visible, floating, geometry in the window)."""
    layout = {}
    for dock in window.findChildren(QDockWidget):
        area = window.dockWidgetArea(dock).name
        layout[dock.objectName()] = (area, dock.isVisible(), dock.isFloating(), dock.geometry())
    return layout


def assert_same_docks(window: QMainWindow, reference: QMainWindow, slack: int = 24) -> None:
    """The window's docks are the reference's: same names, areas, shown and floating, and
    geometries within ``slack`` pixels (the reference: a fresh window of the same game and size)."""
    mine, theirs = dock_layout(window), dock_layout(reference)
    assert mine.keys() == theirs.keys(), (sorted(mine), sorted(theirs))
    for name, (area, shown, floating, rect) in mine.items():
        other_area, other_shown, other_floating, other_rect = theirs[name]
        assert (area, shown, floating) == (other_area, other_shown, other_floating), (name, area, other_area)
        if shown:
            for a, b in ((rect.x(), other_rect.x()), (rect.y(), other_rect.y()),
                         (rect.width(), other_rect.width()), (rect.height(), other_rect.height())):
                assert abs(a - b) <= slack, (name, rect, other_rect)
