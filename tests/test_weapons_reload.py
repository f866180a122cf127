"""Reloading by feed type (SR5-T2, core p.163): action kind and rounds loaded."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.rules.weapons.chummer_fields import weapon_from_chummer
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.reload import reload, reload_methods, reload_table


def _gun(ammo: str) -> object:
    return weapon_from_chummer({"name": "Test gun", "type": "Ranged", "damage": "8P", "mode": "SA", "ammo": ammo}, "sr5")


@pytest.mark.rule("SR5-T2")
def test_reload_table_is_data_with_its_page() -> None:
    table = reload_table()
    assert table.page == 163
    assert {"swap_clip", "load_clip", "speed_loader", "break_action", "swap_belt", "swap_drum", "load_belt_drum",
            "internal_magazine", "muzzle_loader", "cylinder", "bow"} == set(table.methods)
    assert all(m.label.ja != m.label.en for m in table.methods.values())


@pytest.mark.rule("SR5-T2")
@pytest.mark.parametrize(
    ("ammo", "method", "left", "agility", "action", "loaded", "after"),
    [
        ("15(c)", "swap_clip", 2, 4, "simple", 15, 15),
        ("15(c)", "load_clip", 0, 4, "complex", 4, 4),
        ("6(cy)", "speed_loader", 1, 4, "complex", 6, 6),
        ("6(cy)", "cylinder", 1, 4, "complex", 4, 5),
        ("6(cy)", "cylinder", 0, 9, "complex", 6, 6),
        ("2(b)", "break_action", 0, 5, "complex", 2, 2),
        ("100(belt)", "swap_belt", 10, 5, "complex", 100, 100),
        ("24(d)", "swap_drum", 0, 5, "complex", 24, 24),
        ("24(d)", "load_belt_drum", 0, 5, "complex", 5, 5),
        ("5(m)", "internal_magazine", 1, 3, "complex", 3, 4),
        ("1(ml)", "muzzle_loader", 0, 3, "complex", 1, 1),
    ],
)
def test_reloading_by_feed_type(ammo: str, method: str, left: int, agility: int, action: str, loaded: int, after: int) -> None:
    gun = _gun(ammo)
    magazine = Magazine.full(gun)  # type: ignore[arg-type]
    magazine = magazine.fire(magazine.rounds - left)
    result = reload(gun, magazine, method, agility)  # type: ignore[arg-type]
    assert (result.action, result.rounds_loaded, result.magazine.rounds) == (action, loaded, after)


@pytest.mark.rule("SR5-T2")
def test_bow_nocks_one_arrow_as_a_simple_action() -> None:
    bow = weapon_from_chummer({"name": "Bow", "type": "Ranged", "category": "Bows", "damage": "8P", "ammo": "1", "mode": "SS"}, "sr5")
    result = reload(bow, Magazine.full(bow).fire(1), "bow", agility=5)
    assert (result.action, result.rounds_loaded) == ("simple", 1)


@pytest.mark.rule("SR5-T2")
def test_wrong_method_and_full_magazine_are_refused() -> None:
    predator = weapon("sr5", "ares_predator_v")
    with pytest.raises(RulesError) as caught:
        reload(predator, Magazine.full(predator), "cylinder", agility=4)
    assert caught.value.key == "weapons.error.reload_feed"
    roomsweeper = weapon("sr5", "remington_roomsweeper")
    with pytest.raises(RulesError):
        reload(roomsweeper, Magazine.full(roomsweeper), "internal_magazine", agility=4)
    assert [m.key for m in reload_methods(predator)] == ["swap_clip", "load_clip"]
    assert {m.key for m in reload_methods(weapon("sr5", "ingram_valiant"))} == {"swap_clip", "load_clip", "swap_belt", "load_belt_drum"}


def test_swapping_changes_the_ammunition_type() -> None:
    predator = weapon("sr5", "ares_predator_v")
    result = reload(predator, Magazine.full(predator).fire(10), "swap_clip", agility=3, ammo_type="apds")
    assert (result.magazine.ammo_type, result.magazine.rounds, result.rounds_removed) == ("apds", 15, 5)
