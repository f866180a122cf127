"""Save screenshots of the main window on the SR4 demo encounter (README's ``docs/main-sr4-en.png``, ``-ja``).

Usage: python tools/screenshot_sr4.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py), in the SR4 demo: a surprise test, the initiative, Edge
for an extra pass and to go first, damage, a listed action, and the mage's Manabolt cast from the Magic
tab; saves main-sr4-en.png and main-sr4-ja.png; given sizes, ``main-sr4-<lang>-<theme>-<W>x<H>.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from screenshot_stage import WINDOW, first_start, open_window, save, shoot_all


def play(window) -> None:  # noqa: ANN001 - a MainWindow on the SR4 demo
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    run = window.run  # what the panels send, through the window (a refusal shown in its status line)
    entries = tuple(  # the runners lie in ambush; the dice are the encounter's
        cmd.SurpriseEntry(combatant=cid, side="b" if c.sheet.is_npc else "a", awareness="none" if c.sheet.is_npc else "ambush")
        for cid, c in window.bridge.state.combatants.items()
    )
    run(cmd.SurpriseTest(entries=entries))
    window.action("roll_initiative").trigger()
    run(cmd.ExtraPass(combatant="c2"))
    window.action("next_phase").trigger()
    from gmtool.games.shadowrun.sr4.rules.turn import pass_order

    waiting = [c.id for c in pass_order(window.bridge.state) if not c.acted and c.sheet.edge_points]
    run(cmd.GoFirst(combatant=waiting[-1]))  # the last one still to act spends Edge to go first
    run(cmd.ApplyDamage(combatant="c4", track="physical", boxes=4))
    run(cmd.ApplyDamage(combatant="c3", track="stun", boxes=2))
    actor = window.bridge.current_actor()
    aimed_at = "c1" if actor.id != "c1" else "c2"
    run(cmd.TakeAction(combatant=actor.id, action="take_aim", target=aimed_at))
    from gmtool.games.shadowrun.rules.effect_messages import AddEffect

    run(AddEffect(combatant=actor.id, key="aimed"))
    run(AddEffect(combatant=aimed_at, key="full_defence", modifier=3))
    cast(window)


def cast(window) -> None:  # noqa: ANN001
    """Juniper Vale (c8) casts a Manabolt at Yard Guard 2 (c5) from the Magic tab (outside her phase)."""
    from PySide6.QtCore import Qt

    panel = window.parts.test_panel
    window.bridge.select("c8")
    panel.show_tab(panel.tabs.indexOf(panel.casting))
    casting = panel.casting
    for i in range(casting.targets.count()):
        item = casting.targets.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == "c5":
            item.setCheckState(Qt.CheckState.Checked)
    casting.charge.setChecked(False)
    casting.cast()


def shoot(path: Path, language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Path:
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, "sr4", size)
        play(window)
        save(window, path)
        window.close()
    return path


if __name__ == "__main__":
    shoot_all("main-sr4", shoot, sys.argv[1:])
