"""Save screenshots of the main window on the SR5 demo encounter (README's ``docs/main-en.png``, ``main-ja.png``).

Usage: python tools/screenshot.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py: fresh settings and campaign in the shot's language, the
window 1366 × 728, light theme) a round under way: the initiative rolled, two phases ended, a runner
wounded, a simple action taken and a dice test entered with the table's dice; saves main-en.png and
main-ja.png. Given sizes, ``main-<lang>-<theme>-<W>x<H>.png`` for English and Japanese, light and dark,
at each size.
"""

from __future__ import annotations

import sys
from pathlib import Path

from screenshot_stage import WINDOW, first_start, open_window, save, shoot_all


def play(window) -> None:  # noqa: ANN001 - a MainWindow on the SR5 demo
    """Ctrl+I, Space twice, damage marked on Brick's sheet, the actor's simple action and a test typed in."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    window.action("roll_initiative").trigger()
    window.action("next_phase").trigger()
    window.action("next_phase").trigger()
    actor = window.bridge.current_actor()
    window.run(cmd.EditSheet(combatant="c2", field="physical_damage", value=4))
    window.run(cmd.EditSheet(combatant="c2", field="stun_damage", value=2))
    window.run(cmd.TakeAction(combatant=actor.id, action="simple"))
    panel = window.parts.test_panel
    panel.skill.setValue(5)
    panel.threshold.setValue(2)
    panel.faces_edit.setText("6 5 4 3 1 2 6 1")
    panel.enter_button.click()


def shoot(path: Path, language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Path:
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, None, size)
        play(window)
        save(window, path)
        window.close()
    return path


if __name__ == "__main__":
    shoot_all("main", shoot, sys.argv[1:])
