"""The one translation layer: every user-visible string goes through :func:`tr`.

Catalogues live in ``resources/i18n/<lang>.json`` plus any number of fragments in
``resources/i18n/<lang>/*.json`` (one per feature, so features do not share one
file); all are validated at load and a key defined twice is an error. Keys are
stable identifiers such as ``"menu.file"``; texts use ``str.format`` fields.
English and Japanese must hold exactly the same keys and fields (a test checks).
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from gmtool.core.errors import ResourceError, use_translator
from gmtool.core.resources import cached_model, load_model, resource_path

LANGUAGES: tuple[str, ...] = ("en", "ja")
DEFAULT_LANGUAGE = "en"


class Catalogue(BaseModel):
    """One language's messages."""

    schema_version: int = Field(ge=1, le=1)
    language: str
    language_name: str
    messages: dict[str, str]


class Fragment(BaseModel):
    """Part of a language's messages, kept in its own file."""

    schema_version: int = Field(ge=1, le=1)
    messages: dict[str, str]


_active: str = DEFAULT_LANGUAGE
_game_folders: list[Path] = []  # games' own messages: <folder>/<lang>.json fragments
_heard: list[set[str]] = []  # the keys :func:`tr` was asked for, while someone listens (:func:`keys_heard`)


@contextmanager
def keys_heard() -> Iterator[set[str]]:
    """Every message key :func:`tr` is asked for inside the block (the conformance kit checks each
    exists in every language)."""
    heard: set[str] = set()
    _heard.append(heard)
    try:
        yield heard
    finally:
        _heard.remove(heard)


@contextmanager
def in_language(language: str) -> Iterator[None]:
    """The active language switched for the block (restored afterwards: a report printed in another
    language, the conformance kit's runs in each)."""
    before = active_language()
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def add_game_messages(folder: Path) -> None:
    """A game's own messages (``<folder>/en.json``, ``ja.json``: fragments), merged into every catalogue
    like gmtool's own; a key gmtool or another game defines already is an error."""
    if folder not in _game_folders:
        _game_folders.append(folder)
        catalogue.cache_clear()


def drop_game_messages(folder: Path) -> None:
    """Forget a game's messages (a registry swapped in by a test is gone again)."""
    if folder in _game_folders:
        _game_folders.remove(folder)
        catalogue.cache_clear()


def _game_fragment(folder: Path, language: str) -> Fragment | None:
    path = folder / f"{language}.json"
    if not path.is_file():
        return None
    try:
        return Fragment.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # ValidationError is a ValueError
        raise ResourceError("error.resource_invalid", name=str(path), detail=str(exc)) from exc


@cache
def catalogue(language: str) -> Catalogue:
    """The validated catalogue of a language, fragments merged in."""
    main = cached_model(Catalogue, "i18n", f"{language}.json")
    folder = resource_path("i18n", language)
    fragments: list[tuple[str, Fragment]] = []
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda node: node.name):
            if entry.name.endswith(".json"):
                fragments.append((f"i18n/{language}/{entry.name}", load_model(Fragment, "i18n", language, entry.name)))
    for game_folder in _game_folders:
        fragment = _game_fragment(game_folder, language)
        if fragment is not None:
            fragments.append((str(game_folder / f"{language}.json"), fragment))
    if not fragments:
        return main
    messages = dict(main.messages)
    for name, fragment in fragments:
        twice = sorted(messages.keys() & fragment.messages.keys())
        if twice:
            raise ResourceError("error.resource_invalid", name=name, detail=f"duplicate keys: {twice}")
        messages.update(fragment.messages)
    return main.model_copy(update={"messages": messages})


def system_language() -> str:
    """The language of the system locale if gmtool has it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    code = (locale.getlocale()[0] or "").split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def set_language(language: str | None) -> str:
    """Switch the active language (None: follow the system). Returns the code used."""
    global _active
    chosen = language if language in LANGUAGES else system_language()
    catalogue(chosen)  # validate now rather than at the first message
    _active = chosen
    return chosen


def active_language() -> str:
    return _active


def term_label(label: str) -> str:
    """A pool-breakdown label: a message key, or ``text:`` followed by the GM's own words."""
    return label[5:] if label.startswith("text:") else tr(label)


# A word that follows a number: ``{hits|hit|hits}`` reads "hit" when the field ``hits`` is 1,
# "hits" otherwise (English; Japanese needs no such choice and writes no such token).
PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


def choose_plurals(text: str, fields: Mapping[str, object]) -> str:
    """The text with each ``{field|one|other}`` replaced by the word its field's count takes."""
    if "|" not in text:
        return text
    return PLURAL.sub(lambda m: m[2] if str(fields.get(m[1])) in ("1", "-1") else m[3], text)


def tr(key: str, /, **fields: object) -> str:
    """The message ``key`` in the active language, with its fields filled in.

    A key missing from the active catalogue falls back to English, then to the
    key itself, so a gap is visible but never crashes the program.
    """
    if _heard:
        _heard[-1].add(key)
    messages = catalogue(_active).messages
    text = messages.get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE).messages.get(key, key)
    if not fields:
        return text
    attribute = fields.get("attribute")
    if isinstance(attribute, str) and f"attr.{attribute}" in messages:  # "BOD" reads "Body", 「体力」
        fields = {**fields, "attribute": messages[f"attr.{attribute}"]}
    return choose_plurals(text, fields).format(**fields)


use_translator(tr)  # every GmtoolError.message() speaks the active language from now on
