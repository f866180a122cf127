"""The test box of the modifier-table panel: inputs → pool breakdown, exact odds, commands (both editions).

Every figure comes from the rules: the breakdown and spec from the edition's
preview (:class:`EditionTests`), the odds from :mod:`gmtool.games.shadowrun.rules.dice_tests`. The breakdown is a table
model (label, dice); rolling, typed faces and Edge after the roll are commands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import term_label, tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.dice_spec import check_side
from gmtool.games.shadowrun.rules.dice_tests import (
    EdgeUse,
    OpposedOdds,
    TestOdds,
    TestSpec,
    opposed_odds,
    test_odds,
)
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.faces import parse_faces
from gmtool.viewmodels.roles import Index

TestType = Literal["success", "opposed", "extended", "teamwork", "attribute_only", "buy"]
TEST_TYPES: tuple[TestType, ...] = ("success", "opposed", "extended", "teamwork", "attribute_only", "buy")


@dataclass(frozen=True)
class EditionTests:
    """What the test box asks of an edition: its preview, its limits and its Edge uses (and their words)."""

    preview: Callable[..., Any]  # (state, cid, PoolSpec, threshold, edge_use, retry, label) -> terms, spec, retries
    plain_spec: Callable[[Any, int], TestSpec]  # an opponent that is only a number of dice
    limits: tuple[str, ...]  # ("none",): the edition has no limits (the row is hidden)
    before_uses: tuple[EdgeUse, ...]
    after_uses: tuple[EdgeUse, ...]
    edge_label: str = "test.edge."  # message key prefixes of the uses before and after the roll
    after_label: str = "test.after."
    before_hint: str = "test.edge_before_hint"
    type_label: str = "test.type."  # the test types' names (SR4 uses its digest's)
    glitch_negated: str = "result.glitch_negated"  # the result's words for a glitch Edge negated


@dataclass(frozen=True)
class TestInputs:
    """Everything the GM sets in the test box."""

    test_type: TestType = "success"
    attribute: str = "AGI"
    second_attribute: str = "INT"
    skill: int = 0
    modifier: int = 0
    threshold: int = 1
    limit: tc.LimitKind = "none"
    custom_limit: int = 0
    edge_use: EdgeUse = EdgeUse.NONE
    retry: bool = False
    label: str = ""
    opponent: str | None = None  # None: the opponent is a plain number of dice
    opponent_attribute: str = "REA"
    opponent_skill: int = 0
    opponent_dice: int = 6
    helpers: tuple[str, ...] = ()
    helper_skill: int = 0
    interval_minutes: int = 60
    roll_limit: int = 0  # 0: the starting pool (SR4-D6)

    def pool_spec(self) -> tc.PoolSpec:
        return tc.PoolSpec(
            attribute=self.attribute,
            second_attribute=self.second_attribute if self.test_type == "attribute_only" else None,
            skill=0 if self.test_type == "attribute_only" else self.skill,
            modifier=self.modifier,
            limit=self.limit,
            custom_limit=self.custom_limit,
        )


class DiceTestModel(QAbstractTableModel):
    """Rows: the pool's terms. Also: the exact odds, and the intents of the test box."""

    oddsChanged = Signal()
    resultChanged = Signal(object)  # tuple of the events of the last test (for the result view)
    refused = Signal(str)

    def __init__(self, bridge: EncounterBridge, parent: QObject | None, edition: EditionTests) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.edition = edition
        self.inputs = TestInputs()
        self.preview: Any = None  # the edition's TestPreview
        self.odds: TestOdds | None = None
        self.opposed: OpposedOdds | None = None
        self.odds_error: str | None = None
        self._terms: tuple[tuple[str, int], ...] = ()
        self.shown: Callable[[], bool] = lambda: True  # its panel says whether it is in sight (set_shown)
        self._stale = False  # a change came while out of sight: worked out when in sight again
        self._recompute()
        bridge.selectionChanged.connect(lambda _c: self._follow())
        bridge.changed.connect(self._on_change)

    def _follow(self) -> None:
        """The pool and odds for the fight now; out of sight (a tab behind), once it is in sight again."""
        if self.shown():
            self._recompute()
        else:
            self._stale = True

    def catch_up(self) -> None:
        """In sight again: what changed meanwhile is worked out now."""
        if self._stale:
            self._stale = False
            self._recompute()

    # -- inputs and derived figures ---------------------------------------------
    def set_inputs(self, **changes: Any) -> None:
        if "edge_use" in changes:  # Qt item data gives str-based enums back as plain str
            changes["edge_use"] = EdgeUse(changes["edge_use"])
        self.inputs = replace(self.inputs, **changes)
        self._recompute()

    @property
    def pool(self) -> int:
        return sum(value for _, value in self._terms)

    @property
    def combatant(self) -> Any:  # the selected combatant (the edition's own) or None
        cid = self._bridge.selected
        return self._bridge.state.combatants.get(cid) if cid else None

    def _recompute(self) -> None:
        self._stale = False
        self.preview, self.odds, self.opposed, self.odds_error = None, None, None, None
        terms: tuple[tuple[str, int], ...] = ()
        c = self.combatant
        if c is not None:
            try:
                self.preview = self._preview(c.id)
                terms = self.preview.terms
                self._compute_odds()
            except GmtoolError as exc:
                self.odds_error = exc.message()
        if terms != self._terms:
            self.beginResetModel()
            self._terms = terms
            self.endResetModel()
        self.oddsChanged.emit()

    def _preview(self, cid: str) -> Any:
        i = self.inputs
        threshold = 0 if i.test_type == "opposed" else i.threshold
        return self.edition.preview(self._bridge.state, cid, i.pool_spec(), threshold, i.edge_use, i.retry, i.label)

    def _compute_odds(self) -> None:
        assert self.preview is not None
        if self.inputs.test_type == "buy":
            return
        if self.inputs.test_type == "opposed":
            opponent = self._opponent_spec()
            state, i = self._bridge.state, self.inputs
            check_side(self.preview.spec, self.combatant.sheet.name)  # whose pool is short, named (issue 31)
            other = state.combatants.get(i.opponent or "")
            check_side(opponent, other.sheet.name if other is not None else "", opponent=True)
            self.opposed = opposed_odds(self.preview.spec, opponent)
        else:
            self.odds = test_odds(self.preview.spec)

    def _opponent_spec(self) -> TestSpec:
        i, state = self.inputs, self._bridge.state
        if i.opponent is None or i.opponent not in state.combatants:
            return self.edition.plain_spec(state, i.opponent_dice)
        pool = tc.PoolSpec(attribute=i.opponent_attribute, skill=i.opponent_skill)
        spec: TestSpec = self.edition.preview(state, i.opponent, pool).spec  # the edition's TestPreview
        return spec

    def bridge_refusal(self) -> str | None:
        """Why nothing can be rolled now (the fight shown as it was, a campaign open read-only), or None."""
        return self._bridge.acting_refusal()

    def _on_change(self, change: Change) -> None:
        if change.reset or not change.events or any(e.kind != "action_phase_ended" for e in change.events):
            self._follow()  # a phase ending changes no pool; anything else (an undo too) may
        c = self.combatant
        if c is None:
            return
        shown = tuple(e for e in change.events if e.kind in RESULT_KINDS)
        if any(_involves(e, c.id) for e in shown):  # helpers' and opponents' rolls are shown too
            self.resultChanged.emit(shown)

    # -- intents -----------------------------------------------------------------
    def _run(self, command: Command) -> bool:
        message = self._bridge.attempt(command)
        if message is not None:
            self.refused.emit(message)
            return False
        return True

    def _faces(self, text: str | None) -> tuple[tuple[int, ...] | None, bool]:
        if text is None or not text.strip():
            return None, True
        try:
            return parse_faces(text), True
        except GmtoolError as exc:
            self.refused.emit(exc.message())
            return None, False

    def roll(self, faces_text: str | None = None) -> bool:
        """Roll (or take the typed faces of) the test the inputs describe."""
        c = self.combatant
        if c is None:
            self.refused.emit(tr("error.select_combatant"))
            return False
        faces, ok = self._faces(faces_text)
        if not ok:
            return False
        command = self._command(c.id, faces)
        return command is not None and self._run(command)

    def _command(self, cid: str, faces: tuple[int, ...] | None) -> Command | None:
        i = self.inputs
        pool = i.pool_spec()
        if i.test_type == "opposed":
            opponent_pool = tc.PoolSpec(attribute=i.opponent_attribute, skill=i.opponent_skill)
            return tc.RollOpposedTest(
                combatant=cid, pool=pool, opponent=i.opponent, opponent_pool=opponent_pool if i.opponent else None,
                opponent_dice=i.opponent_dice, edge_use=i.edge_use, label=i.label, faces=faces,
            )
        if i.test_type == "teamwork":
            if not i.helpers:
                self.refused.emit(tr("error.no_helpers"))
                return None
            helpers = tuple(
                tc.TeamHelper(combatant=h, pool=tc.PoolSpec(attribute=i.attribute, skill=i.helper_skill)) for h in i.helpers
            )
            return tc.RollTeamworkTest(
                combatant=cid, pool=pool, helpers=helpers, threshold=i.threshold, edge_use=i.edge_use, label=i.label
            )
        if i.test_type == "extended":
            return tc.StartExtendedTest(
                combatant=cid, pool=pool, threshold=max(i.threshold, 1), interval_minutes=i.interval_minutes,
                roll_limit=i.roll_limit or None, label=i.label,
            )
        return tc.RollTest(
            combatant=cid, pool=pool, threshold=i.threshold, edge_use=i.edge_use, buy_hits=i.test_type == "buy",
            retry=i.retry, label=i.label, faces=faces,
        )

    def edge_after(self, use: EdgeUse, faces_text: str | None = None) -> bool:
        c = self.combatant
        if c is None:
            self.refused.emit(tr("error.select_combatant"))
            return False
        faces, ok = self._faces(faces_text)
        return ok and self._run(tc.UseEdgeAfter(combatant=c.id, edge_use=use, faces=faces))

    def roll_extended(self, test_id: int, faces_text: str | None = None) -> bool:
        faces, ok = self._faces(faces_text)
        return ok and self._run(tc.RollExtendedTest(test=test_id, edge_use=self.inputs.edge_use, faces=faces))

    def end_extended(self, test_id: int) -> bool:
        return self._run(tc.EndExtendedTest(test=test_id))

    def clear_retries(self) -> bool:
        c = self.combatant
        return c is not None and self._run(tc.ClearRetries(combatant=c.id))

    def burn_edge(self) -> bool:
        c = self.combatant
        return c is not None and self._run(tc.BurnEdge(combatant=c.id))

    def refresh_edge(self, everyone: bool = False) -> bool:
        c = self.combatant
        return self._run(tc.RefreshEdge(combatant=None if everyone or c is None else c.id))

    # -- queries for the panel -----------------------------------------------------
    def can_use_edge_after(self) -> bool:
        c = self.combatant
        return bool(c and c.last_test and not c.last_test.edge_used and c.sheet.edge_points > 0)

    def extended_tests(self) -> list[Any]:
        c = self.combatant
        if c is None:
            return []
        return [t for t in self._bridge.state.extended_tests.values() if t.combatant == c.id]

    # -- Qt model API --------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._terms)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section in (0, 1):
            return tr("column.term") if section == 0 else tr("column.dice")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._terms):
            return None
        label, value = self._terms[index.row()]
        if role == roles.TERM_VALUE:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return term_label(label) if index.column() == 0 else f"{value:+d}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


RESULT_KINDS = frozenset(
    {"dice_test_rolled", "opposed_test_resolved", "extended_test_started", "extended_test_progressed", "retry_counted"}
)


def _involves(event: Any, cid: str) -> bool:
    """Whether a result event belongs to the combatant's test (helpers and opponents included)."""
    if event.kind == "opposed_test_resolved":
        return cid in (event.actor, event.opponent)
    if event.kind == "extended_test_progressed":
        return True
    return getattr(event, "combatant", cid) in (cid, "")
