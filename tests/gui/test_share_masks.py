"""Nothing masked leaves the laptop: every byte the shared page's server sends is scanned.

An encounter with NPCs (their names and figures hidden, as by default) is played through its first passes
with an NPC hurt; every file of the page, its content as JSON and its event stream in both languages are
collected, and no NPC's name is among those bytes, nor a figure of one (score, monitors, effects). In the
duel, the PP split stays hidden until the GM reveals it (AB-22): while hidden, no masked track's or
badge's words and no action PP leave; once revealed, they do (the scan sees them when they are there).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.share.server import ShareServer
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.bridge import EncounterBridge
from tests.gui.share_client import Raw, events, get, request
from tests.test_aura_battler_duel import SPLITS

LANGUAGES = ("en", "ja")


class Collector:
    """Every byte sent to the pages of both languages while it listens."""

    def __init__(self, qtbot, server: ShareServer) -> None:  # noqa: ANN001
        self.qtbot, self.server = qtbot, server
        self.streams = {language: Raw(server.port) for language in LANGUAGES}
        for language, stream in self.streams.items():
            stream.send(request(f"/{server.token}/events", headers={"Accept-Language": language}))
            stream.wait_for(qtbot, 1)
        self.once = b""

    def files(self) -> None:
        """The page, its files and its JSON, now, in both languages."""
        for language in LANGUAGES:
            for name in ("", "page.css", "page.js", "state.json"):
                self.once += get(self.qtbot, self.server.port, f"/{self.server.token}/{name}",
                                 headers={"Accept-Language": language})

    def wait(self, count: int) -> None:
        for stream in self.streams.values():
            stream.wait_for(self.qtbot, count)

    def sent(self) -> bytes:
        return self.once + b"".join(stream.pump() for stream in self.streams.values())

    def close(self) -> None:
        for stream in self.streams.values():
            stream.close()


@pytest.fixture
def collect(qtbot) -> Iterator[callable]:  # noqa: ANN001
    made: list[tuple[ShareServer, Collector]] = []

    def start(bridge: EncounterBridge) -> Collector:
        server = ShareServer(bridge)
        assert server.start("127.0.0.1", 0) is None
        made.append((server, Collector(qtbot, server)))
        return made[-1][1]

    yield start
    for server, collector in made:
        collector.close()
        server.stop()
        server.deleteLater()


def _forms(text: str) -> tuple[bytes, ...]:
    """A text as it could be sent: UTF-8, JSON-escaped, HTML-escaped."""
    import html
    import json

    return tuple({text.encode(), json.dumps(text)[1:-1].encode(), html.escape(text).encode()})


def test_no_masked_npc_name_or_figure_is_ever_sent(qtbot, collect, workspace: Workspace) -> None:  # noqa: ANN001
    bridge = EncounterBridge(workspace)
    npcs = {c.id: c.sheet.name for c in bridge.state.combatants.values() if c.sheet.is_npc}
    assert npcs, "the demo has NPCs"
    collector = collect(bridge)
    collector.files()
    assert bridge.execute(cmd.StartTurn())
    npc = next(iter(npcs))
    assert bridge.execute(cmd.EditSheet(combatant=npc, field="physical_damage", value=3))
    for _ in range(3):
        assert bridge.execute(cmd.NextPhase())
    assert bridge.undo()
    collector.wait(6)
    collector.files()
    sent = collector.sent()
    for name in npcs.values():
        for form in _forms(name):
            assert form not in sent, f"the NPC name {name!r} was sent"
    feeds = [e["feed"] for stream in collector.streams.values() for e in events(stream.data)]
    assert len(feeds) >= 12
    for feed in feeds:
        npc_rows = [row for row in feed["rows"] if row["npc"]]
        assert len(npc_rows) == len(npcs)
        for row in npc_rows:
            assert row["score"] is None and row["tracks"] == [] and row["effects"] == []
        assert any(row["tracks"] for row in feed["rows"] if not row["npc"]), "the players' own figures are shown"


def test_revealed_npc_names_are_sent_when_the_gm_shows_them(qtbot, collect, workspace: Workspace) -> None:  # noqa: ANN001
    """The scan above can fail: shown, the names are in the bytes."""
    bridge = EncounterBridge(workspace)
    collector = collect(bridge)
    collector.server.set_options(collector.server.options.model_copy(update={"show_npc_names": True}))
    collector.wait(2)
    sent = collector.sent()
    assert all(c.sheet.name.encode() in sent for c in bridge.state.combatants.values() if c.sheet.is_npc)


@pytest.mark.rule("AB-22")
def test_the_duel_s_hidden_allocations_never_leave_until_revealed(qtbot, collect, duel: Workspace) -> None:  # noqa: ANN001
    bridge = EncounterBridge(duel)
    collector = collect(bridge)
    assert bridge.state.turn == 1 and bridge.state.allocating, "the demo duel opens in its allocation phase"
    for unit, split in SPLITS.items():
        assert bridge.execute(m.AllocatePP(unit=unit, points=split))
    collector.wait(1 + len(SPLITS))
    collector.files()
    gm = bridge.ruleset.snapshot(bridge.state, "gm")
    masked = [t.detail for row in gm.rows for t in row.tracks if not t.public and t.detail]
    masked += [b.text for row in gm.rows for b in row.badges if not b.public]
    assert masked, "the split is masked while not revealed"
    sent = collector.sent()
    for words in masked:
        assert all(form not in sent for form in _forms(words)), f"the hidden {words!r} was sent"
    last = events(collector.streams["en"].data)[-1]["feed"]
    assert all(row["score"] == "…" for row in last["rows"])
    assert all(track["tone"] != "resource" for row in last["rows"] for track in row["tracks"])
    assert bridge.execute(m.RevealAllocations())
    collector.wait(2 + len(SPLITS))
    shown = events(collector.streams["en"].data)[-1]["feed"]
    assert [row["score"] for row in shown["rows"]] == [row.score for row in gm.rows]


def test_an_npc_hidden_until_it_acts_is_never_sent_before(qtbot, collect, workspace: Workspace) -> None:  # noqa: ANN001
    """With "list an NPC only once it acts", no NPC row (nor a gap in the places or numbers) is sent
    before that NPC first acts; then it is "NPC 1" (the first seen), the others still unsent."""
    bridge = EncounterBridge(workspace)
    collector = collect(bridge)
    server = collector.server
    server.set_options(server.options.model_copy(update={"hide_npcs_until_they_act": True, "show_npc_names": True}))
    npcs = {c.id: c.sheet.name for c in bridge.state.combatants.values() if c.sheet.is_npc}
    pcs = len(bridge.state.combatants) - len(npcs)
    collector.wait(2)
    assert bridge.execute(cmd.StartTurn())
    seen: list[str] = []
    while not seen:
        actor = bridge.view.current_actor(bridge.state)
        if actor.id in npcs:
            seen.append(actor.id)
            break
        unseen_yet = collector.sent()
        assert all(name.encode() not in unseen_yet for name in npcs.values())
        assert bridge.execute(cmd.NextPhase())
    stream = collector.streams["en"]
    qtbot.waitUntil(lambda: any(row["npc"] for row in events(stream.pump())[-1]["feed"]["rows"]))
    count = len(events(stream.data))
    last = events(stream.data)[-1]["feed"]
    assert [row["place"] for row in last["rows"]] == list(range(1, pcs + 2))
    assert [row["name"] for row in last["rows"] if row["npc"]] == [npcs[seen[0]]]
    server.set_options(server.options.model_copy(update={"show_npc_names": False}))
    renamed = stream.wait_for(qtbot, count + 1)[-1]["feed"]
    assert [row["name"] for row in renamed["rows"] if row["npc"]] == ["NPC 1"]
    sent = collector.sent()
    for cid, name in npcs.items():
        assert (name.encode() in sent) == (cid in seen)
