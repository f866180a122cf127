"""The 10 s limit of ``tests/cpu_limit.py``: a test over it fails with its name and what to do, unless
its docstring says why it is slow; CPU time is what counts, wall time only far past the limit."""

from __future__ import annotations

import pytest

from tests import cpu_limit

BUSY = '''
import time

def busy():
    end = time.process_time() + 0.3
    while time.process_time() < end:
        pass

def test_busy_without_a_reason():
    busy()

def test_busy_with_a_reason():
    """Slow: the point of this test is the work it does."""
    busy()

class TestMachine:
    """Slow: every step of the machine is the point."""

    def test_steps(self):
        busy()

def test_waits_without_working():
    time.sleep(0.3)

def test_quick():
    pass
'''


def test_a_test_over_the_limit_fails_by_name_unless_its_docstring_says_why(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_busy=BUSY)
    # 0.1 s of CPU; 30 × that of wall time, so the sleeping test keeps within it
    result = pytester.runpytest_inprocess("-p", "tests.cpu_limit", "-p", "no:cacheprovider", "-p", "no:xdist",
                                          "-o", "cpu_limit_s=0.1", "-o", "cpu_limit_wall_factor=30")
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(["*test_busy.py::test_busy_without_a_reason took 0.* s of CPU, over the 0.1 s "
                                 "limit*beginning 'Slow:'*"])
    assert "test_busy_with_a_reason took" not in result.stdout.str()


def test_cpu_time_counts_and_wall_time_only_far_past_the_limit() -> None:
    assert cpu_limit.over_limit(cpu_s=10.5, wall_s=11.0, limit_s=10.0, wall_allowed=30.0) == "10.5 s of CPU"
    assert cpu_limit.over_limit(cpu_s=9.0, wall_s=29.0, limit_s=10.0, wall_allowed=30.0) == ""  # 9 s of work, loaded
    assert cpu_limit.over_limit(cpu_s=0.5, wall_s=31.0, limit_s=10.0, wall_allowed=30.0) == (
        "31.0 s of wall time (allowed 30 s at this load)")


def test_the_limits_grow_with_the_load_past_the_cores() -> None:
    assert cpu_limit.wall_limit(10.0, 3.0, cores=2, load=1.0) == 30.0  # quiet: 3 × 10 s
    assert cpu_limit.wall_limit(10.0, 3.0, cores=2, load=8.0) == 120.0  # four times the cores busy: 4 × 30 s
    assert cpu_limit.cpu_limit(10.0, cores=2, load=1.5) == 10.0  # quiet: the plain limit
    assert cpu_limit.cpu_limit(10.0, cores=2, load=3.0) == 15.0  # half again as much work as cores
    assert cpu_limit.cpu_limit(10.0, cores=2, load=11.0) == 20.0  # never more than twice the limit
