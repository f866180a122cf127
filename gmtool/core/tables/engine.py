"""The modifier-table engine (X-3), any game's: the tables that fit an action, ticked rows,
the breakdown. The game is a parameter: the action context (:class:`TableContext`) says which game
and action, which flags pre-tick rows, what a counted or computed row is worth, how an environment
table combines, and which tables exist; the tables and rows are the game's validated data
(:class:`TableData`, :class:`RowData`).

``build_sheet(context)`` picks the tables of the context's game that have rows for its action, adds
the effects in force as a table of their own, and pre-ticks every row whose ``context`` flag is
present (the first one of an exclusive group wins). A :class:`ModifierSheet` is immutable:
:meth:`~ModifierSheet.toggle`, :meth:`~ModifierSheet.add_free`, :meth:`~ModifierSheet.set_count` …
return a new sheet. The GM's choices (:class:`Choices`: ticked row keys, the counts he gave counted
rows, and free modifiers) serialise to plain data with :meth:`Choices.to_data` and are put back
with :meth:`ModifierSheet.with_choices`.

A counted row takes its count from the context unless the GM gave one; its value is factor × count,
held within the row's ``cap``. :meth:`ModifierSheet.breakdown` lists every term (label, value,
table id, page); the total is their sum. A row key is ``"<table id>/<row id>"``. Two rule names
belong to the engine itself: ``see_table`` (a row that only points at another table: never ticked)
and ``environment_shift`` (equipment that moves an environment table's conditions: no term of its own).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Protocol

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language, term_label


class Text(Protocol):
    """A label in both languages."""

    def text(self, language: str) -> str: ...


class RowData(Protocol):
    """A row of a game's table (its validated data)."""

    @property
    def id(self) -> str: ...
    @property
    def label(self) -> Text: ...
    @property
    def value(self) -> int | None: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def group(self) -> str | None: ...
    @property
    def context(self) -> str | None: ...
    @property
    def page(self) -> int | None: ...
    @property
    def tickable(self) -> bool: ...


class TableData(Protocol):
    """A game's modifier table (its validated data)."""

    @property
    def id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def page(self) -> int | None: ...
    @property
    def combine(self) -> str: ...  # "sum", or "worst" (an environment table: the worst condition counts)
    @property
    def shifted_by(self) -> str | None: ...
    @property
    def worst_pair_label(self) -> Text | None: ...
    @property
    def rows(self) -> Sequence[RowData]: ...

    def row(self, row_id: str) -> RowData | None: ...

    def row_applies(self, row: RowData, action: str) -> bool: ...


class EnvironmentResult(Protocol):
    """An environment table's modifier and what explains it."""

    @property
    def value(self) -> int: ...
    @property
    def worst(self) -> RowData: ...  # the ticked condition that sets the value
    @property
    def pair(self) -> bool: ...  # two or more conditions at the last level
    @property
    def equipment(self) -> Sequence[RowData]: ...  # the ticked equipment that changed a level


Ticked = Mapping[str, tuple[RowData, int]]  # every row valued so far, by row key


class TableContext(Protocol):
    """The action a sheet is for, and the game's rules for valuing its rows (the engine's parameter)."""

    @property
    def game(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def effects(self) -> Sequence[tuple[str, int, str]]: ...  # (label, value, source) of each effect in force

    def all_flags(self) -> frozenset[str]: ...  # what pre-ticks rows

    def count_name(self, rule: str | None) -> str | None: ...  # the count a counted rule multiplies

    def count(self, name: str) -> int: ...

    def count_low(self, name: str) -> int: ...  # the lowest count (0, or negative for a signed count)

    def base_value(self, row: RowData, count: int | None = None) -> int | None: ...  # None: needs other rows

    def dependent_rules(self) -> tuple[str, ...]: ...  # second-pass rules, in the order they are valued

    def dependent_value(self, row: RowData, ticked: Ticked) -> int: ...

    def environment(self, table: TableData, ticked: Sequence[RowData],
                    equipment: Sequence[RowData]) -> EnvironmentResult | None: ...

    def effects_table(self) -> TableData | None: ...  # the effects in force, as pre-ticked rows

    def special_rules(self) -> frozenset[str]: ...  # rows the game's flow acts on (no dice of their own)

    def tables(self) -> Iterable[TableData]: ...  # every table the game knows (shipped and house)


COUNT_MAX = 20  # the most a counted row counts (aim actions, targets, friends …)

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
    text: Text | None = None
    notes: tuple[Text, ...] = ()
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


@dataclass(frozen=True)
class ModifierSheet:
    """The tables for one action and the GM's choices on them; immutable."""

    context: TableContext
    tables: tuple[TableData, ...]
    choices: Choices = field(default_factory=Choices)
    # What depends on the tables and the action only (the rows that apply, the rows by key), worked
    # out once: a sheet made from this one by a choice (a tick, a count …) shares them. Not its value.
    _rows: dict[str, tuple[TableData, tuple[RowData, ...]]] = field(default_factory=dict, compare=False, repr=False)
    _found: dict[str, tuple[TableData, RowData]] = field(default_factory=dict, compare=False, repr=False)

    # -- rows ------------------------------------------------------------------------
    def rows(self, table: TableData) -> tuple[RowData, ...]:
        """The rows of a table that apply to this action."""
        known = self._rows.get(table.id)
        if known is None or known[0] is not table:
            known = (table, tuple(row for row in table.rows if table.row_applies(row, self.context.action)))
            self._rows[table.id] = known
        return known[1]

    def entries(self) -> Iterator[tuple[TableData, RowData]]:
        for table in self.tables:
            for row in self.rows(table):
                yield table, row

    def table(self, table_id: str) -> TableData | None:
        return next((table for table in self.tables if table.id == table_id), None)

    def find(self, key: str) -> tuple[TableData, RowData]:
        found = self._found.get(key)
        if found is not None:
            return found
        table_id, _, row_id = key.partition("/")
        table = self.table(table_id)
        row = table.row(row_id) if table is not None else None
        if table is None or row is None or not table.row_applies(row, self.context.action):
            raise RulesError("error.tables_unknown_row", row=key)
        self._found[key] = (table, row)
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
        return self.context.count_name(row.rule) is not None

    def count_range(self, key: str) -> tuple[int, int]:
        """The counts a counted row takes (reach may be negative: the defender's is longer)."""
        _table, row = self.find(key)
        name = self.context.count_name(row.rule)
        if name is None:
            raise RulesError("error.tables_not_counted", row=key)
        return (-COUNT_MAX if self.context.count_low(name) < 0 else 0), COUNT_MAX

    def count(self, key: str) -> int:
        """A counted row's count: the GM's, else the situation's (0 for rows that are not counted)."""
        _table, row = self.find(key)
        return self._count_of(key, row)

    def _count_of(self, key: str, row: RowData) -> int:
        name = self.context.count_name(row.rule)
        if name is None:
            return 0
        given = self.choices.count(key)
        return self.context.count(name) if given is None else given

    def set_count(self, key: str, count: int) -> ModifierSheet:
        """The GM gives a counted row its count: a count other than 0 ticks it, 0 unticks it."""
        sheet = self._counted(key, count)
        return sheet.tick(key) if count else sheet.untick(key)

    def _counted(self, key: str, count: int) -> ModifierSheet:
        low, high = self.count_range(key)
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            raise RulesError("error.tables_count_range", row=key, low=low, high=high)
        return replace(self, choices=self.choices.with_count(key, count))

    def _value(self, key: str, row: RowData) -> int | None:
        """A row's first-pass value with the GM's count (the game's rule holds it within the row's cap)."""
        given = self.choices.count(key) if self.context.count_name(row.rule) is not None else None
        return self.context.base_value(row, given)

    # -- values ----------------------------------------------------------------------
    def _sum_values(self) -> dict[str, tuple[TableData, RowData, int]]:
        """Every ticked row of the summed tables with its value, in table order."""
        return self._summed

    @cached_property
    def _summed(self) -> dict[str, tuple[TableData, RowData, int]]:
        done: dict[str, tuple[RowData, int]] = {}
        tables: dict[str, TableData] = {}
        later: list[tuple[TableData, RowData]] = []
        for table, row in self.entries():
            key = row_key(table.id, row.id)
            if table.combine != "sum" or key not in self.choices.ticked:
                continue
            value = self._value(key, row)
            if value is None:
                later.append((table, row))
            else:
                done[key], tables[key] = (row, value), table
        for rule in self.context.dependent_rules():
            for table, row in later:
                if row.rule == rule:
                    key = row_key(table.id, row.id)
                    done[key], tables[key] = (row, self.context.dependent_value(row, done)), table
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

    def _environment_term(self, table: TableData) -> Term | None:
        ticked = [row for row in self.rows(table) if self.is_ticked(row_key(table.id, row.id))]
        gear_table = self.table(table.shifted_by) if table.shifted_by else None
        gear = [r for r in self.rows(gear_table) if self.is_ticked(row_key(gear_table.id, r.id))] if gear_table else []
        result = self.context.environment(table, ticked, gear)
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

    def _row_term(self, table: TableData, row: RowData, value: int) -> Term:
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
        """Ticked rows the game's flow must act on (rows with no dice of their own, such as a split pool)."""
        special = self.context.special_rules()
        return frozenset(
            row.rule for table, row in self.entries() if row.rule in special and self.is_ticked(row_key(table.id, row.id))
        )


def _pre_ticked(tables: tuple[TableData, ...], context: TableContext) -> frozenset[str]:
    """Rows whose context flag is present; in an exclusive group the strongest one (ties: the first)."""
    flags = context.all_flags() | {"effect"}
    ticked: set[str] = set()
    for table in tables:
        best: dict[str, tuple[int, RowData]] = {}
        for row in table.rows:
            if not (table.row_applies(row, context.action) and row.tickable and row.context in flags):
                continue
            if row.group is None:
                ticked.add(row_key(table.id, row.id))
                continue
            strength = abs(context.base_value(row) or 0)
            if row.group not in best or strength > best[row.group][0]:
                best[row.group] = (strength, row)
        ticked |= {row_key(table.id, row.id) for _, row in best.values()}
    return frozenset(ticked)


def for_action(tables: Iterable[TableData], game: str, action: str) -> tuple[TableData, ...]:
    """The tables of a game with at least one row for this kind of action."""
    return tuple(table for table in tables
                 if table.game == game and any(table.row_applies(row, action) for row in table.rows))


def build_sheet(context: TableContext, tables: Iterable[TableData] | Mapping[str, TableData] | None = None) -> ModifierSheet:
    """The sheet for an action: its tables (the game's own by default), the effects, rows pre-ticked."""
    given = (tables.values() if tables else None) if isinstance(tables, Mapping) else tables
    chosen = for_action(context.tables() if given is None else given, context.game, context.action)
    effects = context.effects_table()
    all_tables = (*chosen, effects) if effects is not None else chosen
    return ModifierSheet(context=context, tables=all_tables, choices=Choices(ticked=_pre_ticked(all_tables, context)))
