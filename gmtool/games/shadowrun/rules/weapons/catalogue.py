"""The weapon catalogues shipped in ``resources/weapons/<edition>_weapons.json``.

Each entry gives the book's stats in the rulebook's spelling (damage code, AP, modes, RC,
ammunition, Accuracy for SR5) with English and Japanese names and the page; entries are
read into :class:`Weapon` records through the same parsers as Chummer's fields, so the
catalogue and imported weapons agree.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import FileFormatError, ResourceError, RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.chummer_fields import (
    parse_accuracy,
    parse_ammo,
    parse_ap,
    parse_modes,
    parse_pair,
)
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.ranges import Edition, range_table
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon


class CatalogueEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Label
    category: str
    kind: str
    reach: int = 0
    damage: str
    ap: str = "-"
    mode: str = "-"
    rc: str = "-"
    ammo: str = "-"
    accuracy: str = "-"
    range: str | None = None
    heavy: bool = False
    page: int = Field(ge=1)


class WeaponCatalogue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    book: str
    weapons: dict[str, CatalogueEntry]


def _weapon(edition: Edition, key: str, entry: CatalogueEntry, book: str) -> Weapon:
    ap, halves = parse_ap(entry.ap)
    rc, rc_full = parse_pair(entry.rc, "rc")
    accuracy, accuracy_full, physical = parse_accuracy(entry.accuracy)
    if entry.range is not None and entry.range not in range_table(edition).categories:
        raise RulesError("weapons.error.range_category", category=entry.range)
    return Weapon(
        key=key,
        name=entry.name.en,
        name_ja=entry.name.ja,
        edition=edition,
        category=entry.category,
        kind=entry.kind,
        reach=entry.reach,
        damage=DamageCode.parse(entry.damage),
        ap=ap,
        ap_halves_armour=halves,
        modes=parse_modes(entry.mode),
        recoil_compensation=rc,
        recoil_compensation_full=rc_full,
        ammo=parse_ammo(entry.ammo),
        accuracy=accuracy,
        accuracy_full=accuracy_full,
        accuracy_physical_offset=physical,
        range_category=entry.range,
        heavy=entry.heavy,
        book=book,
        page=entry.page,
    )


@cache
def catalogue(edition: Edition) -> dict[str, Weapon]:
    """The edition's weapons by key; ResourceError naming the entry when one is malformed."""
    data = cached_model(WeaponCatalogue, "weapons", f"{edition}_weapons.json")
    weapons = {}
    for key, entry in data.weapons.items():
        try:
            weapons[key] = _weapon(edition, key, entry, data.book)
        except (FileFormatError, RulesError, ValueError) as exc:
            raise ResourceError("error.resource_invalid", name=f"weapons/{edition}_weapons.json", detail=f"{key}: {exc}") from exc
    return weapons


def weapon(edition: Edition, key: str) -> Weapon:
    found = catalogue(edition).get(key)
    if found is None:
        raise RulesError("weapons.error.unknown_weapon", weapon=key)
    return found
