"""A deterministic scripted SR5 fight, journaled command by command.

Run as ``python -m benchmarks.fight_script <data_dir> <seed> [length]``: opens (or
creates, with the demo encounter) the default campaign under ``data_dir``, then
plays commands until the journal holds ``length`` entries. After the workspace is
open it prints ``ok <journal length>``, and after each command call returns it
prints ``ok <seq>`` and flushes: every printed seq is a promise that the entry is
on disk. The kill trials (:mod:`benchmarks.kill_trials`) SIGKILL this program.

Each step is chosen by ``random.Random`` seeded with the script seed and the
entry's seq, from the current state only, so a re-run on the same journal
continues the same fight, and :func:`expected_records` replays it in memory.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import current_actor

DEFAULT_LENGTH = 400
Step = Callable[[EncounterSession, random.Random], None]


def _command(session: EncounterSession, command: Command) -> None:
    session.execute(command)


def _start_turn(session: EncounterSession, rng: random.Random) -> None:
    _command(session, cmd.StartTurn())


def _next_phase(session: EncounterSession, rng: random.Random) -> None:
    _command(session, cmd.NextPhase())


def _take_action(session: EncounterSession, rng: random.Random) -> None:
    """The actor's simple action while the budget allows, else a free action, else next phase."""
    state: EncounterState = session.encounter.state
    actor = current_actor(state)
    if actor is not None and not actor.complex_action and actor.simple_actions < 2:
        _command(session, cmd.TakeAction(combatant=actor.id, action="simple"))
    elif actor is not None and not actor.free_action:
        _command(session, cmd.TakeAction(combatant=actor.id, action="free"))
    else:
        _next_phase(session, rng)


def _pick(state: EncounterState, rng: random.Random) -> Combatant:
    return state.combatants[rng.choice(sorted(state.combatants))]


def _damage(session: EncounterSession, rng: random.Random) -> None:
    """Mark damage boxes: a new physical or stun value within the monitor."""
    target = _pick(session.encounter.state, rng)
    sheet = target.sheet
    if rng.random() < 0.5:
        field, boxes = "physical_damage", sheet.physical_boxes
    else:
        field, boxes = "stun_damage", sheet.stun_boxes
    value = rng.randint(0, min(boxes, 6))
    if value == getattr(sheet, field):
        value = 0 if value else 1
    _command(session, cmd.EditSheet(combatant=target.id, field=field, value=value))


def _simple_test(session: EncounterSession, rng: random.Random) -> None:
    target = _pick(session.encounter.state, rng)
    attribute = rng.choice(("AGI", "REA", "BOD", "INT", "WIL"))
    command = cmd.RollSimpleTest(
        combatant=target.id, attribute=attribute, skill=rng.randint(0, 6), modifier=0, threshold=rng.randint(0, 4)
    )
    _command(session, command)


def _undo(session: EncounterSession, rng: random.Random) -> None:
    if session.encounter.can_undo:
        session.undo()
    else:
        _next_phase(session, rng)


def _redo(session: EncounterSession, rng: random.Random) -> None:
    if session.encounter.can_redo:
        session.redo()
    else:
        _undo(session, rng)


def _add_combatant(session: EncounterSession, rng: random.Random) -> None:
    sheets = demo_definition().combatants
    number = session.encounter.next_seq
    sheet = rng.choice(sheets).model_copy(update={"name": f"Reinforcement {number}"})
    _command(session, cmd.AddCombatant(sheet=sheet))


STEPS: tuple[tuple[Step, int], ...] = (
    (_next_phase, 30),
    (_take_action, 15),
    (_damage, 15),
    (_simple_test, 15),
    (_undo, 8),
    (_redo, 7),
    (_add_combatant, 5),
    (_start_turn, 5),
)


def play_step(session: EncounterSession, seed: int) -> int:
    """Run the step chosen for the next seq; return the seq now durable."""
    encounter = session.encounter
    rng = random.Random(f"fight:{seed}:{encounter.next_seq}")
    if encounter.state.turn == 0:
        step: Step = _start_turn
    elif encounter.can_redo and rng.random() < 0.4:
        step = _redo
    else:
        step = rng.choices([s for s, _ in STEPS], weights=[w for _, w in STEPS])[0]
    try:
        step(session, rng)
    except RulesError:
        _next_phase(session, rng)  # never expected; keeps the fight deterministic anyway
    return len(encounter.entries)


def play(session: EncounterSession, seed: int, length: int, confirm: Callable[[int], None]) -> None:
    """Play until the journal holds ``length`` entries, confirming each."""
    while len(session.encounter.entries) < length:
        confirm(play_step(session, seed))


def expected_records(seed: int, length: int = DEFAULT_LENGTH) -> list[dict[str, Any]]:
    """The journal records the script writes, computed in memory (demo entries first)."""
    demo = demo_definition()
    session = EncounterSession(Encounter(get_ruleset("sr5"), demo.seed), MemoryStore(), 1)
    for sheet in demo.combatants:
        session.execute(cmd.AddCombatant(sheet=sheet))
    play(session, seed, length, lambda seq: None)
    return [entry.to_record() for entry in session.encounter.entries]


def _confirm(seq: int) -> None:
    sys.stdout.write(f"ok {seq}\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    data_dir, seed = Path(argv[0]), int(argv[1])
    length = int(argv[2]) if len(argv) > 2 else DEFAULT_LENGTH
    os.environ["GMTOOL_DATA_DIR"] = os.environ["GMTOOL_CONFIG_DIR"] = str(data_dir)
    from gmtool.storage.workspace import Workspace

    workspace = Workspace.open_default()
    try:
        _confirm(len(workspace.encounter.entries))
        play(workspace.session, seed, length, _confirm)
    finally:
        workspace.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
