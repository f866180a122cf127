"""Save screenshots of the main window on the Aura Battler demo duel, and of the player view.

Usage: QT_QPA_PLATFORM=offscreen python tools/screenshot_aura.py OUT_DIR [WxH ...]
On a throw-away campaign: ``aura-alloc-…`` (two machines allocated, the third's split half typed in
the allocation panel), ``aura-attack-…`` (all allocated, the Lark aiming at the Hornet in the attack
panel with aura power spent), ``aura-table-…`` (the same in table mode), ``aura-result-…`` (after the
roll: the last result in the panel), ``aura-wreck-…`` (the Hornet destroyed: a wreck on the map, the
panel without an enemy to aim at), ``aura-players-…`` and ``aura-players-revealed-…`` (the player view
before and after Reveal allocations, with the wreck), for English and Japanese, light and dark, at
each size (default 1366x768).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SPLITS = {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0)}


def shoot(out_dir: Path, language: str, theme: str, size: tuple[int, int]) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.i18n import set_language
    from gmtool.games.aura_battler.rules import duel_messages as m
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow
    from gmtool.ui.player_view import PlayerView
    from gmtool.ui.theme import apply_theme

    app = QApplication.instance() or QApplication([])
    set_language(language)
    apply_theme(app, theme)
    saved = []
    with tempfile.TemporaryDirectory() as data:
        os.environ["GMTOOL_DATA_DIR"] = data
        workspace = Workspace.open_default()
        found = next(e.id for e in workspace.encounters() if e.ruleset == "aura_battler")
        window = MainWindow(workspace.with_encounter(found))
        window.resize(*size)
        window.show()
        app.processEvents()
        for unit, split in SPLITS.items():
            window.run(m.AllocatePP(unit=unit, points=split))
        window.bridge.select("u3")
        window.action("ab_allocate").trigger()
        window.parts.allocation.set_split((3, 0, 1, 0, 0, 0))
        app.processEvents()
        tag = f"{language}-{theme}-{size[0]}x{size[1]}"
        saved.append(out_dir / f"aura-alloc-{tag}.png")
        window.grab().save(str(saved[-1]))
        window.run(m.AllocatePP(unit="u3", points=(5, 0, 0, 0, 0, 0)))
        window.run(m.EditUnit(unit="u2", field="damage", value=10))
        window.bridge.select("u1")
        window.action("ab_attack").trigger()
        panel = window.parts.attack_panel
        panel.aim("u1", "u2")
        panel.aura["aura_attack"].setValue(1)
        panel.aura["aura_power"].setValue(1)
        app.processEvents()
        saved.append(out_dir / f"aura-attack-{tag}.png")
        window.grab().save(str(saved[-1]))
        window.action("ab_table_mode").trigger()
        panel.table.sector.setCurrentIndex(panel.table.sector.findData("BR"))
        panel.table.range.setValue(3)
        app.processEvents()
        saved.append(out_dir / f"aura-table-{tag}.png")
        window.grab().save(str(saved[-1]))
        window.action("ab_table_mode").trigger()
        panel.faces["hit"].setText("2 3")
        panel.faces["damage"].setText("3")  # 6 + 3 − 3: the Hornet 10 → 16 of 18
        window.action("ab_roll_attack").trigger()
        app.processEvents()
        saved.append(out_dir / f"aura-result-{tag}.png")
        window.grab().save(str(saved[-1]))
        window.run(m.EditUnit(unit="u2", field="damage", value=18))  # the Hornet destroyed: a wreck
        app.processEvents()
        saved.append(out_dir / f"aura-wreck-{tag}.png")
        window.grab().save(str(saved[-1]))
        players = PlayerView(window.bridge)
        players.resize(*size)
        players.show()
        app.processEvents()
        saved.append(out_dir / f"aura-players-{tag}.png")
        players.grab().save(str(saved[-1]))
        window.run(m.RevealAllocations())
        app.processEvents()
        saved.append(out_dir / f"aura-players-revealed-{tag}.png")
        players.grab().save(str(saved[-1]))
        players.close()
        window.close()
        workspace.close()
    return saved


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    target.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in arg.split("x")) for arg in sys.argv[2:]] or [(1366, 768)]
    for lang in ("en", "ja"):
        for theme in ("light", "dark"):
            for w, h in sizes:
                for path in shoot(target, lang, theme, (w, h)):
                    print(path)
