"""Issue 32: the core and the shell name nothing in Shadowrun's words; those words live in
``gmtool/games/shadowrun/``. Checked on every name the code defines or uses outside ``gmtool/games/``
(variables, attributes, functions, classes, arguments), split into its words at underscores and case:
a Shadowrun term there (Edge, initiative, condition monitor, grunt, wound, drain, glitch …) fails.
Comments and translated messages may still give a Shadowrun example; code may not depend on one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.source_trees import parsed, scans_every_module

ROOT = Path(__file__).resolve().parents[1] / "gmtool"
SHADOWRUN_WORDS = frozenset({
    "shadowrun", "sr4", "sr5", "edge", "initiative", "monitor", "monitors", "grunt", "grunts", "wound",
    "wounds", "drain", "glitch", "soak", "essence", "metatype", "matrix", "spell", "spells", "chummer",
})
# (file under gmtool/, name) -> why the word is not Shadowrun's there.
ALLOWED = {
    ("core/hex/line.py", "edge"): "a hexagon's edge (the geometry of a line of sight)",
}


def words(name: str) -> set[str]:
    """``PASS_LADDER`` → {"pass", "ladder"}; ``monitorLines`` → {"monitor", "lines"}."""
    return {w.lower() for part in name.split("_") for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", part)}


def names(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
    return found


@scans_every_module
def test_no_shadowrun_word_names_anything_outside_the_game() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("games/"):
            continue
        for identifier in sorted(names(path.read_text(encoding="utf-8"))):
            if words(identifier) & SHADOWRUN_WORDS and (name, identifier) not in ALLOWED:
                found.append(f"{name}: {identifier}")
    assert found == []


def test_the_words_are_found_in_every_spelling() -> None:
    assert words("PASS_LADDER") == {"pass", "ladder"} and "monitor" in words("monitorLines")
    assert "edge" in words("Breakdown_edge") and "wound" not in words("_rewound")
