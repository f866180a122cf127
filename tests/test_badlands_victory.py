"""Initiative order and victory (BR-6, BR-19), from the digest's ラウンド, 決定的勝利 and 僅差勝利."""

from __future__ import annotations

import pytest

from gmtool.games.badlands_rally.rules.victory import contested_dice, contested_score, first_to_act, winner


@pytest.mark.rule("BR-6")
def test_the_highest_check_goes_first_and_a_tie_goes_to_the_gear_ahead() -> None:
    assert first_to_act({"jerboa": 6, "cheetah": 4}, ahead=None) == "jerboa"
    assert first_to_act({"jerboa": 6, "cheetah": 6, "iguana": 2}, ahead=["cheetah", "iguana", "jerboa"]) == "cheetah"
    assert first_to_act({"jerboa": 6, "cheetah": 6}, ahead=None) is None  # 不明瞭な場合、振り直す


@pytest.mark.rule("BR-19")
def test_outright_and_contested_victory() -> None:
    assert winner([], None, ahead=[]) is None
    assert winner(["jerboa"], None, ahead=["jerboa", "cheetah"]) == "jerboa"  # 決定的勝利
    # 僅差勝利: 4+ initiative; the Jerboa (2 rattles) rolls 6, 5 → 6 + 1 = 7, less 2 = 5; the Cheetah
    # (rattled: one die; one rattle recorded) rolls 5 → 5, less 1 = 4.
    jerboa = contested_score((6, 5), rating=4, rattles=2)
    cheetah = contested_score((5,), rating=4, rattles=1)
    assert (jerboa, cheetah) == (5, 4) and contested_dice(rattled=True) == 1
    assert winner(["jerboa", "cheetah"], {"jerboa": jerboa, "cheetah": cheetah}, ahead=["cheetah", "jerboa"]) == "jerboa"
    assert contested_score((3, 2), rating=4, rattles=3) == 0  # never below 0
    assert winner(["a", "b"], {"a": 3, "b": 3}, ahead=["b", "a"]) == "b"  # a tie: the gear ahead
