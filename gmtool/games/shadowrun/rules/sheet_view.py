"""A Shadowrun combatant's sheet as any window draws it (:class:`~gmtool.core.display.SheetView`), the
limits of each field, and what it may do now (:class:`~gmtool.core.display.Offer`), for both editions.

Each edition names its own parts in an :class:`EditionSheet`: its metatypes and attribute limits,
its second initiative field (dice or passes) and the last box of its physical track.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmtool.core.display import SheetField, SheetView, Track
from gmtool.core.i18n import active_language
from gmtool.games.shadowrun.rules.shadowrun import ShadowrunSheet, field_label


@dataclass(frozen=True)
class EditionSheet:
    """What differs between the editions' sheets."""

    attributes: tuple[str, ...]
    metatypes: Callable[[], Any]  # the metatype table
    attribute_range: Callable[[str, str], tuple[int, int]]
    initiative_bonus_max: int
    initiative_field: str  # "initiative_dice" (SR5) or "initiative_passes" (SR4)
    initiative_limit: tuple[int, int]
    physical_last: Callable[[Any], int]  # the last box of the physical track, overflow included
    extra: tuple[tuple[str, int, int], ...] = ()  # the edition's own number fields: (field, low, high)

    def fields(self) -> tuple[str, ...]:
        """The sheet's fields in order (as the window's sheet shows them)."""
        return ("name", "metatype", "is_npc", *(f"attr.{a}" for a in self.attributes), "initiative_bonus",
                self.initiative_field, "edge_points", "physical_damage", "stun_damage", *(f for f, _, _ in self.extra))


def field_range(edition: EditionSheet, field: str, sheet: Any) -> tuple[int, int] | None:
    """What a number field may hold (None: not a number)."""
    if field.startswith("attr."):
        return edition.attribute_range(sheet.metatype, field[5:])
    limits = {
        "initiative_bonus": (0, edition.initiative_bonus_max),
        edition.initiative_field: edition.initiative_limit,
        "edge_points": (0, sheet.attributes["EDG"]),
        "physical_damage": (0, edition.physical_last(sheet)),
        "stun_damage": (0, sheet.stun_boxes),
        **{f: (low, high) for f, low, high in edition.extra},
    }
    return limits.get(field)


def _value(sheet: ShadowrunSheet, field: str) -> int | str | bool:
    if field.startswith("attr."):
        return sheet.attributes[field[5:]]
    value: int | str | bool = getattr(sheet, field)  # a sheet field named by the edition's field list
    return value


def sheet_view(edition: EditionSheet, c: Any, tracks: tuple[Track, ...]) -> SheetView:
    """The combatant's sheet, field by field, with its tracks."""
    sheet = c.sheet
    language = active_language()
    fields = []
    for key in edition.fields():
        value = _value(sheet, key)
        if key == "metatype":
            choices = tuple((k, m.label.get(language, m.label["en"])) for k, m in edition.metatypes().metatypes.items())
            fields.append(SheetField(key, field_label(key), "choice", value, choices=choices))
        elif isinstance(value, bool):
            fields.append(SheetField(key, field_label(key), "flag", value))
        elif isinstance(value, str):
            fields.append(SheetField(key, field_label(key), "text", value))
        else:
            low, high = field_range(edition, key, sheet) or (0, 99)
            fields.append(SheetField(key, field_label(key), "number", value, low, high))
    return SheetView(c.id, sheet.name, tuple(fields), tracks)
