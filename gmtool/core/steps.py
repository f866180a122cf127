"""Long work in short steps: a generator that yields between steps and returns its result.

Work that may take seconds (importing a library of thousands of NPCs) is written as such a
generator, so that its caller decides what happens between the steps: :func:`finish` runs it
through at once; :func:`run_in_slices` calls ``pause`` whenever a slice of time has passed (the
window repaints, the GM may press Cancel) and stops it when ``pause`` says so: :class:`Stopped` is
thrown into it at the step it waits at, so a ``with`` or ``finally`` inside it (a transaction)
ends there and nothing is kept of work stopped halfway. Work that can no longer stop (its commit
is under way) may go on and return its result: the stop came too late.

While :func:`run_in_slices` runs, Python's cycle collector is paused: its full passes walk every
object of the program, and the millions a large import builds made each pass stop the window for
half a second (measured: 14 passes of 0.5–0.7 s importing 2,000 NPCs). Reference counting still
frees what the work drops; the collector resumes when the work ends. Work may also run in a thread
(:func:`in_thread`); meanwhile threads take turns every :data:`SWITCH_S` (Python's 5 ms made each
of the window's own Python handlers wait that long: a repaint took 80 ms).
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

R = TypeVar("R")
SWITCH_S = 0.0005  # how often threads take turns while work runs in slices
T = TypeVar("T")
Steps = Generator[None, None, R]


def finish(steps: Steps[R]) -> R:
    """The result of ``steps``, run to the end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]  # StopIteration.value is untyped: Steps[R] returns R


def taking(items: list[T]) -> Iterator[T]:
    """The items of ``items`` in order, each dropped from the list as it is handed over: work on
    thousands of objects frees them as it goes (freeing them all at its end took a step of 0.2 s)."""
    items.reverse()
    while items:
        yield items.pop()


def in_thread(work: Callable[[], R], poll_s: float = 0.005) -> Steps[R]:
    """``work()`` run in a thread, yielding while it runs (Python lets the window's thread run every
    few milliseconds meanwhile). For work that writes nothing (reading a file, loading a module):
    stopped, it is left to finish unheeded and its result is dropped."""
    values: list[R] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            values.append(work())
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
            errors.append(exc)

    thread = threading.Thread(target=run, name="gmtool-work", daemon=True)
    thread.start()
    while thread.is_alive():
        yield
        thread.join(poll_s)
    if errors:
        raise errors[0]
    return values[0]


class Stopped(Exception):
    """The work was stopped between two steps (``pause`` said so): nothing of it is kept."""


def run_in_slices(steps: Steps[R], slice_s: float, pause: Callable[[], bool]) -> R:
    """The result of ``steps``, calling ``pause`` after each ``slice_s`` of work; when ``pause``
    returns False, :class:`Stopped` is thrown into ``steps`` (raised here unless the work could
    not stop any more and returns its result)."""
    collecting, switch = gc.isenabled(), sys.getswitchinterval()
    gc.disable()
    sys.setswitchinterval(SWITCH_S)
    stopping = False
    try:
        due = time.perf_counter() + slice_s
        while True:
            try:
                if stopping:
                    steps.throw(Stopped())
                else:
                    next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]  # StopIteration.value is untyped: Steps[R] returns R
            stopping = False
            if time.perf_counter() >= due:
                stopping = not pause()
                due = time.perf_counter() + slice_s
    finally:
        steps.close()
        sys.setswitchinterval(switch)
        if collecting:
            gc.enable()
