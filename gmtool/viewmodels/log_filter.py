"""The turn log, filtered: by combatant, by kind of line, by words in it.

A proxy over :class:`~gmtool.viewmodels.log_model.LogModel`. The first line (the
encounter and its seed) is always shown. Turn and pass headings are shown when
they match themselves or when a line under them is shown, so every line kept
stays under its turn and pass. The search ignores case and width (ＡＢＣ = abc,
ｶﾞﾝ = ガン) and treats hiragana and katakana alike (がんなー finds ガンナー).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
)

from gmtool.core.display import LogShape
from gmtool.viewmodels.log_model import LogLine, LogModel
from gmtool.viewmodels.roles import Index

# The shell's own families, after the game's (gmtool.core.display.LogShape): undo, redo, rewind;
# and every line in no family.
HISTORY = ("history", frozenset({"undo", "redo", "rewind", "abandoned"}))
OTHER = "other"


def families(shape: LogShape) -> tuple[str, ...]:
    """The families the kind combo offers, in its order."""
    return (*(key for key, _kinds in shape.families), HISTORY[0], OTHER)


def line_families(line: LogLine) -> frozenset[str]:
    """The families a log line belongs to, as the game said for its event ("other" when none)."""
    found = line.families | {HISTORY[0]} if line.kind in HISTORY[1] else line.families
    return found or frozenset({OTHER})


def search_form(text: str) -> str:
    """Text folded for searching: width (NFKC), case, and katakana to hiragana."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in folded)


class LogFilterModel(QSortFilterProxyModel):
    """The log lines of one combatant, one family and/or holding some words."""

    def __init__(self, source: LogModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._combatant: str | None = None
        self._family: str | None = None
        self._words = ""  # search_form of the search text
        self._folded: list[str] = []  # search_form of each source line, filled as needed
        self._verdicts: dict[int, bool] = {}  # source row -> passes the filters now (lines never change)
        self.setSourceModel(source)
        self.families = families(source.shape)  # the kind combo's choices, in order
        self._levels = source.levels  # heading kind -> level (0: turn or round, 1: pass)
        source.rowsInserted.connect(self._after_insert)  # after the proxy's own handler
        source.rowsAboutToBeInserted.connect(self._before_insert)
        source.modelAboutToBeReset.connect(self._forget)

    def log(self) -> LogModel:
        source = self.sourceModel()
        assert isinstance(source, LogModel)
        return source

    # -- the filter's settings ---------------------------------------------------
    @property
    def combatant(self) -> str | None:
        return self._combatant

    @property
    def family(self) -> str | None:
        return self._family

    @property
    def search(self) -> str:
        return self._words

    def set_combatant(self, combatant: str | None) -> None:
        """Keep the lines naming this combatant (None: everyone)."""
        self._change(lambda: setattr(self, "_combatant", combatant or None))

    def set_family(self, family: str | None) -> None:
        """Keep one family of lines (see :attr:`families`; None: every kind)."""
        if family is not None and family not in self.families:
            raise ValueError(family)
        self._change(lambda: setattr(self, "_family", family))

    def set_search(self, text: str) -> None:
        """Keep the lines holding these words (case, width and kana ignored)."""
        self._change(lambda: setattr(self, "_words", search_form(text.strip())))

    def is_filtering(self) -> bool:
        return bool(self._combatant or self._family or self._words)

    def _change(self, apply: Callable[[], object]) -> None:
        self.beginFilterChange()
        apply()
        self._verdicts.clear()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    # -- which lines --------------------------------------------------------------
    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if source_parent.isValid() or not self.is_filtering():
            return True
        line = self.log().line(source_row)
        if line.kind == "header":
            return True
        if line.kind in self._levels:
            return self._matches(source_row) or self._match_under(source_row)
        return self._matches(source_row)

    def _forget(self) -> None:
        self._folded.clear()
        self._verdicts.clear()

    def _matches(self, row: int) -> bool:
        """Whether this line, by itself, passes every filter (each line judged once per filter)."""
        verdict = self._verdicts.get(row)
        if verdict is None:
            verdict = self._verdicts[row] = self._judge(row)
        return verdict

    def _judge(self, row: int) -> bool:
        line = self.log().line(row)
        if self._combatant is not None and self._combatant not in line.combatants:
            return False
        if self._family is not None and self._family not in line_families(line):
            return False
        return not self._words or self._words in self._folded_text(row)

    def _match_under(self, heading_row: int) -> bool:
        """Whether a line under this turn or pass heading (up to the next one of its level) passes."""
        log = self.log()
        level = self._levels[log.line(heading_row).kind]
        for row in range(heading_row + 1, log.rowCount()):
            if self._levels.get(log.line(row).kind, 99) <= level:
                return False
            if self._matches(row):
                return True
        return False

    def _folded_text(self, row: int) -> str:
        log = self.log()
        while len(self._folded) <= row:
            self._folded.append(search_form(log.line(len(self._folded)).text))
        return self._folded[row]

    def _before_insert(self, _parent: QModelIndex, first: int, _last: int) -> None:
        """A line put between others (an abandoned branch's heading) moves the rows after it."""
        if first < self.log().rowCount():  # not an append: cached rows shift
            self._forget()

    def _after_insert(self, _parent: QModelIndex, first: int, last: int) -> None:
        """New lines may be the first match under a heading that is hidden: show it again."""
        if not self.is_filtering() or not any(self._matches(row) for row in range(first, last + 1)):
            return
        log = self.log()
        level = 99  # walking back: the nearest pass heading, then the nearest turn heading
        for row in range(first - 1, 0, -1):
            kind = log.line(row).kind
            if self._levels.get(kind, 99) >= level:
                continue  # an earlier pass of the same turn: not above the new lines
            if kind in self._levels:
                level = self._levels[kind]
                if not self.mapFromSource(log.index(row, 0)).isValid():
                    self._change(lambda: None)  # re-filter; happens once per heading at most
                    return
            if level == 0:
                return
