"""The stage every screenshot tool shares: a GM's first start on a laptop, in the shot's language.

Each shot gets what a new GM has: a fresh settings folder and a fresh campaign (so the made-up demos are
created in the shot's language, as gmtool makes them for a Japanese GM), the game's own default layout
(no saved layout exists), the chosen theme, and the main window at the size README states, on one
offscreen screen that size plus a 40-px task bar (``WINDOW``: 1366 × 728 on a 1366 × 768 laptop). The
tools then play the fight with the window's own actions or the commands its panels send.

Run the tools with ``QT_QPA_PLATFORM=offscreen`` (or let :func:`use_offscreen_screen` set it): the
pictures are the same on any machine with the fonts installed (Japanese: fonts-noto-cjk).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow

WINDOW = (1366, 728)  # README's pictures: a 1366 × 768 laptop screen less a 40-px task bar
TASK_BAR = 40
LANGUAGES = ("en", "ja")


def parse_sizes(args: list[str]) -> list[tuple[int, int]]:
    """``["1920x1040", …]`` as (width, height) pairs."""
    sizes = []
    for arg in args:
        width, height = arg.lower().split("x")
        sizes.append((int(width), int(height)))
    return sizes


def use_offscreen_screen(size: tuple[int, int], folder: Path) -> None:
    """Before the QApplication exists: Qt's offscreen platform with one screen of ``size`` plus the task bar
    (the window's first size and the player view's screen are then a laptop's, not the default 800 × 600)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    if platform != "offscreen":
        return  # a platform chosen by the caller (a configured offscreen screen, a real display): kept
    config = folder / "screen.json"
    screen = {"name": "laptop", "x": 0, "y": 0, "width": size[0], "height": size[1] + TASK_BAR,
              "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"synchronousWindowSystemEvents": False, "windowFrameMargins": False,
                                  "screens": [screen]}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


def application(size: tuple[int, int] = WINDOW) -> QApplication:
    """The one QApplication of the tool's process (on a laptop screen of ``size``, made the first time)."""
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    use_offscreen_screen(size, Path(tempfile.mkdtemp(prefix="gmtool-screen-")))
    app = QApplication(["gmtool"])
    app.setApplicationName("gmtool")
    return app


@contextmanager
def first_start(language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Iterator[Workspace]:
    """A new GM's first start: fresh settings and data folders, the language and theme set as Preferences
    set them, and the default campaign created in that language (its demos named in it). Closed after."""
    from gmtool.app import GmtoolApp
    from gmtool.storage.settings import Settings
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.theme import apply_theme

    qapp = application(size)
    with tempfile.TemporaryDirectory(prefix="gmtool-shot-") as folder:
        os.environ["GMTOOL_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["GMTOOL_CONFIG_DIR"] = str(Path(folder) / "config")
        starter = GmtoolApp(qapp, Settings(language=language, theme=theme), False)
        starter.apply_language(language)
        apply_theme(qapp, theme)
        workspace = Workspace.open_default()
        try:
            yield workspace
        finally:
            workspace.close()


def open_window(workspace: Workspace, ruleset: str | None = None, size: tuple[int, int] = WINDOW) -> MainWindow:
    """The main window on the campaign's first encounter of ``ruleset`` (None: the one it opens on), at
    ``size``, shown: the game's default layout (no layout saved in a fresh settings folder)."""
    from gmtool.ui.main_window import MainWindow

    if ruleset is not None:
        found = next(e.id for e in workspace.encounters() if e.ruleset == ruleset)
        workspace = workspace.with_encounter(found)
    window = MainWindow(workspace)
    window.resize(*size)
    window.show()
    window.activateWindow()
    settle()
    return window


def settle(rounds: int = 5) -> None:
    """Let queued layouts and paints run (wrapped labels' heights settle over a few rounds)."""
    from PySide6.QtWidgets import QApplication

    for _ in range(rounds):
        QApplication.processEvents()


def save(widget: QWidget, path: Path) -> Path:
    """The widget as it is drawn now, saved as a PNG; its path."""
    settle()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    print(path, flush=True)
    return path


def tag(language: str, theme: str, size: tuple[int, int]) -> str:
    """The name part of a variant shot: ``en-dark-1920x1040``."""
    return f"{language}-{theme}-{size[0]}x{size[1]}"


Shoot = Callable[[Path, str, str, tuple[int, int]], Path]


def shoot_all(name: str, shoot: Shoot, argv: list[str]) -> None:
    """A tool's command line (``OUT_DIR [WxH …]``): ``<name>-<lang>.png`` in each language at the laptop
    size, or with sizes the light and dark variants ``<name>-<lang>-<theme>-<W>x<H>.png`` at each."""
    target = Path(argv[0] if argv else "docs")
    sizes = parse_sizes(argv[1:])
    application(max(sizes, default=WINDOW))
    for lang in LANGUAGES:
        if not sizes:
            shoot(target / f"{name}-{lang}.png", lang, "light", WINDOW)
        for theme in ("light", "dark") if sizes else ():
            for size in sizes:
                shoot(target / f"{name}-{tag(lang, theme, size)}.png", lang, theme, size)
