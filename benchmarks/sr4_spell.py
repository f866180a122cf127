"""An SR4 spell with 200 combatants present: p95 from *Cast* to the repainted window (issue 18).

The SR4 demo encounter is grown to 200 combatants and the first turn started; the demo mage
(Magic 5) casts Manabolt at Force 2 (drain 1, so a drain test every time) at the next target,
the *Magic* tab shown. Each sample times the click's work: the cast command (opposed test,
damage, signature, drain), every model and view updated and painted. ``sr4_spell_core_p95_ms_200``
times the same command through the session (the window still listens: its models follow, unpainted).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from benchmarks.next_phase import data_dir_env, p95, settle, timed

SAMPLES = 200
WARMUP = 10
COMBATANTS = 200
TARGET_MS = 16  # issue 18


def _grow(workspace: Any) -> None:
    from gmtool.games.shadowrun.rules.turn_commands import StartTurn
    from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
    from gmtool.games.shadowrun.sr4.rules.demo import sr4_demo_definition

    sheets = sr4_demo_definition().combatants
    for number in range(len(workspace.encounter.state.combatants), COMBATANTS):
        sheet = sheets[number % len(sheets)].model_copy(update={"name": f"Extra {number + 1}"})
        workspace.session.execute(AddCombatant(sheet=sheet))
    workspace.session.execute(StartTurn())


def _mage(state: Any) -> str:
    return next(cid for cid, c in state.combatants.items() if c.sheet.magic)


def measure_sr4_spell(samples: int = SAMPLES) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from gmtool.games.shadowrun.sr4.rules.magic_messages import CastSpell
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default()
        sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
        _grow(sr4)
        window = MainWindow(sr4)
        window.resize(1366, 768)  # a laptop's window, not the least width the offscreen screen allows
        window.show()
        panel = window.parts.test_panel
        mage = _mage(sr4.encounter.state)
        window.bridge.select(mage)
        casting = panel.casting
        panel.tabs.setCurrentWidget(casting)  # the Magic tab in front (by its widget: the tabs' order changed)
        casting.spell.setCurrentIndex(casting.spell.findData("manabolt"))
        casting.force.setValue(2)
        casting.charge.setChecked(False)  # the mage is not always the actor: the spell, not the budget, is timed
        targets = [cid for cid in sr4.encounter.state.combatants if cid != mage]
        gui_ms: list[float] = []
        core_ms: list[float] = []
        for n in range(samples + WARMUP):
            target = targets[n % len(targets)]
            for i in range(casting.targets.count()):
                item = casting.targets.item(i)
                item.setCheckState(item.checkState().Checked if item.data(256) == target else item.checkState().Unchecked)
            settle(app)
            elapsed = timed(lambda: (casting.cast(), settle(app)))
            command = CastSpell(combatant=mage, spell="manabolt", force=2, targets=(target,), skill=4,
                                charge_action=False)
            core = timed(lambda command=command: sr4.session.execute(command))
            if n >= WARMUP:
                gui_ms.append(elapsed)
                core_ms.append(core)
        window.close()
        sr4.close()
    return {"sr4_spell_p95_ms_200": p95(gui_ms), "sr4_spell_core_p95_ms_200": p95(core_ms),
            "sr4_spell_samples": samples, "sr4_spell_target_ms": TARGET_MS}


if __name__ == "__main__":
    for key, value in measure_sr4_spell(50).items():
        print(f"{key}: {value}")
