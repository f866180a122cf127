"""Damage codes: every spelling of both rulebooks and of Chummer, Strength counted once, bad codes refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode


@pytest.mark.parametrize(
    ("text", "strength", "value", "damage_type", "flag"),
    [
        ("8P", None, 8, "P", None),
        ("10S(e)", None, 10, "S", "e"),
        ("(STR+2)P", 5, 7, "P", None),
        ("(STR/2+1)S", 5, 4, "S", None),  # 2.5 + 1 rounded up
        ("STR+3P", 4, 7, "P", None),
        ("5P", None, 5, "P", None),
        ("(STR/2+2)P", 6, 5, "P", None),
        ("(STR)S", 6, 6, "S", None),
        ("({STR}+2)P", 3, 5, "P", None),
        ("(STR/2)+1P", 5, 4, "P", None),
        ("(min(STR,8)+2)P", 10, 10, "P", None),
        ("(min(STR,8)+2)P", 4, 6, "P", None),
        ("5P(fire)", None, 5, "P", "fire"),
        ("6S(e)", None, 6, "S", "e"),
    ],
)
def test_codes_parse_and_evaluate(text: str, strength: int | None, value: int, damage_type: str, flag: str | None) -> None:
    code = DamageCode.parse(text)
    assert code.evaluate(strength) == value
    assert code.damage_type == damage_type
    assert code.flag == flag
    assert code.strength_based == (strength is not None)


def test_blast_texts_are_kept() -> None:
    frag = DamageCode.parse("18P(f) (-1/m)")
    assert (frag.evaluate(), frag.flag, frag.blast) == (18, "f", "(-1/m)")
    flash = DamageCode.parse("10S (10m Radius)")
    assert (flash.evaluate(), flash.damage_type, flash.blast) == (10, "S", "(10m Radius)")


def test_text_round_trips() -> None:
    for text in ("8P", "10S(e)", "(STR+2)P", "(STR/2+1)S"):
        assert DamageCode.parse(text).text == text
        assert DamageCode.parse(DamageCode.parse(text).text) == DamageCode.parse(text)


def test_serialisable_and_frozen() -> None:
    code = DamageCode.parse("(STR+3)P")
    assert DamageCode.model_validate_json(code.model_dump_json()) == code
    with pytest.raises(ValidationError):  # frozen
        code.value = "9"  # type: ignore[misc]


def test_strength_counts_once_for_melee() -> None:
    """SR5-FoundryVTT #1980: a knife Chummer already worked out (7P at STR 5) must not gain STR again."""
    formula = DamageCode.parse("(STR+2)P")
    worked_out = DamageCode.parse("7P")
    assert formula.evaluate(5) == 7
    assert worked_out.evaluate(5) == 7


@pytest.mark.parametrize("text", ["Grenade", "Special", "Missile", "(10m Radius)", "", "P", "8X", "(STR+)P", "(STR/0)P", "(10-STR)P", "(STR*STR)P", "(2/STR)P", "(-STR)P", "(STR*-1)P"])
def test_bad_codes_are_refused_with_a_translated_message(text: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        DamageCode.parse(text)
    assert caught.value.key.startswith("weapons.error.")
    english = caught.value.message()
    set_language("ja")
    assert caught.value.message() != english


def test_a_strength_formula_needs_a_strength() -> None:
    with pytest.raises(RulesError) as caught:
        DamageCode.parse("(STR+2)P").evaluate()
    assert caught.value.key == "weapons.error.strength_needed"
    with pytest.raises(RulesError):
        DamageCode.parse("(STR+2)P").evaluate(-1)


FORMULAS = st.sampled_from(
    ["(STR+2)P", "(STR/2+1)P", "STR+3P", "(STR)S", "(STR/2)+1P", "(min(STR,8)+2)P", "(max(STR,3)*2)P", "(STR/3+STR/2)S"]
)


@given(FORMULAS, st.integers(0, 30), st.integers(0, 30))
def test_evaluation_grows_with_strength(text: str, a: int, b: int) -> None:
    code = DamageCode.parse(text)
    low, high = sorted((a, b))
    assert code.evaluate(low) <= code.evaluate(high)


@pytest.mark.parametrize(
    ("edition", "text", "strength", "english", "japanese"),
    [
        ("sr5", "(STR+2)P", None, "(STR+2)P", "(筋力+2)肉体"),  # seeds/001: 筋力 (l.136), 肉体/精神ダメージ (l.126)
        ("sr5", "(STR+2)P", 2, "4P", "4肉体"),  # Strength 2 + 2 = 4
        ("sr5", "9S(e)", None, "9S(e)", "9精神(電気)"),
        ("sr5", "8P", None, "8P", "8肉体"),
        ("sr4", "(STR/2+1)P", None, "(STR/2+1)P", "(【筋力】/2+1)身体"),  # seeds/000: 【筋力】, 身体/精神ダメージ (l.147-153)
        ("sr4", "(STR/2+1)P", 5, "4P", "4身体"),  # 5 / 2 + 1 = 3.5, rounded up: 4
        ("sr4", "6S(e)", None, "6S(e)", "6精神(電気)"),
    ],
)
def test_a_code_in_the_windows_language(edition: str, text: str, strength: int | None, english: str, japanese: str) -> None:
    """English writes the book's code; Japanese the digests' words for Strength and the damage type."""
    code = DamageCode.parse(text)
    worked = code.evaluate(strength) if strength is not None else None
    try:
        assert code.words(edition, worked) == english
        if worked is None:
            assert english == code.text
        set_language("ja")
        assert code.words(edition, worked) == japanese
    finally:
        set_language("en")
