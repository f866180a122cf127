"""The weapon model, Chummer's fields, the catalogues, ranges, ammunition and the magazine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.games.shadowrun.rules.weapons.ammo import ammo_table, ammunition, apply_ammo
from gmtool.games.shadowrun.rules.weapons.catalogue import catalogue, weapon
from gmtool.games.shadowrun.rules.weapons.chummer_fields import (
    parse_accuracy,
    parse_ammo,
    parse_ap,
    parse_modes,
    parse_pair,
    weapon_from_chummer,
)
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"


def test_chummer_field_spellings() -> None:
    assert parse_ap("-") == (0, False)
    assert parse_ap("-2") == (-2, False)
    assert parse_ap("+5") == (5, False)
    assert parse_ap("-half") == (0, True)
    assert parse_pair("2(3)", "rc") == (2, 3)
    assert parse_pair("(1)", "rc") == (0, 1)
    assert parse_pair("0", "rc") == (0, None)
    assert parse_accuracy("5(7)") == (5, 7, None)
    assert parse_accuracy("Physical") == (None, None, 0)
    assert parse_accuracy("Physical-1") == (None, None, -1)
    assert [a.text for a in parse_ammo("50(c) or 100(belt)")] == ["50(c)", "100(belt)"]
    assert [(a.capacity, a.feed, a.count) for a in parse_ammo("10(ml)x4")] == [(10, "ml", 4)]
    assert [a.feed for a in parse_ammo("6(cy)")] == ["cy"]
    assert parse_ammo("0") == ()
    assert parse_modes("SA/BF/FA") == ("SA", "BF", "FA")
    assert parse_modes("0") == ()


@pytest.mark.parametrize(("parse", "text"), [(parse_ap, "-lots"), (parse_modes, "SA/XX"), (parse_ammo, "15(q)"), (parse_accuracy, "five")])
def test_bad_chummer_fields_are_refused(parse: object, text: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        parse(text)  # type: ignore[operator]
    assert caught.value.key == "weapons.error.chummer_field"


def _chummer_weapons(pattern: str, encoding: str) -> list[dict[str, str]]:
    found = []
    for path in sorted(FIXTURES.glob(pattern)):
        text = path.read_text(encoding=encoding)
        for body in re.findall(r"<weapon>(.*?)</weapon>", text, re.S):
            body = re.sub(r"<(accessories|underbarrel)>.*?</\1>", "", body, flags=re.S)
            found.append({tag: value.strip() for tag, value in re.findall(r"<(\w+)>([^<]*)</\1>", body)})
    return found


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="shared Chummer fixtures not present")
@pytest.mark.parametrize(("edition", "pattern", "encoding"), [("sr5", "sr5/*.chum5", "utf-8-sig"), ("sr4", "sr4/*.chum", "utf-16")])
def test_real_chummer_weapons_read_or_are_refused_clearly(edition: str, pattern: str, encoding: str) -> None:
    read, refused = 0, set()
    for fields in _chummer_weapons(pattern, encoding):
        try:
            made = weapon_from_chummer(fields, edition)  # type: ignore[arg-type]
        except FileFormatError as exc:
            refused.add(fields.get("damage"))
            assert exc.key.startswith("weapons.error.")
            continue
        read += 1
        assert made.damage.evaluate(5) >= 0
    assert read > 40
    assert refused <= {"Grenade", "(10m Radius)", "Special", "Missile"}


def test_chummer_melee_weapon_counts_strength_once() -> None:
    knife = weapon_from_chummer({"name": "Combat Knife", "type": "Melee", "damage": "(STR+2)P", "ap": "-3", "accuracy": "6"}, "sr5")
    assert knife.melee and knife.damage_value(5) == 7
    exported = weapon_from_chummer({"name": "Combat Knife", "type": "Melee", "damage": "7P", "ap": "-3"}, "sr5")
    assert exported.damage_value(5) == 7


def test_catalogues_hold_about_fifteen_weapons_with_japanese_names() -> None:
    for edition in ("sr4", "sr5"):
        weapons = catalogue(edition)
        assert len(weapons) >= 15
        assert all(w.name_ja and w.page for w in weapons.values())
        assert {w.kind for w in weapons.values()} == {"melee", "ranged"}


def test_catalogue_stats_match_the_books() -> None:
    predator = weapon("sr5", "ares_predator_v")
    assert (predator.damage.text, predator.ap, predator.modes, predator.accuracy_limit(), predator.accuracy_limit(full=True)) == (
        "8P", -1, ("SA",), 5, 7
    )
    assert predator.feed is not None and (predator.feed.capacity, predator.feed.feed) == (15, "c")
    valiant = weapon("sr5", "ingram_valiant")
    assert (valiant.compensation(), valiant.compensation(full=True)) == (2, 3)
    assert [a.feed for a in valiant.ammo] == ["c", "belt"]
    assert weapon("sr5", "unarmed").accuracy_limit(physical_limit=6) == 6
    assert weapon("sr4", "stun_baton").ap_halves_armour
    assert weapon("sr4", "katana").damage_value(5) == 6  # (5/2 rounded up) + 3
    with pytest.raises(RulesError):
        weapon("sr4", "ares_predator_iv").accuracy_limit()
    with pytest.raises(RulesError):
        weapon("sr5", "no_such_gun")


def test_range_bands() -> None:
    predator = weapon("sr5", "ares_predator_v")
    assert [predator.range_band(d) for d in (5, 6, 20, 40, 60, 61)] == ["short", "medium", "medium", "long", "extreme", None]
    with pytest.raises(RulesError):
        predator.range_band(-1)
    bow = weapon_from_chummer({"name": "Bow", "type": "Ranged", "category": "Bows", "damage": "8P", "ammo": "1", "mode": "SS"}, "sr5")
    assert bow.feed is not None and bow.feed.feed == "bow"
    with pytest.raises(RulesError) as needed:
        bow.range_band(10)  # a bow's ranges are multiples of its wielder's Strength
    assert needed.value.key == "weapons.error.strength_range_needed"
    assert bow.range_band(10, strength=4) == "medium"  # STR / ×10 / ×30 / ×60: 4 < 10 ≤ 40


def test_weapon_is_frozen_and_serialisable() -> None:
    gun = weapon("sr5", "ares_alpha")
    assert Weapon.model_validate_json(gun.model_dump_json()) == gun
    with pytest.raises(ValidationError):  # frozen
        gun.ap = 0  # type: ignore[misc]
    with pytest.raises(ValueError):
        Weapon(name="Odd", edition="sr5", category="Blades", kind="melee", damage=gun.damage, modes=("SA",))


def test_ammunition_tables() -> None:
    sr5 = ammo_table("sr5").ammunition
    assert {"regular", "apds", "explosive", "ex_explosive", "flechette", "gel", "hollow_point", "stick_n_shock", "tracer"} <= set(sr5)
    assert (sr5["apds"].ap, sr5["explosive"].dv, sr5["explosive"].ap) == (-4, 1, -1)
    assert all(a.page for a in sr5.values())
    assert sr5["tracer"].source == "digest" and sr5["apds"].source == "rulebook"
    gel = apply_ammo(ammunition("sr5", "gel"), 8, -1, "P")
    assert (gel.dv, gel.ap, gel.damage_type) == (8, 0, "S")
    sns = apply_ammo(ammunition("sr5", "stick_n_shock"), 8, -1, "P")
    assert (sns.dv, sns.ap, sns.damage_type, sns.flag) == (6, -5, "S", "e")
    sr4_sns = apply_ammo(ammunition("sr4", "stick_n_shock"), 5, -1, "P")
    assert (sr4_sns.dv, sr4_sns.ap_halves_armour, sr4_sns.damage_type) == (6, True, "S")
    with pytest.raises(RulesError):
        ammunition("sr4", "silver")


def test_magazine_fires_and_loads() -> None:
    clip = Magazine.full(weapon("sr5", "ares_predator_v"), "apds")
    assert (clip.capacity, clip.rounds, clip.ammo_type, clip.feed) == (15, 15, "apds", "c")
    after = clip.fire(3)
    assert after.rounds == 12 and clip.rounds == 15
    with pytest.raises(RulesError):
        after.fire(13)
    with pytest.raises(RulesError):
        after.load(1, "regular")  # would mix ammunition
    assert after.fire(12).load(4, "regular").ammo_type == "regular"
    with pytest.raises(RulesError):
        after.load(4)


@given(st.integers(0, 60), st.lists(st.integers(-3, 25), max_size=20))
def test_rounds_never_go_negative(capacity: int, shots: list[int]) -> None:
    magazine = Magazine(capacity=capacity, rounds=capacity)
    for rounds in shots:
        try:
            magazine = magazine.fire(rounds)
        except RulesError:
            continue
        assert 0 <= magazine.rounds <= capacity
