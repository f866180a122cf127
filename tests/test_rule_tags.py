"""Every rule of the catalogue is proven outside the GUI tests, and a GUI test's rule tag stands beside one.

The catalogue is ``shared/spec/rules.md`` (the project's ``shared/`` folder sits beside the checkout, or
higher up for a worktree). The tags are read from the test files' source (decorators, ``pytestmark``
and ``pytest.param(marks=...)``), so a tag counts wherever pytest would apply it. A rule test is one
outside ``tests/gui/``; the rule catalogue's note says what such a test must assert (a value worked out
by hand from the digest, the line cited).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
ID_ROW = re.compile(r"^\| ((?:SR4|SR5|BR|AB|X)-[A-Z]*\d+) \|", re.MULTILINE)


def _catalogue() -> Path | None:
    for folder in TESTS.resolve().parents:
        path = folder / "shared" / "spec" / "rules.md"
        if path.is_file():
            return path
    return None


def _rule_marks(node: ast.AST) -> list[str]:
    """The rule IDs of every ``*.rule("ID", ...)`` call inside ``node``."""
    found = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "rule":
            found += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def _tags_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tags = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:
                tags += _rule_marks(decorator)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                  for t in node.targets):
            tags += _rule_marks(node.value)
    return tags


def tags_by_place() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(rule ID → the rule test files tagging it, rule ID → the GUI test files tagging it)."""
    rules: dict[str, set[str]] = defaultdict(set)
    gui: dict[str, set[str]] = defaultdict(set)
    for path in sorted(TESTS.rglob("test_*.py")):
        where = gui if "gui" in path.relative_to(TESTS).parts else rules
        for tag in _tags_in(path):
            where[tag].add(path.relative_to(TESTS).as_posix())
    return rules, gui


@pytest.fixture(scope="module")
def catalogue_ids() -> list[str]:
    path = _catalogue()
    if path is None:
        pytest.skip("shared/spec/rules.md is not beside this checkout")
    ids = ID_ROW.findall(path.read_text(encoding="utf-8"))
    assert len(ids) > 100 and len(set(ids)) == len(ids)  # the catalogue was read whole, each ID once
    return ids


Places = tuple[dict[str, set[str]], dict[str, set[str]]]


@pytest.fixture(scope="module")
def places() -> Places:
    """One scan of every test file, shared by the three tests below (and so run on one worker)."""
    return tags_by_place()


def test_every_rule_of_the_catalogue_has_a_rule_test_outside_the_gui_tests(
        catalogue_ids: list[str], places: Places) -> None:
    rules, _gui = places
    assert [i for i in catalogue_ids if not rules.get(i)] == []


def test_every_tag_names_a_rule_of_the_catalogue(catalogue_ids: list[str], places: Places) -> None:
    rules, gui = places
    assert sorted((set(rules) | set(gui)) - set(catalogue_ids)) == []


def test_a_gui_test_carries_a_tag_only_beside_a_rule_test_with_the_same_id(places: Places) -> None:
    rules, gui = places
    assert {i: sorted(files) for i, files in gui.items() if not rules.get(i)} == {}


def test_the_scan_sees_decorators_pytestmark_and_params(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "import pytest\n"
        "pytestmark = [pytest.mark.rule('BR-1')]\n"
        "@pytest.mark.rule('AB-13')\n"
        "class TestA:\n"
        "    @pytest.mark.rule('SR4-D1', 'SR4-D2')\n"
        "    def test_b(self): ...\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.rule('X-1'))])\n"
        "def test_c(x): ...\n"
        "def test_d(): pytest.mark.rule('SR5-I1')\n",  # a call in a body is not a tag
        encoding="utf-8")
    assert sorted(_tags_in(sample)) == ["AB-13", "BR-1", "SR4-D1", "SR4-D2", "X-1"]
