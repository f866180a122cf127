"""The breakdown of a rolled event for the report: the facts it carries, then in words.

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
  pydantic model) of outcome name to probability; ``expected_*`` names are averages.

:func:`roll_facts` computes (numbers only); :func:`word_breakdown` words them in
the active language. Nothing is recomputed: the report prints what the journal holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, is_dataclass
from typing import Any

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

    @property
    def empty(self) -> bool:
        return not (self.terms or self.modifiers or self.faces or self.dice or self.odds) and self.pool is None


@dataclass(frozen=True)
class ModifierLine:
    label: str
    value: str  # signed
    source: str  # "table, p. 178" or ""


@dataclass(frozen=True)
class Breakdown:
    """A rolled event's breakdown in words (empty strings: nothing to show)."""

    pool: str
    modifiers: tuple[ModifierLine, ...]
    dice: str
    odds: str


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


def roll_facts(event: Any) -> RollFacts:
    """The roll facts an event carries (by field name)."""
    faces = _field(event, "faces", ())
    dice = _field(event, "dice", ())
    return RollFacts(
        terms=tuple((str(label), int(value)) for label, value in _field(event, "terms", ()) or ()),
        pool=_field(event, "pool") if isinstance(_field(event, "pool"), int) else None,
        threshold=_field(event, "threshold") if isinstance(_field(event, "threshold"), int) else None,
        limit=_field(event, "limit") if _has_dice_limit(event) else None,
        modifiers=tuple(_modifier(m) for m in _field(event, "modifiers", ()) or ()),
        faces=tuple(faces) if isinstance(faces, tuple) and all(isinstance(f, int) for f in faces) else (),
        dice=tuple(dice) if isinstance(dice, tuple) else (),
        hits=_field(event, "hits") if isinstance(_field(event, "hits"), int) else None,
        counted_hits=_field(event, "counted_hits") if isinstance(_field(event, "counted_hits"), int) else None,
        glitch=bool(_field(event, "glitch", False)),
        critical_glitch=bool(_field(event, "critical_glitch", False)),
        odds=_odds(_field(event, "odds")),
    )


# -- in words ---------------------------------------------------------------------------------------
def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _pool_text(facts: RollFacts) -> str:
    parts = [" ".join((term_label(label), _signed(value))) for label, value in facts.terms]
    text = " · ".join(parts)
    if facts.pool is not None:
        total = tr("report.pool_total", pool=facts.pool)
        text = f"{text} = {total}" if text else total
    if facts.threshold is not None:
        text += tr("report.threshold", threshold=facts.threshold)
    if facts.limit is not None:
        text += tr("report.limit", limit=facts.limit)
    return text


def _modifier_line(fact: ModifierFact) -> ModifierLine:
    table = term_label(fact.table) if fact.table else ""
    if table and fact.page:
        source = tr("report.table_page", table=table, page=fact.page)
    elif fact.page:
        source = tr("report.page", page=fact.page)
    else:
        source = table
    return ModifierLine(term_label(fact.label), _signed(fact.value), source)


def _dice_text(facts: RollFacts) -> str:
    parts = []
    if facts.dice:
        from gmtool.rulesets.sr5.describe_tests import dice_text

        parts.append(dice_text(facts.dice))
    elif facts.faces:
        parts.append(" ".join(str(f) for f in facts.faces))
    if facts.hits is not None:
        counted = facts.counted_hits if facts.counted_hits is not None else facts.hits
        parts.append(tr("report.hits", hits=counted))
        if counted != facts.hits:
            parts.append(tr("report.hits_rolled", hits=facts.hits))
    if facts.critical_glitch:
        parts.append(tr("report.critical_glitch"))
    elif facts.glitch:
        parts.append(tr("report.glitch"))
    return " · ".join(parts)


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
        modifiers=tuple(_modifier_line(m) for m in facts.modifiers),
        dice=_dice_text(facts),
        odds=_odds_text(facts),
    )
