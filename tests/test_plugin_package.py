"""docs/plugins.md's packaging recipe works (issue 32): the coin duel (tests/games/coin), copied as the
package ``coin_duel`` with the very pyproject.toml the page shows, builds a wheel holding its message
fragments as package data and its ``gmtool.games`` entry point; installed with pip, gmtool's registry
finds it, and its rules and Japanese messages load from the installed copy.

Builds with ``python -m build --wheel --no-isolation`` and installs with ``pip install --target``, so
the build backend must already be installed (the ``test`` extra brings it). Slow: a few seconds.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.test_packaging import missing_build_requirements

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
COIN = REPO / "tests" / "games" / "coin"
PAGE = REPO / "docs" / "plugins.md"
CHECK = """
from gmtool.core.i18n import set_language, tr
from gmtool.core.registry import GameRegistry

games = GameRegistry()
assert games.problems() == (), games.problems()
rules = games.new_rules("coin")
set_language("ja")
print(games.manifest("coin").name("en"), type(rules).__module__, tr("coin.column.coins"), sep="|")
"""


def documented_pyproject() -> str:
    """The pyproject.toml of the page's section on packaging a game."""
    section = PAGE.read_text(encoding="utf-8").split("## Packaging a game of your own", 1)[1]
    found = re.search(r"```toml\n(.*?)```", section, re.DOTALL)
    assert found, "docs/plugins.md shows no pyproject.toml under 'Packaging a game of your own'"
    return found.group(1)


def coin_duel_project(root: Path) -> Path:
    """The coin duel as a project of its own: its package ``coin_duel`` and the page's pyproject.toml."""
    package = root / "coin_duel"
    shutil.copytree(COIN, package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for module in package.glob("*.py"):
        module.write_text(module.read_text(encoding="utf-8").replace("tests.games.coin", "coin_duel"), encoding="utf-8")
    (root / "pyproject.toml").write_text(documented_pyproject(), encoding="utf-8")
    return root


def test_the_coin_duel_packaged_as_the_docs_say_installs_with_pip_and_is_found(tmp_path: Path) -> None:
    missing = missing_build_requirements()
    if missing:
        pytest.skip("cannot build without isolation, missing: " + ", ".join(missing) + " (pip install -e '.[test]')")
    project = coin_duel_project(tmp_path / "project")
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                            str(tmp_path / "dist"), str(project)], capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("gmtool_coin_duel-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert {"coin_duel/manifest.py", "coin_duel/messages/en.json", "coin_duel/messages/ja.json"} <= names
    assert "[gmtool.games]\ncoin = coin_duel.manifest:MANIFEST" in entry_points

    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                                "--target", str(site), str(wheel)], capture_output=True, text=True, timeout=300, check=False)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    env = {**os.environ, "PYTHONPATH": str(site)}
    found = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=120, check=False)  # run outside the repository: only the installed copy is importable
    assert found.returncode == 0, found.stderr[-3000:]
    assert found.stdout.strip() == "Coin duel|coin_duel.rules|コイン"
