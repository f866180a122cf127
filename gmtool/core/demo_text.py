"""Made-up demo data in the window's language: how a game's demo file gives a text in each language.

A demo file (``resources/<game>/demo*.json``) may write any made-up text — a runner's name, a gear's
weapon, a side, a course — as one entry per language, ``{"en": "Demo Lark", "ja": "デモ・ラーク"}``;
a plain string is the same in every language. A new campaign's demo is made in the language of the
window at that moment (:class:`gmtool.core.game.GameDemo`): the names become the campaign's data and
a later change of language does not rename them. English is required and stands in for a language a
text lacks. Entries that refer to another entry (a drone's rigger, a unit's machine) name it by its
English text.

A game marks the fields of its demo model that hold such texts with :data:`IN_LANGUAGE` and loads the
file with :func:`load_demo`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ValidationError, ValidationInfo

from gmtool.core.errors import ResourceError
from gmtool.core.i18n import LANGUAGES
from gmtool.core.resources import resource_path

ModelT = TypeVar("ModelT", bound=BaseModel)


def is_translated(value: object) -> bool:
    """Whether ``value`` is one text given per language (keys: languages, English among them)."""
    return (
        isinstance(value, Mapping) and "en" in value and all(key in LANGUAGES for key in value)
        and all(isinstance(text, str) for text in value.values())
    )


def in_language(value: Any, language: str) -> Any:
    """``value`` (JSON data) with every text given per language replaced by its ``language`` text."""
    if is_translated(value):
        return value.get(language) or value["en"]
    if isinstance(value, Mapping):
        return {key: in_language(item, language) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [in_language(item, language) for item in value]
    return value


def english(value: Any) -> Any:
    """``value`` in English: how one demo entry names another."""
    return in_language(value, "en")


def loading_language(info: ValidationInfo) -> str:
    """The language a demo file is being loaded in (English when none is given)."""
    context = info.context if isinstance(info.context, Mapping) else {}
    language = context.get("language", "en")
    return language if language in LANGUAGES else "en"


def _translated(value: Any, info: ValidationInfo) -> Any:
    return in_language(value, loading_language(info))


IN_LANGUAGE = BeforeValidator(_translated)  # Annotated[list[Sheet], IN_LANGUAGE]: texts in the loading language


def load_demo(model: type[ModelT], language: str, *parts: str) -> ModelT:
    """A game's demo file (``resources/<parts>``) validated with its texts in ``language``."""
    name = "/".join(parts)
    try:
        raw = json.loads(resource_path(*parts).read_text(encoding="utf-8"))
        return model.model_validate(raw, context={"language": language})
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise ResourceError("error.resource_invalid", name=name, detail=str(exc)) from exc
