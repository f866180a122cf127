"""The little HTTP/1.1 the shared page needs, without sockets: reading one GET request, writing a response.

Everything is bounded: the request line (:data:`MAX_LINE`), the header section (:data:`MAX_HEADERS`
bytes, :data:`MAX_HEADER_COUNT` lines); a request with a body is refused (413), a method other than GET
too (405). :func:`read_request` answers a :class:`Request`, a :class:`Refusal` (the status to send), or
None while the header section is not complete yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from http import HTTPStatus

MAX_LINE = 2048  # bytes of the request line
MAX_HEADERS = 8192  # bytes of the whole header section, request line included
MAX_HEADER_COUNT = 40
END = b"\r\n\r\n"


@dataclass(frozen=True)
class Request:
    """A GET request: its path (without the query) and its headers (names in lower case)."""

    path: str
    query: str
    headers: dict[str, str] = field(default_factory=dict)

    def header(self, name: str) -> str:
        return self.headers.get(name.lower(), "")


@dataclass(frozen=True)
class Refusal:
    """The request cannot be served: the status to answer with (the connection closes after it)."""

    status: HTTPStatus


def read_request(data: bytes) -> Request | Refusal | None:
    """The request at the start of ``data`` (what a client sent so far); None: not complete yet."""
    end = data.find(END)
    if end < 0:
        first_line_end = data.find(b"\r\n")
        if first_line_end < 0 and len(data) > MAX_LINE or first_line_end > MAX_LINE:
            return Refusal(HTTPStatus.REQUEST_URI_TOO_LONG)
        if len(data) > MAX_HEADERS:
            return Refusal(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
        return None
    if end + len(END) > MAX_HEADERS:
        return Refusal(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
    try:
        text = data[:end].decode("ascii")
    except UnicodeDecodeError:
        return Refusal(HTTPStatus.BAD_REQUEST)
    line, *header_lines = text.split("\r\n")
    if len(line) > MAX_LINE:
        return Refusal(HTTPStatus.REQUEST_URI_TOO_LONG)
    if len(header_lines) > MAX_HEADER_COUNT:
        return Refusal(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
    parts = line.split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[1].startswith("/"):
        return Refusal(HTTPStatus.BAD_REQUEST)
    method, target, _version = parts
    headers = _headers(header_lines)
    if headers is None:
        return Refusal(HTTPStatus.BAD_REQUEST)
    if method != "GET":
        return Refusal(HTTPStatus.METHOD_NOT_ALLOWED)
    if headers.get("content-length", "0").strip() not in ("", "0") or "transfer-encoding" in headers:
        return Refusal(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)  # a GET has no body here
    path, _, query = target.partition("?")
    return Request(path, query, headers)


def _headers(lines: list[str]) -> dict[str, str] | None:
    headers: dict[str, str] = {}
    for line in lines:
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            return None
        headers[name.lower()] = value.strip()
    return headers


CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SAFE_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Frame-Options", "DENY"),
)


def response(status: HTTPStatus, body: bytes, content_type: str, extra: tuple[tuple[str, str], ...] = (),
             keep_open: bool = False) -> bytes:
    """A whole response (``keep_open``: the header of a stream, no length, the body follows in parts)."""
    lines = [f"HTTP/1.1 {status.value} {status.phrase}", f"Content-Type: {content_type}",
             *(f"{name}: {value}" for name, value in (*SAFE_HEADERS, *extra))]
    if not keep_open:
        lines += [f"Content-Length: {len(body)}", "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii") + body


def event(event_id: str, data: str) -> bytes:
    """One Server-Sent Event: its id and its one-line data (JSON has no raw line break)."""
    return f"id: {event_id}\ndata: {data}\n\n".encode()
