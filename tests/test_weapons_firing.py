"""SR5 firing modes (SR5-F1..F7) and SR4 modes: rounds, action, defender's modifier, multiple attacks, refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons import firing_modes_sr4, firing_modes_sr5
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import MODE_KEYS, available_modes, fire, mode
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine

ALPHA = weapon("sr5", "ares_alpha")  # SA/BF/FA, 42(c)


def _fire(key: str, rounds: int = 42) -> tuple[int, str, int, str, int]:
    shot = fire(ALPHA, Magazine.full(ALPHA).fire(42 - rounds), key)
    return shot.rounds_used, shot.action, shot.defence_modifier, shot.multiple_attacks, shot.magazine.rounds


@pytest.mark.rule("SR5-F1")
def test_single_shot() -> None:
    warhawk = weapon("sr5", "ruger_super_warhawk")
    shot = fire(warhawk, Magazine.full(warhawk), "SS")
    assert (shot.rounds_used, shot.action, shot.defence_modifier, shot.multiple_attacks) == (1, "simple", 0, "two_weapons")
    assert shot.magazine.rounds == 5


@pytest.mark.rule("SR5-F2")
def test_semi_automatic() -> None:
    assert _fire("SA") == (1, "simple", 0, "two_weapons", 41)


@pytest.mark.rule("SR5-F3")
def test_semi_automatic_burst() -> None:
    assert _fire("SA_burst") == (3, "complex", -2, "yes", 39)


@pytest.mark.rule("SR5-F4")
def test_burst_fire() -> None:
    assert _fire("BF") == (3, "simple", -2, "yes", 39)


@pytest.mark.rule("SR5-F5")
def test_long_burst() -> None:
    assert _fire("LB") == (6, "complex", -5, "yes", 36)


@pytest.mark.rule("SR5-F6")
def test_full_auto_simple_and_complex() -> None:
    assert _fire("FA_simple") == (6, "simple", -5, "yes", 36)
    assert _fire("FA_complex") == (10, "complex", -9, "yes", 32)


@pytest.mark.rule("SR5-F7")
def test_a_mode_the_weapon_lacks_is_refused() -> None:
    predator = weapon("sr5", "ares_predator_v")  # SA only
    magazine = Magazine.full(predator)
    with pytest.raises(RulesError) as caught:
        fire(predator, magazine, "BF")
    assert caught.value.key == "weapons.refusal.mode_missing"
    assert "BF" in caught.value.message()
    assert [m.key for m, _ in available_modes(predator, magazine)] == ["SA", "SA_burst"]


@pytest.mark.rule("SR5-F7")
def test_a_mode_the_magazine_cannot_feed_is_refused_with_a_reason() -> None:
    magazine = Magazine.full(ALPHA).fire(37)  # 5 left
    offered = dict((m.key, reason) for m, reason in available_modes(ALPHA, magazine))
    assert offered["BF"] is None and offered["FA_simple"] is not None
    assert offered["FA_simple"].key == "weapons.refusal.not_enough_rounds"
    assert "5" in offered["FA_simple"].message()
    with pytest.raises(RulesError):
        fire(ALPHA, magazine, "FA_complex")
    with pytest.raises(RulesError):
        fire(weapon("sr5", "katana"), Magazine(capacity=0, rounds=0), "SA")


def test_mode_table_has_pages_and_rules() -> None:
    for key in MODE_KEYS:
        row = mode(key)
        assert row.page >= 170 and row.rule.startswith("SR5-F")
        assert row.label.text("ja") != row.label.text("en")
    with pytest.raises(RulesError):
        mode("XX")


def test_sr4_modes_fire_and_refuse() -> None:
    har = weapon("sr4", "fn_har")
    shot = firing_modes_sr4.fire(har, Magazine.full(har), "full_burst")
    assert (shot.rounds_used, shot.action, shot.magazine.rounds) == (10, "complex", 25)
    predator = weapon("sr4", "ares_predator_iv")
    with pytest.raises(RulesError):
        firing_modes_sr4.fire(predator, Magazine.full(predator), "short_burst")


@given(st.integers(0, 42), st.sampled_from(MODE_KEYS))
def test_firing_never_uses_more_rounds_than_loaded_and_a_refusal_changes_nothing(rounds: int, key: str) -> None:
    magazine = Magazine.full(ALPHA).fire(42 - rounds)
    before = magazine.model_copy()
    try:
        shot = firing_modes_sr5.fire(ALPHA, magazine, key)
    except RulesError:
        assert magazine == before
        assert magazine.rounds < mode(key).rounds or not ALPHA.has_mode(mode(key).weapon_mode)
        return
    assert shot.rounds_used <= rounds
    assert shot.magazine.rounds == rounds - shot.rounds_used >= 0
    assert magazine == before  # the magazine given is never changed
