"""Rewind in a 10,000-event journal: the state right after any event, p95.

The benchmarks' scripted SR5 fight is played until 10,000 events are in effect.
``rewind_ms_10000`` times ``Encounter.state_after`` for random events (a seeded
draw), after one warm-up call that builds the snapshots; as the baseline in the
same process, ``rewind_full_fold_ms_10000`` folds the whole journal from scratch
once (what a rewind would cost without snapshots).
"""

from __future__ import annotations

import random
from typing import Any

from benchmarks.next_phase import p95, timed
from benchmarks.print_pdf import sr5_fight

EVENTS = 10_000
SAMPLES = 200
TARGET_MS = 50.0


def measure_rewind(events: int = EVENTS, samples: int = SAMPLES) -> dict[str, Any]:
    encounter = sr5_fight(events)
    done = encounter.done
    draw = random.Random(20261122)
    picks = [(i, draw.randint(0, len(done[i].events))) for i in (draw.randrange(len(done)) for _ in range(samples))]
    encounter.state_after(len(done) - 1)  # warm-up: the snapshots
    rewind_ms = [timed(lambda i=i, n=n: encounter.state_after(i, n)) for i, n in picks]
    full_fold = timed(lambda: encounter._snapshot_source(len(done)))  # noqa: SLF001 - the no-snapshot baseline
    return {
        "rewind_ms_10000": p95(rewind_ms),
        "rewind_full_fold_ms_10000": full_fold,
        "rewind_events_in_effect": sum(len(e.events) for e in done),
        "rewind_target_ms": TARGET_MS,
    }
