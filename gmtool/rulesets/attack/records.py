"""Breakdown terms of every origin turned into the log's :class:`~.messages.TermRecord`."""

from __future__ import annotations

from collections.abc import Iterable

from gmtool.core.dice_spec import edge_dice
from gmtool.core.dice_tests import TestOutcome
from gmtool.rulesets.attack.messages import TermRecord, TestRecord
from gmtool.rulesets.damage.terms import Term as DamageTerm
from gmtool.rulesets.tables.engine import Term as TableTerm


def from_damage(terms: Iterable[DamageTerm], japanese: dict[str, str] | None = None) -> tuple[TermRecord, ...]:
    """Resolution terms as records; ``japanese`` gives back the table rows' Japanese words."""
    records = []
    for t in terms:
        page = int(t.page) if t.page and str(t.page).isdigit() else None
        ja = (japanese or {}).get(t.label, "")
        records.append(TermRecord(label=t.label, value=t.value, ja=ja, source=t.rule or "", page=page))
    return tuple(records)


def from_table(term: TableTerm) -> TermRecord:
    """A table row keeps its words in both languages; other terms keep their key."""
    if term.text is not None:
        return TermRecord(
            label=f"text:{term.text.en}", ja=term.text.ja, value=term.value, source=term.table, page=term.page
        )
    return TermRecord(label=term.label, value=term.value, source=term.table, page=term.page)


def to_damage(records: Iterable[TermRecord]) -> tuple[DamageTerm, ...]:
    """Records handed to the resolution as its outside modifiers (the label keeps the record's)."""
    return tuple(DamageTerm(r.label, r.value, r.source or None, str(r.page) if r.page else None) for r in records)


def test_record(terms: tuple[TermRecord, ...], pool: int, limit: int | None, outcome: TestOutcome | None) -> TestRecord:
    if outcome is None:
        return TestRecord(terms=terms, pool=pool, limit=limit)
    return TestRecord(
        terms=terms, pool=pool, limit=limit, faces=tuple(d.face for d in outcome.dice), hits=outcome.hits,
        glitch=outcome.glitch, critical_glitch=outcome.critical_glitch, typed=outcome.typed,
        edge_use=outcome.spec.edge_use.value, edge_dice=edge_dice(outcome.spec),  # type: ignore[arg-type]
        rerolls=sum(1 for d in outcome.dice if d.source == "reroll"), glitch_negated=outcome.glitch_negated,
    )
