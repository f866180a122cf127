"""Issue 32: everything the shell and the core learn about a game comes through the game contract's
declared, typed members (``gmtool.core.game.GameRules``, the capabilities of ``gmtool.core.capabilities``),
never by guessing at a game's objects.

The rule, checked on the source: outside ``gmtool/games/``, every call of ``getattr`` or ``hasattr``
must be listed in :data:`ALLOWED` by its file and the source of its first argument, with the reason it
is not a guess at a game's object (the shell's own window or widgets, the standard library, PySide6,
or the one declared mechanism that reads a manifest's dotted names). Any other call fails: the rules,
state, events, commands and sheets of a game are known only through the contract, so a getattr on any
of them (or on anything else not listed) is refused. ``vars()`` and ``__dict__`` are refused the same way,
and so is reading any attribute of a game's state (an expression ending in ``state``, such as
``bridge.state.combatants``): the shell asks the game (``roster(state)``, ``order(state)`` …) instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.source_trees import parsed, scans_every_module

ROOT = Path(__file__).resolve().parents[1] / "gmtool"
GUESSES = frozenset({"getattr", "hasattr", "vars"})

# (file under gmtool/, the first argument's source) -> why it is no guess at a game's object.
ALLOWED: dict[tuple[str, str], str] = {
    ("core/entry_points.py", "target"): "load_object resolves a manifest's declared dotted name, attribute by attribute",
    ("core/user_files.py", "os"): "the standard library: O_NONBLOCK and O_BINARY exist on some systems only",
    ("storage/lock.py", "os"): "the standard library: pwrite and pread exist on some systems only",
    ("storage/failures.py", "exc"): "the standard library's OSError / sqlite3.Error: errno and sqlite_errorcode",
    ("ui/qt_imports.py", "feature"): "PySide6's own support module: a question only some versions ask",
    ("ui/library_actions.py", "self.window"): "the shell's own main window (a bare QWidget in some tests)",
    ("viewmodels/library_model.py", "old"): "the library's own TemplateSummary, compared column by column",
    ("viewmodels/library_model.py", "new"): "the library's own TemplateSummary, compared column by column",
    ("storage/library_store.py", "summary"): "the library store's own TemplateSummary, copied into a record",
}


def guesses(source: str, name: str) -> list[tuple[str, str, int]]:
    """(file, first argument's source, line) of each getattr/hasattr/vars call and ``__dict__`` read in ``source``."""
    found = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GUESSES:
            first = ast.unparse(node.args[0]) if node.args else ""
            found.append((name, first, node.lineno))
        elif isinstance(node, ast.Attribute) and node.attr == "__dict__":
            found.append((name, ast.unparse(node), node.lineno))
        elif isinstance(node, ast.Attribute) and ast.unparse(node.value).endswith("state"):
            found.append((name, ast.unparse(node), node.lineno))  # a game's state: only the contract reads it
    return found


def shell_and_core_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if "games" not in p.relative_to(ROOT).parts[:1])


@scans_every_module
def test_the_shell_and_the_core_never_guess_at_a_game() -> None:
    found = []
    for path in shell_and_core_files():
        name = path.relative_to(ROOT).as_posix()
        found += guesses(path.read_text(encoding="utf-8"), name)
    unexplained = [f"{name}:{line}: a guess at {first!r}" for name, first, line in found
                   if (name, first) not in ALLOWED]
    assert not unexplained, "a guess at a game's object outside gmtool/games/ (use the contract):\n" + "\n".join(unexplained)
    stale = set(ALLOWED) - {(name, first) for name, first, _line in found}
    assert not stale, f"allowed uses no longer in the source (remove them from ALLOWED): {sorted(stale)}"


def test_the_check_finds_a_guess_at_a_game() -> None:
    """The scan is not vacuous: the guesses this issue removed are each found."""
    old = '''
hook = getattr(self.bridge.ruleset, "player_line", None)
if hasattr(ruleset, "board"): pass
cid = getattr(event, field, None)
names = vars(event)
fields = event.__dict__
ids = self.state.combatants
'''
    assert [(first, line) for _name, first, line in guesses(old, "x.py")] == [
        ("self.bridge.ruleset", 2), ("ruleset", 3), ("event", 4), ("event", 5), ("event.__dict__", 6),
        ("self.state.combatants", 7)]
    assert ("x.py", "self.bridge.ruleset") not in ALLOWED


def test_the_scan_covers_the_shell_and_the_core_only() -> None:
    names = {p.relative_to(ROOT).parts[0] for p in shell_and_core_files()}
    assert {"core", "ui", "viewmodels", "storage", "printing"} <= names and "games" not in names
