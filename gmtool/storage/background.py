"""A long write to the campaign on a connection of its own, in a thread: the window never waits on the disk.

Importing a library of thousands writes megabytes in one transaction; SQLite then waits on the disk
(its cache written out, the commit flushed, the log sealed into the file) for a tenth of a second
and more at a time, on a busy laptop several. :func:`in_background` runs such work on a connection
of its own in a thread (SQLite lets other threads run while it waits) and yields while it runs
(:mod:`gmtool.core.steps`), so the window keeps repainting.

Asked to stop (:class:`~gmtool.core.steps.Stopped` thrown into it), it tells the work, which rolls
back at its next row and raises ``Stopped`` too; work that has committed already comes back whole
(a stop that came too late). Closed, it waits for the thread (the work rolls back). Only the work
writes meanwhile: gmtool's other writes happen in the window's thread, which is busy running these
steps.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import TypeVar

from gmtool.core.steps import Steps, Stopped

R = TypeVar("R")
POLL_S = 0.005  # how long a step waits for the thread


def in_background(
    connect: Callable[[], sqlite3.Connection], work: Callable[[sqlite3.Connection, threading.Event], R]
) -> Steps[R]:
    """``work(connection, stop)``'s result, run in a thread on ``connect()``'s connection (closed after)."""
    stop = threading.Event()
    values: list[R] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            conn = connect()
            try:
                values.append(work(conn, stop))
            finally:
                conn.close()
        except BaseException as exc:  # noqa: BLE001 - handed back to the window's thread
            errors.append(exc)

    thread = threading.Thread(target=run, name="gmtool-campaign-write", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            try:
                yield
            except Stopped:
                stop.set()  # it rolls back at its next row, or has committed already
            thread.join(POLL_S)
    finally:
        if thread.is_alive():  # closed: the work rolls back, the connection closes
            stop.set()
            thread.join()
    if errors:
        raise errors[0]
    return values[0]
