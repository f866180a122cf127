"""Issue 14: the registry is the only list of games. No module outside ``gmtool/games/<game>/`` names a
game key or a game's package, in code, docstrings or comments, nor imports a game (even inside a
function or under ``TYPE_CHECKING``). The shell learns the games from the registry alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gmtool.core.registry import registry
from tests.source_trees import parsed, scans_every_module

GMTOOL = Path(__file__).resolve().parents[1] / "gmtool"
GAMES = GMTOOL / "games"


def _game_words() -> re.Pattern[str]:
    """Every registered game's key and every game package's name, as whole words, any case."""
    words = set(registry().keys()) | {path.name for path in GAMES.iterdir() if (path / "__init__.py").exists()}
    return re.compile(r"(?<![a-z0-9_])(" + "|".join(sorted(map(re.escape, words))) + r")(?![a-z0-9_])", re.IGNORECASE)


def _shell_modules() -> list[Path]:
    return sorted(path for path in GMTOOL.rglob("*.py") if GAMES not in path.parents)


def _naming(text: str, words: re.Pattern[str]) -> list[tuple[int, str]]:
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if words.search(line)]


def _game_imports(text: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(parsed(text)):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else (
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
        found += [(node.lineno, name) for name in names if name == "gmtool.games" or name.startswith("gmtool.games.")]
    return found


def test_the_check_sees_a_game_named_or_imported() -> None:
    """The checks below can fail: a game key in a comment and a lazy import of a game are caught."""
    words = _game_words()
    assert _naming("x = 1  # the SR5 rule\n", words) == [(1, "x = 1  # the SR5 rule")]
    assert _naming("value = 'Sr4'\n", words)
    assert not _naming("sr45 = survey_sr4x\n", words)  # parts of other words are not names
    assert _game_imports("def f():\n    from gmtool.games.shadowrun.sr5 import manifest\n") == [
        (2, "gmtool.games.shadowrun.sr5")]


@scans_every_module
def test_no_shell_or_core_module_names_or_imports_a_game() -> None:
    words = _game_words()
    modules = _shell_modules()
    assert len(modules) > 60 and GMTOOL / "ui" / "main_window.py" in modules
    found = {}
    for path in modules:
        text = path.read_text(encoding="utf-8")
        problems = _naming(text, words) + _game_imports(text)
        if problems:
            found[str(path.relative_to(GMTOOL.parent))] = problems
    assert found == {}
