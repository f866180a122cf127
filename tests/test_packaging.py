"""The wheel: built from a copy of the sources, it holds the code, the data and the entry point.

Builds with ``python -m build --wheel --no-isolation``, so the build backend
must already be installed (the ``test`` extra brings it). Slow: a few seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from configparser import ConfigParser
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
RESOURCES = (
    "gmtool/resources/i18n/en.json",
    "gmtool/resources/i18n/ja.json",
    "gmtool/resources/sr5/metatypes.json",
    "gmtool/resources/sr5/demo_encounter.json",
)


def missing_build_requirements() -> list[str]:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    missing = []
    for spec in [*pyproject["build-system"]["requires"], "build"]:
        requirement = Requirement(spec)
        try:
            installed = version(requirement.name)
        except PackageNotFoundError:
            missing.append(f"{spec} (not installed)")
            continue
        if not requirement.specifier.contains(installed, prereleases=True):
            missing.append(f"{spec} (installed: {installed})")
    return missing


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = missing_build_requirements()
    if missing:
        pytest.skip("cannot build without isolation, missing: " + ", ".join(missing) + " (pip install -e '.[test]')")
    # Build from a copy so the build/ and egg-info folders never land in the working tree.
    source = tmp_path_factory.mktemp("source")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("gmtool", "resources"):
        shutil.copytree(REPO / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    outdir = tmp_path_factory.mktemp("dist")
    completed = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(outdir), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    (built,) = outdir.glob("gmtool-*.whl")
    return built


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_holds_the_resources(wheel: Path) -> None:
    names = _names(wheel)
    for resource in RESOURCES:
        assert resource in names
    assert "gmtool/resources/__init__.py" in names
    with zipfile.ZipFile(wheel) as archive:
        for resource in RESOURCES:
            packed = json.loads(archive.read(resource).decode("utf-8"))
            original = json.loads((REPO / "resources" / resource.removeprefix("gmtool/resources/")).read_text("utf-8"))
            assert packed == original


def test_wheel_holds_every_resource_file(wheel: Path) -> None:
    """Every data file gmtool reads (catalogues of every game, tables, demos, icons, the desktop
    entry) is in the wheel, byte for byte."""
    shipped = {
        path for path in (REPO / "resources").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    assert {p.suffix for p in shipped} >= {".json", ".png", ".svg", ".desktop"}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        missing = []
        for path in sorted(shipped):
            name = "gmtool/resources/" + path.relative_to(REPO / "resources").as_posix()
            if name not in names:
                missing.append(name)
            elif archive.read(name) != path.read_bytes():
                missing.append(name + " (different)")
    assert missing == []


def test_every_resource_folder_is_listed_in_pyproject() -> None:
    """A data folder pyproject does not list is left out of the wheel (with a build warning)."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"])
    folders = {
        ".".join(("gmtool", "resources", *folder.relative_to(REPO / "resources").parts)).rstrip(".")
        for folder in [REPO / "resources", *(REPO / "resources").rglob("*")]
        if folder.is_dir() and "__pycache__" not in folder.parts
    }
    assert folders - listed == set()


def test_the_version_is_written_once() -> None:
    import gmtool

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "gmtool.__version__"}
    assert gmtool.__version__.count(".") == 2


def test_wheel_holds_every_module(wheel: Path) -> None:
    names = _names(wheel)
    modules = {p.relative_to(REPO).as_posix() for p in (REPO / "gmtool").rglob("*.py") if "__pycache__" not in p.parts}
    assert "gmtool/__main__.py" in modules  # python -m gmtool
    missing = sorted(modules - names)
    assert missing == [], f"modules left out of the wheel (add their package to pyproject.toml): {missing}"
    assert not any(name.startswith("tests/") for name in names)


def test_wheel_declares_the_gui_entry_point(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (entry_points_name,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points_name).decode("utf-8")
    parser = ConfigParser()
    parser.read_string(text)
    assert parser.has_section("gui_scripts")
    assert parser.get("gui_scripts", "gmtool").strip() == "gmtool.startup.launch:main"


def test_every_package_is_listed_in_pyproject() -> None:
    """A new package folder that pyproject does not list would be missing from the wheel."""
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "gmtool").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert found - listed == set()


INSTALLED_START = """
import json, sys
from gmtool.core.registry import registry
import gmtool
print(json.dumps({"file": gmtool.__file__, "games": list(registry().keys()), "problems": len(registry().problems())}))
from gmtool.startup.launch import main
raise SystemExit(main([]))
"""


def test_the_installed_wheel_starts_and_finds_its_games(wheel: Path, tmp_path: Path) -> None:
    """Install to play: the wheel installed on its own (its dependencies are this environment's) starts to
    its first paint, and gmtool's entry-point reader finds the four games in the installed metadata."""
    target = tmp_path / "installed"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                           "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    env = dict(os.environ, PYTHONPATH=str(target), QT_QPA_PLATFORM="offscreen", GMTOOL_EXIT_AFTER_PAINT="1",
               GMTOOL_DATA_DIR=str(tmp_path / "data"), GMTOOL_CONFIG_DIR=str(tmp_path / "config"))
    started = subprocess.run([sys.executable, "-c", INSTALLED_START], capture_output=True, text=True, timeout=120,
                             check=False, env=env, cwd=str(tmp_path))
    assert started.returncode == 0, started.stderr[-3000:]
    facts = json.loads(started.stdout.splitlines()[0])
    assert Path(facts["file"]).is_relative_to(target)  # the installed copy, not this checkout
    assert facts["games"] == ["sr5", "sr4", "badlands_rally", "aura_battler"] and facts["problems"] == 0
    assert "painted" in started.stdout.splitlines()
