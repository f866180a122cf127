"""Save screenshots of the SR5 attack panel (README's ``docs/attack-en.png``, ``attack-ja.png``).

Usage: python tools/screenshot_attack.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py) the initiative is rolled (Ctrl+I), an opponent of the
acting runner selected and the attack panel opened on it (Ctrl+K); at 15 m the attack is rolled (not yet
applied): the modifier table, the odds and the roll's breakdown in view. Saves attack-en.png and
attack-ja.png; given sizes, ``attack-<lang>-<theme>-<W>x<H>.png``, light and dark.
"""

from __future__ import annotations

import sys
from pathlib import Path

from screenshot_stage import WINDOW, first_start, open_window, save, shoot_all


def play(window) -> None:  # noqa: ANN001 - a MainWindow on the SR5 demo
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    target = next(c for c in window.bridge.state.combatants.values() if c.sheet.is_npc != actor.sheet.is_npc)
    window.bridge.select(target.id)
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    panel.distance.setValue(15)
    panel.model.roll()


def shoot(path: Path, language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Path:
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, None, size)
        play(window)
        save(window, path)
        window.close()
    return path


if __name__ == "__main__":
    shoot_all("attack", shoot, sys.argv[1:])
