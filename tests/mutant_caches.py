"""Under mutmut (``make mutate``) only: every test starts with gmtool's function caches empty.

mutmut forks each mutant's test run from a process that has already run the tests, and collects which tests call
which function in one run of them all. A function whose result a cache keeps (a catalogue read once, a formula
parsed once) ran once there: its mutants would never run in a mutant's tests, so no test could kill them, and the
stats would tie it to the first test that filled the cache only. mutmut names what it runs in
``MUTANT_UNDER_TEST`` ("stats", a mutant's name …); while it is set and not empty, each test first clears the
caches (``cache_clear``) of every loaded ``gmtool`` module. Outside mutmut it does nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest


def _gmtool_caches() -> Iterator[object]:
    for name, module in list(sys.modules.items()):
        if module is not None and (name == "gmtool" or name.startswith("gmtool.")):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    yield clear


@pytest.fixture(autouse=True)
def _fresh_caches_under_mutmut() -> None:
    if os.environ.get("MUTANT_UNDER_TEST"):
        for clear in _gmtool_caches():
            clear()  # type: ignore[operator]
