"""The modifier engine (SR4-MT7, X-3): the tables that fit an action, ticked rows, the breakdown.

``build_sheet(context)`` picks the tables of the context's game that have rows
for its action, adds the effects in force as a table of their own, and pre-ticks
every row whose ``context`` flag is present (the first one of an exclusive group
wins). A :class:`ModifierSheet` is immutable: :meth:`~ModifierSheet.toggle`,
:meth:`~ModifierSheet.add_free`, :meth:`~ModifierSheet.set_count` … return a new
sheet. The GM's choices (:class:`Choices`: ticked row keys, the counts he gave
counted rows, and free modifiers) serialise to plain data with
:meth:`Choices.to_data` and are put back with :meth:`ModifierSheet.with_choices`.

A counted row (a rule of ``COUNT_RULES``: take aim +1 per simple action, multiple
targets −2 per change, friends in the melee +1 each up to +4, reach ±1 per point …)
takes its count from the context unless the GM gave one; its value is factor × count,
held within the row's ``cap`` (friends in the melee: +4 at most).

:meth:`ModifierSheet.breakdown` lists every term (label, value, table id, page);
the total is their sum. A row key is ``"<table id>/<row id>"``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language, catalogue, term_label
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.tables.environment import environment
from gmtool.games.shadowrun.rules.tables.loader import TableSet, load_tables
from gmtool.games.shadowrun.rules.tables.models import COUNT_RULES, LocalText, Row, Table
from gmtool.games.shadowrun.rules.tables.rules import DEPENDENT_RULES, base_value, dependent_value

COUNT_MAX = 20  # the most a counted row counts (aim actions, targets, friends …)
SIGNED_COUNTS = frozenset({"reach_difference"})  # counts that may be negative (the defender's longer reach)

EFFECTS_TABLE = "effects.in_force"
FREE_TABLE = "free"
FREE_LABEL_MAX = 80
FREE_VALUE_MAX = 30


def row_key(table_id: str, row_id: str) -> str:
    return f"{table_id}/{row_id}"


@dataclass(frozen=True)
class FreeModifier:
    """A modifier the GM typed in: his own words and a value."""

    label: str
    value: int

    def __post_init__(self) -> None:
        if not self.label.strip() or len(self.label) > FREE_LABEL_MAX:
            raise RulesError("error.tables_free_label", limit=FREE_LABEL_MAX)
        if isinstance(self.value, bool) or not isinstance(self.value, int) or abs(self.value) > FREE_VALUE_MAX:
            raise RulesError("error.tables_free_value", limit=FREE_VALUE_MAX)


@dataclass(frozen=True)
class Choices:
    """What the GM decided: the ticked row keys, the counts he gave counted rows (row key →
    count, sorted by key) and his free modifiers (serialisable)."""

    ticked: frozenset[str] = frozenset()
    free: tuple[FreeModifier, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()

    def count(self, key: str) -> int | None:
        """The count the GM gave a row (None: the situation's)."""
        return dict(self.counts).get(key)

    def with_count(self, key: str, count: int) -> Choices:
        counts = dict(self.counts) | {key: count}
        return replace(self, counts=tuple(sorted(counts.items())))

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ticked": sorted(self.ticked), "free": [{"label": f.label, "value": f.value} for f in self.free]
        }
        if self.counts:
            data["counts"] = dict(self.counts)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Choices:
        try:
            ticked = frozenset(str(key) for key in data["ticked"])
            free = tuple(FreeModifier(label=str(item["label"]), value=item["value"]) for item in data["free"])
            counts = tuple(sorted((str(k), int(v)) for k, v in dict(data.get("counts", {})).items()))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise RulesError("error.tables_bad_choices", detail=repr(exc)) from exc
        return cls(ticked=ticked, free=free, counts=counts)


@dataclass(frozen=True)
class Term:
    """One line of the breakdown.

    ``label`` is ``"table:<key>"`` for a table row, ``"text:<words>"`` for a free
    modifier, an effect's own label (message key or ``text:``) for an effect.
    ``text`` holds a table row's labels in both languages; ``notes`` what else
    explains the value (the equipment that shifted an environment condition);
    ``source`` an effect's source as the context gave it.
    """

    label: str
    value: int
    table: str
    page: int | None = None
    row: str | None = None
    text: LocalText | None = None
    notes: tuple[LocalText, ...] = ()
    source: str | None = None

    def display(self, language: str | None = None) -> str:
        """The label in ``language`` (default: the active one)."""
        if self.text is not None:
            return self.text.text(language or active_language())
        return term_label(self.label)

    def pool_term(self) -> tuple[str, int]:
        """(label, value) as the pool breakdowns of the rulesets store them (``term_label`` reads it).

        A table row's label becomes ``text:`` + its words in the active language.
        """
        if self.text is not None:
            return (f"text:{self.display()}", self.value)
        return (self.label, self.value)


def _local(label: str) -> LocalText:
    if label.startswith("text:"):
        return LocalText(en=label[5:] or "?", ja=label[5:] or "?")
    return LocalText(en=catalogue("en").messages.get(label, label), ja=catalogue("ja").messages.get(label, label))


def effects_table(context: ActionContext) -> Table | None:
    """The effects in force on the roller, as a table whose rows are all pre-ticked."""
    if not context.effects:
        return None
    rows = tuple(
        Row(
            id=f"effect_{number}",
            label=_local(label),
            value=value,
            source="effect",
            context="effect",
            note=LocalText(en=source, ja=source) if source else None,
        )
        for number, (label, value, source) in enumerate(context.effects, start=1)
    )
    title = _local("tables.effects_title")
    return Table(id=EFFECTS_TABLE, game=context.game, title=title, applies_to=(context.action,), rows=rows)


@dataclass(frozen=True)
class ModifierSheet:
    """The tables for one action and the GM's choices on them; immutable."""

    context: ActionContext
    tables: tuple[Table, ...]
    choices: Choices = field(default_factory=Choices)

    # -- rows ------------------------------------------------------------------------
    def rows(self, table: Table) -> tuple[Row, ...]:
        """The rows of a table that apply to this action."""
        return tuple(row for row in table.rows if table.row_applies(row, self.context.action))

    def entries(self) -> Iterator[tuple[Table, Row]]:
        for table in self.tables:
            for row in self.rows(table):
                yield table, row

    def table(self, table_id: str) -> Table | None:
        return next((table for table in self.tables if table.id == table_id), None)

    def find(self, key: str) -> tuple[Table, Row]:
        table_id, _, row_id = key.partition("/")
        table = self.table(table_id)
        row = table.row(row_id) if table is not None else None
        if table is None or row is None or not table.row_applies(row, self.context.action):
            raise RulesError("error.tables_unknown_row", row=key)
        return table, row

    def is_ticked(self, key: str) -> bool:
        return key in self.choices.ticked

    # -- the GM's choices ------------------------------------------------------------
    def tick(self, key: str) -> ModifierSheet:
        table, row = self.find(key)
        if not row.tickable:
            raise RulesError("error.tables_not_tickable", row=key)
        if key in self.choices.ticked:
            return self
        rivals = {row_key(table.id, other.id) for other in table.rows if row.group and other.group == row.group}
        ticked = (self.choices.ticked - rivals) | {key}
        return replace(self, choices=replace(self.choices, ticked=ticked))

    def untick(self, key: str) -> ModifierSheet:
        self.find(key)
        return replace(self, choices=replace(self.choices, ticked=self.choices.ticked - {key}))

    def toggle(self, key: str) -> ModifierSheet:
        return self.untick(key) if self.is_ticked(key) else self.tick(key)

    def add_free(self, label: str, value: int) -> ModifierSheet:
        free = (*self.choices.free, FreeModifier(label=label.strip(), value=value))
        return replace(self, choices=replace(self.choices, free=free))

    def remove_free(self, index: int) -> ModifierSheet:
        if not 0 <= index < len(self.choices.free):
            raise RulesError("error.tables_no_free", index=index)
        free = self.choices.free[:index] + self.choices.free[index + 1 :]
        return replace(self, choices=replace(self.choices, free=free))

    def with_choices(self, choices: Choices) -> ModifierSheet:
        """The same tables with stored choices put back (each key checked, groups respected)."""
        sheet = replace(self, choices=Choices(free=choices.free))
        for key, count in choices.counts:
            sheet = sheet._counted(key, count)
        for key in sorted(choices.ticked):
            sheet = sheet.tick(key)
        return sheet

    # -- counted rows ----------------------------------------------------------------
    def counts(self, key: str) -> bool:
        """Whether a row's value is a count times a factor (its count can be given)."""
        _table, row = self.find(key)
        return row.rule in COUNT_RULES

    def count_range(self, key: str) -> tuple[int, int]:
        """The counts a counted row takes (reach may be negative: the defender's is longer)."""
        _table, row = self.find(key)
        if row.rule not in COUNT_RULES:
            raise RulesError("error.tables_not_counted", row=key)
        return (-COUNT_MAX if COUNT_RULES[row.rule] in SIGNED_COUNTS else 0), COUNT_MAX

    def count(self, key: str) -> int:
        """A counted row's count: the GM's, else the situation's (0 for rows that are not counted)."""
        _table, row = self.find(key)
        return self._count_of(key, row)

    def _count_of(self, key: str, row: Row) -> int:
        if row.rule not in COUNT_RULES:
            return 0
        given = self.choices.count(key)
        return self.context.count(COUNT_RULES[row.rule]) if given is None else given

    def set_count(self, key: str, count: int) -> ModifierSheet:
        """The GM gives a counted row its count: a count other than 0 ticks it, 0 unticks it."""
        sheet = self._counted(key, count)
        return sheet.tick(key) if count else sheet.untick(key)

    def _counted(self, key: str, count: int) -> ModifierSheet:
        low, high = self.count_range(key)
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            raise RulesError("error.tables_count_range", row=key, low=low, high=high)
        return replace(self, choices=self.choices.with_count(key, count))

    def _value(self, key: str, row: Row) -> int | None:
        """A row's first-pass value with the GM's count (the row's cap holds it: SR5/SR4 friends +4)."""
        given = self.choices.count(key) if row.rule in COUNT_RULES else None
        return base_value(row, self.context, given)

    # -- values ----------------------------------------------------------------------
    def _sum_values(self) -> dict[str, tuple[Table, Row, int]]:
        """Every ticked row of the summed tables with its value, in table order."""
        return self._summed

    @cached_property
    def _summed(self) -> dict[str, tuple[Table, Row, int]]:
        done: dict[str, tuple[Row, int]] = {}
        tables: dict[str, Table] = {}
        later: list[tuple[Table, Row]] = []
        for table, row in self.entries():
            key = row_key(table.id, row.id)
            if table.combine != "sum" or key not in self.choices.ticked:
                continue
            value = self._value(key, row)
            if value is None:
                later.append((table, row))
            else:
                done[key], tables[key] = (row, value), table
        for rule in DEPENDENT_RULES:
            for table, row in later:
                if row.rule == rule:
                    key = row_key(table.id, row.id)
                    done[key], tables[key] = (row, dependent_value(row, self.context, done)), table
        order = [row_key(t.id, r.id) for t, r in self.entries()]
        return {key: (tables[key], *done[key]) for key in order if key in done}

    def row_value(self, key: str) -> int | None:
        """What a row adds when ticked, in the present situation (None: it points at another table)."""
        table, row = self.find(key)
        if not row.tickable:
            return None
        if table.combine != "sum":
            return row.value
        value = self._value(key, row)
        if value is not None:  # a row of its own: no need to sum the others
            return value
        sheet = self.tick(key)
        return sheet._sum_values()[key][2]

    def _environment_term(self, table: Table) -> Term | None:
        ticked = [row for row in self.rows(table) if self.is_ticked(row_key(table.id, row.id))]
        gear_table = self.table(table.shifted_by) if table.shifted_by else None
        gear = [r for r in self.rows(gear_table) if self.is_ticked(row_key(gear_table.id, r.id))] if gear_table else []
        result = environment(table, ticked, gear, self.context)
        if result is None:
            return None
        text = table.worst_pair_label if result.pair and table.worst_pair_label else result.worst.label
        return Term(
            label=f"table:{row_key(table.id, result.worst.id)}",
            value=result.value,
            table=table.id,
            page=result.worst.page or table.page,
            row=result.worst.id,
            text=text,
            notes=tuple(gear_row.label for gear_row in result.equipment),
        )

    def _row_term(self, table: Table, row: Row, value: int) -> Term:
        if table.id == EFFECTS_TABLE:
            index = int(row.id.removeprefix("effect_")) - 1
            label, _, source = self.context.effects[index]
            return Term(label=label, value=value, table=table.id, row=row.id, source=source or None)
        return Term(
            label=f"table:{row_key(table.id, row.id)}",
            value=value,
            table=table.id,
            page=row.page or table.page,
            row=row.id,
            text=row.label,
        )

    def breakdown(self) -> tuple[Term, ...]:
        """Every term: ticked rows table by table, the environment modifier, then the free modifiers."""
        return self._breakdown

    @cached_property
    def _breakdown(self) -> tuple[Term, ...]:
        """Computed once per sheet: a sheet never changes (a change makes a new one)."""
        values = self._sum_values()
        terms: list[Term] = []
        for table in self.tables:
            if table.combine == "worst":
                term = self._environment_term(table)
                terms.extend([term] if term is not None else [])
                continue
            for key, (_, row, value) in values.items():
                if key.startswith(f"{table.id}/") and row.rule != "environment_shift":
                    terms.append(self._row_term(table, row, value))
        terms.extend(Term(label=f"text:{f.label}", value=f.value, table=FREE_TABLE) for f in self.choices.free)
        return tuple(terms)

    def total(self) -> int:
        return sum(term.value for term in self.breakdown())

    def pool_terms(self) -> tuple[tuple[str, int], ...]:
        """The breakdown as (label, value) pairs for a pool breakdown event."""
        return tuple(term.pool_term() for term in self.breakdown())

    def specials(self) -> frozenset[str]:
        """Ticked rows the attack flow must act on: ``split_pool``, ``no_defence``."""
        return frozenset(
            row.rule for table, row in self.entries() if row.rule in ("split_pool", "no_defence") and self.is_ticked(row_key(table.id, row.id))
        )


def _pre_ticked(tables: tuple[Table, ...], context: ActionContext) -> frozenset[str]:
    """Rows whose context flag is present; in an exclusive group the strongest one (ties: the first)."""
    flags = context.all_flags() | {"effect"}
    ticked: set[str] = set()
    for table in tables:
        best: dict[str, tuple[int, Row]] = {}
        for row in table.rows:
            if not (table.row_applies(row, context.action) and row.tickable and row.context in flags):
                continue
            if row.group is None:
                ticked.add(row_key(table.id, row.id))
                continue
            strength = abs(base_value(row, context) or 0)
            if row.group not in best or strength > best[row.group][0]:
                best[row.group] = (strength, row)
        ticked |= {row_key(table.id, row.id) for _, row in best.values()}
    return frozenset(ticked)


def build_sheet(context: ActionContext, tables: TableSet | Mapping[str, Table] | None = None) -> ModifierSheet:
    """The sheet for an action: its tables (shipped ones by default), the effects, rows pre-ticked."""
    table_set = tables if isinstance(tables, TableSet) else TableSet(tables=tables or load_tables().tables)
    chosen = table_set.for_action(context.game, context.action)
    effects = effects_table(context)
    all_tables = (*chosen, effects) if effects is not None else chosen
    return ModifierSheet(context=context, tables=all_tables, choices=Choices(ticked=_pre_ticked(all_tables, context)))
