"""A rally activation with 8 gears in the main window: p95 latency of each of its key presses, from the
action to the painted window (issue: an activation's commands + repaint with 8 gears, ≤ 16 ms p95).

A new rally encounter gets a made-up open course (24×16, all race course) and 8 gears in facing pairs:
four in row 12 facing north, four in row 6 facing south. Every activation is what a GM presses: cruising
speed (Ctrl+1), two steps ahead (Alt+Up), an attack on the gear facing it (rolled: the attack panel aimed
at it, Ctrl+Return), two steps back (Alt+Down) and the end of the activation (Space) — each a journal
command, then the event loop until the posted work and paints are done (:func:`~benchmarks.next_phase.settle`).
The gears' armour (30) is beyond the weapon's power, so no attack does damage and every round is the same
work; a new round is started between rounds (not timed). When a press opens a reaction window (BR-18: the
gear attacked has lock on its attacker), the GM's *No reaction* (Ctrl+Shift+K) is timed as a press of its
own, as the GM presses it (until 2026-11-25 it was folded into the attack's press: two commands and two
repaints timed as one key).

``rally_activation_p95_ms`` is the p95 of the single presses; ``rally_activation_whole_p95_ms`` the p95 of
a whole activation's presses together (seven, and a *No reaction* where one is offered); ``rally_activation_attack_p95_ms`` of the attack presses; ``rally_activation_core_p95_ms`` the same commands on the
session alone (the core's share). ``rally_activation_presses_without_paint`` counts presses after which
the map's viewport was not painted (context: a refused or no-op press would show there).
Measured in a fresh process of its own (:mod:`benchmarks.key_presses`), as every key-press figure.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.next_phase import PaintCounter, data_dir_env, p95, settle, timed
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race_reaction_messages import DeclineReaction
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from gmtool.storage.workspace import Workspace

COLUMNS, ROWS, PAIRS = 24, 16, 4
ROUNDS = 12
WARMUP_ROUNDS = 1
TARGET_MS = 16.0  # the issue: an activation's commands + repaint with 8 gears ≤ 16 ms p95
GUN = WeaponCard(name="Bench gun (made up)", optimal=3, maximum=6, power=3)
PRESSES = ("br_cruising", "map_ahead", "map_ahead", "attack", "map_back", "map_back", "br_end_activation")


def _gears() -> list[m.AddGear]:
    """Pairs facing each other four rows apart (after two steps ahead: range 2), each gear its own player's
    (an attack on one's own side is asked first: the bench attacks the other side's gear, as a GM would)."""
    gears = []
    for n in range(PAIRS):
        col = 3 + 5 * n
        for row, facing in ((12, 0), (6, 3)):
            gears.append(m.AddGear(name=f"Gear {len(gears) + 1}", seat=f"P{len(gears) + 1}", attack=4, defence=4, armour=30,
                                   hull=3, structure=3, cruising_mr=6, top_mr=9, weapons=(GUN,),
                                   hex=f"{col:02d}{row:02d}", facing=facing))
    return gears


@contextmanager
def rally_workspace() -> Iterator[Workspace]:
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default().with_new_encounter("Activation bench", "badlands_rally")
        try:
            course = HexMapFile(name="Bench open course (made up)", game="badlands_rally", columns=COLUMNS, rows=ROWS)
            workspace.session.execute(m.SetCourse(course=course))
            for command in _gears():
                workspace.session.execute(command)
            yield workspace
        finally:
            workspace.close()


def _partner(gear_id: str) -> str:
    """g1 ↔ g2, g3 ↔ g4 …"""
    number = int(gear_id[1:])
    return f"g{number + 1 if number % 2 else number - 1}"


def _command(press: str, gear: str) -> m.Command:
    if press == "br_cruising":
        return m.DeclareSpeed(gear=gear, speed="cruising")
    if press in ("map_ahead", "map_back"):
        return m.StepGear(gear=gear, step="ahead" if press == "map_ahead" else "back")
    if press == "attack":
        return m.AttackGear(attacker=gear, target=_partner(gear), weapon=0)
    return m.EndActivation(gear=gear)


def _no_reaction(window: Any, app: Any) -> None:
    """BR-18: the partner attacked first may react; the GM answers *No reaction* (the same work each round)."""
    if window.bridge.state.reaction is not None:
        window.action("br_no_reaction").trigger()
        settle(app)


def _decline(workspace: Workspace) -> None:
    reaction = workspace.encounter.state.reaction
    if reaction is not None:
        workspace.session.execute(DeclineReaction(gear=reaction.offers[0][0]))


def measure_rally_activation(rounds: int = ROUNDS) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with rally_workspace() as shown, rally_workspace() as bare:
        window = MainWindow(shown)
        window.resize(1366, 768)
        window.show()
        app.processEvents()
        counter = PaintCounter(window.parts.map.view.viewport())
        panel = window.parts.attack_panel
        single, whole, core, attack_ms, unpainted, refused, declined = [], [], [], [], 0, 0, 0
        for played in range(WARMUP_ROUNDS + rounds):
            shown.session.execute(m.StartRound(first="g1"))
            bare.session.execute(m.StartRound(first="g1"))
            settle(app)
            while (gear := shown.encounter.state.current) is not None:
                panel.aim_at(_partner(gear))
                settle(app)
                times, attack_press = [], 0.0
                for press in PRESSES:
                    before, entries = counter.count, len(shown.encounter.entries)
                    action = window.action("br_roll_attack" if press == "attack" else press)
                    times.append(timed(lambda action=action: (action.trigger(), settle(app))))
                    attack_press = times[-1] if press == "attack" else attack_press
                    if window.bridge.state.reaction is not None:  # the GM's *No reaction*: a key press of its own
                        times.append(timed(lambda: _no_reaction(window, app)))
                        declined += played >= WARMUP_ROUNDS
                    core.append(timed(lambda p=press, g=gear: (bare.session.execute(_command(p, g)), _decline(bare))))
                    unpainted += counter.count == before
                    refused += len(shown.encounter.entries) == entries
                if played >= WARMUP_ROUNDS:
                    single.extend(times)
                    whole.append(sum(times))
                    attack_ms.append(attack_press)
        window.close()
    attacks = sum(1 for e in shown.encounter.entries for ev in e.events if ev.kind == "br_attack_made")
    return {"rally_activation_p95_ms": p95(single), "rally_activation_whole_p95_ms": p95(whole),
            "rally_activation_attack_p95_ms": p95(attack_ms),
            "rally_activation_core_p95_ms": p95(core[len(core) - len(single):]),
            "rally_activation_presses": len(single), "rally_activation_presses_without_paint": unpainted,
            "rally_activation_refused_presses": refused, "rally_activation_no_reaction_presses": declined, "rally_activation_attacks": attacks,
            "rally_activation_target_ms": TARGET_MS}


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for name, value in measure_rally_activation().items():
        print(f"{name}: {value}")
