"""A full ranged attack with 200 combatants present: p95 latency including the view update.

The demo encounter is grown to 200 combatants (every demo sheet carries a weapon) and
the first turn is started. Each sample points the attack panel at the next target
(the current actor attacks with its first weapon in its first usable mode, 10 m),
then times ``apply_attack`` (plan, roll attack/defence/soak, resolve, commit the
entry, every model and view updated and painted: :func:`~benchmarks.next_phase.settle`).
Untimed between samples: a reload when the magazine runs low. The attack is made
without paying the action (``charge_action`` off) so every sample is the same work.
``attack_core_p95_ms_200`` times the same command through the session alone.
"""

from __future__ import annotations

from typing import Any

from benchmarks.next_phase import TARGET_MS, big_workspace, p95, settle, timed
from gmtool.games.shadowrun.rules.attack.messages import Attack, Reload

SAMPLES = 200
WARMUP = 10


def _targets(state: Any, attacker: str) -> list[str]:
    return [cid for cid in state.combatants if cid != attacker]


def _reload_if_low(execute: Any, state: Any, attacker: str) -> None:
    magazine = state.magazines.get(f"{attacker}:0")
    if magazine is not None and magazine.rounds < 3:
        execute(Reload(combatant=attacker, weapon=0, charge_action=False))


def measure_attack(samples: int = SAMPLES) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with big_workspace() as gui_ws, big_workspace() as core_ws:
        window = MainWindow(gui_ws)
        window.resize(1366, 768)  # a laptop's window, not the least width the offscreen screen allows
        window.show()
        window.parts.show_attack()  # the GM sees the attack panel while resolving
        app.processEvents()
        panel = window.parts.attack_panel
        attacker = window.bridge.current_actor().id
        panel.model.set_attacker(attacker)
        panel.model.set_distance(10.0)
        panel.model.set_option("charge_action", False)
        targets = _targets(gui_ws.encounter.state, attacker)
        core_attacker = next(iter(core_ws.encounter.state.combatants))
        core_targets = _targets(core_ws.encounter.state, core_attacker)
        gui_ms: list[float] = []
        core_ms: list[float] = []
        for n in range(samples + WARMUP):
            _reload_if_low(window.bridge.execute, gui_ws.encounter.state, attacker)
            panel.model.set_target(targets[n % len(targets)])
            settle(app)
            elapsed = timed(lambda: (window.action("apply_attack").trigger(), settle(app)))
            _reload_if_low(core_ws.session.execute, core_ws.encounter.state, core_attacker)
            command = Attack(attacker=core_attacker, target=core_targets[n % len(core_targets)], weapon=0,
                             mode=_first_mode(core_ws, core_attacker), distance=10.0, charge_action=False)
            core_elapsed = timed(lambda command=command: core_ws.session.execute(command))
            if n >= WARMUP:
                gui_ms.append(elapsed)
                core_ms.append(core_elapsed)
        attacks = sum(1 for e in gui_ws.encounter.entries for ev in e.events if ev.kind == "attack_resolved")
        window.close()
    return {
        "attack_p95_ms_200": p95(gui_ms),
        "attack_core_p95_ms_200": p95(core_ms),
        "attack_samples": samples,
        "attack_resolved_in_journal": attacks,
        "attack_target_ms": TARGET_MS,
    }


def _first_mode(workspace: Any, attacker: str) -> str:
    from gmtool.games.shadowrun.rules.attack.plan import magazine_of
    from gmtool.games.shadowrun.rules.weapons.firing import refusal
    from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import sr5_modes

    state = workspace.encounter.state
    weapon = state.combatants[attacker].sheet.weapons[0]
    table = sr5_modes()
    magazine = magazine_of(state, attacker, 0, weapon)
    return next(key for key in table.modes if refusal(weapon, magazine, table.mode(key)) is None)
