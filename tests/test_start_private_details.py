"""The details of PySide6 and pydantic that gmtool's start relies on, pinned (issue 19).

An upgrade that renames or stops calling what :mod:`gmtool.ui.qt_imports` replaces, that makes
``defer_build`` build at class creation (or skip validation), or that stops asking
``pydantic.plugin._loader`` for plugins (:mod:`gmtool.startup.pydantic_plugins`), fails here instead of
silently slowing the start or letting unvalidated data through; so does a Python whose ``hmac``
or ``hashlib`` stops working without OpenSSL (:mod:`gmtool.startup.lean_pydantic`).
"""

from __future__ import annotations

import gc
import importlib
import linecache
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from gmtool.startup.collector import pause_collector, resume_collector
from gmtool.ui.qt_imports import skip_source_reads

feature = pytest.importorskip("PySide6.support.feature")
ROOT = Path(__file__).resolve().parents[1]


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


def _run_child(code: str, tmp_path: Path, extra_path: Path | None = None) -> str:
    """Run ``code`` in a fresh interpreter (what a start imports cannot be undone in this one)."""
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(extra_path), env.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=60, check=False, env=env, cwd=str(ROOT))
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_pydantic_asks_our_loader_for_its_plugins_and_never_imports_importlib_metadata(tmp_path: Path) -> None:
    out = _run_child("""
        import sys
        from gmtool.startup.lean_pydantic import import_pydantic
        import_pydantic()
        import gmtool.startup.pydantic_plugins as ours
        asked = []
        real = ours.get_plugins
        ours.get_plugins = lambda: asked.append(1) or real()
        from pydantic import BaseModel
        class Hits(BaseModel):
            hits: int
        assert Hits(hits=3).hits == 3
        print(sys.modules["pydantic.plugin._loader"] is ours, len(asked) >= 1, "importlib.metadata" in sys.modules)
    """, tmp_path)
    assert out.split() == ["True", "True", "False"]


PLUGIN = '''
"""A made-up pydantic plugin that notes each validator pydantic builds."""
built = []

class Noter:
    def new_schema_validator(self, schema, schema_type, schema_type_path, schema_kind, config, plugin_settings):
        built.append(schema_type.__name__)
        return None, None, None

plugin = Noter()
'''


def test_an_installed_pydantic_plugin_still_runs_through_our_loader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "noter_plugin.py").write_text(PLUGIN, encoding="utf-8")
    meta = tmp_path / "noter_plugin-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: noter-plugin\nVersion: 1.0\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text("[pydantic]\nnoter = noter_plugin:plugin\n", encoding="utf-8")
    code = """
        import os, sys
        from gmtool.startup.lean_pydantic import import_pydantic
        import_pydantic()
        from pydantic import BaseModel
        class Hits(BaseModel):
            hits: int
        import noter_plugin
        print(" ".join(noter_plugin.built) or "-")
    """
    assert _run_child(code, tmp_path, extra_path=tmp_path).split() == ["Hits"]
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "noter")  # pydantic's own switch, by the plugin's name
    assert _run_child(code, tmp_path, extra_path=tmp_path).split() == ["-"]


def test_pydantic_is_imported_without_openssl_and_hashes_stay_right(tmp_path: Path) -> None:
    out = _run_child("""
        import sys
        from gmtool.startup.lean_pydantic import import_pydantic
        import_pydantic()
        import hashlib, hmac, secrets
        print("_hashlib" in sys.modules, "pydantic.types" in sys.modules)
        print(hashlib.sha256(b"abc").hexdigest())
        print(hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", "sha256").hexdigest())
        print(len(secrets.token_hex(8)))
        import _hashlib  # the mark is gone: OpenSSL still loads when asked for
        print(_hashlib.__name__)
    """, tmp_path)
    assert out.split() == [
        "False", "True",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",  # FIPS 180-2, SHA-256 of "abc"
        "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",  # RFC 2104 HMAC-SHA256 example
        "16",
        "_hashlib",
    ]


def test_a_python_without_its_own_sha2_keeps_openssl(tmp_path: Path) -> None:
    out = _run_child("""
        import sys
        import gmtool.startup.lean_pydantic as lean
        lean._builtin_sha2 = lambda: False  # as on a build without _sha2 / _sha256
        lean.import_pydantic()
        import hashlib
        print("_hashlib" in sys.modules, hashlib.sha256(b"abc").hexdigest()[:8])
    """, tmp_path)
    assert out.split() == ["True", "ba7816bf"]
