"""Reading values out of a Foundry VTT actor export: typed look-ups, the per-actor report, notes as text.

A Foundry actor is JSON a player's table wrote; any member may be missing, of another type or
absurd. The look-ups here answer a default for what is missing and raise :class:`ActorRefused`
(a translated reason naming the field) for what is there but wrong, so that a reader never takes
``"five"`` for a number or a list for a section. :class:`ActorReport` gathers, per actor, what was
read and what was skipped and why, as translation keys; :meth:`ActorReport.lines` words them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError, GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.user_files import MB, file_kind

FOUNDRY = file_kind("foundry", 32 * MB)  # an actor is 20-200 kB (more with an embedded portrait)
MAX_ACTORS = 2000  # in one file: as many as the library's own exports hold
MAX_ITEMS = 1000  # on one actor: a street samurai with every bullet listed has about 150
ATTRIBUTE_KEYS: dict[str, str] = {  # Foundry's attribute names (SR5 lower case, SR4 upper case) → gmtool's
    "body": "BOD", "agility": "AGI", "reaction": "REA", "strength": "STR", "willpower": "WIL",
    "logic": "LOG", "intuition": "INT", "charisma": "CHA", "edge": "EDG", "magic": "MAG", "resonance": "RES",
}
MONITOR_BONUS_LIMIT = 12  # bonus boxes beyond this are no real character's


class ActorRefused(FileFormatError):
    """One actor that cannot become a template: the key ``foundry.refused.<reason>`` says why."""

    def __init__(self, reason: str, /, **details: Any) -> None:
        super().__init__(f"foundry.refused.{reason}", **details)


def section(node: object, *path: str) -> dict[str, Any]:
    """The object at ``path`` ({} when a member is missing or null; ActorRefused when it is no object)."""
    here: object = node
    for depth, name in enumerate(path):
        if not isinstance(here, dict):
            raise ActorRefused("wrong_type", field=".".join(path[:depth]) or "?", expected=tr("foundry.type.object"))
        here = here.get(name)
        if here is None:
            return {}
    if not isinstance(here, dict):
        raise ActorRefused("wrong_type", field=".".join(path), expected=tr("foundry.type.object"))
    return here


def number(node: dict[str, Any], name: str, default: int, where: str) -> int:
    """A whole number member (a float with no fraction is one); missing or null → ``default``."""
    value = node.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ActorRefused("wrong_type", field=f"{where}.{name}", expected=tr("foundry.type.number"))
    if abs(value) > 10_000:
        raise ActorRefused("out_of_range", field=f"{where}.{name}", value=str(int(value)))
    return int(value)


def real(node: dict[str, Any], name: str, default: float, where: str) -> float:
    """A number member that may have a fraction (Essence)."""
    value = node.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ActorRefused("wrong_type", field=f"{where}.{name}", expected=tr("foundry.type.number"))
    return float(value)


def text(node: dict[str, Any], name: str, where: str, default: str = "") -> str:
    """A text member; a number is taken as its digits; anything else is refused."""
    value = node.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or isinstance(value, dict | list):
        raise ActorRefused("wrong_type", field=f"{where}.{name}", expected=tr("foundry.type.text"))
    return str(value).strip()


def flag(node: dict[str, Any], name: str, where: str) -> bool:
    value = node.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ActorRefused("wrong_type", field=f"{where}.{name}", expected=tr("foundry.type.flag"))
    return value


def items_of(actor: dict[str, Any]) -> list[dict[str, Any]]:
    """The actor's embedded items (ActorRefused: not a list, too many, one that is no object)."""
    items = actor.get("items")
    if items is None:
        return []
    if not isinstance(items, list):
        raise ActorRefused("wrong_type", field="items", expected=tr("foundry.type.list"))
    if len(items) > MAX_ITEMS:
        raise ActorRefused("too_many_items", count=len(items), high=MAX_ITEMS)
    if not all(isinstance(item, dict) for item in items):
        raise ActorRefused("wrong_type", field="items[]", expected=tr("foundry.type.object"))
    return items


def item_system(item: dict[str, Any]) -> dict[str, Any]:
    """An item's data: ``system`` (Foundry 10+) or ``data`` (older exports)."""
    return section(item, "system") or section(item, "data")


class _Text(HTMLParser):
    """The text of an HTML description: paragraphs and line breaks as new lines, tags dropped."""

    BREAKS = frozenset({"p", "br", "div", "li", "h1", "h2", "h3", "h4", "tr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def plain_text(html: str, limit: int) -> str:
    """HTML notes as plain text (blank lines squeezed), at most ``limit`` characters."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.parts).splitlines()]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()[:limit]


@dataclass(frozen=True)
class Said:
    """A translation key and its fields."""

    key: str
    fields: dict[str, str | int] = field(default_factory=dict)

    def text(self) -> str:
        return tr(self.key, **self.fields)


@dataclass
class ActorReport:
    """What one actor gave: the lines read and the lines skipped (with why)."""

    name: str
    layout: str
    read: list[Said] = field(default_factory=list)
    skipped: list[Said] = field(default_factory=list)

    def got(self, key: str, **fields: str | int) -> None:
        self.read.append(Said(f"foundry.read.{key}", dict(fields)))

    def skip(self, key: str, **fields: str | int) -> None:
        self.skipped.append(Said(f"foundry.skip.{key}", dict(fields)))

    def lines(self) -> list[str]:
        """The report in the active language: a heading, then one line per fact."""
        out = [tr("foundry.report.actor", name=self.name, layout=self.layout)]
        out += [tr("foundry.report.read", text=s.text()) for s in self.read]
        out += [tr("foundry.report.skipped", text=s.text()) for s in self.skipped]
        return out


def why(exc: Exception) -> str:
    """A refused item's reason in the active language (a validation error names its field)."""
    if isinstance(exc, ValidationError):
        from gmtool.games.shadowrun.library.validation import field_errors

        where, detail = next(iter(field_errors(exc).items()))
        return f"{where}: {detail}"
    return exc.message() if isinstance(exc, GmtoolError) else type(exc).__name__


def skip_other_items(items: list[dict[str, Any]], read_types: frozenset[str], report: ActorReport) -> None:
    """One line per kind of item gmtool does not read from Foundry (spells, qualities, cyberware …)."""
    counts: dict[str, int] = {}
    for item in items:
        kind = str(item.get("type", "?"))[:30]
        if kind not in read_types:
            counts[kind] = counts.get(kind, 0) + 1
    for kind, count in sorted(counts.items()):
        report.skip("items", count=count, type=kind)


def attribute_line(attributes: dict[str, int]) -> str:
    """``Body 5  Agility 6 …`` in the active language (the report's line of attributes)."""
    return "  ".join(f"{tr(f'attr.{code}')} {value}" for code, value in attributes.items())
