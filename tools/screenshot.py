"""Save screenshots of the main window on the demo encounter (README images).

Usage: QT_QPA_PLATFORM=offscreen python tools/screenshot.py OUT_DIR [WxH ...]
Plays a few commands on a throw-away campaign, then saves main-en.png and main-ja.png (1366x728,
the system theme: README's images); given sizes, ``main-<lang>-<theme>-<W>x<H>.png`` for English
and Japanese, light and dark, at each size.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def shoot(out_dir: Path, language: str, theme: str | None = None, size: tuple[int, int] = (1366, 728)) -> Path:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.i18n import set_language
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    set_language(language)
    if theme is not None:
        from gmtool.ui.theme import apply_theme

        apply_theme(app, theme)
    with tempfile.TemporaryDirectory() as data:
        os.environ["GMTOOL_DATA_DIR"] = data
        workspace = Workspace.open_default()
        window = MainWindow(workspace)
        window.resize(*size)  # README screenshots: a 1366x768 laptop screen less its task bar
        window.show()
        app.processEvents()
        window.action("roll_initiative").trigger()
        window.action("next_phase").trigger()
        window.action("next_phase").trigger()
        actor = window.bridge.current_actor()
        window.bridge.execute(cmd.EditSheet(combatant="c2", field="physical_damage", value=4))
        window.bridge.execute(cmd.EditSheet(combatant="c2", field="stun_damage", value=2))
        window.bridge.execute(cmd.TakeAction(combatant=actor.id, action="simple"))
        window.parts.test_panel.skill.setValue(5)
        window.parts.test_panel.threshold.setValue(2)
        window.parts.test_panel.faces_edit.setText("6 5 4 3 1 2 6 1")
        window.parts.test_panel.enter_button.click()
        app.processEvents()
        path = out_dir / (f"main-{language}.png" if theme is None else f"main-{language}-{theme}-{size[0]}x{size[1]}.png")
        window.grab().save(str(path))
        window.close()
        workspace.close()
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    target.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in arg.split("x")) for arg in sys.argv[2:]]
    for lang in ("en", "ja"):
        if not sizes:
            print(shoot(target, lang))
        for theme in ("light", "dark") if sizes else ():
            for w, h in sizes:
                print(shoot(target, lang, theme, (w, h)))
