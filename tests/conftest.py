"""Shared test setup: Qt offscreen, private data folders, English by default.

GUI fixtures live in ``tests/gui/conftest.py``; this file stays small. ``tests/cpu_limit.py`` fails a
test over 10 s that does not say why in its docstring; ``tests/parallel.py`` shares the tests between
``make test``'s workers; ``tests/mutant_caches.py`` empties gmtool's caches before each test under mutmut
(``make mutate``); ``pytester`` lets these plug-ins' own tests run pytest.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ["tests.cpu_limit", "tests.parallel", "tests.mutant_caches", "pytester"]


@pytest.fixture(autouse=True)
def _isolated_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Keep every test away from the user's real campaign and settings; start in English."""
    from gmtool.core.i18n import set_language

    monkeypatch.setenv("GMTOOL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GMTOOL_CONFIG_DIR", str(tmp_path / "config"))
    set_language("en")
    yield
    set_language("en")
