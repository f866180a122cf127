"""Guards against Qt binding regressions that would crash gmtool at the table."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    fired = Signal(bool)


def test_signal_emit_keeps_the_reference_count_of_true() -> None:
    """PySide6 6.12.0 dropped a reference to True on every emit; Python 3.11 then aborts.

    pyproject.toml pins PySide6 below 6.12 for that reason; this test fails if a
    release with the same leak is installed.
    """
    emitter = _Emitter()
    received: list[bool] = []
    emitter.fired.connect(received.append)
    before = sys.getrefcount(True)
    for _ in range(300):
        emitter.fired.emit(True)
    received.clear()
    assert sys.getrefcount(True) >= before - 5
