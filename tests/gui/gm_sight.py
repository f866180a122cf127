"""What a GM sees: the checks every GUI walkthrough shares (issues 30 and 31).

A walkthrough drives a round of a game with the keys the docs (docs/user/) document and, after each step, asks
what a GM at a 1366 × 768 laptop would ask: is the widget I need on the screen, whole, not cut by a
scroll area or a dock; does any text end in "…" or run past its edge; does any panel scroll
sideways; where is the keyboard focus (will Space end the phase or type a space); are the docks
this game's own layout; is any key bound to two actions; can two areas of a map be told apart (their
colours' difference, measured on a screenshot); and, in the Japanese window, is any English left
(:func:`shown_texts`, :func:`english_left`: every text a GM can read, against an explicit list of what
stays Latin).

These are plain functions over Qt widgets (no game is named here): each game's walkthrough test
imports them. A failed check names the widget by its object name or text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTabBar,
    QTableView,
    QTabWidget,
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


def shows_start(edit: QLineEdit) -> bool:
    """A line edit shows the start of its text: a field scrolls only as far as keeps its cursor in view, so the
    text up to the cursor fits, or the start is scrolled out (a long name reading "モ：ダスト…")."""
    before = edit.text()[:edit.cursorPosition()]
    return edit.fontMetrics().horizontalAdvance(before) <= edit.contentsRect().width() - 4


def assert_whole(widgets: Iterable[QWidget]) -> None:
    """Every widget's text is whole (see :func:`text_whole`)."""
    cut = [name_of(w) for w in widgets if not text_whole(w)]
    assert not cut, f"text cut or elided: {cut}"


def cell_whole(view: QAbstractItemView, index: QModelIndex) -> bool:
    """The cell's text fits its cell: its width (one line), or, in a view that wraps its text, its
    height once wrapped at the cell's width (the delegate's own size hint at that width)."""
    if not index.isValid():
        return False
    rect = view.visualRect(index)
    if not (isinstance(view, QTableView) and view.wordWrap()):
        return view.sizeHintForIndex(index).width() <= rect.width() + 1
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = rect
    return view.itemDelegateForIndex(index).sizeHint(option, index).height() <= rect.height() + 1


def shown_cell_text(view: QAbstractItemView, index: QModelIndex) -> str:
    """The text a cell draws, as the view's style fits it to the cell's text room (its check box, icon and
    margins taken off): what a GM reads there, "…" included. A view that wraps shows the text whole when
    its wrapped lines fit the row's height, else as much as those lines hold."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualRect(index)
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    style = view.style()
    room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    width, metrics, lines = room.width() - 2 * margin, option.fontMetrics, 1
    if option.features & QStyleOptionViewItem.ViewItemFeature.WrapText:
        wrapped = metrics.boundingRect(QRect(0, 0, max(width, 1), 10_000), Qt.TextFlag.TextWordWrap, option.text)
        if wrapped.height() <= room.height():
            return option.text
        lines = max(room.height() // metrics.lineSpacing(), 1)
    return metrics.elidedText(option.text, option.textElideMode, width * lines)


def look_alike_cells(view: QAbstractItemView, column: int = 0) -> list[tuple[str, str]]:
    """Pairs of cells in ``column`` (every row shown, an expanded tree's children too) whose texts differ
    but are drawn alike once elided: two rows a GM cannot tell apart."""
    model, shown, pending = view.model(), {}, [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, column, parent)
            if not view.visualRect(index).isEmpty():
                shown.setdefault(shown_cell_text(view, index), set()).add(str(index.data() or ""))
            first = model.index(row, 0, parent)
            if model.hasChildren(first):
                pending.append(first)
    return [(drawn, " / ".join(sorted(texts))) for drawn, texts in shown.items() if len(texts) > 1]


def tabs_whole(tabs: QTabWidget) -> bool:
    """Every tab's title is on the bar, whole: no tab behind the bar's scroll arrows, none elided."""
    bar = tabs.tabBar()
    inside = all(bar.rect().contains(bar.tabRect(i)) for i in range(bar.count()))
    return inside and all(bar.tabRect(i).width() >= bar.tabSizeHint(i).width() for i in range(bar.count()))


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


def key_bindings(window: QWidget) -> list[tuple[str, str, QWidget | None]]:
    """Every key bound in the window, enabled or not: (key in portable text, the action or shortcut's
    name, the widget it is limited to or None for the whole window). Actions (menus, bars, the
    window's own) and QShortcut objects, each of a platform's standard keys (Redo: two) counted."""
    found = []
    for action in {*window.findChildren(QAction), *window.actions()}:
        scope = None
        if action.shortcutContext() in (Qt.ShortcutContext.WidgetShortcut, Qt.ShortcutContext.WidgetWithChildrenShortcut):
            scope = next((w for w in action.associatedObjects() if isinstance(w, QWidget)), None)
        for key in action.shortcuts():
            found.append((key.toString(QKeySequence.SequenceFormat.PortableText), action.objectName() or action.text(), scope))
    for shortcut in window.findChildren(QShortcut):
        scope = None if shortcut.context() in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut) \
            else shortcut.parent()
        for key in shortcut.keys():
            found.append((key.toString(QKeySequence.SequenceFormat.PortableText), shortcut.objectName() or "QShortcut", scope))
    return [binding for binding in found if binding[0]]


def _overlap(a: QWidget | None, b: QWidget | None) -> bool:
    return a is None or b is None or a is b or a.isAncestorOf(b) or b.isAncestorOf(a)


def key_clashes(window: QWidget) -> list[tuple[str, str, str]]:
    """Keys bound twice where both would answer (either for the whole window, or on one widget)."""
    bindings = key_bindings(window)
    return [(key, name, other) for at, (key, name, scope) in enumerate(bindings)
            for other_key, other, other_scope in bindings[at + 1:]
            if key == other_key and name != other and _overlap(scope, other_scope)]


def dock_layout(window: QMainWindow) -> dict[str, tuple[str, bool, bool, QRect]]:
    """Each dock by object name: (area, on screen, floating, geometry in the window). A dock tabbed
    behind another is not on screen (Qt keeps it "visible", somewhere outside the window)."""
    layout = {}
    for dock in window.findChildren(QDockWidget):
        area = window.dockWidgetArea(dock).name
        shown = dock.isVisible() and not dock.visibleRegion().isEmpty()
        layout[dock.objectName()] = (area, shown, dock.isFloating(), dock.geometry())
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


# -- no English in the Japanese window ---------------------------------------------------------------
# What stays in Latin letters in the Japanese window of any game, and why (each game's test adds the
# abbreviations its digest writes in Latin letters). Anything else made of two or more Latin letters in a
# row is English that escaped the translation layer or the demo's names.
KEPT_LATIN = frozenset({
    "gmtool",  # the program's name (window title, About)
    "JSON", "PDF", "HTML", "Markdown", "CSV", "QR",  # file formats and the join code's kind
    "OK",  # Qt's own button, "OK" in Japanese too
    # key names as Qt writes a shortcut ("Ctrl+Shift+L"), the same in every language
    "Ctrl", "Shift", "Alt", "Meta", "Space", "Return", "Enter", "Esc", "Tab", "Backspace", "Ins", "Del", "Delete",
    "Home", "End", "PgUp", "PgDown", "Left", "Right", "Up", "Down",
})
RULE_ID = re.compile(r"\b(?:SR[45]|BR|AB)-[A-Z]*\d+[a-z]?\b")  # a rule's ID as rules.md writes it ("SR5-F8", "AB-19")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")  # "PP2", "SR4": the letters are the word
_TAG = re.compile(r"<[^>]*>")


def readable(text: str) -> str:
    """``text`` as a GM reads it: rich-text tags and entities gone, word joiners dropped."""
    plain = html.unescape(_TAG.sub(" ", text)) if "<" in text or "&" in text else text
    return plain.replace("\u2060", "")


def english_left(texts: Iterable[tuple[str, str]], kept: Iterable[str] = ()) -> set[tuple[str, str]]:
    """The (where, text) whose text still holds a Latin word that is neither in :data:`KEPT_LATIN` nor a rule
    ID nor in ``kept`` (words a test allows, such as a file name it made)."""
    allowed = KEPT_LATIN | set(kept)
    left = set()
    for where, text in texts:
        words = LATIN_WORD.findall(RULE_ID.sub(" ", readable(text)))
        if any(word not in allowed for word in words):
            left.add((where, text[:160]))
    return left


def model_texts(model: QAbstractItemModel, rows: int = 200) -> list[str]:
    """A model's header labels (both ways) and its cells' text and tooltips (the first ``rows`` rows)."""
    root = QModelIndex()
    try:
        columns = model.columnCount(root)
    except TypeError:  # a list model keeps its column count to itself: one column
        columns = 1
    count = min(model.rowCount(root), rows)
    texts = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]
    texts += [str(model.headerData(r, Qt.Orientation.Vertical) or "") for r in range(count)]
    for r in range(count):
        for c in range(columns):
            index = model.index(r, c)
            texts += [str(index.data() or ""), str(index.data(Qt.ItemDataRole.ToolTipRole) or "")]
    return texts


def _widget_texts(w: QWidget) -> list[str]:
    texts = [w.toolTip(), w.statusTip(), w.accessibleName()]
    if isinstance(w, (QLabel, QAbstractButton)):
        texts.append(w.text())
    elif isinstance(w, QGroupBox):
        texts.append(w.title())
    elif isinstance(w, QDockWidget):
        texts.append(w.windowTitle())
    elif isinstance(w, QTabBar):
        texts += [w.tabText(i) for i in range(w.count())] + [w.tabToolTip(i) for i in range(w.count())]
    elif isinstance(w, QComboBox):
        texts += [w.itemText(i) for i in range(w.count())]
        texts += [str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or "") for i in range(w.count())]
        texts.append(w.placeholderText())
    elif isinstance(w, QSpinBox):
        texts += [w.prefix(), w.suffix(), w.specialValueText()]
    elif isinstance(w, QLineEdit):
        texts.append(w.placeholderText())
    elif isinstance(w, (QTextEdit, QPlainTextEdit)):
        texts += [w.toPlainText(), w.placeholderText()]
    if isinstance(w, QAbstractItemView) and w.model() is not None:
        texts += model_texts(w.model())
    if isinstance(w, QGraphicsView) and w.scene() is not None:
        for item in w.scene().items():
            if isinstance(item, (QGraphicsSimpleTextItem, QGraphicsTextItem)):
                texts.append(item.text() if isinstance(item, QGraphicsSimpleTextItem) else item.toPlainText())
            texts.append(item.toolTip())
    return texts


def shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """Every text a GM can read in ``root`` as it is now, as (where, text): its title; each shown widget's
    text, tooltip, title, tab names, list items, affixes and placeholder; item views' headers and cells;
    the words drawn on a map; the actions' names and tooltips and the menus' (a tab not in front is read
    when the test brings it to the front)."""
    found = [("title", root.windowTitle())]
    for w in root.findChildren(QWidget):
        if w.isVisibleTo(root):
            found += [(name_of(w), text) for text in _widget_texts(w) if text]
    actions = list(root.actions())
    for menu in root.findChildren(QMenu):
        found.append(("menu", menu.title()))
        actions += menu.actions()
    for action in actions:
        found += [("action", text) for text in (action.text(), action.toolTip(), action.statusTip()) if text]
    return found


def texts_behind_every_tab(root: QWidget) -> list[tuple[str, str]]:
    """:func:`shown_texts` with each tab of each shown tab bar brought to the front in turn (docks tabbed
    together, a panel's pages, and the tabs a page holds), each bar left on the tab it showed."""
    return _behind_tabs(root, set())


def _behind_tabs(root: QWidget, seen: set[int]) -> list[tuple[str, str]]:
    found = shown_texts(root)
    for bar in root.findChildren(QTabBar):
        if id(bar) in seen or not bar.isVisibleTo(root):
            continue
        seen.add(id(bar))
        front = bar.currentIndex()
        for index in range(bar.count()):
            if index != front:
                bar.setCurrentIndex(index)
                QApplication.processEvents()
                found += _behind_tabs(root, seen)  # a page's own tabs, once each
        bar.setCurrentIndex(front)
        QApplication.processEvents()
    return found


def _lab(colour: QColor) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_difference(one: QColor, other: QColor) -> float:
    """ΔE (CIE 1976): the distance of two colours in L*a*b*. About 2.3 is just noticeable; two areas
    a GM tells apart at a glance differ by well over 10."""
    a, b = _lab(one), _lab(other)
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def mean_colour(image: QImage, centre: QPoint, half: int) -> QColor:
    """The mean colour of the square ``2·half + 1`` pixels wide round ``centre`` (what the eye averages
    of a patterned patch: a hatched tint over a terrain)."""
    found = [image.pixelColor(x, y) for y in range(centre.y() - half, centre.y() + half + 1)
             for x in range(centre.x() - half, centre.x() + half + 1) if image.rect().contains(x, y)]
    count = len(found)
    return QColor(round(sum(c.red() for c in found) / count), round(sum(c.green() for c in found) / count),
                  round(sum(c.blue() for c in found) / count))
