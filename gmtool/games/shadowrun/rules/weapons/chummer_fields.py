"""Reading a weapon from Chummer's text fields (``<damage>``, ``<ap>``, ``<mode>``, ``<rc>``, ``<ammo>``, ``<accuracy>`` …).

Chummer writes ``-`` for "none", ``-half`` for SR4's halved armour, ``2(3)`` for fixed and
full recoil compensation (``(1)`` when it all comes from removable parts), ``5(7)`` for
Accuracy with the smartgun bonus, ``Physical`` / ``Physical-1`` for the Physical limit,
``50(c) or 100(belt)`` for two feeds and ``10(ml)x4`` for four muzzle tubes. A field that
cannot be read raises FileFormatError naming the field and the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.games.shadowrun.rules.weapons.ranges import Edition, range_table
from gmtool.games.shadowrun.rules.weapons.weapon import FEED_TYPES, WEAPON_MODES, AmmoFeed, Weapon, WeaponMode

_NONE = ("", "-", "—", "0")
_PAIR = re.compile(r"^\s*([-+]?\d+)?\s*(?:\(\s*([-+]?\d+)\s*\))?\s*$")
_FEED = re.compile(r"^\s*(\d+)\s*(?:\(\s*([a-z]+)\s*\))?\s*(?:x\s*(\d+))?\s*$", re.IGNORECASE)
_PHYSICAL = re.compile(r"^\s*physical\s*(?:([-+])\s*(\d+))?\s*$", re.IGNORECASE)


def _bad(field: str, text: str) -> FileFormatError:
    return FileFormatError("weapons.error.chummer_field", field=field, text=text)


def parse_ap(text: str) -> tuple[int, bool]:
    """(AP, halves armour): ``-`` → (0, False), ``-2`` → (-2, False), ``-half`` → (0, True)."""
    cleaned = (text or "").strip().lower()
    if cleaned in _NONE:
        return 0, False
    if cleaned in ("-half", "half", "-1/2"):
        return 0, True
    try:
        return int(cleaned), False
    except ValueError:
        raise _bad("ap", text) from None


def parse_pair(text: str, field: str) -> tuple[int, int | None]:
    """(fixed, full) from ``2(3)``, ``(1)``, ``5``, ``-``; full is None without brackets."""
    cleaned = (text or "").strip()
    if cleaned in ("", "-", "—"):
        return 0, None
    match = _PAIR.match(cleaned)
    if match is None or (match[1] is None and match[2] is None):
        raise _bad(field, text)
    fixed = int(match[1]) if match[1] is not None else 0
    return fixed, int(match[2]) if match[2] is not None else None


def parse_accuracy(text: str) -> tuple[int | None, int | None, int | None]:
    """(accuracy, with accessories, Physical-limit offset) from ``5(7)``, ``6``, ``Physical-1``."""
    physical = _PHYSICAL.match(text or "")
    if physical:
        offset = int(physical[2]) if physical[2] else 0
        return None, None, -offset if physical[1] == "-" else offset
    if (text or "").strip() in ("", "-"):
        return None, None, None
    accuracy, full = parse_pair(text, "accuracy")
    return accuracy, full, None


def parse_ammo(text: str) -> tuple[AmmoFeed, ...]:
    """The feeds of ``15(c)``, ``50(c) or 100(belt)``, ``10(ml)x4``; ``0`` or ``-`` → none."""
    cleaned = (text or "").strip()
    if cleaned in _NONE:
        return ()
    feeds = []
    for part in re.split(r"\s+or\s+|/", cleaned, flags=re.IGNORECASE):
        match = _FEED.match(part)
        if match is None:
            raise _bad("ammo", text)
        feed = match[2].lower() if match[2] else None
        if feed is not None and feed not in FEED_TYPES:
            raise _bad("ammo", text)
        feeds.append(AmmoFeed(capacity=int(match[1]), feed=feed, count=int(match[3] or 1)))
    return tuple(feeds)


_MODES: dict[str, WeaponMode] = {mode: mode for mode in WEAPON_MODES}


def parse_modes(text: str) -> tuple[WeaponMode, ...]:
    """``SA/BF/FA`` → ("SA", "BF", "FA"); ``0`` or ``-`` → no modes."""
    cleaned = (text or "").strip().upper()
    if cleaned in _NONE:
        return ()
    named = tuple(_MODES.get(part.strip()) for part in cleaned.split("/"))
    modes = tuple(mode for mode in named if mode is not None)
    if len(modes) != len(named):
        raise _bad("mode", text)
    return modes


def range_category_for(edition: Edition, chummer_category: str) -> str | None:
    """The range table row named by a Chummer weapon category or range name, if any."""
    for key, row in range_table(edition).categories.items():
        if chummer_category == key or chummer_category in row.chummer:
            return key
    return None


def weapon_from_chummer(fields: Mapping[str, str], edition: Edition) -> Weapon:
    """A :class:`Weapon` from the text of a Chummer ``<weapon>`` element's children."""
    name = (fields.get("name") or "").strip() or "?"
    ap, halves = parse_ap(fields.get("ap", ""))
    rc, rc_full = parse_pair(fields.get("rc", ""), "rc")
    accuracy, accuracy_full, physical = parse_accuracy(fields.get("accuracy", "")) if edition == "sr5" else (None, None, None)
    kind = "melee" if (fields.get("type") or "").strip().lower() == "melee" else "ranged"
    category = (fields.get("category") or "").strip()
    range_name = (fields.get("range") or "").strip() or category
    feeds = parse_ammo(fields.get("ammo", "")) if kind == "ranged" else ()
    if category == "Bows":  # Chummer writes a bow's one arrow as plain "1"
        feeds = tuple(feed.model_copy(update={"feed": feed.feed or "bow"}) for feed in feeds)
    try:
        reach = int((fields.get("reach") or "0").strip() or 0)
    except ValueError:
        raise _bad("reach", fields.get("reach", "")) from None
    return Weapon(
        name=name,
        edition=edition,
        category=category,
        skill=(fields.get("useskill") or "").strip()[:60],
        kind=kind,
        reach=reach,
        damage=DamageCode.parse(fields.get("damage", "")),
        ap=ap,
        ap_halves_armour=halves,
        modes=parse_modes(fields.get("mode", "")) if kind == "ranged" else (),
        recoil_compensation=rc,
        recoil_compensation_full=rc_full,
        ammo=feeds,
        accuracy=accuracy,
        accuracy_full=accuracy_full,
        accuracy_physical_offset=physical,
        range_category=range_category_for(edition, range_name) if kind == "ranged" else None,
    )
