"""The user-file fuzzer: thousands of a GM's files, each changed, read through the entry points a GM uses.

``make bench`` prints ``user_file_fuzz_cases`` (≥ 2,000) and ``user_file_fuzz_failures`` (target 0):
a traceback, a hang over :data:`DEADLINE_S`, a partial write or a crash each count one. The cases and
what each mutation does are in :mod:`benchmarks.user_file_cases`; the entry points in
:mod:`benchmarks.user_file_worker`, which runs them in a child process in batches so that a hang or a
crash is survivable: when a case gives no answer within the deadline the worker is killed, the case
counted, and a new worker goes on from the next case. Seeded and repeatable: a failure names its case
number, and ``run_fuzz(seed, number, number + 1, …)`` replays it alone.

Also printed: the failures by kind (``user_file_fuzz_hangs`` …) and by family, entry point and
mutation kind (``user_file_fuzz_failed: course/map_editor/special/fifo 3``), and a few examples.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from benchmarks.user_file_cases import PLAN, Case, case, families

CASES = 2400
SEED = 20261129
DEADLINE_S = 5.0  # a case answering later than this is a hang
START_S = 90.0  # a worker's start-up (Qt, gmtool, a new campaign), on a busy machine
FAILURES = ("traceback", "hang", "crash", "partial_write")


@dataclass
class FuzzRun:
    """What the cases did: outcomes by case number, and the failures' details."""

    specs: dict[int, Case] = field(default_factory=dict)
    outcomes: dict[int, str] = field(default_factory=dict)
    details: dict[int, str] = field(default_factory=dict)
    workers: int = 0

    def failures(self) -> dict[int, str]:
        return {n: o for n, o in self.outcomes.items() if o in FAILURES}

    def examples(self) -> list[int]:
        """The first failed case of each group (family, entry, kind, mutation and outcome)."""
        first: dict[tuple[str, ...], int] = {}
        for number, outcome in sorted(self.failures().items()):
            spec = self.specs[number]
            first.setdefault((spec.family, spec.entry, spec.kind, spec.mutation, outcome), number)
        return sorted(first.values())

    def groups(self) -> list[str]:
        """One line per group of failures: family/entry/kind/mutation, the outcome and how many."""
        found = Counter(f"{self.specs[n].family}/{self.specs[n].entry}/{self.specs[n].kind}/{self.specs[n].mutation} "
                        f"{outcome}" for n, outcome in self.failures().items())
        return [f"{group} ×{count}" for group, count in sorted(found.items())]


WORKER = (sys.executable, "-m", "benchmarks.user_file_worker")


def _worker(command: tuple[str, ...], seed: int, first: int, last: int, scratch: Path,
            plan: Path | None) -> subprocess.Popen[bytes]:
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen") | ({PLAN: str(plan)} if plan is not None else {})
    return subprocess.Popen([*command, str(seed), str(first), str(last), str(scratch)], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)


def _stop(worker: subprocess.Popen[bytes]) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, signal.SIGKILL)
    worker.wait()
    if worker.stdout is not None:
        worker.stdout.close()


class _Lines:
    """A worker's protocol lines, each waited for at most a deadline."""

    def __init__(self, worker: subprocess.Popen[bytes]) -> None:
        assert worker.stdout is not None
        self.stream = worker.stdout
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stream, selectors.EVENT_READ)
        self.buffer = b""
        self.ended = False  # the worker closed its output: it exited

    def next(self, deadline_s: float) -> dict[str, object] | None:
        """The next record, or None when none came in time or the worker ended."""
        end = time.monotonic() + deadline_s
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if line.startswith(b"@@ "):
                    return json.loads(line[3:])
            left = end - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return None
            chunk = os.read(self.stream.fileno(), 65536)
            if not chunk:
                self.ended = True
                return None
            self.buffer += chunk

def run_fuzz(seed: int, first: int, last: int, scratch: Path, deadline_s: float = DEADLINE_S,
             plan: list[Case] | None = None, command: tuple[str, ...] = WORKER) -> FuzzRun:
    """Cases ``first`` to ``last - 1`` of the run with ``seed`` (or of ``plan``, cases chosen by hand), in
    as many workers as hangs and crashes need (``command``: the worker's, a test's stand-in)."""
    available = families()
    run = FuzzRun(specs={n: plan[n] if plan is not None else case(n, seed, available) for n in range(first, last)})
    number = first
    planned = None
    if plan is not None:
        scratch.mkdir(parents=True, exist_ok=True)
        planned = scratch / "plan.json"
        planned.write_text(json.dumps([asdict(spec) for spec in plan]), encoding="utf-8")
    while number < last:
        worker = _worker(command, seed, number, last, scratch / f"worker {run.workers}", planned)
        run.workers += 1
        lines = _Lines(worker)
        try:
            ready = lines.next(START_S)
            if ready is None:
                raise RuntimeError(f"the fuzz worker did not start (exit {worker.poll()})")
            number = _cases(run, lines, number, last, deadline_s, worker)
        finally:
            _stop(worker)
    return run


def _cases(run: FuzzRun, lines: _Lines, number: int, last: int, deadline_s: float,
           worker: subprocess.Popen[bytes]) -> int:
    """Read one worker's cases; the number to go on from (past a hang or a crash)."""
    while number < last:
        started = lines.next(deadline_s)
        if started is None or started.get("start") != number:
            run.outcomes[number], run.details[number] = "crash", f"no start (exit {worker.poll()})"
            return number + 1
        done = lines.next(deadline_s)
        if done is None:
            if lines.ended:
                run.outcomes[number], run.details[number] = "crash", f"exit {worker.wait()}"
            else:
                run.outcomes[number], run.details[number] = "hang", f"no answer in {deadline_s:.0f} s"
            return number + 1
        run.outcomes[number], run.details[number] = str(done["outcome"]), str(done["detail"])
        number += 1
    return number


def summary(run: FuzzRun) -> dict[str, int]:
    """The counts ``make bench`` prints."""
    counts = Counter(run.outcomes.values())
    result = {"user_file_fuzz_cases": len(run.outcomes), "user_file_fuzz_failures": len(run.failures()),
              "user_file_fuzz_ok": counts["ok"], "user_file_fuzz_refused": counts["refused"]}
    plural = {"traceback": "tracebacks", "hang": "hangs", "crash": "crashes", "partial_write": "partial_writes"}
    return result | {f"user_file_fuzz_{plural[kind]}": counts[kind] for kind in FAILURES}


def measure_user_file_fuzz() -> dict[str, int | float]:
    """``user_file_fuzz_cases`` and ``user_file_fuzz_failures`` (target 0), with the failures grouped."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gmtool-user-file-fuzz-") as scratch:
        run = run_fuzz(SEED, 0, CASES, Path(scratch))
    seconds = time.perf_counter() - started
    for line in run.groups():
        print(f"user_file_fuzz_failed: {line}", flush=True)
    for number in run.examples():
        print(f"user_file_fuzz_example: {run.specs[number].label()}: {run.details[number][-400:]!r}", flush=True)
    return {**summary(run), "user_file_fuzz_workers": run.workers, "user_file_fuzz_s": seconds}


if __name__ == "__main__":
    for name, value in measure_user_file_fuzz().items():
        print(f"{name}: {value}")
