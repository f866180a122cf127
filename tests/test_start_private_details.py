"""The details of PySide6 and pydantic that gmtool's start relies on, pinned (issue 19).

An upgrade that renames or stops calling what :mod:`gmtool.ui.qt_imports` replaces, or that makes
``defer_build`` build at class creation (or skip validation), fails here instead of silently
slowing the start or letting unvalidated data through.
"""

from __future__ import annotations

import gc
import importlib
import linecache
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from gmtool.collector import pause_collector, resume_collector
from gmtool.ui.qt_imports import skip_source_reads

feature = pytest.importorskip("PySide6.support.feature")


@pytest.fixture
def fresh_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A module never imported before, whose source names PySide6 (so PySide6 would read it)."""
    name = f"gmtool_pin_{tmp_path.name.replace('-', '_')}"
    path = tmp_path / f"{name}.py"
    path.write_text('"""Uses nothing."""\nWORD = "PySide6"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # restored afterwards
    yield name, path
    sys.modules.pop(name, None)
    feature.pyside_feature_dict.pop(name, None)
    linecache.checkcache(str(path))


def _import_statement(name: str) -> ModuleType:
    """Import as an ``import`` statement does: through ``builtins.__import__``, PySide6's hook."""
    importlib.invalidate_caches()
    return __import__(name)


def test_pyside6_asks_its_per_module_question_through_the_function_we_replace(fresh_module) -> None:
    name, _path = fresh_module
    asked: list[str] = []

    def recorder(module: ModuleType) -> bool:
        asked.append(module.__name__)
        return True

    feature._mod_uses_pyside = recorder
    _import_statement(name)
    assert asked == [name]  # asked once, for the new module
    assert feature.pyside_feature_dict[name] == 0  # "uses PySide, no feature selected"


def test_without_the_shortcut_pyside6_reads_the_source_of_each_new_module(fresh_module) -> None:
    """Why the shortcut exists: the source is read and stays in ``linecache`` (time and memory)."""
    name, path = fresh_module
    module = _import_statement(name)
    linecache.checkcache(str(path))
    assert feature._mod_uses_pyside(module) is True  # the word PySide6 is in its source
    assert str(path) in linecache.cache


def test_with_the_shortcut_no_source_is_read(fresh_module) -> None:
    name, path = fresh_module
    assert skip_source_reads() is True
    _import_statement(name)
    assert feature.pyside_feature_dict[name] == 0
    assert str(path) not in linecache.cache


def test_a_deferred_model_builds_on_first_use_and_still_validates() -> None:
    """gmtool's messages use ``defer_build``: nothing is built when the class is made, and the
    first validation builds it and validates (no data is used unvalidated)."""

    class Deferred(BaseModel):
        model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
        hits: int

    assert Deferred.__pydantic_complete__ is False
    assert Deferred.model_validate({"hits": 3}).hits == 3
    assert Deferred.__pydantic_complete__ is True
    with pytest.raises(ValidationError):
        Deferred.model_validate({"hits": "three"})
    with pytest.raises(ValidationError):
        Deferred.model_validate({"hits": 3, "misses": 1})


def test_the_collector_paused_at_start_runs_again_with_the_start_frozen() -> None:
    was_enabled, frozen_before = gc.isenabled(), gc.get_freeze_count()
    try:
        gc.enable()
        pause_collector()
        assert not gc.isenabled()
        kept = [object() for _ in range(100)]
        resume_collector()
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen_before + len(kept)
        resume_collector()  # a second call changes nothing
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        if not was_enabled:
            gc.disable()


def test_a_program_that_never_paused_keeps_its_collector_settings() -> None:
    was_enabled = gc.isenabled()
    try:
        gc.disable()
        resume_collector()  # never paused by pause_collector: not ours to turn on
        assert not gc.isenabled()
    finally:
        if was_enabled:
            gc.enable()
