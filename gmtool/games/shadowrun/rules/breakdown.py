"""The breakdown of a rolled Shadowrun event for the report: the facts it carries, then in words
(:class:`gmtool.core.display.Breakdown`, which the report prints for any game).

Events are read by their field names, whatever the game, so a new event kind
that uses the same names is printed without a change here:

- ``terms``: the pool's terms, ``(label key, value)`` (``text:`` labels are the GM's words);
- ``pool``, ``threshold``, ``limit``: numbers (``limit`` may be None; it is read as the
  dice limit only on events that have a ``threshold`` too, since SR4 movement events
  use ``limit`` for metres);
- ``modifiers``: situational modifiers, each with ``label``, ``value`` and, when the
  modifier came from a table, ``table`` (a message key or ``text:``) and ``page``
  (attributes or mapping keys);
- ``faces`` (ints) or ``dice`` (``(face, source, replaced)`` as SR5 tests record them);
- ``hits`` / ``counted_hits``, ``glitch``, ``critical_glitch``;
- ``odds``: the exact odds recorded at the moment of the roll, a mapping (or a
  pydantic model) of outcome name to probability; ``expected_*`` names are averages;
  ``hit_chance`` (a float) is the odds of a hit.

An exchange of tests (an attack) holds its tests as records in ``attack``,
``defence``, ``test`` and ``soak``: each has ``terms`` recorded with their source
(``label``, ``value``, ``ja``, ``source``, ``page``, ``table_title``, ``house``, as
:class:`gmtool.games.shadowrun.rules.attack.messages.TermRecord`), ``pool``, ``limit``, ``faces``,
``hits``, the glitches, ``typed`` and the Edge used. The figures between them are
``net_hits`` with ``hit``, ``damage_value`` (terms) with ``dv``, ``armour`` (terms)
with ``modified_armour``, and the damage ``applied`` on ``track`` with each track's
``*_before`` and ``*_after``. :func:`exchange_facts` reads them, :func:`word_parts`
words them; the recorded terms are worded by the attack's own describer
(:mod:`gmtool.games.shadowrun.rules.attack.describe`), as the log's tooltip words them.

:func:`roll_facts` computes (numbers only); :func:`word_breakdown` words them in
the active language. Nothing is recomputed: the report prints what the journal holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, is_dataclass, replace
from typing import Any

from gmtool.core.display import Breakdown, BreakdownPart, ModifierLine
from gmtool.core.i18n import term_label, tr

ODDS_KEYS: dict[str, str] = {
    "success": "report.odds.success",
    "glitch": "report.odds.glitch",
    "critical_glitch": "report.odds.critical_glitch",
    "critical_success": "report.odds.critical_success",
    "wins": "report.odds.wins",
    "expected_hits": "report.odds.expected_hits",
    "expected_net_hits": "report.odds.expected_net_hits",
    "hit": "report.odds.hit",
    "no_damage": "report.odds.no_damage",
    "knockdown": "report.odds.knockdown",
}


@dataclass(frozen=True)
class ModifierFact:
    label: str
    value: int
    table: str = ""
    page: str = ""


@dataclass(frozen=True)
class RollFacts:
    """What an event records about a roll (absent facts are None or empty)."""

    terms: tuple[tuple[str, int], ...] = ()
    pool: int | None = None
    threshold: int | None = None
    limit: int | None = None
    modifiers: tuple[ModifierFact, ...] = ()
    faces: tuple[int, ...] = ()
    dice: tuple[tuple[int, str, bool], ...] = ()
    hits: int | None = None
    counted_hits: int | None = None
    glitch: bool = False
    critical_glitch: bool = False
    odds: tuple[tuple[str, float], ...] = ()
    records: tuple[Any, ...] = ()  # base terms recorded with their source (an exchange's tests)
    rows: tuple[Any, ...] = ()  # recorded modifiers: ticked table rows, the GM's own, effects in force
    rows_total: int = 0
    typed: bool = False
    edge_use: str = "none"
    edge_dice: int = 0
    rerolls: int = 0
    glitch_negated: bool = False

    @property
    def empty(self) -> bool:
        recorded = self.records or self.rows
        return not (self.terms or recorded or self.modifiers or self.faces or self.dice or self.odds) and self.pool is None


@dataclass(frozen=True)
class TrackChange:
    track: str
    before: int
    after: int


@dataclass(frozen=True)
class PartFacts:
    """One figure of an exchange: a test's roll, a sum of recorded terms, or the damage applied."""

    name: str  # attack, defence, test, net_hits, dv, armour, soak, damage
    roll: RollFacts | None = None
    terms: tuple[Any, ...] = ()  # a figure's recorded terms
    total: int | None = None  # net hits, DV, modified armour, boxes applied
    hit: bool | None = None
    changes: tuple[TrackChange, ...] = ()


def _field(item: Any, name: str, default: Any = None) -> Any:
    if isinstance(item, Mapping):
        return item.get(name, default)
    return getattr(item, name, default)


def _modifier(item: Any) -> ModifierFact:
    page = _field(item, "page", "")
    return ModifierFact(
        label=str(_field(item, "label", "")), value=int(_field(item, "value", 0)),
        table=str(_field(item, "table", "") or ""), page="" if page is None else str(page),
    )


def _odds(value: Any) -> tuple[tuple[str, float], ...]:
    if value is None:
        return ()
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    elif is_dataclass(value) and not isinstance(value, type):
        value = asdict(value)
    if not isinstance(value, Mapping):
        return ()
    return tuple((str(k), float(v)) for k, v in value.items() if isinstance(v, (int, float)) and not isinstance(v, bool))


def _has_dice_limit(event: Any) -> bool:
    return isinstance(_field(event, "threshold"), int) and isinstance(_field(event, "limit"), int)


def _int(item: Any, name: str) -> int | None:
    value = _field(item, name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _is_record(term: Any) -> bool:
    return not isinstance(term, tuple) and _field(term, "label") is not None


def _split_records(terms: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Recorded terms split into base terms and modifiers (ticked or typed rows)."""
    from gmtool.games.shadowrun.rules.attack.describe import is_table_row

    return tuple(t for t in terms if not is_table_row(t)), tuple(t for t in terms if is_table_row(t))


def _event_odds(event: Any) -> tuple[tuple[str, float], ...]:
    chance = _field(event, "hit_chance")
    if isinstance(chance, float):
        return (("hit", chance),)
    return _odds(_field(event, "odds"))


def roll_facts(event: Any, threshold: int | None = None, recorded_test: bool = False) -> RollFacts:
    """The roll facts an event carries (by field name); ``recorded_test``: an exchange's test record,
    whose ``limit`` is always the dice limit (``threshold``: the one its event sets)."""
    faces = _field(event, "faces", ())
    dice = _field(event, "dice", ())
    terms = tuple(_field(event, "terms", ()) or ())
    records, rows = _split_records(tuple(t for t in terms if _is_record(t)))
    facts = RollFacts(
        terms=tuple((str(label), int(value)) for label, value in (t for t in terms if not _is_record(t))),
        pool=_int(event, "pool"),
        threshold=threshold if threshold is not None else _int(event, "threshold"),
        limit=_int(event, "limit") if recorded_test or _has_dice_limit(event) else None,
        modifiers=tuple(_modifier(m) for m in _field(event, "modifiers", ()) or ()),
        faces=tuple(faces) if isinstance(faces, tuple) and all(isinstance(f, int) for f in faces) else (),
        dice=tuple(dice) if isinstance(dice, tuple) else (),
        hits=_int(event, "hits"),
        counted_hits=_int(event, "counted_hits"),
        glitch=bool(_field(event, "glitch", False)),
        critical_glitch=bool(_field(event, "critical_glitch", False)),
        odds=_event_odds(event),
        records=records,
        rows=rows,
        rows_total=sum(int(t.value) for t in rows),
    )
    if not recorded_test:
        return facts
    return replace(
        facts, typed=bool(_field(event, "typed", False)), edge_use=str(_field(event, "edge_use", "none") or "none"),
        edge_dice=_int(event, "edge_dice") or 0, rerolls=_int(event, "rerolls") or 0,
        glitch_negated=bool(_field(event, "glitch_negated", False)),
    )


# -- an exchange of tests (an attack) ----------------------------------------------------------------
TESTS_BEFORE_DAMAGE = ("attack", "defence", "test")
TRACKS = ("physical", "stun")


def _test_record(event: Any, name: str) -> Any | None:
    """The test record in field ``name`` (None when the field is absent or holds something else)."""
    value = _field(event, name)
    if value is None or isinstance(value, (int, float, str, tuple)):
        return None
    return value if _field(value, "terms") is not None and isinstance(_field(value, "faces"), tuple) else None


def _recorded_terms(event: Any, name: str) -> tuple[Any, ...]:
    terms = _field(event, name, ())
    return tuple(t for t in terms if _is_record(t)) if isinstance(terms, tuple) else ()


def exchange_facts(event: Any) -> tuple[PartFacts, ...]:
    """The parts of an exchange of tests, in the order they happen (empty for any other event)."""
    tests = [(name, record) for name in TESTS_BEFORE_DAMAGE if (record := _test_record(event, name)) is not None]
    if not tests:
        return ()
    threshold = _int(event, "threshold")
    parts = [PartFacts(name, roll=roll_facts(r, threshold if name == "test" else None, True)) for name, r in tests]
    hit = _field(event, "hit")
    net = _int(event, "net_hits")
    if net is not None and isinstance(hit, bool):
        parts.append(PartFacts("net_hits", total=net, hit=hit))
    if hit is False or _field(event, "no_damage", False):
        return tuple(parts)
    damage_value, armour = _recorded_terms(event, "damage_value"), _recorded_terms(event, "armour")
    if damage_value:
        parts.append(PartFacts("dv", terms=damage_value, total=_int(event, "dv")))
    if armour:
        parts.append(PartFacts("armour", terms=armour, total=_int(event, "modified_armour")))
    soak = _test_record(event, "soak")
    if soak is not None:
        parts.append(PartFacts("soak", roll=roll_facts(soak, recorded_test=True)))
    applied, track = _int(event, "applied"), _field(event, "track")
    if applied is not None and track in TRACKS:
        parts.append(PartFacts("damage", total=applied, changes=_changes(event, str(track))))
    return tuple(parts)


def _changes(event: Any, track: str) -> tuple[TrackChange, ...]:
    """The damaged track's boxes before and after, and any other track that changed too."""
    changes = []
    for name in TRACKS:
        before, after = _int(event, f"{name}_before"), _int(event, f"{name}_after")
        if before is not None and after is not None and (name == track or before != after):
            changes.append(TrackChange(name, before, after))
    return tuple(changes)


# -- in words ---------------------------------------------------------------------------------------
def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _record_text(term: Any) -> str:
    """A recorded term: its words, its signed value, where it comes from."""
    from gmtool.games.shadowrun.rules.attack.describe import term_source, term_words

    source = term_source(term)
    return f"{term_words(term)} {_signed(int(term.value))}" + (f" ({source})" if source else "")


def _pool_text(facts: RollFacts) -> str:
    parts = [" ".join((term_label(label), _signed(value))) for label, value in facts.terms]
    parts += [_record_text(t) for t in facts.records]
    if facts.rows:
        parts.append(tr("breakdown.modifiers_sum", value=_signed(facts.rows_total)))
    text = " · ".join(parts)
    if facts.pool is not None:
        total = tr("report.pool_total", pool=facts.pool)
        text = f"{text} = {total}" if text else total
    if facts.threshold is not None:
        text += tr("report.threshold", threshold=facts.threshold)
    if facts.limit is not None:
        key = "breakdown.limit_ignored" if _limit_lifted(facts) else "report.limit"
        text += tr(key, limit=facts.limit)
    return text


def _limit_lifted(facts: RollFacts) -> bool:
    """Edge added to the pool: the limit does not count (SR5-E1), as the log says."""
    return facts.edge_use in ("add_before", "add_after")


def _modifier_line(fact: ModifierFact) -> ModifierLine:
    table = term_label(fact.table) if fact.table else ""
    if table and fact.page:
        source = tr("report.table_page", table=table, page=fact.page)
    elif fact.page:
        source = tr("report.page", page=fact.page)
    else:
        source = table
    return ModifierLine(term_label(fact.label), _signed(fact.value), source)


def _record_modifier(term: Any) -> ModifierLine:
    from gmtool.games.shadowrun.rules.attack.describe import term_source, term_words

    return ModifierLine(term_words(term), _signed(int(term.value)), term_source(term))


def _faces_text(facts: RollFacts) -> str:
    if facts.dice:
        from gmtool.games.shadowrun.rules.shared_describe import dice_text

        return dice_text(facts.dice)
    if facts.records or facts.rows or facts.edge_dice or facts.rerolls:
        from gmtool.games.shadowrun.rules.attack.describe import faces_words

        return faces_words(facts)  # type: ignore[arg-type]  # read by field name: faces, pool, Edge dice, rerolls
    return " ".join(str(f) for f in facts.faces)


def _dice_text(facts: RollFacts) -> str:
    parts = []
    faces = _faces_text(facts)
    if faces:
        parts.append(faces + (tr("breakdown.typed") if facts.typed else ""))
    if facts.hits is not None:
        counted = facts.counted_hits if facts.counted_hits is not None else facts.hits
        parts.append(tr("report.hits", hits=counted))
        if counted != facts.hits:
            parts.append(tr("report.hits_rolled", hits=facts.hits))
    if facts.critical_glitch:
        parts.append(tr("report.critical_glitch"))
    elif facts.glitch:
        parts.append(tr("report.glitch"))
    if facts.glitch_negated:
        parts.append(tr("breakdown.glitch_negated"))
    return " · ".join(parts)


def _edge_line(facts: RollFacts) -> tuple[tuple[str, str], ...]:
    """The Edge used on the test, as a line of the breakdown ("Edge: …"), or none."""
    if facts.edge_use == "none":
        return ()
    dice = facts.rerolls if facts.edge_use == "reroll_failures" else facts.edge_dice
    return ((tr("report.column.edge"), tr(f"breakdown.edge.{facts.edge_use}", dice=dice)),)


def _odds_text(facts: RollFacts) -> str:
    parts = []
    for key, value in facts.odds:
        label = tr(ODDS_KEYS[key]) if key in ODDS_KEYS else key
        figure = f"{value:.2f}" if key.startswith("expected") else f"{100 * value:.1f} %"
        parts.append(f"{label} {figure}")
    return " · ".join(parts)


def word_breakdown(facts: RollFacts) -> Breakdown | None:
    """The breakdown in the active language, or None when the event records no roll."""
    if facts.empty:
        return None
    return Breakdown(
        pool=_pool_text(facts),
        modifiers=tuple(_modifier_line(m) for m in facts.modifiers) + tuple(_record_modifier(t) for t in facts.rows),
        dice=_dice_text(facts),
        odds=_odds_text(facts),
        extras=_edge_line(facts),
    )


def _figure_text(part: PartFacts) -> str:
    text = " · ".join(_record_text(t) for t in part.terms)
    if part.total is not None:
        text = f"{text} = {part.total}" if text else str(part.total)
    return text


def _damage_text(part: PartFacts) -> str:
    changes = [
        tr("breakdown.track_change", track=tr(f"attack.track.{c.track}"), before=c.before, after=c.after)
        for c in part.changes
    ]
    return " · ".join([tr("breakdown.boxes", boxes=part.total or 0), *changes])


def _word_part(part: PartFacts) -> BreakdownPart:
    title = tr(f"breakdown.part.{part.name}")
    if part.roll is not None:
        return BreakdownPart(title, roll=word_breakdown(part.roll))
    if part.name == "net_hits":
        key = "breakdown.net_hits_hit" if part.hit else "breakdown.net_hits_miss"
        return BreakdownPart(title, tr(key, net=part.total))
    if part.name == "damage":
        return BreakdownPart(title, _damage_text(part))
    return BreakdownPart(title, _figure_text(part))


def word_parts(parts: tuple[PartFacts, ...]) -> tuple[BreakdownPart, ...]:
    """An exchange's parts in the active language."""
    return tuple(_word_part(part) for part in parts)
