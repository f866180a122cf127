"""A raw HTTP client for the shared player view's tests: a real socket on 127.0.0.1, read while Qt's loop
runs (the server lives in that loop, in this thread), so a test sees exactly the bytes sent."""

from __future__ import annotations

import json
import socket
from typing import Any

from pytestqt.qtbot import QtBot

WAIT_MS = 5000


class Raw:
    """One connection; ``data``: every byte received so far."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.setblocking(False)
        self.data = b""
        self.closed = False

    def send(self, data: bytes) -> None:
        self.sock.setblocking(True)
        self.sock.sendall(data)
        self.sock.setblocking(False)

    def pump(self) -> bytes:
        """What has arrived (without waiting)."""
        while not self.closed:
            try:
                chunk = self.sock.recv(65536)
            except BlockingIOError:
                break
            except ConnectionResetError:
                self.closed = True
                break
            if not chunk:
                self.closed = True
            self.data += chunk
        return self.data

    def wait_closed(self, qtbot: QtBot) -> bytes:
        qtbot.waitUntil(lambda: bool(self.pump() is not None and self.closed), timeout=WAIT_MS)
        return self.data

    def wait_for(self, qtbot: QtBot, count: int) -> list[dict[str, Any]]:
        """The first ``count`` events' data (JSON), waiting for them."""
        qtbot.waitUntil(lambda: len(events(self.pump())) >= count, timeout=WAIT_MS)
        return events(self.data)[:count]

    def close(self) -> None:
        self.sock.close()


def request(path: str, method: str = "GET", headers: dict[str, str] | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *(f"{k}: {v}" for k, v in (headers or {}).items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def get(qtbot: QtBot, port: int, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> bytes:
    """One whole response (the server closes after it)."""
    client = Raw(port)
    try:
        client.send(request(path, method, headers))
        return client.wait_closed(qtbot)
    finally:
        client.close()


def status(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


def head_and_body(response: bytes) -> tuple[dict[str, str], bytes]:
    head, _, body = response.partition(b"\r\n\r\n")
    headers = {}
    for line in head.decode().split("\r\n")[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers, body


def events(data: bytes) -> list[dict[str, Any]]:
    """Each event's data in a stream received so far (whole events only)."""
    _, _, body = data.partition(b"\r\n\r\n")
    found = []
    for block in body.decode("utf-8", "replace").split("\n\n")[:-1]:
        for line in block.split("\n"):
            if line.startswith("data: "):
                found.append(json.loads(line[len("data: "):]))
    return found


def event_ids(data: bytes) -> list[str]:
    _, _, body = data.partition(b"\r\n\r\n")
    return [line[len("id: "):] for line in body.decode().split("\n") if line.startswith("id: ")]
