"""No test over 10 s without a reason: a pytest plug-in (loaded by ``tests/conftest.py``).

A test's time is the CPU time of its process (every thread, from the start of its setup to the end
of its call, so a module's shared setup counts for the test that builds it) plus the CPU time of the
child processes it waited for. CPU time, not wall time: this machine is shared by several engineers
and ``make test`` runs two workers on two cores, so a test's wall time swings by a factor of 2-7
with the load while its CPU time swings far less. Far less, not nothing: at a load average of 11 on
the 2 cores the journal state machine took 18.6 s of CPU in ``make test`` against 10.8 s alone, so
the CPU limit grows with the load too, up to twice the limit (``CPU_LOAD_MAX``), and a quiet machine
keeps the plain 10 s. A test that waits instead of working (a sleep, a child left running) shows in
wall time only; that is allowed ``WALL_FACTOR`` times the limit, more when the load average says
the machine is busier than its cores.

A test over the limit fails unless its docstring (or, for a hypothesis state machine, its class's)
holds a sentence that begins with ``Slow:`` and says why it must take that long. Each test's CPU
seconds are kept in its ``user_properties`` (``cpu_s``), so ``--junitxml`` lists them. The ini
options ``cpu_limit_s`` and ``cpu_limit_wall_factor`` change the two numbers (the plug-in's own tests use them).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

LIMIT_S = 10.0
WALL_FACTOR = 3.0  # wall seconds allowed per second of the limit on a quiet machine
CPU_LOAD_MAX = 2.0  # at most this many times the limit of CPU seconds on an overloaded machine
REASON = "Slow:"
_STARTED = pytest.StashKey[tuple[float, float]]()


def cpu_seconds() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    used = os.times()
    return used.user + used.system + used.children_user + used.children_system


def overload(cores: int | None = None, load: float | None = None) -> float:
    """How many times more runnable work the machine has than cores (1 at most cores busy)."""
    cores = cores or os.cpu_count() or 1
    load = os.getloadavg()[0] if load is None else load
    return max(1.0, load / cores)


def wall_limit(limit_s: float, factor: float, cores: int | None = None, load: float | None = None) -> float:
    """Wall seconds a test may take: ``factor`` × the limit, scaled up when the machine is overloaded."""
    return limit_s * factor * overload(cores, load)


def cpu_limit(limit_s: float, cores: int | None = None, load: float | None = None) -> float:
    """CPU seconds a test may take: the limit, up to ``CPU_LOAD_MAX`` times it when the machine is overloaded."""
    return limit_s * min(CPU_LOAD_MAX, overload(cores, load))


def has_reason(item: pytest.Item) -> bool:
    """Whether the test's docstring (or its class's) says why it is slow."""
    owners = (getattr(item, "function", None), getattr(item, "cls", None))
    return any(REASON in (owner.__doc__ or "") for owner in owners if owner is not None)


def over_limit(cpu_s: float, wall_s: float, limit_s: float, wall_allowed: float) -> str:
    """What a test took too much of ("" when it kept within the limits)."""
    if cpu_s > limit_s:
        return f"{cpu_s:.1f} s of CPU"
    if wall_s > wall_allowed:
        return f"{wall_s:.1f} s of wall time (allowed {wall_allowed:.0f} s at this load)"
    return ""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("cpu_limit_s", "CPU seconds a test may take without a 'Slow:' reason", default=str(LIMIT_S))
    parser.addini("cpu_limit_wall_factor", "wall seconds allowed per second of the CPU limit",
                  default=str(WALL_FACTOR))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_STARTED] = (cpu_seconds(), time.perf_counter())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if call.when != "call" or _STARTED not in item.stash:
        return
    cpu_start, wall_start = item.stash[_STARTED]
    cpu_s, wall_s = cpu_seconds() - cpu_start, time.perf_counter() - wall_start
    item.user_properties.append(("cpu_s", round(cpu_s, 2)))  # in the teardown report, which --junitxml reads
    limit_s = float(item.config.getini("cpu_limit_s"))
    wall_allowed = wall_limit(limit_s, float(item.config.getini("cpu_limit_wall_factor")))
    too_much = over_limit(cpu_s, wall_s, cpu_limit(limit_s), wall_allowed)
    if report.passed and too_much and not has_reason(item):
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} took {too_much}, over the {limit_s:g} s limit (tests/cpu_limit.py): "
                           f"make it faster, or say why it must be slow in its docstring (a sentence "
                           f"beginning '{REASON}').")
