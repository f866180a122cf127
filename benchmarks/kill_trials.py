"""Durability under SIGKILL: no confirmed command lost, every campaign reopens.

Each trial starts :mod:`benchmarks.fight_script` on a fresh data folder, SIGKILLs
it after a delay drawn from a seeded ``random.Random`` (a quarter during start-up,
while the campaign and its demo encounter are being created; the rest after the
workspace is open, while commands run; delays scaled by an uncut calibration run),
then reads the seqs it confirmed (``ok <seq>``, printed after each call returned),
reopens the campaign with :meth:`Workspace.open` and compares the journal with the
records the script writes (replayed in memory by :func:`expected_records`).

A confirmed entry is *lost* if it is missing or differs from what the script
issued; if the campaign does not reopen, every confirmed entry counts as lost.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from benchmarks.fight_script import DEFAULT_LENGTH, expected_records
from gmtool.storage.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGN_FILE = "campaign.gmtool"
FIGHTS = 8  # distinct scripted fights per run (their records are replayed once each)
STARTUP_SHARE = 0.25  # share of kills aimed at start-up (before the workspace is open)
CHILD_TIMEOUT_S = 60.0
CALIBRATION_RUNS = 3


@dataclass(frozen=True)
class Timing:
    """When the uncut script confirmed its first and its last entry (seconds after Popen)."""

    opened_s: float
    finished_s: float


@dataclass
class TrialResult:
    confirmed: int = 0  # highest seq the script confirmed (0: none)
    stored: int = 0  # journal entries found on reopening
    lost: int = 0
    mismatched: int = 0  # confirmed entries present but not what the script issued
    reopen_failed: bool = False
    finished_early: bool = False  # the script ended before the kill
    file_existed: bool = False  # the campaign file was there after the kill
    script_error: str = ""
    notes: list[str] = field(default_factory=list)


def fight_command(data_dir: Path, fight_seed: int, length: int = DEFAULT_LENGTH) -> list[str]:
    return [sys.executable, "-m", "benchmarks.fight_script", str(data_dir), str(fight_seed), str(length)]


@lru_cache(maxsize=FIGHTS * 2)
def _expected(fight_seed: int) -> tuple[dict[str, Any], ...]:
    return tuple(expected_records(fight_seed))


def calibrate(fight_seed: int, runs: int = CALIBRATION_RUNS) -> Timing:
    """Run one fight uncut a few times to learn its time line (medians)."""
    timings = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="gmtool-kill-") as tmp:
            timings.append(_time_uncut(Path(tmp), fight_seed))
    return Timing(
        opened_s=statistics.median(t.opened_s for t in timings),
        finished_s=statistics.median(t.finished_s for t in timings),
    )


def _time_uncut(data_dir: Path, fight_seed: int) -> Timing:
    start = time.perf_counter()
    with subprocess.Popen(
        fight_command(data_dir, fight_seed), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None
        arrivals = [(line, time.perf_counter() - start) for line in proc.stdout]
        _, err = proc.communicate(timeout=CHILD_TIMEOUT_S)
        code = proc.returncode
    if not arrivals or not arrivals[0][0].startswith("ok ") or code != 0:
        raise RuntimeError(f"fight script failed (exit {code}): {err[-2000:]}")
    return Timing(opened_s=arrivals[0][1], finished_s=arrivals[-1][1])


@dataclass(frozen=True)
class KillMoment:
    """When to kill: ``delay_s`` after start, or after the first ``ok`` line if ``after_open``."""

    delay_s: float
    after_open: bool


def draw_moment(rng: random.Random, timing: Timing) -> KillMoment:
    """A quarter of the kills land in start-up, the rest while commands run."""
    if rng.random() < STARTUP_SHARE:
        return KillMoment(rng.uniform(0.0, timing.opened_s), after_open=False)
    return KillMoment(rng.uniform(0.0, timing.finished_s - timing.opened_s), after_open=True)


def confirmed_seqs(stdout: str) -> list[int]:
    """The seqs in complete ``ok <seq>`` lines (a line cut by the kill is ignored)."""
    seqs = []
    for line in stdout.splitlines(keepends=True):
        parts = line.split()
        if line.endswith("\n") and len(parts) == 2 and parts[0] == "ok" and parts[1].isdigit():
            seqs.append(int(parts[1]))
    return seqs


def run_and_kill(data_dir: Path, fight_seed: int, moment: KillMoment) -> tuple[list[int], int, str]:
    """Start the script, SIGKILL it at ``moment``; its confirmed seqs, exit code and stderr.

    Kills aimed at the command phase wait for the first ``ok`` line (workspace
    open) before their delay, so a slow start-up cannot turn them into start-up kills.
    """
    with tempfile.TemporaryFile(mode="w+") as errors:
        with subprocess.Popen(
            fight_command(data_dir, fight_seed), cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True
        ) as proc:
            assert proc.stdout is not None
            first = proc.stdout.readline() if moment.after_open else ""
            time.sleep(moment.delay_s)
            proc.kill()  # SIGKILL on POSIX; harmless if it already exited
            out = first + proc.stdout.read()
            proc.wait(CHILD_TIMEOUT_S)
        errors.seek(0)
        err = errors.read()
    return confirmed_seqs(out), proc.returncode, err


def check_campaign(data_dir: Path, fight_seed: int, result: TrialResult) -> None:
    """Reopen the campaign and count confirmed entries missing or different."""
    path = data_dir / CAMPAIGN_FILE
    result.file_existed = path.exists()
    if not result.file_existed:
        if result.confirmed:
            result.reopen_failed, result.lost = True, result.confirmed
            result.notes.append("campaign file missing")
        return
    try:
        workspace = Workspace.open(path)
    except Exception as exc:  # noqa: BLE001 - any failure to reopen is what we count
        result.reopen_failed, result.lost = True, result.confirmed
        result.notes.append(f"reopen failed: {type(exc).__name__}: {getattr(exc, 'key', exc)}")
        return
    try:
        stored = [entry.to_record() for entry in workspace.encounter.entries]
    finally:
        workspace.close()
    _compare(stored, _expected(fight_seed), result)


def _compare(stored: list[dict[str, Any]], expected: tuple[dict[str, Any], ...], result: TrialResult) -> None:
    result.stored = len(stored)
    for index in range(result.confirmed):
        if index >= len(stored):
            result.lost += 1
        elif index >= len(expected) or stored[index] != expected[index]:
            result.lost += 1
            result.mismatched += 1
    extra = stored[result.confirmed :]
    if any(index >= len(expected) or rec != expected[index] for index, rec in enumerate(extra, result.confirmed)):
        result.notes.append("unconfirmed entries differ from the script")


def run_trial(fight_seed: int, moment: KillMoment) -> TrialResult:
    result = TrialResult()
    with tempfile.TemporaryDirectory(prefix="gmtool-kill-") as tmp:
        data_dir = Path(tmp)
        seqs, code, err = run_and_kill(data_dir, fight_seed, moment)
        result.confirmed = max(seqs, default=0)
        result.finished_early = code == 0
        if code not in (0, -9):
            result.script_error = err[-2000:]
        check_campaign(data_dir, fight_seed, result)
    return result


def run_kill_trials(trials: int, seed: int) -> dict[str, Any]:
    """Run ``trials`` kill trials; the totals as a dict (see the keys at the end)."""
    rng = random.Random(seed)
    fights = [rng.randrange(2**31) for _ in range(FIGHTS)]
    timing = calibrate(fights[0])
    results = []
    for _ in range(trials):
        fight_seed = rng.choice(fights)
        results.append(run_trial(fight_seed, draw_moment(rng, timing)))
    return summarize(results, timing)


def summarize(results: list[TrialResult], timing: Timing) -> dict[str, Any]:
    problems = Counter(
        " ".join([*r.notes, r.script_error.strip().splitlines()[-1] if r.script_error.strip() else ""]).strip()
        for r in results
        if r.reopen_failed or r.lost or r.script_error or r.notes
    )
    return {
        "trials": len(results),
        "lost_commands": sum(r.lost for r in results),
        "mismatched_entries": sum(r.mismatched for r in results),
        "reopen_failures": sum(r.reopen_failed for r in results),
        "script_errors": sum(bool(r.script_error) for r in results),
        "killed_before_open": sum(r.confirmed == 0 and not r.finished_early for r in results),
        "killed_while_creating": sum(r.confirmed == 0 and r.file_existed for r in results),
        "finished_before_kill": sum(r.finished_early for r in results),
        "killed_after_last_command": sum(r.confirmed == DEFAULT_LENGTH and not r.finished_early for r in results),
        "confirmed_entries": sum(r.confirmed for r in results),
        "stored_beyond_confirmed": sum(max(0, r.stored - r.confirmed) for r in results),
        "calibration_open_s": timing.opened_s,
        "calibration_finish_s": timing.finished_s,
        "problems": [f"{count} x {problem or 'confirmed entries missing'}" for problem, count in problems.most_common()],
    }
