"""Save screenshots of the attack panel on the SR5 demo (README images).

Usage: QT_QPA_PLATFORM=offscreen python tools/screenshot_attack.py OUT_DIR
Rolls initiative on a throw-away campaign, opens the attack panel (Ctrl+K) with the
current actor attacking an opponent, rolls the attack (not applied) and saves
attack-en.png and attack-ja.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def shoot(out_dir: Path, language: str) -> Path:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.i18n import set_language
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    set_language(language)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GMTOOL_DATA_DIR"] = folder
        workspace = Workspace.open_default()
        window = MainWindow(workspace)
        window.resize(1366, 728)  # README screenshots: a 1366x768 laptop screen less its task bar
        window.show()
        window.action("roll_initiative").trigger()
        actor = window.bridge.current_actor()
        target = next(c for c in window.bridge.state.combatants.values() if c.sheet.is_npc != actor.sheet.is_npc)
        window.bridge.select(target.id)
        window.action("attack").trigger()
        window.parts.attack_panel.distance.setValue(15)
        window.parts.attack_panel.model.roll()
        app.processEvents()
        path = out_dir / f"attack-{language}.png"
        window.grab().save(str(path))
        window.close()
        workspace.close()
    return path


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja"):
        print(shoot(out, lang))
