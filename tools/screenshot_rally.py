"""Save screenshots of the main window on the Badlands Rally demo, mid-race.

Usage: QT_QPA_PLATFORM=offscreen python tools/screenshot_rally.py OUT_DIR [WxH ...]
Plays the first activation of a seeded race on a throw-away campaign (an attack with its last roll in
view), then saves ``rally-<lang>-<theme>-<W>x<H>.png`` for English and Japanese, light and dark, at each
size (default 1366x768 and 1920x1080). README's pictures are the light ones at 1366x768
(``docs/rally-en.png``, ``docs/rally-ja.png``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def play(window) -> None:  # noqa: ANN001 - a MainWindow on the rally's demo
    """A round under way: the demo's start taken back and the initiative rolled (the Scrapjack first), cruising
    speed, a turn on the map, then an attack on the Sandhopper with dice typed from the table (two hits: its
    hull emptied, rattled), declined as a reaction; the attack page shows its last roll."""
    from gmtool.games.badlands_rally.rules import race_messages as m

    window.action("undo").trigger()
    for name in ("br_roll_initiative", "br_cruising", "map_left", "br_attack"):
        action = window.action(name)
        if action.isEnabled():
            action.trigger()
    panel = window.parts.attack_panel
    draft = panel.draft()
    if isinstance(draft, m.AttackGear):
        seen = window.bridge.ruleset.attack_preview(window.bridge.state, draft)
        panel.faces["attack"].setText(" ".join("5" * seen.attack_dice))
        panel.faces["defence"].setText(" ".join("2" * seen.defence_dice))
        damage = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft()).damage_dice or 0
        panel.faces["damage"].setText(" ".join(["5", "4"] + ["1"] * max(damage - 2, 0)))
        window.action("br_roll_attack").trigger()
        if window.bridge.state.reaction is not None:
            window.action("br_no_reaction").trigger()


def shoot(out_dir: Path, language: str, theme: str, size: tuple[int, int]) -> Path:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.i18n import set_language
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow
    from gmtool.ui.theme import apply_theme

    app = QApplication.instance() or QApplication([])
    set_language(language)
    apply_theme(app, theme)
    with tempfile.TemporaryDirectory() as data:
        os.environ["GMTOOL_DATA_DIR"] = data
        workspace = Workspace.open_default()
        found = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
        workspace = workspace.with_encounter(found)
        window = MainWindow(workspace)
        window.resize(*size)
        window.show()
        app.processEvents()
        play(window)
        app.processEvents()
        path = out_dir / f"rally-{language}-{theme}-{size[0]}x{size[1]}.png"
        window.grab().save(str(path))
        window.close()
        workspace.close()
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    target.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in arg.split("x")) for arg in sys.argv[2:]] or [(1366, 768), (1920, 1080)]
    for lang in ("en", "ja"):
        for theme in ("light", "dark"):
            for w, h in sizes:
                print(shoot(target, lang, theme, (w, h)))
