"""Translations: English and Japanese catalogues match, and every key the code uses exists.

The source scan covers all of ``gmtool/`` (GUI included): a key passed to
``tr("...")`` or to a gmtool error class, or any ``"error.*"``/``"log.*"`` string
literal, must be in both catalogues. Keys built at run time (``field.{name}``,
``edge.{purpose}`` …) are checked family by family.
"""

from __future__ import annotations

import ast
import functools
import inspect
import json
import re
import string
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.core import errors
from gmtool.core.i18n import (
    LANGUAGES,
    PLURAL,
    active_language,
    catalogue,
    choose_plurals,
    set_language,
    system_language,
    tr,
)
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet, metatypes
from gmtool.games.shadowrun.sr5.rules.simple_test import simple_test_terms
from gmtool.games.shadowrun.sr5.rules.state import RULE_OPTIONS
from tests.source_trees import parsed, scans_every_module

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "gmtool"
EN = catalogue("en").messages
JA = catalogue("ja").messages
NAMES = ("gmtool", "NPC", "Shadowrun")  # the same in every language
KEY_LITERAL_PREFIXES = ("error.", "log.")  # string literals with these prefixes are always keys
ERROR_CLASSES = frozenset(
    name
    for name, value in vars(errors).items()
    if inspect.isclass(value) and issubclass(value, errors.GmtoolError)
)


def fields_of(text: str) -> set[str]:
    """The ``{field}`` names a message uses (``{a.b}`` and ``{a[0]}`` count as ``a``)."""
    names = set()
    text = PLURAL.sub("", text)  # {hits|hit|hits} only chooses a word: it prints no field
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


# -- the catalogues ---------------------------------------------------------------------------
def test_catalogues_declare_their_language() -> None:
    assert LANGUAGES == ("en", "ja")
    for language in LANGUAGES:
        assert catalogue(language).language == language
        assert catalogue(language).language_name


def test_same_keys_in_both_languages() -> None:
    only_en = sorted(set(EN) - set(JA))
    only_ja = sorted(set(JA) - set(EN))
    assert only_en == [] and only_ja == [], f"only in en.json: {only_en}; only in ja.json: {only_ja}"


def test_same_fields_in_both_languages() -> None:
    different = {
        key: (sorted(fields_of(EN[key])), sorted(fields_of(JA[key])))
        for key in EN.keys() & JA.keys()
        if fields_of(EN[key]) != fields_of(JA[key])
    }
    assert different == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_formats_with_its_fields(language: str) -> None:
    broken = {}
    for key, text in catalogue(language).messages.items():
        try:
            fields = {field: "x" for field in fields_of(text)}
            choose_plurals(text, fields).format(**fields)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:  # stray braces, bad fields
            broken[key] = repr(exc)
    assert broken == {}


def test_japanese_is_really_translated() -> None:
    def needs_translation(text: str) -> bool:
        plain = "".join(literal for literal, _, _, _ in string.Formatter().parse(text))
        for name in NAMES:
            plain = plain.replace(name, "")
        return sum(ch.isalpha() for ch in plain) > 3

    untranslated = sorted(key for key in EN.keys() & JA.keys() if needs_translation(EN[key]) and EN[key] == JA[key])
    assert untranslated == []


def test_no_empty_messages() -> None:
    for language in LANGUAGES:
        empty = sorted(k for k, v in catalogue(language).messages.items() if not v.strip())
        assert empty == [], f"empty in {language}.json: {empty}"


# -- the keys the code uses ----------------------------------------------------------------------
def _constants(node: ast.AST, module_constants: dict[str, list[str]]) -> list[str]:
    """The string values an argument can have, where the source shows them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body, module_constants) + _constants(node.orelse, module_constants)
    if isinstance(node, ast.Name):
        return module_constants.get(node.id, [])
    return []


def _module_constants(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level NAME = "key" or NAME = ("key", …) assignments."""
    found: dict[str, list[str]] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            values: list[str] = []
            if isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str):
                values = [statement.value.value]
            elif isinstance(statement.value, (ast.Tuple, ast.List)):
                values = [
                    e.value for e in statement.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                ]
            for target in targets:
                if isinstance(target, ast.Name) and values:
                    found[target.id] = values
    return found


def _callee(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        if func.attr == "tr" and isinstance(func.value, ast.Name) and func.value.id == "self":
            return None  # Qt's QObject.tr, not gmtool's
        return func.attr
    return None


@functools.cache  # the source is read and parsed once per test run, not once per test
def used_keys() -> tuple[tuple[str, str], ...]:
    """(key, "file:line") for every key the source passes to tr() or an error, or spells out."""
    return tuple(_scan_keys())


def _scan_keys() -> Iterator[tuple[str, str]]:
    for path in sorted(SOURCE.rglob("*.py")):
        where = path.relative_to(REPO).as_posix()
        tree = parsed(path.read_text(encoding="utf-8"))
        module_constants = _module_constants(tree)
        in_f_strings = {
            id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                callee = _callee(node)
                if callee == "tr" or callee in ERROR_CLASSES:
                    for key in _constants(node.args[0], module_constants):
                        yield key, f"{where}:{node.lineno}"
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith(KEY_LITERAL_PREFIXES)
                and " " not in node.value
                and id(node) not in in_f_strings  # f"log.x.{reason}": a family, checked below
            ):
                yield node.value, f"{where}:{node.lineno}"


@scans_every_module
def test_the_scan_finds_keys_everywhere() -> None:
    found = {key for key, _ in used_keys()}
    for key in ("error.no_edge", "error.faces_count", "error.not_a_campaign", "log.initiative_typed", "common.yes"):
        assert key in found, f"the source scan misses {key}"


@scans_every_module
def test_every_key_used_in_the_source_is_in_both_catalogues() -> None:
    missing: dict[str, set[str]] = {}
    for key, where in used_keys():
        for language, messages in (("en", EN), ("ja", JA)):
            if key not in messages:
                missing.setdefault(f"{key} (not in {language}.json)", set()).add(where)
    assert missing == {}, "keys used in the code but missing from a catalogue:\n" + "\n".join(
        f"  {key}: {', '.join(sorted(places))}" for key, places in sorted(missing.items())
    )


# -- keys built at run time ----------------------------------------------------------------------
def _calls_in(module_path: Path, function: str) -> list[ast.Call]:
    tree = ast.parse(module_path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _callee(n) == function]


def _assert_in_both(keys: set[str]) -> None:
    assert keys
    missing = sorted(k for k in keys if k not in EN or k not in JA)
    assert missing == []


def test_sheet_field_labels() -> None:
    fields = {f"field.{name}" for name in Sheet.model_fields if name != "attributes"}
    fields |= {f"field.attr.{attribute}" for attribute in ATTRIBUTES}
    _assert_in_both(fields)


def test_attribute_labels() -> None:
    _assert_in_both({f"attr.{attribute}" for attribute in ATTRIBUTES})


def test_action_kind_labels() -> None:
    action_kinds = typing.get_args(cmd.TakeAction.model_fields["action"].annotation)
    assert set(action_kinds) == {"free", "simple", "complex"}
    _assert_in_both({f"action.{kind}" for kind in action_kinds})


def test_edge_purpose_labels() -> None:
    purposes = {
        call.args[1].value
        for call in _calls_in(SOURCE / "games" / "shadowrun" / "sr5" / "rules" / "decide.py", "_spend_edge")
        if len(call.args) > 1 and isinstance(call.args[1], ast.Constant)
    }
    assert {"seize", "blitz"} <= purposes
    _assert_in_both({f"edge.{purpose}" for purpose in purposes})


def test_rule_option_labels() -> None:
    _assert_in_both({f"option.{option}" for option in RULE_OPTIONS})


def test_score_adjustment_reasons() -> None:
    reasons = {
        keyword.value.value
        for folder in ("sr5/rules", "rules")  # the edition's own, and the shared (a manual adjustment)
        for module in sorted((SOURCE / "games" / "shadowrun" / folder).glob("*.py"))
        for call in _calls_in(module, "ScoreAdjusted")
        for keyword in call.keywords
        if keyword.arg == "reason" and isinstance(keyword.value, ast.Constant)
    }
    from gmtool.games.shadowrun.sr5.rules.attack import SHAKE_UP_REASON  # passed as a named constant

    reasons.add(SHAKE_UP_REASON)
    assert reasons == {"manual", "initiative_attribute", "interrupt", "shake_up"}
    _assert_in_both({f"log.score_adjusted.{reason}" for reason in reasons})


def test_pool_term_labels() -> None:
    attributes = {a: 3 for a in ATTRIBUTES}
    wounded = Sheet(name="W", attributes=attributes, physical_damage=3)
    labels = {
        label
        for sheet in (Sheet(name="S", attributes=attributes), wounded)
        for skill in (0, 2)
        for modifier in (0, -2)
        for attribute in ATTRIBUTES
        for label, _ in simple_test_terms(sheet, attribute, skill, modifier)
    }
    assert {"pool.skill", "pool.defaulting", "pool.wound_modifier", "pool.modifier"} <= labels
    _assert_in_both(labels)


def test_metatype_labels_in_both_languages() -> None:
    for name, info in metatypes().metatypes.items():
        assert set(info.label) >= set(LANGUAGES), name
        assert info.label["en"] != info.label["ja"]


# -- switching language ------------------------------------------------------------------------------
@pytest.fixture
def clean_locale(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_none_follows_a_japanese_system_locale(clean_locale: pytest.MonkeyPatch) -> None:
    clean_locale.setenv("LANG", "ja_JP.UTF-8")
    assert system_language() == "ja"
    assert set_language(None) == "ja"
    assert active_language() == "ja"
    assert tr("error.nothing_to_undo") == JA["error.nothing_to_undo"]


def test_none_falls_back_to_english_for_other_locales(clean_locale: pytest.MonkeyPatch) -> None:
    clean_locale.setenv("LANG", "de_DE.UTF-8")
    assert set_language(None) == "en"
    clean_locale.setenv("LC_ALL", "en_US.UTF-8")
    clean_locale.setenv("LANG", "ja_JP.UTF-8")
    assert set_language(None) == "en"  # LC_ALL wins over LANG


def test_explicit_language_and_messages() -> None:
    assert set_language("ja") == "ja"
    error = errors.RulesError("error.no_edge", name="Kestrel")
    assert error.message() == JA["error.no_edge"].format(name="Kestrel")
    assert str(error) == error.message()
    assert set_language("en") == "en"
    assert error.message() == EN["error.no_edge"].format(name="Kestrel")


def test_unknown_keys_show_the_key() -> None:
    assert tr("no.such.key") == "no.such.key"


def test_fragments_merge_and_refuse_a_key_defined_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Feature catalogues in ``i18n/<lang>/*.json`` are merged; a key defined twice is an error."""
    from gmtool.core import i18n
    from gmtool.core.errors import ResourceError

    root = tmp_path / "res"
    (root / "i18n" / "en").mkdir(parents=True)
    main = {"schema_version": 1, "language": "en", "language_name": "English", "messages": {"a": "A"}}
    (root / "i18n" / "en.json").write_text(json.dumps(main), "utf-8")
    (root / "i18n" / "en" / "part.json").write_text(json.dumps({"schema_version": 1, "messages": {"b": "B"}}), "utf-8")
    monkeypatch.setattr("gmtool.core.resources.resource_root", lambda: root)
    monkeypatch.setattr(i18n, "resource_path", lambda *parts: root.joinpath(*parts))
    i18n.catalogue.cache_clear()
    import gmtool.core.resources as res

    res.forget_cached_models()
    try:
        assert i18n.catalogue("en").messages == {"a": "A", "b": "B"}
        (root / "i18n" / "en" / "twice.json").write_text(json.dumps({"schema_version": 1, "messages": {"a": "again"}}), "utf-8")
        i18n.catalogue.cache_clear()
        with pytest.raises(ResourceError):
            i18n.catalogue("en")
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()
        res.forget_cached_models()


PLURAL_NOUNS = ("hits", "dice", "boxes", "rounds", "events", "turns", "rolls", "members", "attacks", "passes",
                "templates", "NPCs", "files", "fields", "problems", "entries", "combatants", "commands")


def test_english_counts_choose_their_word_and_japanese_needs_none() -> None:
    """"1 hit", "2 hits"; every "{n} hits" in English carries its plural choice ("{n}/{m} hits" reads plural)."""
    set_language("en")
    assert tr("result.hits", hits=1) == "1 hit" and tr("result.hits", hits=2) == "2 hits"
    assert tr("log.undone", what="x", count=1) == "Undone: x (1 event)"
    assert tr("effect.left.turns", turns=1) == "1 turn"
    names = r"(?!(?:name|attacker|target|shooter)\})"  # "{name} rolls" is a verb, not a count
    bare = re.compile(r"(?<!/)\{" + names + r"(\w+)\} (?:net )?(" + "|".join(PLURAL_NOUNS) + r")\b")
    missing = {key: text for key, text in EN.items() if bare.search(text)}
    assert missing == {}
    assert not any(PLURAL.search(text) for text in JA.values())  # Japanese counts need no plural form
    set_language("ja")
    assert tr("result.hits", hits=1) == tr("result.hits", hits=1).replace("|", "")
