"""The turn log, filtered: by combatant, by kind of line, by words in it.

A proxy over :class:`~gmtool.viewmodels.log_model.LogModel`. The first line (the
encounter and its seed) is always shown. Turn and pass headings are shown when
they match themselves or when a line under them is shown, so every line kept
stays under its turn and pass. The search ignores case and width (ＡＢＣ = abc,
ｶﾞﾝ = ガン) and treats hiragana and katakana alike (がんなー finds ガンナー).
"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
)

from gmtool.viewmodels.log_model import HEADING_KINDS, LogLine, LogModel

Index = QModelIndex | QPersistentModelIndex

# The families of lines the GM can keep, in the kind combo's order. A kind may be in several
# (an attack is a test and deals damage); a kind in none is in "other".
FAMILY_KINDS: dict[str, frozenset[str]] = {
    "initiative": frozenset({
        "turn_started", "pass_started", "turn_ended", "initiative_rolled", "ties_drawn", "scores_reduced",
        "score_adjusted", "phase_started", "action_phase_ended", "phase_delayed", "delayed_action_taken",
        "initiative_seized", "first_in_pass", "extra_pass_gained", "surprise_rolled", "surprise_decided",
        "surprise_ended", "surprised", "blitz_declared",
    }),
    "actions": frozenset({
        "action_taken", "delayed_action_taken", "moved", "sprinted", "interrupt_declared", "rounds_fired",
        "reloaded", "full_defence_declared", "suppressive_fire_started",
    }),
    "tests": frozenset({
        "test_rolled", "dice_test_rolled", "opposed_test_resolved", "retry_counted", "retries_cleared",
        "extended_test_started", "extended_test_progressed", "extended_test_ended", "attack_resolved",
        "sprinted", "surprise_rolled", "called_shot_resolved", "suppression_tested",
    }),
    "damage": frozenset({"damage_applied", "attack_resolved"}),
    "effects": frozenset({
        "effect_added", "effect_ended", "interrupt_declared", "full_defence_declared", "suppressive_fire_started",
        "suppressive_fire_ended", "zone_marked",
    }),
    "edge": frozenset({
        "edge_spent", "edge_burnt", "edge_refreshed", "initiative_seized", "first_in_pass", "extra_pass_gained",
        "blitz_declared",
    }),
    "history": frozenset({"undo", "redo", "rewind", "abandoned"}),
}
FAMILIES: tuple[str, ...] = (*FAMILY_KINDS, "other")
# A sheet edit belongs to a family by the field it edits (a GM typing damage or Edge by hand).
FIELD_FAMILIES: dict[str, str] = {"physical_damage": "damage", "stun_damage": "damage", "edge_points": "edge"}
HEADING_LEVEL = {"turn_started": 0, "pass_started": 1}


def line_families(line: LogLine) -> frozenset[str]:
    """The families a log line belongs to ("other" when none)."""
    found = {family for family, kinds in FAMILY_KINDS.items() if line.kind in kinds}
    if line.kind == "sheet_changed" and line.field in FIELD_FAMILIES:
        found.add(FIELD_FAMILIES[line.field])
    return frozenset(found or {"other"})


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
        """Keep one family of lines (see :data:`FAMILIES`; None: every kind)."""
        if family is not None and family not in FAMILIES:
            raise ValueError(family)
        self._change(lambda: setattr(self, "_family", family))

    def set_search(self, text: str) -> None:
        """Keep the lines holding these words (case, width and kana ignored)."""
        self._change(lambda: setattr(self, "_words", search_form(text.strip())))

    def is_filtering(self) -> bool:
        return bool(self._combatant or self._family or self._words)

    def _change(self, apply) -> None:  # noqa: ANN001
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
        if line.kind in HEADING_KINDS:
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
        level = HEADING_LEVEL[log.line(heading_row).kind]
        for row in range(heading_row + 1, log.rowCount()):
            if HEADING_LEVEL.get(log.line(row).kind, 99) <= level:
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
            if HEADING_LEVEL.get(kind, 99) >= level:
                continue  # an earlier pass of the same turn: not above the new lines
            if kind in HEADING_LEVEL:
                level = HEADING_LEVEL[kind]
                if not self.mapFromSource(log.index(row, 0)).isValid():
                    self._change(lambda: None)  # re-filter; happens once per heading at most
                    return
            if level == 0:
                return
