"""The translation layer at work (:mod:`gmtool.core.i18n`): a game's own messages joining and leaving,
English as the fallback of a key the other language lacks, the key itself as the last one, attribute
names and plural words filled in, the keys heard, a language switched for a block.
(``tests/test_i18n.py`` also reads the sources, so the mutation runs leave it out: these run there.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.core.errors import ResourceError
from gmtool.core.i18n import (
    active_language,
    add_game_messages,
    catalogue,
    choose_plurals,
    drop_game_messages,
    in_language,
    keys_heard,
    set_language,
    term_label,
    tr,
)


def fragment(folder: Path, language: str, messages: dict[str, str]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / f"{language}.json").write_text(json.dumps({"schema_version": 1, "messages": messages}), "utf-8")


@pytest.fixture
def game_folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "messages"
    folder.mkdir()
    yield folder
    drop_game_messages(folder)


def test_a_game_s_messages_join_every_language_and_leave_again(game_folder: Path) -> None:
    fragment(game_folder, "en", {"demo.hello": "Hello {name}", "demo.only_en": "Only English"})
    fragment(game_folder, "ja", {"demo.hello": "こんにちは{name}"})
    add_game_messages(game_folder)
    assert tr("demo.hello", name="Ann") == "Hello Ann"
    set_language("ja")
    assert tr("demo.hello", name="Ann") == "こんにちはAnn"
    assert tr("demo.only_en") == "Only English"  # Japanese lacks it: English, not the key
    drop_game_messages(game_folder)
    assert tr("demo.hello") == "demo.hello"  # gone: the key itself


def test_a_game_without_a_file_for_a_language_speaks_english_there(game_folder: Path) -> None:
    fragment(game_folder, "en", {"demo.word": "Word"})
    add_game_messages(game_folder)
    set_language("ja")
    assert tr("demo.word") == "Word"


def test_a_game_s_key_that_gmtool_has_already_is_refused_naming_the_file(game_folder: Path) -> None:
    fragment(game_folder, "en", {"menu.file": "Mine"})
    add_game_messages(game_folder)
    with pytest.raises(ResourceError) as caught:
        catalogue("en")
    # (its message cannot be read while the broken file is in: the catalogue it needs is the one refused)
    assert (caught.value.key, caught.value.args_for_message) == (
        "error.resource_invalid", {"name": str(game_folder / "en.json"), "detail": "duplicate keys: ['menu.file']"})


def test_a_broken_game_file_is_refused_naming_it(game_folder: Path) -> None:
    (game_folder / "en.json").write_text("{not json", "utf-8")
    add_game_messages(game_folder)
    with pytest.raises(ResourceError) as caught:
        catalogue("en")
    assert caught.value.args_for_message["name"] == str(game_folder / "en.json")
    assert "Invalid JSON" in caught.value.args_for_message["detail"]  # pydantic's account


def test_an_attribute_field_reads_as_the_attribute_s_name_in_the_language() -> None:
    assert tr("sheet.sr4_initiative", attribute="BOD", passes=1) == "Body · 1 pass"
    assert tr("sheet.sr4_initiative", attribute="Grit", passes=2) == "Grit · 2 passes"  # no such attribute: as given
    set_language("ja")
    assert tr("sheet.sr4_initiative", attribute="BOD", passes=1).startswith("強靱力")


@pytest.mark.parametrize(("count", "word"), [(1, "hit"), (-1, "hit"), ("1", "hit"), (0, "hits"), (2, "hits"), (None, "hits")])
def test_a_plural_word_follows_its_count(count: object, word: str) -> None:
    assert choose_plurals("{n} {n|hit|hits}", {"n": count}) == f"{{n}} {word}"


def test_text_without_a_plural_choice_is_left_as_it_is() -> None:
    assert choose_plurals("a | b {n}", {"n": 1}) == "a | b {n}"
    assert choose_plurals("no choice {n}", {"n": 1}) == "no choice {n}"


def test_a_term_label_is_the_gm_s_own_words_or_a_key() -> None:
    assert term_label("text:Rooftop wind") == "Rooftop wind"
    assert term_label("attr.BOD") == "Body"


def test_the_keys_asked_for_are_heard_inside_the_block_only() -> None:
    with keys_heard() as outer:
        tr("attr.BOD")
        with keys_heard() as inner:
            tr("attr.AGI")
        tr("no.such.key")
    tr("attr.REA")
    assert (outer, inner) == ({"attr.BOD", "no.such.key"}, {"attr.AGI"})


def test_a_language_switched_for_a_block_comes_back_even_after_an_error() -> None:
    with in_language("ja"):
        assert active_language() == "ja" and tr("attr.BOD") == "強靱力"
    assert active_language() == "en"
    with pytest.raises(RuntimeError), in_language("ja"):
        raise RuntimeError
    assert active_language() == "en"
