"""What the game contract's display shapes (:mod:`gmtool.core.display`) hand the shell: the players'
snapshot keeps the heading and notes and drops only what the GM keeps to themself; a log's heading
levels; a sheet's field by key. Also what an event touches, merged (:class:`gmtool.core.game.Touched`)."""

from __future__ import annotations

from gmtool.core.display import (
    Badge,
    Heading,
    LogShape,
    OrderLayout,
    OrderRow,
    SheetField,
    SheetView,
    Snapshot,
    Track,
    for_players,
)
from gmtool.core.game import EVERYTHING, NOTHING, Touched


def gm_snapshot() -> Snapshot:
    secret = Track("edge", "Edge", "bar", 1, 3, public=False)
    shown = Track("physical", "Physical", "boxes", 2, 10)
    row = OrderRow("a", "Ork", 0, "12", True, False, True,
                   badges=(Badge("aim", "Aim"), Badge("plan", "Ambush", public=False)),
                   tracks=(shown, secret), note="lap 2")
    layout = OrderLayout("Init", (("physical", "P"), ("edge", "E")), "State")
    return Snapshot(Heading("Turn 2, pass 1", "pass 1 of 3"), layout, (row,), ("Rain: −1",))


def test_the_players_snapshot_keeps_heading_rows_and_notes_without_the_gm_s_items() -> None:
    players = for_players(gm_snapshot())
    assert players.heading == Heading("Turn 2, pass 1", "pass 1 of 3")
    assert players.notes == ("Rain: −1",)
    row = players.rows[0]
    assert ([b.key for b in row.badges], [t.key for t in row.tracks]) == (["aim"], ["physical"])
    assert (row.name, row.score, row.current, row.npc, row.note) == ("Ork", "12", True, True, "lap 2")
    assert players.layout == OrderLayout("Init", (("physical", "P"),), "State")  # the hidden column goes


def test_a_log_shape_gives_each_heading_kind_its_level() -> None:
    shape = LogShape(headings=(("turn_started", 0), ("pass_started", 1)))
    assert [shape.heading_level(k) for k in ("turn_started", "pass_started", "attack")] == [0, 1, None]


def test_a_sheet_gives_the_field_of_a_key() -> None:
    body = SheetField("body", "Body", "number", 4, 1, 9)
    name = SheetField("name", "Name", "text", "Ork")
    sheet = SheetView("a", "Ork", (name, body))
    assert sheet.field("body") is body
    assert sheet.field("name") is name
    assert sheet.field("edge") is None


def test_touched_merges_each_part_and_everything_when_either_says_so() -> None:
    first = Touched(frozenset({"a"}), frozenset({"tracks"}), frozenset({"map"}))
    second = Touched(frozenset({"b"}), frozenset({"order"}))
    assert first | second == Touched(frozenset({"a", "b"}), frozenset({"tracks", "order"}), frozenset({"map"}))
    assert (first | EVERYTHING).everything and (EVERYTHING | first).everything
    assert not (first | NOTHING).everything


def test_a_game_s_name_falls_back_to_english_then_to_its_key() -> None:
    from gmtool.core.game import GAME_API, GameManifest

    manifest = GameManifest(key="coin", api=GAME_API, names={"en": "Coin duel"}, rules="x:y")
    assert (manifest.name("en"), manifest.name("ja")) == ("Coin duel", "Coin duel")
    assert manifest.model_copy(update={"names": {}}).name("ja") == "coin"
