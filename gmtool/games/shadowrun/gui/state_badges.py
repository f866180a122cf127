"""The states a GM acts on, as badges in the pass order that are never elided away (issue 30).

Down (dead, dying, unconscious), surprised, delayed, the defences and effects that change a roll
(Full Defence, Block, Dodge, Parry, prone, a dirty trick, suppressed …), out of this pass, acted:
each a short badge, most urgent first, drawn whole at the start of the flags cell. What does not
fit is counted ("+2"); the cell's tooltip lists every state and effect in full, with the time
left. The other flags (seized, blitz, typed dice, a grunt group …) follow the badges as text,
elided when the column is narrow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from gmtool.core.i18n import active_language, tr
from gmtool.ui.cell_pixmaps import CachedCellDelegate
from gmtool.ui.drawn_once import paint_cached
from gmtool.viewmodels import roles
from gmtool.viewmodels.tones import tone

STATES = roles.USER + 101  # tuple[tuple[str, str], ...]: (state key, an effect's badge or ""), most urgent first
REST = roles.USER + 102  # str: the flags and effects beside the badges, as text

DOWN = ("dead", "dying", "unconscious")
EARLY_FLAGS = ("surprised", "delayed")
LATE_FLAGS = ("out", "acted")
ACT_ON_EFFECTS = (  # effects that change what the holder or its attackers roll, in this order
    "full_defence", "block", "dodge", "parry", "prone", "dirty_trick", "suppressed", "suppressive_fire", "aimed",
    "sustained_spell",
)
SHOWN_AS_BADGES = frozenset((*EARLY_FLAGS, *LATE_FLAGS, "current"))  # flags never repeated as text
TONE = {  # the badge's colour by state
    **dict.fromkeys(DOWN, "physical"), **dict.fromkeys(EARLY_FLAGS, "ladder_acting"),
    **dict.fromkeys(ACT_ON_EFFECTS, "stun"), **dict.fromkeys(LATE_FLAGS, "ladder_acted"),
}
PAD, GAP = 3, 2  # px inside a badge, between badges


def ordered_states(
    flags: Iterable[str], down: str | None, held: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """(key, badge) of a combatant's states, most urgent first: down, surprised and delayed, the effects
    held (``held``: (key, badge with the time left) in :data:`ACT_ON_EFFECTS` order), out of this pass,
    acted. A flag's or a down state's badge is "": its words are the language's when shown (:func:`words`)."""
    flags = tuple(flags)
    out: list[tuple[str, str]] = [(down, "")] if down else []
    out += [(f, "") for f in EARLY_FLAGS if f in flags]
    out += held
    out += [(f, "") for f in LATE_FLAGS if f in flags]
    return tuple(out)


def words(key: str, badge: str) -> str:
    """A state in full words, in the language in use."""
    if badge:
        return badge
    return tr(f"damage.state.{key}") if key in DOWN else tr(f"flag.{key}")


def held_states(effects: Iterable[Any], badge: Any) -> tuple[tuple[str, str], ...]:
    """(key, badge) of the effects in ``effects`` a GM acts on, in :data:`ACT_ON_EFFECTS` order."""
    by_key = {e.key: e for e in effects if e.key in ACT_ON_EFFECTS}
    return tuple((key, badge(by_key[key])) for key in ACT_ON_EFFECTS if key in by_key)


_SHORT: dict[tuple[str, str], str] = {}


def short(key: str) -> str:
    """The badge's words (a few letters), in the language in use."""
    found = _SHORT.get((key, active_language()))
    if found is None:
        found = _SHORT[(key, active_language())] = tr(f"state.short.{key}")
    return found


class StatesDelegate(CachedCellDelegate):
    """The flags cell: the state badges whole, then the other flags as text (module docstring).

    The badges of a row are drawn once per set of states, width, language and theme, then copied
    (:func:`gmtool.ui.drawn_once.paint_cached`): most rows show the same few ("acted"); a whole
    cell is painted once per states, words and look (:mod:`gmtool.ui.cell_pixmaps`)."""

    def paint_cell(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        states = index.data(STATES) or ()
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        rect = option.rect.adjusted(3, 3, -3, -3)
        left = rect.left()
        if states:
            left = _badges(painter, opt, rect, tuple(key for key, _badge in states))
        rest = index.data(REST) or ""  # worded when asked: the language in use
        if rest and left < rect.right() - 8:
            _text(painter, opt, QRect(left, option.rect.top(), rect.right() - left, option.rect.height()), rest)


def _text(painter: QPainter, opt: QStyleOptionViewItem, room: QRect, text: str) -> None:
    painter.save()
    painter.setPen(opt.palette.color(opt.palette.ColorRole.Text))
    painter.drawText(room, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                     opt.fontMetrics.elidedText(text, Qt.TextElideMode.ElideRight, room.width()))
    painter.restore()


def fitting(widths: list[int], plus: int, room: int) -> int:
    """How many badges of these widths fit whole in ``room`` px, leaving ``plus`` px for "+n" when some do not."""
    for count in range(len(widths), -1, -1):
        used = sum(widths[:count]) + GAP * count + (plus if count < len(widths) else 0)
        if used <= room:
            return count
    return 0


_LAID_OUT: dict[tuple[object, ...], tuple[int, tuple[int, ...]]] = {}


def _layout(opt: QStyleOptionViewItem, keys: tuple[str, ...], room: int) -> tuple[int, tuple[int, ...]]:
    """How many badges fit whole in ``room`` px, and each one's width (measured once per language)."""
    key = (keys, room, active_language(), opt.font.key())
    found = _LAID_OUT.get(key)
    if found is None:
        metrics = opt.fontMetrics
        widths = tuple(metrics.horizontalAdvance(short(k)) + 2 * PAD for k in keys)
        found = _LAID_OUT[key] = (fitting(list(widths), metrics.horizontalAdvance(f"+{len(keys)}"), room), widths)
    return found


def _badges(painter: QPainter, opt: QStyleOptionViewItem, rect: QRect, keys: tuple[str, ...]) -> int:
    """Draw the badges that fit whole, then "+n" for the others; the x where the text may start."""
    shown, widths = _layout(opt, keys, rect.width())
    used = sum(widths[:shown]) + GAP * max(shown - 1, 0)
    if shown:
        size = QSize(used, rect.height())
        paint_cached(painter, rect.topLeft(), size, ("state_badges", keys[:shown], active_language()),
                     lambda target: _draw(target, keys[:shown], widths, size.height()))
    x = rect.left() + used + GAP
    if shown < len(keys):
        _text(painter, opt, QRect(x, rect.top(), rect.right() - x + 1, rect.height()), f"+{len(keys) - shown}")
        return rect.right()
    return x + GAP


def _draw(painter: QPainter, keys: tuple[str, ...], widths: tuple[int, ...], height: int) -> None:
    """The badges side by side from (0, 0)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    x = 0
    for key, width in zip(keys, widths, strict=False):
        back = tone(TONE.get(key, "ladder_acted"))
        badge = QRect(x, 0, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(back)
        painter.drawRoundedRect(badge, 3, 3)
        painter.setPen(tone("badge_text") if back.lightness() < 150 else tone("current_text"))
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), short(key))
        x += width + GAP
