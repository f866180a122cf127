"""Strength-based ranges (SR5 p. 185, SR4A p. 310): bows, thrown knives, shuriken and grenades reach
multiples of the wielder's Strength; crossbows have fixed bands; the attack flow takes the
thrower's Strength from the sheet and ticks the matching range row (SR4-MT1, SR5-T3).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gmtool.core.encounter import Encounter
from gmtool.core.errors import NotImplementedRuleError, RulesError
from gmtool.core.i18n import set_language, tr
from gmtool.games.shadowrun.rules.attack import common
from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.rules.attack.plan import plan
from gmtool.games.shadowrun.rules.weapons.chummer_fields import (
    range_category_for,
    weapon_from_chummer,
)
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.games.shadowrun.rules.weapons.ranges import RangeRow, bands_for, range_table
from gmtool.games.shadowrun.rules.weapons.weapon import AmmoFeed, Weapon

EDITIONS = ("sr4", "sr5")
# The books' multipliers of Strength for the far end of short / medium / long / extreme.
MULTIPLIERS = {
    "bows": (1, 10, 30, 60),
    "thrown": (1, 2, 3, 5),  # throwing knife
    "shuriken": (1, 2, 5, 7),
    "grenades": (2, 4, 6, 10),
    "aerodynamic_grenades": (2, 4, 8, 15),
}
CROSSBOWS = {
    "light_crossbows": (6, 24, 60, 120),
    "medium_crossbows": (9, 36, 90, 150),
    "heavy_crossbows": (15, 45, 120, 180),
}
ATTR = {"BOD": 4, "AGI": 5, "REA": 4, "STR": 4, "WIL": 3, "LOG": 3, "INT": 4, "CHA": 3, "EDG": 3}


def limits(edition: str, category: str, strength: int | None = None, **kw: Any) -> tuple[int, ...]:
    b = bands_for(edition, category, strength, **kw)  # type: ignore[arg-type]
    return (b.short, b.medium, b.long, b.extreme)


# -- the table -----------------------------------------------------------------------------------
@pytest.mark.rule("SR4-MT1")
@pytest.mark.rule("SR5-T3")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("category", "strength", "expected"),
    [
        ("thrown", 3, (3, 6, 9, 15)),
        ("thrown", 5, (5, 10, 15, 25)),
        ("shuriken", 4, (4, 8, 20, 28)),
        ("shuriken", 6, (6, 12, 30, 42)),
        ("grenades", 4, (8, 16, 24, 40)),
        ("grenades", 7, (14, 28, 42, 70)),
        ("aerodynamic_grenades", 3, (6, 12, 24, 45)),
        ("aerodynamic_grenades", 5, (10, 20, 40, 75)),
        ("bows", 2, (2, 20, 60, 120)),
        ("bows", 6, (6, 60, 180, 360)),
    ],
)
def test_strength_rows_give_the_books_bands(edition: str, category: str, strength: int, expected: tuple[int, ...]) -> None:
    assert limits(edition, category, strength) == expected


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("category", "expected"), sorted(CROSSBOWS.items()))
def test_crossbows_have_fixed_bands_whatever_the_strength(edition: str, category: str, expected: tuple[int, ...]) -> None:
    assert limits(edition, category) == expected
    assert limits(edition, category, 9) == expected
    assert not range_table(edition).categories[category].strength_based  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_row_is_fixed_or_strength_based_and_the_strength_rows_are_the_books(edition: str) -> None:
    rows = range_table(edition).categories  # type: ignore[arg-type]
    strength_rows = {key for key, row in rows.items() if row.strength_based}
    assert strength_rows == set(MULTIPLIERS)
    for key, row in rows.items():
        assert (row.bands is None) != (row.strength_multipliers is None), key
    for key in strength_rows:
        assert limits(edition, key, 1) == MULTIPLIERS[key]


# -- refusals --------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("category", sorted(MULTIPLIERS))
def test_a_strength_row_without_strength_is_refused_with_a_translated_message(edition: str, category: str) -> None:
    with pytest.raises(RulesError) as info:
        bands_for(edition, category)  # type: ignore[arg-type]
    assert info.value.key == "weapons.error.strength_range_needed"
    assert not isinstance(info.value, NotImplementedRuleError)  # a missing input, not a missing rule
    set_language("en")
    try:
        assert "Strength" in info.value.message()
        set_language("ja")
        assert "【筋力】" in info.value.message()
    finally:
        set_language("en")


@pytest.mark.parametrize("strength", [0, -2])
def test_a_strength_below_one_gives_no_range(strength: int) -> None:
    with pytest.raises(RulesError) as info:
        bands_for("sr5", "thrown", strength)
    assert info.value.key == "weapons.error.strength_range_low"
    assert str(strength) in tr(info.value.key, **info.value.args_for_message)


def test_unknown_category_is_still_refused() -> None:
    with pytest.raises(RulesError) as info:
        bands_for("sr5", "boomerangs", 4)
    assert info.value.key == "weapons.error.range_category"


def _row(**fields: Any) -> RangeRow:
    return RangeRow.model_validate({"label": {"en": "Test", "ja": "テスト"}, **fields})


def test_a_row_has_fixed_bands_or_multipliers_never_both_nor_neither() -> None:
    bands = {"short": 1, "medium": 2, "long": 3, "extreme": 4}
    assert _row(bands=bands).bands is not None
    assert _row(strength_multipliers=bands).strength_based
    with pytest.raises(ValidationError):
        _row(bands=bands, strength_multipliers=bands)
    with pytest.raises(ValidationError):
        _row()
    with pytest.raises(ValidationError):
        _row(bands=bands, rating_caps_strength=True)
    with pytest.raises(ValidationError):
        _row(strength_multipliers={"short": 2, "medium": 2, "long": 3, "extreme": 4})
    with pytest.raises(ValidationError):
        _row(strength_multipliers={"short": 0, "medium": 2, "long": 3, "extreme": 4})
    with pytest.raises(ValidationError):
        _row(strength_based=True)  # the old flag is gone: the multipliers say it


# -- the bow's rating ---------------------------------------------------------------------------------
@pytest.mark.rule("SR5-T3")
def test_a_bows_rating_caps_the_strength_its_range_uses() -> None:
    """SR5 p. 424: a bow's rating is the most Strength it uses."""
    assert limits("sr5", "bows", 8, rating=5) == limits("sr5", "bows", 5) == (5, 50, 150, 300)
    assert limits("sr5", "bows", 3, rating=6) == limits("sr5", "bows", 3)  # a weaker archer keeps his own
    assert limits("sr5", "bows", 8) == (8, 80, 240, 480)  # no rating known: the Strength as it is
    assert limits("sr5", "thrown", 8, rating=5) == limits("sr5", "thrown", 8)  # no cap on thrown rows
    assert limits("sr5", "light_crossbows", 8, rating=5) == CROSSBOWS["light_crossbows"]


# -- invariants ---------------------------------------------------------------------------------------
@given(
    edition=st.sampled_from(EDITIONS),
    category=st.sampled_from(sorted(MULTIPLIERS)),
    strength=st.integers(min_value=1, max_value=40),
    factor=st.integers(min_value=1, max_value=5),
)
def test_strength_bands_rise_and_scale_linearly(edition: str, category: str, strength: int, factor: int) -> None:
    bands = limits(edition, category, strength)
    assert list(bands) == sorted(set(bands))  # strictly rising
    assert bands == tuple(strength * m for m in limits(edition, category, 1))
    assert limits(edition, category, strength * factor) == tuple(factor * b for b in bands)
    assert all(a <= b for a, b in zip(bands, limits(edition, category, strength + 1), strict=True))


@given(strength=st.integers(min_value=1, max_value=20), distance=st.floats(min_value=0, max_value=400))
def test_more_strength_never_puts_a_target_in_a_farther_band(strength: int, distance: float) -> None:
    order = ("short", "medium", "long", "extreme", None)
    knife = _knife("sr5")
    assert order.index(knife.range_band(distance, strength + 1)) <= order.index(knife.range_band(distance, strength))


# -- through the weapon and Chummer -----------------------------------------------------------------------
def _knife(edition: str) -> Weapon:
    return Weapon(
        name="Throwing knife", edition=edition, category="Throwing Weapons", kind="ranged",  # type: ignore[arg-type]
        damage=DamageCode.parse("(STR+1)P" if edition == "sr5" else "(STR/2+1)P"), modes=("SS",),
        ammo=(AmmoFeed(capacity=1),), accuracy=4 if edition == "sr5" else None, range_category="thrown",
    )


@pytest.mark.parametrize("edition", EDITIONS)
def test_weapon_and_band_limits_pass_the_strength_on(edition: str) -> None:
    knife = _knife(edition)
    assert [knife.range_band(d, strength=4) for d in (4, 5, 8, 12, 20, 21)] == [
        "short", "medium", "medium", "long", "extreme", None,
    ]
    assert common.band_limits(knife, 4) == (4, 8, 12, 20)
    with pytest.raises(RulesError) as info:
        knife.range_bands()
    assert info.value.key == "weapons.error.strength_range_needed"
    with pytest.raises(RulesError):
        common.band_limits(knife)
    pistol = knife.model_copy(update={"range_category": "heavy_pistols"})
    assert common.band_limits(pistol, 4) == common.band_limits(pistol) == (5, 20, 40, 60)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("chummer", "row"),
    [
        ("Bows", "bows"), ("Throwing Weapons", "thrown"), ("Thrown Knife", "thrown"), ("Shuriken", "shuriken"),
        ("Grenades", "grenades"), ("Standard Grenade", "grenades"), ("Gear", "grenades"),
        ("Aerodynamic Grenade", "aerodynamic_grenades"), ("Light Crossbows", "light_crossbows"),
        ("Medium Crossbows", "medium_crossbows"), ("Heavy Crossbows", "heavy_crossbows"),
    ],
)
def test_chummer_names_find_their_rows(edition: str, chummer: str, row: str) -> None:
    assert range_category_for(edition, chummer) == row  # type: ignore[arg-type]


def test_a_chummer_bow_ranges_with_strength() -> None:
    bow = weapon_from_chummer({"name": "Bow", "type": "Ranged", "category": "Bows", "damage": "8P", "ammo": "1",
                               "mode": "SS"}, "sr5")
    assert bow.range_category == "bows"
    assert [bow.range_band(d, strength=5) for d in (5, 50, 150, 300, 301)] == ["short", "medium", "long", "extreme", None]


# -- the attack flow ----------------------------------------------------------------------------------------
def _fight(edition: str, strength: int) -> tuple[Encounter, Any]:
    if edition == "sr5":
        from gmtool.games.shadowrun.sr5.rules import commands as cmd
        from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER
        from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset as Ruleset
        from gmtool.games.shadowrun.sr5.rules.sheet import Sheet
    else:
        from gmtool.games.shadowrun.sr4.rules import commands as cmd  # type: ignore[no-redef]
        from gmtool.games.shadowrun.sr4.rules.attack import ADAPTER  # type: ignore[assignment]
        from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset as Ruleset  # type: ignore[assignment]
        from gmtool.games.shadowrun.sr4.rules.sheet import Sheet  # type: ignore[assignment]
    enc = Encounter(Ruleset(), 7)
    thrower = Sheet(name="Thrower", attributes=ATTR | {"STR": strength}, skills={"throwing_weapons": 4},
                    weapons=(_knife(edition),))
    for command in (cmd.AddCombatant(sheet=thrower), cmd.AddCombatant(sheet=Sheet(name="Target", attributes=ATTR)),
                    cmd.StartTurn()):
        enc.commit(enc.prepare(command))
    return enc, ADAPTER


def _range_terms(edition: str, strength: int, distance: float) -> dict[str, int]:
    enc, adapter = _fight(edition, strength)
    planned = plan(adapter, enc.state, Attack(attacker="c1", target="c2", weapon=0, mode="SS", distance=distance))
    return {t.row: t.value for t in planned.attack_sheet.breakdown() if t.row and t.row.startswith("range_")}


@pytest.mark.rule("SR4-MT1")
@pytest.mark.rule("SR4-R2")
@pytest.mark.parametrize(
    ("distance", "expected"),
    [(3, {}), (4, {}), (6, {"range_medium": -1}), (10, {"range_long": -2}), (18, {"range_extreme": -3})],
)
def test_sr4_thrown_knife_range_row_follows_the_throwers_strength(distance: float, expected: dict[str, int]) -> None:
    assert _range_terms("sr4", 4, distance) == expected  # STR 4: 4 / 8 / 12 / 20 m


@pytest.mark.rule("SR5-T3")
@pytest.mark.parametrize(
    ("distance", "expected"),
    [(3, {"range_short": 0}), (6, {"range_medium": -1}), (10, {"range_long": -3}), (18, {"range_extreme": -6})],
)
def test_sr5_thrown_knife_range_row_follows_the_throwers_strength(distance: float, expected: dict[str, int]) -> None:
    assert _range_terms("sr5", 4, distance) == expected  # STR 4: 4 / 8 / 12 / 20 m


@pytest.mark.rule("SR4-MT1")
@pytest.mark.rule("SR5-T3")
def test_a_weaker_thrower_is_at_a_farther_band_at_the_same_distance() -> None:
    assert _range_terms("sr4", 2, 6) == {"range_long": -2}  # STR 2: 2 / 4 / 6 / 10 m
    assert _range_terms("sr5", 2, 6) == {"range_long": -3}
    assert _range_terms("sr5", 8, 6) == {"range_short": 0}  # STR 8: 8 / 16 / 24 / 40 m
