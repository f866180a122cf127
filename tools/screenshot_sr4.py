"""Save screenshots of the main window on the SR4 demo encounter (README images).

Usage: QT_QPA_PLATFORM=offscreen python tools/screenshot_sr4.py OUT_DIR
Plays a few SR4 commands on a throw-away campaign (surprise test, initiative,
Edge to go first and for an extra pass, damage, a listed action, the mage's
Manabolt from the Magic tab), then saves main-sr4-en.png and main-sr4-ja.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def play(window) -> None:  # noqa: ANN001 - a MainWindow on the SR4 demo
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    run = window.bridge.execute
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


def shoot(out_dir: Path, language: str) -> Path:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.i18n import set_language
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    set_language(language)
    with tempfile.TemporaryDirectory() as data:
        os.environ["GMTOOL_DATA_DIR"] = data
        first = Workspace.open_default()
        sr4 = next(info.id for info in first.encounters() if info.ruleset == "sr4")
        workspace = first.with_encounter(sr4)
        window = MainWindow(workspace)
        window.resize(1366, 768)  # README screenshots: a 1366x768 laptop screen
        window.show()
        app.processEvents()
        play(window)
        for _ in range(5):  # layout requests (wrapped labels' heights) settle over a few rounds
            app.processEvents()
        path = out_dir / f"main-sr4-{language}.png"
        window.grab().save(str(path))
        window.close()
        workspace.close()
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    target.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja"):
        print(shoot(target, lang))
