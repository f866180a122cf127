"""Which language gmtool starts in when the GM has not chosen one: the system locale's, read from the
environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE`` in that order) or else from Python's
locale, if gmtool has it; English otherwise. (``tests/test_i18n.py`` reads the sources, so the mutation
runs leave it out: these run there.)"""

from __future__ import annotations

import locale

import pytest

from gmtool.core.i18n import system_language

VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for var in VARIABLES:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *_a: (None, None))
    return monkeypatch


@pytest.mark.parametrize(("value", "language"), [
    ("ja_JP.UTF-8", "ja"),  # language_TERRITORY.codeset
    ("ja.UTF-8", "ja"),  # no territory
    ("JA_jp", "ja"),  # written in capitals
    ("ja:en", "ja"),  # LANGUAGE's list: the first
    ("de_DE.UTF-8", "en"),  # a language gmtool does not have
    ("C", "en"),
])
def test_the_environment_s_locale_names_the_language(no_locale: pytest.MonkeyPatch, value: str, language: str) -> None:
    no_locale.setenv("LANG", value)
    assert system_language() == language


def test_the_first_variable_set_wins(no_locale: pytest.MonkeyPatch) -> None:
    no_locale.setenv("LANGUAGE", "en")
    no_locale.setenv("LANG", "ja_JP.UTF-8")
    assert system_language() == "ja"
    no_locale.setenv("LC_ALL", "en_US.UTF-8")
    assert system_language() == "en"


def test_an_empty_variable_is_passed_over(no_locale: pytest.MonkeyPatch) -> None:
    no_locale.setenv("LC_ALL", "")
    no_locale.setenv("LANG", "ja_JP.UTF-8")
    assert system_language() == "ja"


def test_without_the_variables_python_s_locale_decides(no_locale: pytest.MonkeyPatch) -> None:
    no_locale.setattr(locale, "getlocale", lambda *_a: ("ja_JP", "UTF-8"))
    assert system_language() == "ja"
    no_locale.setattr(locale, "getlocale", lambda *_a: (None, None))
    assert system_language() == "en"
