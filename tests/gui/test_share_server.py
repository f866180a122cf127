"""The players' web server at the HTTP level: real sockets on 127.0.0.1 against the server in Qt's loop.

The token, 403, 405, the bounds (414, 431, 413), the clients' limit and its page, escaping, the event
stream after a command, undo and an encounter switch, and a page that reconnects with ``Last-Event-ID``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.share import http
from gmtool.share.server import MAX_CLIENTS, TOKEN_BYTES, ShareServer
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.bridge import EncounterBridge
from tests.gui.share_client import Raw, event_ids, get, head_and_body, request, status

Connect = Callable[[int], Raw]


@pytest.fixture
def bridge(workspace: Workspace) -> EncounterBridge:
    return EncounterBridge(workspace)


@pytest.fixture
def connect() -> Iterator[Callable[[int], Raw]]:
    """Opens raw connections; every one is closed after the test."""
    opened: list[Raw] = []

    def open_one(port: int) -> Raw:
        opened.append(Raw(port))
        return opened[-1]

    yield open_one
    for client in opened:
        client.close()


@pytest.fixture
def server(bridge: EncounterBridge) -> Iterator[ShareServer]:
    shared = ShareServer(bridge)
    assert shared.start("127.0.0.1", 0) is None
    yield shared
    shared.stop()
    shared.deleteLater()


def test_the_page_is_served_under_the_token_with_a_strict_policy(qtbot, server: ShareServer) -> None:
    response = get(qtbot, server.port, f"/{server.token}/")
    assert status(response) == 200
    headers, body = head_and_body(response)
    assert headers["content-security-policy"] == http.CSP
    assert "default-src 'none'" in http.CSP and "unsafe-inline" not in http.CSP and "http:" not in http.CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert b'<script src="page.js">' in body and b"http" not in body.lower().replace(b"http-equiv", b"")
    for name in ("page.js", "page.css"):
        asset = get(qtbot, server.port, f"/{server.token}/{name}")
        assert status(asset) == 200
        assert b"http://" not in asset.partition(b"\r\n\r\n")[2] and b"https://" not in asset.partition(b"\r\n\r\n")[2]


def test_the_token_has_at_least_128_bits_and_a_new_one_ends_the_old_links(qtbot, connect: Connect, server: ShareServer) -> None:
    assert TOKEN_BYTES * 8 >= 128 and len(server.token) >= 22
    old = server.token
    stream = connect(server.port)
    stream.send(request(f"/{old}/events"))
    stream.wait_for(qtbot, 1)
    server.new_token()
    assert server.token != old
    stream.wait_closed(qtbot)
    assert status(get(qtbot, server.port, f"/{old}/")) == 403
    assert status(get(qtbot, server.port, f"/{server.token}/")) == 200


@pytest.mark.parametrize("path", ["/", "/favicon.ico", "/x/", "/{wrong}/", "/{wrong}/events", "/{short}/"])
def test_a_missing_or_wrong_token_is_403(qtbot, server: ShareServer, path: str) -> None:
    wrong = ("A" if server.token[0] != "A" else "B") + server.token[1:]
    response = get(qtbot, server.port, path.format(wrong=wrong, short=server.token[:-1]))
    assert status(response) == 403
    assert server.token.encode() not in response


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "HEAD", "OPTIONS"])
def test_anything_but_get_is_405(qtbot, server: ShareServer, method: str) -> None:
    response = get(qtbot, server.port, f"/{server.token}/", method)
    assert status(response) == 405
    assert head_and_body(response)[0]["allow"] == "GET"


def test_the_request_line_headers_and_body_are_bounded(qtbot, server: ShareServer) -> None:
    long_line = get(qtbot, server.port, f"/{server.token}/?" + "a" * (http.MAX_LINE + 10))
    assert status(long_line) == 414
    many = {f"X-H{n}": "v" for n in range(http.MAX_HEADER_COUNT + 1)}
    assert status(get(qtbot, server.port, f"/{server.token}/", headers=many)) == 431
    big = {"X-Big": "v" * http.MAX_HEADERS}
    assert status(get(qtbot, server.port, f"/{server.token}/", headers=big)) == 431
    body = {"Content-Length": "5"}
    assert status(get(qtbot, server.port, f"/{server.token}/", headers=body)) == 413
    chunked = {"Transfer-Encoding": "chunked"}
    assert status(get(qtbot, server.port, f"/{server.token}/", headers=chunked)) == 413


def test_a_request_that_never_ends_is_refused_at_the_bound(qtbot, connect: Connect, server: ShareServer) -> None:
    client = connect(server.port)
    client.send(b"GET /" + b"a" * (http.MAX_LINE + 100))  # no line end ever
    assert status(client.wait_closed(qtbot)) == 414
    client.close()


def test_fixed_routes_only_no_path_from_the_url(qtbot, server: ShareServer) -> None:
    for name in ("../pyproject.toml", "page.js/../../x", "%2e%2e/x", "state"):
        assert status(get(qtbot, server.port, f"/{server.token}/{name}")) == 404
    redirect = get(qtbot, server.port, f"/{server.token}")
    assert status(redirect) == 302 and head_and_body(redirect)[0]["location"] == f"/{server.token}/"


def test_garbage_is_a_bad_request(qtbot, connect: Connect, server: ShareServer) -> None:
    client = connect(server.port)
    client.send(b"\x16\x03\x01 hello\r\n\r\n")
    assert status(client.wait_closed(qtbot)) == 400
    client.close()


def test_nothing_of_the_request_is_echoed_unescaped(qtbot, server: ShareServer) -> None:
    response = get(qtbot, server.port, "/<script>alert(1)</script>/")
    assert status(response) == 403 and b"<script>" not in response
    lang = get(qtbot, server.port, f"/{server.token}/", headers={"Accept-Language": '"><script>x</script>'})
    assert status(lang) == 200 and b"<script>x" not in lang


def test_the_page_speaks_the_browser_s_language_or_the_gm_s_choice(qtbot, server: ShareServer) -> None:
    ja = head_and_body(get(qtbot, server.port, f"/{server.token}/", headers={"Accept-Language": "ja-JP,ja;q=0.9"}))[1]
    assert b'<html lang="ja">' in ja and "プレイヤー表示".encode() in ja
    en = head_and_body(get(qtbot, server.port, f"/{server.token}/", headers={"Accept-Language": "fr, en;q=0.5"}))[1]
    assert b'<html lang="en">' in en
    server.set_options(server.options.model_copy(update={"language": "ja"}))
    chosen = head_and_body(get(qtbot, server.port, f"/{server.token}/", headers={"Accept-Language": "en"}))[1]
    assert b'<html lang="ja">' in chosen


def test_the_stream_sends_the_order_now_then_each_change(qtbot, connect: Connect, server: ShareServer, bridge: EncounterBridge) -> None:
    stream = connect(server.port)
    stream.send(request(f"/{server.token}/events", headers={"Accept-Language": "en"}))
    first = stream.wait_for(qtbot, 1)[0]
    assert b"retry: " in stream.data and b"text/event-stream" in stream.data
    assert first["feed"]["heading"] == bridge.ruleset.heading(bridge.state).text
    assert [r["place"] for r in first["feed"]["rows"]] == list(range(1, len(bridge.state.combatants) + 1))
    assert bridge.execute(cmd.StartTurn())
    second = stream.wait_for(qtbot, 2)[1]
    assert second["feed"]["heading"] == bridge.ruleset.heading(bridge.state).text != first["feed"]["heading"]
    current = [r["name"] for r in second["feed"]["rows"] if r["current"]]
    assert len(current) == 1 and second["feed"]["now"].endswith(current[0])
    assert bridge.undo()
    third = stream.wait_for(qtbot, 3)[2]
    assert third["feed"] == first["feed"]
    assert len(set(event_ids(stream.data))) == 3
    stream.close()


def test_an_encounter_switch_reaches_the_page(qtbot, connect: Connect, server: ShareServer, workspace: Workspace) -> None:
    stream = connect(server.port)
    stream.send(request(f"/{server.token}/events"))
    first = stream.wait_for(qtbot, 1)[0]
    assert first["map"] == ""  # a game without a map
    rally = workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally"))
    server.attach(EncounterBridge(rally))
    second = stream.wait_for(qtbot, 2)[1]
    assert second["map"].startswith("<svg") and "Demo Sandhopper" in second["map"]
    server.set_options(server.options.model_copy(update={"turn_timer_s": 30}))
    third = stream.wait_for(qtbot, 3)[2]
    assert third["map"] is None and third["feed"] == second["feed"]  # the same board is not sent again
    whole = json.loads(head_and_body(get(qtbot, server.port, f"/{server.token}/state.json"))[1])
    assert whole["map"] == second["map"] and whole["rows"] == second["feed"]["rows"]
    stream.close()


def test_a_page_that_lost_the_stream_catches_up_by_its_last_event_id(
        qtbot, connect: Connect, server: ShareServer, bridge: EncounterBridge) -> None:
    stream = connect(server.port)
    stream.send(request(f"/{server.token}/events"))
    stream.wait_for(qtbot, 1)
    seen = event_ids(stream.data)[-1]
    stream.close()
    again = connect(server.port)  # up to date: nothing to send but the retry
    again.send(request(f"/{server.token}/events", headers={"Last-Event-ID": seen}))
    qtbot.waitUntil(lambda: b"retry: " in again.pump())
    qtbot.wait(50)
    assert event_ids(again.pump()) == []
    again.close()
    assert bridge.execute(cmd.StartTurn())  # while the page was away
    back = connect(server.port)
    back.send(request(f"/{server.token}/events", headers={"Last-Event-ID": seen}))
    caught = back.wait_for(qtbot, 1)[0]
    assert caught["feed"]["heading"] == bridge.ruleset.heading(bridge.state).text
    assert event_ids(back.data)[0] != seen
    back.close()


def test_the_clients_are_bounded_and_the_next_one_is_told_the_table_is_full(qtbot, connect: Connect, server: ShareServer) -> None:
    streams = []
    for _ in range(MAX_CLIENTS):
        stream = connect(server.port)
        stream.send(request(f"/{server.token}/events"))
        streams.append(stream)
    for stream in streams:
        stream.wait_for(qtbot, 1)
    assert server.clients() == MAX_CLIENTS >= 32
    full = get(qtbot, server.port, f"/{server.token}/", headers={"Accept-Language": "en"})
    assert status(full) == 503 and b"The table is full" in full
    assert status(get(qtbot, server.port, f"/{server.token}/events")) == 503
    streams.pop().close()
    qtbot.waitUntil(lambda: server.clients() == MAX_CLIENTS - 1)
    assert status(get(qtbot, server.port, f"/{server.token}/")) == 200
    for stream in streams:
        stream.close()


def test_a_connection_that_sends_nothing_is_closed(qtbot, connect: Connect, server: ShareServer, monkeypatch) -> None:
    from gmtool.share import server as module

    monkeypatch.setattr(module, "REQUEST_WAIT_S", 0.2)
    idle = connect(server.port)
    idle.wait_closed(qtbot)
    assert idle.data == b""
    idle.close()


def test_it_listens_on_the_chosen_interface_only_never_on_all(qtbot, bridge: EncounterBridge) -> None:
    shared = ShareServer(bridge)
    for everywhere in ("0.0.0.0", "::", "not an address"):
        assert shared.start(everywhere, 0) is not None
        assert not shared.listening
    assert shared.start("127.0.0.1", 0) is None
    assert shared.address == "127.0.0.1" and shared.url() == f"http://127.0.0.1:{shared.port}/{shared.token}/"
    taken = ShareServer(bridge)
    assert taken.start("127.0.0.1", shared.port) is not None  # the port is taken: told, not raised
    shared.stop()
    assert not shared.listening


def test_a_page_that_reads_nothing_is_let_go_past_its_backlog(
        qtbot, connect: Connect, server: ShareServer, bridge: EncounterBridge, monkeypatch) -> None:  # noqa: ANN001
    """Bytes a page has not read pile up in the laptop's memory: past the bound its stream is closed
    (the bound set below anything here: every page is over it at the next change)."""
    from gmtool.share import server as module

    stream = connect(server.port)
    stream.send(request(f"/{server.token}/events"))
    stream.wait_for(qtbot, 1)
    monkeypatch.setattr(module, "MAX_BACKLOG", -1)
    assert bridge.execute(cmd.StartTurn())
    stream.wait_closed(qtbot)
    assert server.clients() == 0


def test_a_page_catches_up_on_what_changed_while_sharing_was_stopped(
        qtbot, connect: Connect, server: ShareServer, bridge: EncounterBridge) -> None:
    stream = connect(server.port)
    stream.send(request(f"/{server.token}/events"))
    stream.wait_for(qtbot, 1)
    seen = event_ids(stream.data)[-1]
    port = server.port
    server.stop()
    stream.wait_closed(qtbot)
    assert bridge.execute(cmd.StartTurn())  # while stopped
    assert server.start("127.0.0.1", port) is None
    back = connect(server.port)
    back.send(request(f"/{server.token}/events", headers={"Last-Event-ID": seen}))
    assert back.wait_for(qtbot, 1)[0]["feed"]["heading"] == bridge.ruleset.heading(bridge.state).text
