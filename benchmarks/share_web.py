"""The players' web page (issue 33): how fast a change reaches the pages, and how many pages are held.

``player_web_update_p95_ms``: 8 pages follow the SR5 demo's event stream over loopback (real sockets,
the server on Qt's loop as in gmtool); each sample is one command (next phase, through the bridge as a key
press runs it) until the event has reached the last of the 8 pages (target 100 ms). ``player_web_clients``:
32 pages follow at once, and each gets the next change; ``player_web_kib_per_client`` is the growth of the
process's resident memory per page held (both ends of each connection are in this process, so it is an
upper bound of the server's share).
"""

from __future__ import annotations

import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.next_phase import data_dir_env, p95

CLIENTS = 8
HELD = 32
PRESSES = 200
TARGET_MS = 100.0
WAIT_S = 10.0


class _Page:
    """One page's connection to the event stream; counts the events received."""

    def __init__(self, port: int, token: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.sendall(f"GET /{token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.sock.setblocking(False)
        self.events = 0

    def read(self) -> int:
        try:
            while chunk := self.sock.recv(65536):
                self.events += chunk.count(b"\nid: ") + chunk.startswith(b"id: ")
        except BlockingIOError:
            pass
        return self.events


def _rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _until(app: Any, check: Any) -> None:
    deadline = time.monotonic() + WAIT_S
    while not check():
        app.processEvents()
        if time.monotonic() > deadline:
            raise TimeoutError("the pages did not get the event")


def measure_share_web(clients: int = CLIENTS, held: int = HELD, presses: int = PRESSES) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from gmtool.core.registry import get_ruleset
    from gmtool.share.server import ShareServer
    from gmtool.storage.workspace import Workspace
    from gmtool.viewmodels.bridge import EncounterBridge

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="gmtool-share-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default()
        try:
            bridge = EncounterBridge(workspace)
            server = ShareServer(bridge)
            assert server.start("127.0.0.1", 0) is None
            start_turn, next_phase = _commands(get_ruleset(workspace.encounter.ruleset.key))
            assert bridge.execute(start_turn)
            pages = [_Page(server.port, server.token) for _ in range(clients)]
            _until(app, lambda: all(p.read() >= 1 for p in pages))
            samples = []
            for _ in range(presses):
                counts = [p.events for p in pages]
                start = time.perf_counter()
                assert bridge.execute(next_phase)
                _until(app, lambda counts=counts: all(p.read() > n for p, n in zip(pages, counts, strict=True)))
                samples.append((time.perf_counter() - start) * 1000.0)
            before = _rss_kib()
            more = [_Page(server.port, server.token) for _ in range(held - clients)]
            everyone = pages + more
            _until(app, lambda: all(p.read() >= 1 for p in more))
            grown = _rss_kib() - before
            counts = [p.events for p in everyone]
            assert bridge.execute(next_phase)
            _until(app, lambda: all(p.read() > n for p, n in zip(everyone, counts, strict=True)))
            held_now = server.clients()
            for page in everyone:
                page.sock.close()
            server.stop()
        finally:
            workspace.close()
    return {
        "player_web_update_p95_ms": p95(samples),
        "player_web_update_median_ms": sorted(samples)[len(samples) // 2],
        "player_web_clients": held_now,
        "player_web_kib_per_client": grown / max(held - clients, 1),
        "player_web_update_target_ms": TARGET_MS,
    }


def _commands(rules: Any) -> tuple[Any, Any]:
    """The SR5 demo's start of a turn and next phase, as their keys run them (the benchmark knows its
    game; the shell does not)."""
    from gmtool.games.shadowrun.sr5.rules.commands import NextPhase, StartTurn

    assert rules.key == "sr5"
    return StartTurn(), NextPhase()
