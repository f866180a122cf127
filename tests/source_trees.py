"""Python source parsed once per test process: the tests that scan every module share the trees.

Several tests read the whole of ``gmtool/`` with :mod:`ast` (import cycles, message keys, guesses at a
game's objects, game words, file reads); each parse of it costs about a second of CPU. ``parsed`` keeps
each text's tree, so a module parsed by one test is not parsed again by the next in the same worker.
The trees are shared: a test reads them and never changes them.
"""

from __future__ import annotations

import ast
import functools

import pytest


@functools.cache
def parsed(source: str) -> ast.Module:
    """The syntax tree of ``source`` (one tree per distinct text)."""
    return ast.parse(source)


# The tests that parse every module run on one xdist worker, so that only it holds (and builds) the trees.
scans_every_module = pytest.mark.xdist_group("source scans")
