"""Long work in short steps (:mod:`gmtool.core.steps`): a pause between slices, a stop thrown into the
work, the collector and thread turns put back, items handed over one by one, work in a thread.
(Moved from ``tests/test_import_steps.py``, which the mutation runs leave out: it kills processes.)"""

from __future__ import annotations

import gc
import sys
import threading

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.steps import Stopped, finish, in_thread, run_in_slices, taking

# -- core.steps ------------------------------------------------------------------------------------


def counting(log: list[str], steps: int) -> object:
    try:
        for number in range(steps):
            log.append(f"step {number}")
            yield
        return "done"
    finally:
        log.append("closed")


def test_run_in_slices_pauses_between_steps_and_returns_the_result() -> None:
    log: list[str] = []
    pauses = []
    result = run_in_slices(counting(log, 5), 0.0, lambda: pauses.append(len(log)) is None)
    assert result == "done"
    assert pauses == [1, 2, 3, 4, 5]  # a pause after every step (a slice of 0 s)
    assert log[-1] == "closed"


def test_a_pause_saying_stop_throws_stopped_into_the_work_which_ends_there() -> None:
    log: list[str] = []
    with pytest.raises(Stopped):
        run_in_slices(counting(log, 10), 0.0, lambda: len(log) < 3)
    assert log == ["step 0", "step 1", "step 2", "closed"]


def test_the_collector_and_thread_turns_are_as_they_were_after_the_work() -> None:
    switch, collecting = sys.getswitchinterval(), gc.isenabled()
    seen = []

    def work() -> object:
        seen.append((gc.isenabled(), sys.getswitchinterval()))
        yield

    run_in_slices(work(), 0.0, lambda: True)
    assert seen == [(False, 0.0005)]
    assert (sys.getswitchinterval(), gc.isenabled()) == (switch, collecting)


def test_taking_hands_over_each_item_in_order_and_empties_the_list() -> None:
    items = [1, 2, 3]
    taken = []
    for item in taking(items):
        taken.append((item, len(items)))
    assert taken == [(1, 2), (2, 1), (3, 0)]


def test_work_in_a_thread_lets_the_caller_step_and_returns_or_raises() -> None:
    gate = threading.Event()
    steps = in_thread(lambda: gate.wait(5) and "read")
    next(steps)
    next(steps)  # the thread waits: the caller keeps stepping
    gate.set()
    assert finish(steps) == "read"
    with pytest.raises(FileFormatError):
        finish(in_thread(lambda: (_ for _ in ()).throw(FileFormatError("error.exchange_not_gmtool"))))
