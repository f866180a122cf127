"""The types the checker holds us to (issue 32, "Types checked"): what mypy alone does not enforce.

- No ``Any`` in the signature of a protocol of the core or the shell (a member's annotation, nested ones
  too: ``dict[str, Any]``): the game contract says what each member takes and gives.
- Every ``# type: ignore`` in the files mypy checks (``[tool.mypy] files``: it grows as the games join)
  names its error code and says why, on the same line: ``# type: ignore[code]  # why``.
- No ``noqa: ANN`` in the strictly checked files: mypy's strict mode requires the annotations there, a
  comment excusing a missing one only hides that it is now present.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
import tomllib
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)$")
NAMED = re.compile(r"^\[[a-z0-9-]+(, *[a-z0-9-]+)*\]  # \S")


def _mypy_config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config: dict[str, Any] = tomllib.load(file)["tool"]["mypy"]
    return config


def checked_files() -> list[Path]:
    """Every Python file mypy checks (``files`` of ``[tool.mypy]``)."""
    found: list[Path] = []
    for entry in _mypy_config()["files"]:
        path = ROOT / entry
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def strict_files() -> list[Path]:
    """The checked files of the modules ``strict = true`` covers (``gmtool.core.*``, ``gmtool.app`` …)."""
    patterns = [m for o in _mypy_config().get("overrides", []) if o.get("strict") for m in o["module"]]

    def strict(path: Path) -> bool:
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        return any(name == p.removesuffix(".*") or (p.endswith(".*") and name.startswith(p[:-1])) for p in patterns)

    return [path for path in checked_files() if strict(path)]


# -- protocols ---------------------------------------------------------------------------------------
def _shell_modules() -> Iterator[str]:
    """The modules of gmtool outside the games that define a protocol (found in their source first)."""
    for path in sorted((ROOT / "gmtool").rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[1] == "games" or "Protocol" not in path.read_text(encoding="utf-8"):
            continue
        parts = relative.with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _namespace(module: ModuleType) -> dict[str, Any]:
    """The module's names, with those it imports only for the checker (``if TYPE_CHECKING:``)."""
    names = dict(vars(module))
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            exec(compile(ast.Module(body=node.body, type_ignores=[]), "<type-checking imports>", "exec"), names)
    return names


def protocols(module: ModuleType) -> list[type]:
    """The protocol classes ``module`` defines."""
    return [value for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module.__name__ and getattr(value, "_is_protocol", False)]


def _holds_any(annotation: object) -> bool:
    if annotation is Any:
        return True
    if isinstance(annotation, list | tuple):  # a Callable's parameters
        return any(_holds_any(a) for a in annotation)
    return any(_holds_any(a) for a in typing.get_args(annotation))


def any_in_members(protocol: type, names: dict[str, Any]) -> list[str]:
    """Each annotation of ``protocol``'s own members that holds ``Any`` (at any depth), as "Class.member"."""
    found = [f"{protocol.__name__}.{name}" for name, hint in
             typing.get_type_hints(protocol, globalns=names, localns=dict(vars(protocol))).items()
             if name in vars(protocol).get("__annotations__", {}) and _holds_any(hint)]
    for name, member in vars(protocol).items():
        function = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
        if callable(function) and not name.startswith("__") and hasattr(function, "__annotations__"):
            hints = typing.get_type_hints(function, globalns=names)
            found += [f"{protocol.__name__}.{name}({arg})" for arg, hint in hints.items() if _holds_any(hint)]
    return found


def test_no_protocol_of_the_core_or_the_shell_takes_or_gives_any() -> None:
    modules = [importlib.import_module(name) for name in _shell_modules()]
    classes = [(protocol, module) for module in modules for protocol in protocols(module)]
    assert {"GameRules", "GameView", "WindowParts", "LibraryGui", "MapRules", "PlayerLine"} <= {c.__name__ for c, _ in classes}
    found = [hit for protocol, module in classes for hit in any_in_members(protocol, _namespace(module))]
    assert found == []


class _Loose(Protocol):
    size: int
    extra: dict[str, Any]

    def read(self, data: bytes) -> list[tuple[str, Any]]: ...

    def plain(self, data: bytes) -> int: ...

    def call(self, then: typing.Callable[[Any], None]) -> None: ...


def test_the_protocol_check_sees_any_nested_in_attributes_results_and_callables() -> None:
    assert any_in_members(_Loose, dict(globals())) == ["_Loose.extra", "_Loose.read(return)", "_Loose.call(then)"]


# -- type: ignore and noqa: ANN ----------------------------------------------------------------------
def comments(text: str) -> Iterator[tuple[int, str]]:
    """(line, comment) of each comment of the Python source ``text``."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def unnamed_ignores(text: str) -> list[int]:
    """The lines of ``text`` with a ``# type: ignore`` lacking its code or a reason on the same line."""
    return [line for line, comment in comments(text)
            if (match := IGNORE.search(comment)) and not NAMED.match(match.group("rest"))]


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_every_type_ignore_in_the_checked_files_names_its_code_and_why() -> None:
    files = checked_files()
    assert ROOT / "gmtool/core/game.py" in files and ROOT / "tests/games/coin/rules.py" in files
    assert [f"{p.relative_to(ROOT)}:{line}" for p in files for line in unnamed_ignores(_source(p))] == []


@pytest.mark.parametrize(("line", "named"), [
    ("x = f()  # type: ignore", False),
    ("x = f()  # type: ignore[arg-type]", False),
    ("x = f()  # type: ignore[arg-type] - why", False),
    ("x = f()  # type: ignore[arg-type]  # Qt's stubs lack it", True),
    ("x = f()  # type: ignore[misc, attr-defined]  # why", True),
])
def test_the_ignore_check_wants_the_code_and_a_reason(line: str, named: bool) -> None:
    assert unnamed_ignores(f"y = 1\n{line}\n") == ([] if named else [2])


def test_no_noqa_ann_in_the_strictly_checked_files() -> None:
    files = strict_files()
    assert ROOT / "gmtool/ui/main_window.py" in files and ROOT / "gmtool/app.py" in files
    assert ROOT / "gmtool/games/badlands_rally/rules/race.py" not in files
    found = [f"{p.relative_to(ROOT)}:{line}" for p in files for line, c in comments(_source(p)) if "noqa: ANN" in c]
    assert found == []
