"""README's pictures cannot drift silently (issue 30): every picture README (or a page under docs/) shows
exists, is a PNG of the laptop window's size README states (1366 × 728), and is one the screenshot tools
make (``make screenshots``, tools/screenshot_all.py), each in English and in Japanese; and the tools run.
"""

from __future__ import annotations

import importlib.util
import os
import re
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAPTOP_WINDOW = (1366, 728)  # README: "a 1366 × 768 laptop screen less its 40-px task bar"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")


def _tools_list() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshot_all", ROOT / "tools" / "screenshot_all.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shown_pictures() -> dict[Path, str]:
    """Each picture README.md, ARCHITECTURE.md and the pages under docs/ show (resolved), with the page."""
    pages = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = {}
    for page in pages:
        for target in IMAGE.findall(page.read_text(encoding="utf-8")):
            found[(page.parent / target).resolve()] = page.name
    return found


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height from its header (IHDR)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path.name} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_readme_shows_pictures_of_every_game_in_both_languages() -> None:
    names = {path.name for path in shown_pictures()}
    for game in ("main", "main-sr4", "attack", "rally", "duel"):
        assert {f"{game}-en.png", f"{game}-ja.png"} <= names, game


@pytest.mark.parametrize("picture", sorted(shown_pictures()), ids=lambda p: p.name)
def test_each_picture_shown_exists_at_the_laptop_size(picture: Path) -> None:
    assert picture.is_file(), f"{shown_pictures()[picture]} shows {picture.name}, which is not there"
    assert png_size(picture) == LAPTOP_WINDOW, f"{picture.name}: {png_size(picture)}, README says 1366 × 728"


def test_the_tools_make_every_picture_shown_and_no_other() -> None:
    made = set(_tools_list().PICTURES)
    shown = {path.name for path in shown_pictures() if path.parent == ROOT / "docs"}
    assert shown == made, (sorted(shown - made), sorted(made - shown))


@pytest.mark.slow  # every picture retaken (about 30 s alone, a minute or more on a busy machine)
def test_make_screenshots_retakes_every_picture(tmp_path: Path) -> None:
    """``make screenshots`` retakes every picture the docs show, each at the laptop size.

    Slow: fourteen windows built, played and grabbed in child processes (about 13 s of CPU).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("GMTOOL_")}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot_all.py"), str(tmp_path)],
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    for name in _tools_list().PICTURES:
        assert png_size(tmp_path / name) == LAPTOP_WINDOW, name
