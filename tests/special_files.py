"""Files that are not files, for the tests of the guarded reader (issue 29): pipes, devices, folders
and sockets under an ordinary name, and :func:`within`, which fails a call that hangs on one instead
of hanging the test run."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")
DEADLINE_S = 10.0


def fifo(path: Path) -> Path:
    """A named pipe at ``path`` (nobody writes to it: opening it to read blocks, reading it too)."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def link(path: Path, target: str) -> Path:
    """``path`` as a symbolic link to ``target`` (a device such as /dev/zero)."""
    if not Path(target).exists():
        pytest.skip(f"no {target} here")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return path


def unix_socket(path: Path) -> socket.socket:
    """A listening Unix socket bound at ``path`` (close it when done)."""
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets here")
    path.parent.mkdir(parents=True, exist_ok=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    return server


def _release(pipes: tuple[Path, ...]) -> None:
    """Let a reader stuck on one of ``pipes`` go: a writer opens it and closes it (end of file)."""
    for pipe in pipes:
        try:
            fd = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)  # succeeds only while someone waits to read
        except OSError:
            continue
        os.close(fd)


def within(call: Callable[[], T], pipes: tuple[Path, ...] = (), seconds: float = DEADLINE_S) -> T:
    """``call()``'s result, or a test failure if it has not returned after ``seconds`` (a read blocked on
    one of ``pipes`` is then released, so the thread ends and the run goes on)."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test below
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        _release(pipes)
        worker.join(seconds)
        pytest.fail(f"still running after {seconds} s: a pipe or device was read")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]


class Watchdog:
    """``with Watchdog(pipes) as dog:`` a call on this thread that blocks on one of ``pipes`` is
    released after ``seconds``; ``dog.released`` then says the test must fail (for code that must run on
    the GUI thread, where :func:`within` cannot move it)."""

    def __init__(self, pipes: tuple[Path, ...], seconds: float = DEADLINE_S) -> None:
        self.pipes = pipes
        self.released = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, args=(seconds,), daemon=True)

    def _watch(self, seconds: float) -> None:
        if not self._done.wait(seconds):
            self.released = True
            _release(self.pipes)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._done.set()
        self._thread.join()
