"""The players' web server: HTTP/1.1 GET only, on Qt's event loop (``QTcpServer``), no thread.

Fixed routes under the join token, ``/<token>/``: the page, ``page.css``, ``page.js``, ``state.json`` (the
content now) and ``events`` (Server-Sent Events: the content again after each change). A missing or
wrong token is 403 (compared in constant time), anything but GET 405, a request too long 414 or 431, one
with a body 413; at most :data:`MAX_CLIENTS` pages follow the fight at once (the next is told the table
is full), a socket that has not sent its request in :data:`REQUEST_WAIT_S` is closed. The content is read
from one :class:`~gmtool.viewmodels.player_view_model.PlayerViewModel` (the local player view's model),
in each reader's language; each event carries an id, so a page that lost the network reconnects (the
browser does, after ``retry``) and gets the content of now if it missed a change.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus

import shiboken6
from pydantic import BaseModel, ConfigDict, Field
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QHostAddress, QTcpServer, QTcpSocket

from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, in_language, tr
from gmtool.share import http
from gmtool.share.feed import MapCache, feed
from gmtool.share.page import LANGUAGES, asset, chosen_language, message_html, page_html
from gmtool.viewmodels import player_view_model as pvm
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_roll import PublicRolls
from gmtool.viewmodels.player_view_model import PlayerViewModel, PlayerViewSettings

MAX_CLIENTS = 32  # pages following the fight at once
MAX_SOCKETS = MAX_CLIENTS + 16  # connections at once (pages loading their files besides the streams)
REQUEST_WAIT_S = 10.0  # a connection that sends no whole request in this time is closed
PING_MS = 15_000  # a comment on every stream this often (a dead connection is found out)
MAX_BACKLOG = 4 * 1024 * 1024  # bytes a page has not read yet beyond which it is closed (it reconnects)
RETRY_MS = 2000  # the browser reconnects this long after losing the stream
TOKEN_BYTES = 24  # 192 bits
DEFAULT_PORT = 8765
ASSETS = {"page.css": "text/css; charset=utf-8", "page.js": "text/javascript; charset=utf-8"}


class ShareOptions(BaseModel):
    """What the GM chose for the shared page: what players see (as the local player view's settings: NPC
    names, figures, NPCs listed only once they act), its language ("browser": each reader's own), a turn timer (seconds; 0: none), the port."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    show_npc_names: bool = False
    show_npc_figures: bool = False
    show_pc_figures: bool = True
    hide_npcs_until_they_act: bool = False
    language: str = Field(default="browser", pattern="^(browser|en|ja)$")
    turn_timer_s: int = Field(default=0, ge=0, le=3600)
    port: int = Field(default=DEFAULT_PORT, ge=1024, le=65535)

    def player_settings(self) -> PlayerViewSettings:
        return PlayerViewSettings(show_npc_names=self.show_npc_names, show_npc_figures=self.show_npc_figures,
                                  show_pc_figures=self.show_pc_figures,
                                  hide_npcs_until_they_act=self.hide_npcs_until_they_act)


@dataclass
class _Client:
    socket: QTcpSocket
    since: float
    received: bytearray = field(default_factory=bytearray)
    language: str = ""  # set once it follows the stream
    map: str | None = None  # the map's SVG this page has (None: none sent yet)
    answered: bool = False


class ShareServer(QObject):
    """Serves the player view of one bridge (another after :meth:`attach`) while started."""

    clientsChanged = Signal(int)  # pages following the fight now
    optionsChanged = Signal()  # the GM's choices changed (set_options)

    def __init__(self, bridge: EncounterBridge, options: ShareOptions | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.options = options or ShareOptions()
        self.token = secrets.token_urlsafe(TOKEN_BYTES)
        self._server = QTcpServer(self)
        self._server.setMaxPendingConnections(MAX_SOCKETS)
        self._server.newConnection.connect(self._accept)
        self._clients: dict[QTcpSocket, _Client] = {}
        self._feeds: dict[str, tuple[str, str]] = {}  # language → the content's JSON now without the map, the map
        self._maps = MapCache()
        self._rolls = PublicRolls()
        self._epoch = secrets.token_hex(4)  # event ids of another start never match
        self._seq = 0
        self._turn: tuple[str, str] = ("", "")
        self._turn_since = time.monotonic()
        self._bridge = bridge
        self.model = PlayerViewModel(bridge, self.options.player_settings(), self)
        bridge.changed.connect(self._on_change)
        self._ping = QTimer(self)
        self._ping.setInterval(PING_MS)
        self._ping.timeout.connect(self._keep_alive)
        self._sweep = QTimer(self)
        self._sweep.setInterval(1000)
        self._sweep.timeout.connect(self._close_slow)

    # -- the GM's controls ------------------------------------------------------------------
    def start(self, address: str, port: int) -> str | None:
        """Listen on ``address`` (one interface's, never all of them) and ``port``; the reason in words
        when it cannot (the port is taken …), else None."""
        self.stop()
        host = QHostAddress(address)
        if host.isNull() or host in (QHostAddress(QHostAddress.SpecialAddress.Any),
                                     QHostAddress(QHostAddress.SpecialAddress.AnyIPv4),
                                     QHostAddress(QHostAddress.SpecialAddress.AnyIPv6)):
            return tr("share.error.address", address=address)
        if not self._server.listen(host, port):
            return tr("share.error.listen", address=address, port=port, detail=self._server.errorString())
        self._ping.start()
        self._sweep.start()
        return None

    def stop(self) -> None:
        """Stop listening and close every connection."""
        self._ping.stop()
        self._sweep.stop()
        if self._server.isListening():
            self._server.close()
        for socket in list(self._clients):
            socket.abort()
            self._drop(socket)

    @property
    def listening(self) -> bool:
        return self._server.isListening()

    @property
    def port(self) -> int:
        return self._server.serverPort()

    @property
    def address(self) -> str:
        return self._server.serverAddress().toString()

    def url(self) -> str:
        """The address players open (the token in it)."""
        host = self.address
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}/{self.token}/"

    def new_token(self) -> None:
        """A new join token: the old links stop working (their pages are closed now)."""
        self.token = secrets.token_urlsafe(TOKEN_BYTES)
        for socket in list(self._clients):
            socket.abort()
            self._drop(socket)

    def set_options(self, options: ShareOptions) -> None:
        """The GM's new choices, on every page at once."""
        changed = options != self.options
        self.options = options
        self.model.set_settings(options.player_settings())
        self._push(every_page=True)
        if changed:
            self.optionsChanged.emit()

    def attach(self, bridge: EncounterBridge) -> None:
        """Follow another bridge (another encounter, the window rebuilt)."""
        self._bridge.changed.disconnect(self._on_change)
        self._bridge = bridge
        self.model.attach(bridge)
        bridge.changed.connect(self._on_change)
        self._push()

    def clients(self) -> int:
        """Pages following the fight now."""
        return sum(1 for c in self._clients.values() if c.language)

    # -- the content ----------------------------------------------------------------------------
    def _on_change(self, _change: Change) -> None:
        self._push()

    def _feed(self, language: str) -> tuple[str, str]:
        """The content now in ``language``: its JSON without the map, and the map's SVG ('' none)."""
        if language not in self._feeds:
            with in_language(language):
                self.model.refresh()
                content = feed(self.model, language, self._maps, self._rolls)
            shown_map = content.pop("map")
            self._feeds[language] = (json.dumps(content, ensure_ascii=False, separators=(",", ":")), shown_map)
        return self._feeds[language]

    def _whole(self, language: str) -> bytes:
        """The content now as one JSON document (``state.json``)."""
        text, shown_map = self._feed(language)
        return (text[:-1] + f',"map":{json.dumps(shown_map, ensure_ascii=False)}}}').encode()

    def _push(self, every_page: bool = False) -> None:
        """The content anew; to every page whose content differs (in its language), or to all."""
        if not self.listening:  # no work a key press while stopped: read anew when sharing starts again;
            self._feeds = {}  # a page coming back with the id it had then gets the content of now
            self._seq += 1
            return
        before = self._feeds
        self._feeds = {}
        self._note_turn()
        wanted = {active_language(), *(c.language for c in self._clients.values() if c.language)}
        changed = {language for language in wanted if every_page or before.get(language) != self._feed(language)}
        if changed:
            self._seq += 1  # a page that comes back with an older id gets the content of now
            for client in list(self._clients.values()):
                if client.language not in changed:
                    continue
                if client.socket.bytesToWrite() > MAX_BACKLOG:  # a page that reads nothing: let it go
                    client.socket.abort()
                    self._drop(client.socket)
                    continue
                client.socket.write(self._event(client))

    def _note_turn(self) -> None:
        """When the one acting now started (the turn timer counts from there): a new turn, pass or actor."""
        row = self.model.current_row()
        actor = "" if row is None else str(self.model.index(row, 0).data(pvm.COMBATANT_ID))
        turn = (self.model.heading(), actor)
        if turn != self._turn:
            self._turn, self._turn_since = turn, time.monotonic()

    def _event_id(self) -> str:
        return f"{self._epoch}.{self._seq}"

    def _event(self, client: _Client) -> bytes:
        """The content for one page; the map only when it differs from the one that page has (a rally's
        board is some 50 KB)."""
        text, shown_map = self._feed(client.language)
        elapsed = round((time.monotonic() - self._turn_since) * 1000)
        timer = self.options.turn_timer_s if self._turn[1] else 0  # counted while someone acts
        new_map = "null" if shown_map == client.map else json.dumps(shown_map, ensure_ascii=False)
        client.map = shown_map
        data = (f'{{"seq":{json.dumps(self._event_id())},"elapsed":{elapsed},"timer":{timer},'
                f'"map":{new_map},"feed":{text}}}')
        return http.event(self._event_id(), data)

    # -- connections ------------------------------------------------------------------------------
    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            if len(self._clients) >= MAX_SOCKETS:
                socket.write(self._full(active_language()))
                socket.disconnectFromHost()
                continue
            self._clients[socket] = _Client(socket, time.monotonic())
            socket.readyRead.connect(partial(self._read, socket))
            socket.disconnected.connect(partial(self._drop, socket))

    def _drop(self, socket: QTcpSocket) -> None:
        client = self._clients.pop(socket, None)
        if client is None:
            return
        if shiboken6.isValid(socket):  # not when Qt deletes the server's sockets with it (at exit)
            socket.deleteLater()
        if client.language and shiboken6.isValid(self):
            self.clientsChanged.emit(self.clients())

    def _read(self, socket: QTcpSocket) -> None:
        client = self._clients.get(socket)
        if client is None:
            return
        data = bytes(socket.readAll().data())
        if client.answered:
            return  # a page following the stream sends nothing more; a second request is not read
        client.received += data
        request = http.read_request(bytes(client.received))
        if request is None:
            return
        client.answered = True
        if isinstance(request, http.Refusal):
            self._finish(socket, self._refusal(request.status, active_language()))
            return
        self._route(client, request)

    def _finish(self, socket: QTcpSocket, data: bytes) -> None:
        socket.write(data)
        socket.disconnectFromHost()

    def _route(self, client: _Client, request: http.Request) -> None:
        language = self.options.language if self.options.language in LANGUAGES else chosen_language(
            request.header("accept-language"), active_language())
        _, token, *rest = [*request.path.split("/", 2), ""][:3]
        if not hmac.compare_digest(token.encode(), self.token.encode()):
            self._finish(client.socket, self._forbidden(language))
            return
        name = rest[0] if rest else ""
        if request.path == f"/{token}":  # the page's files are beside it: its address ends with "/"
            self._finish(client.socket, http.response(HTTPStatus.FOUND, b"", "text/plain", (("Location", f"/{token}/"),)))
        elif name == "" and request.path.endswith("/"):
            self._finish(client.socket, self._full(language) if self.clients() >= MAX_CLIENTS else
                         http.response(HTTPStatus.OK, page_html(language), "text/html; charset=utf-8"))
        elif name in ASSETS:
            self._finish(client.socket, http.response(HTTPStatus.OK, asset(name), ASSETS[name]))
        elif name == "state.json":
            self._finish(client.socket, http.response(HTTPStatus.OK, self._whole(language),
                                                      "application/json; charset=utf-8"))
        elif name == "events":
            self._follow(client, language, request.header("last-event-id"))
        else:
            self._finish(client.socket, self._refusal(HTTPStatus.NOT_FOUND, language))

    def _follow(self, client: _Client, language: str, last_seen: str) -> None:
        """The stream: ``retry``, then the content unless the page has it already (``Last-Event-ID``)."""
        if self.clients() >= MAX_CLIENTS:
            self._finish(client.socket, self._full(language))
            return
        client.language = language
        head = http.response(HTTPStatus.OK, b"", "text/event-stream; charset=utf-8", keep_open=True)
        body = f"retry: {RETRY_MS}\n\n".encode()
        if not hmac.compare_digest(last_seen.encode(), self._event_id().encode()):
            body += self._event(client)
        client.socket.write(head + body)
        self.clientsChanged.emit(self.clients())

    def _keep_alive(self) -> None:
        for client in list(self._clients.values()):
            if client.language:
                client.socket.write(b": still here\n\n")

    def _close_slow(self) -> None:
        """Close the connections that have not sent a whole request in time."""
        late = time.monotonic() - REQUEST_WAIT_S
        for socket, client in list(self._clients.items()):
            if not client.answered and client.since < late:
                socket.abort()
                self._drop(socket)

    # -- refusals ----------------------------------------------------------------------------------
    def _full(self, language: str) -> bytes:
        with in_language(language):
            text = tr("share.page.full", count=MAX_CLIENTS)
        return http.response(HTTPStatus.SERVICE_UNAVAILABLE, message_html(language, "share.page.full_title", text),
                             "text/html; charset=utf-8", (("Retry-After", "30"),))

    def _forbidden(self, language: str) -> bytes:
        with in_language(language):
            text = tr("share.page.forbidden")
        return http.response(HTTPStatus.FORBIDDEN, message_html(language, "share.page.forbidden_title", text),
                             "text/html; charset=utf-8")

    def _refusal(self, status: HTTPStatus, language: str) -> bytes:
        with in_language(language):
            text = tr("share.page.refused", status=f"{status.value} {status.phrase}")
        extra = (("Allow", "GET"),) if status == HTTPStatus.METHOD_NOT_ALLOWED else ()
        return http.response(status, message_html(language, "share.page.refused_title", text),
                             "text/html; charset=utf-8", extra)
