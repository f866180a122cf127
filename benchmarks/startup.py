"""Start-up time and peak memory of gmtool, as ratios to a bare PySide6 window.

Both programs print ``painted`` on their main window's first paint and quit
(gmtool when ``GMTOOL_EXIT_AFTER_PAINT=1``; the baseline is
:mod:`benchmarks.bare_window`). A run's time is from ``Popen`` to that line; its
peak memory is the child's ``ru_maxrss`` from ``os.wait4`` (KiB on Linux). After
one warm-up of each (gmtool's creates the campaign in the shared temporary data
folder, so measured runs open the demo encounter), runs alternate baseline,
candidate, baseline… and each side's median is taken.
"""

from __future__ import annotations

import os
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
BARE_COMMAND: tuple[str, ...] = (sys.executable, "-m", "benchmarks.bare_window")
GMTOOL_COMMAND: tuple[str, ...] = (sys.executable, "-m", "gmtool")
PAINTED = b"painted"
TIMEOUT_S = 60.0
TARGET_RATIO = 1.5


@dataclass(frozen=True)
class Run:
    seconds: float  # Popen to the "painted" line
    max_rss_kib: int  # the child's peak resident set


def child_env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        GMTOOL_EXIT_AFTER_PAINT="1",
        GMTOOL_DATA_DIR=str(data_dir),
        GMTOOL_CONFIG_DIR=str(data_dir),
    )
    return env


def _wait_for_painted(stdout: IO[bytes], deadline: float) -> bool:
    """Read the child's stdout until a ``painted`` line (True) or EOF / deadline (False)."""
    seen = b""
    with selectors.DefaultSelector() as selector:
        selector.register(stdout, selectors.EVENT_READ)
        while (left := deadline - time.perf_counter()) > 0:
            if not selector.select(left):
                continue
            chunk = os.read(stdout.fileno(), 4096)
            if not chunk:
                return False
            seen += chunk
            if PAINTED in seen.split(b"\n")[:-1]:  # complete lines only
                return True
    return False


def _drain(stdout: IO[bytes]) -> None:
    while os.read(stdout.fileno(), 65536):
        pass


def _reap(proc: subprocess.Popen[bytes]) -> int:
    """Wait for the child with ``os.wait4``; its peak RSS in KiB (Popen is told it ended)."""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return int(usage.ru_maxrss)


def run_once(command: tuple[str, ...], env: Mapping[str, str], timeout: float = TIMEOUT_S) -> Run:
    """Start ``command``, time it to ``painted``, let it quit, return time and peak RSS."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        with subprocess.Popen(command, cwd=ROOT, env=dict(env), stdout=subprocess.PIPE, stderr=errors) as proc:
            assert proc.stdout is not None
            painted = _wait_for_painted(proc.stdout, start + timeout)
            elapsed = time.perf_counter() - start
            if not painted:
                proc.kill()
            _drain(proc.stdout)
            max_rss = _reap(proc)
        if not painted:
            errors.seek(0)
            tail = errors.read()[-3000:].decode(errors="replace")
            raise RuntimeError(f"{' '.join(command)} never printed 'painted' (exit {proc.returncode}):\n{tail}")
    return Run(elapsed, max_rss)


def measure_startup(
    runs: int = 5,
    candidate: tuple[str, ...] = GMTOOL_COMMAND,
    baseline: tuple[str, ...] = BARE_COMMAND,
) -> dict[str, float]:
    """Alternate ``runs`` of each after a warm-up of each; medians and candidate/baseline ratios."""
    with tempfile.TemporaryDirectory(prefix="gmtool-startup-") as tmp:
        env = child_env(Path(tmp))
        run_once(candidate, env)  # creates the campaign and its demo encounter
        run_once(baseline, env)
        base_runs: list[Run] = []
        cand_runs: list[Run] = []
        for _ in range(runs):
            base_runs.append(run_once(baseline, env))
            cand_runs.append(run_once(candidate, env))
    return summarize(base_runs, cand_runs)


def summarize(base_runs: list[Run], cand_runs: list[Run]) -> dict[str, float]:
    base_s = statistics.median(r.seconds for r in base_runs)
    cand_s = statistics.median(r.seconds for r in cand_runs)
    base_kib = statistics.median(r.max_rss_kib for r in base_runs)
    cand_kib = statistics.median(r.max_rss_kib for r in cand_runs)
    return {
        "startup_ratio": cand_s / base_s,
        "memory_ratio": cand_kib / base_kib,
        "startup_bare_median_s": base_s,
        "startup_gmtool_median_s": cand_s,
        "memory_bare_median_kib": base_kib,
        "memory_gmtool_median_kib": cand_kib,
        "startup_runs_each": float(len(base_runs)),
    }
