"""Breakdown terms of every origin turned into the log's :class:`~.messages.TermRecord`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gmtool.core.tables.engine import ModifierSheet
from gmtool.core.tables.engine import Term as TableTerm
from gmtool.games.shadowrun.rules.attack.messages import TermRecord, TestRecord
from gmtool.games.shadowrun.rules.damage.terms import Term as DamageTerm
from gmtool.games.shadowrun.rules.dice_spec import edge_dice
from gmtool.games.shadowrun.rules.dice_tests import TestOutcome
from gmtool.games.shadowrun.rules.tables.models import Table

TableRows = Mapping[tuple[str, str], TermRecord]  # table rows by (label, table id)


def from_damage(terms: Iterable[DamageTerm], rows: TableRows | None = None) -> tuple[TermRecord, ...]:
    """Resolution terms as records; ``rows`` (see :func:`table_rows`) gives back what a table row
    recorded besides its label and value: its Japanese words, its table's title, the house-rule mark."""
    records = []
    for t in terms:
        page = int(t.page) if t.page and str(t.page).isdigit() else None
        record = TermRecord(label=t.label, value=t.value, source=t.rule or "", page=page)
        row = (rows or {}).get((t.label, t.rule or ""))
        if row is not None:
            record = record.model_copy(update={
                "ja": row.ja, "table_title": row.table_title, "table_title_ja": row.table_title_ja, "house": row.house,
            })
        records.append(record)
    return tuple(records)


def table_rows(records: Iterable[TermRecord]) -> dict[tuple[str, str], TermRecord]:
    """Table-row records by (label, table id), for :func:`from_damage`."""
    return {(r.label, r.source): r for r in records if r.ja or r.table_title or r.house}


def from_table(term: TableTerm) -> TermRecord:
    """A table row keeps its words in both languages; other terms keep their key."""
    if term.text is not None:
        return TermRecord(
            label=f"text:{term.text.text('en')}", ja=term.text.text("ja"), value=term.value, source=term.table, page=term.page
        )
    return TermRecord(label=term.label, value=term.value, source=term.table, page=term.page)


def sheet_records(sheet: ModifierSheet) -> tuple[TermRecord, ...]:
    """A modifier sheet's terms as records, each table row with its table's title and house-rule mark."""
    return tuple(_with_table(from_table(term), term, sheet) for term in sheet.breakdown())


def _with_table(record: TermRecord, term: TableTerm, sheet: ModifierSheet) -> TermRecord:
    table = sheet.table(term.table)
    if not isinstance(table, Table):  # none (a free modifier); a Shadowrun sheet holds only its own tables
        return record
    row = table.row(term.row) if term.row else None
    return record.model_copy(update={
        "table_title": table.title.en, "table_title_ja": table.title.ja,
        "house": row is not None and row.source == "house",
    })


def to_damage(records: Iterable[TermRecord]) -> tuple[DamageTerm, ...]:
    """Records handed to the resolution as its outside modifiers (the label keeps the record's)."""
    return tuple(DamageTerm(r.label, r.value, r.source or None, str(r.page) if r.page else None) for r in records)


def test_record(terms: tuple[TermRecord, ...], pool: int, limit: int | None, outcome: TestOutcome | None) -> TestRecord:
    if outcome is None:
        return TestRecord(terms=terms, pool=pool, limit=limit)
    return TestRecord(
        terms=terms, pool=pool, limit=limit, faces=tuple(d.face for d in outcome.dice), hits=outcome.hits,
        glitch=outcome.glitch, critical_glitch=outcome.critical_glitch, typed=outcome.typed,
        edge_use=outcome.spec.edge_use.value, edge_dice=edge_dice(outcome.spec),
        rerolls=sum(1 for d in outcome.dice if d.source == "reroll"), glitch_negated=outcome.glitch_negated,
    )
