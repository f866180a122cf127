"""Printing the turn log: a 1,000-event journal to PDF (target ≤ 2 s).

The SR5 demo encounter plays the scripted fight of :mod:`benchmarks.fight_script`
(next phase, actions, damage, tests, undo/redo, reinforcements, new turns) in
memory until its journal holds at least 1,000 events in effect; then the whole
report is built (replay, snapshots, words), laid out and written as an A4 PDF,
once in English and once in Japanese. ``print_pdf_1000_s`` is the slower
language's median over the runs, from the journal to the PDF file's bytes.
The fight builders are also what the printing tests use (SR5 and SR4).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.session import EncounterSession, MemoryStore

EVENTS = 1000
RUNS = 5
TARGET_S = 2.0
FIGHT_SEED = 7


def events_in_effect(encounter: Encounter) -> int:
    from gmtool.printing.report import effective_entries

    done, _undone = effective_entries(encounter.entries)
    return sum(len(entry.events) for entry in done)


def sr5_fight(events: int = EVENTS, seed: int = FIGHT_SEED) -> Encounter:
    """The SR5 demo encounter after the benchmarks' scripted fight, with ≥ ``events`` events in effect."""
    from benchmarks.fight_script import play_step
    from gmtool.core.registry import get_ruleset
    from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition

    demo = demo_definition()
    session = EncounterSession(Encounter(get_ruleset("sr5"), demo.seed), MemoryStore(), 1)
    for sheet in demo.combatants:
        session.execute(AddCombatant(sheet=sheet))
    while events_in_effect(session.encounter) < events:
        play_step(session, seed)
    return session.encounter


def sr4_fight(commands: int = 120, seed: int = FIGHT_SEED) -> Encounter:
    """The SR4 demo encounter after a scripted fight: surprise, phases, actions, damage, Edge, undo."""
    from gmtool.core.registry import get_ruleset
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.demo import sr4_demo_definition
    from gmtool.games.shadowrun.sr4.rules.turn import current_actor

    demo = sr4_demo_definition()
    session = EncounterSession(Encounter(get_ruleset("sr4"), demo.seed), MemoryStore(), 1)
    for sheet in demo.combatants:
        session.execute(cmd.AddCombatant(sheet=sheet))
    ids = list(session.encounter.state.combatants)
    entries = tuple(cmd.SurpriseEntry(combatant=cid, side="a" if n % 2 else "b") for n, cid in enumerate(ids))
    session.execute(cmd.SurpriseTest(entries=entries))
    session.execute(cmd.StartTurn())
    rng = random.Random(f"sr4-fight:{seed}")
    for _ in range(commands):
        actor = current_actor(session.encounter.state)
        roll = rng.random()
        try:
            if roll < 0.15 and actor is not None:
                session.execute(cmd.TakeAction(combatant=actor.id, action="simple", target=rng.choice(ids)))
            elif roll < 0.3:
                track = rng.choice(("physical", "stun"))
                session.execute(cmd.ApplyDamage(combatant=rng.choice(ids), track=track, boxes=rng.randint(1, 3)))
            elif roll < 0.35 and actor is not None:
                session.execute(cmd.Sprint(combatant=actor.id, running_skill=rng.randint(0, 4)))
            elif roll < 0.4 and session.encounter.can_undo:
                session.undo()
            else:
                session.execute(cmd.NextPhase())
        except RulesError:
            session.execute(cmd.NextPhase())
    return session.encounter


def _time_pdf(encounter: Encounter, language: str) -> tuple[float, int, int]:
    from gmtool.printing.pdf import pdf_bytes
    from gmtool.printing.report import ReportOptions, build_report

    start = time.perf_counter()
    report = build_report(encounter, "Benchmark", ReportOptions(language=language))
    data = pdf_bytes(report, "a4")
    return time.perf_counter() - start, report.event_count, len(data)


def measure_print_pdf(events: int = EVENTS, runs: int = RUNS) -> dict[str, Any]:
    """Seconds from a ≥ 1,000-event journal to the PDF bytes (median of ``runs``, slower language)."""
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication([])
    encounter = sr5_fight(events)
    medians: dict[str, float] = {}
    printed = size = 0
    for language in ("en", "ja"):
        samples = []
        for _ in range(runs):
            seconds, printed, size = _time_pdf(encounter, language)
            samples.append(seconds)
        medians[language] = statistics.median(samples)
    return {
        "print_pdf_1000_s": max(medians.values()),
        "print_pdf_1000_en_s": medians["en"],
        "print_pdf_1000_ja_s": medians["ja"],
        "print_pdf_events": printed,
        "print_pdf_bytes": size,
    }


if __name__ == "__main__":
    for name, value in measure_print_pdf().items():
        print(f"{name}: {value}")
