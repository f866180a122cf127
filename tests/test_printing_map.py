"""A map per turn in the printed turn log of a game played on a hex map (issue 15): the rally demo
after two rounds played with the game's commands prints each turn's map as it stood at the turn's
end, in the PDF (drawn by Qt, as vector shapes and text), the HTML file (inline SVG) and Markdown;
a Shadowrun report has none."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gmtool.core.hex.coords import Hex
from gmtool.printing.html import MAP_INKS, render_html
from gmtool.printing.map_picture import Disc, picture
from gmtool.printing.markdown import render_markdown
from gmtool.printing.report import Report, ReportOptions, build_report
from gmtool.storage.workspace import Workspace

pytestmark = pytest.mark.usefixtures("qapp")
GEARS = ("g1", "g2", "g3", "g4")


def _play_round(session: Any) -> None:
    """Each gear in its turn: top speed, three hexes ahead, end of its activation."""
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r

    for gear in session.encounter.state.order:
        session.execute(m.DeclareSpeed(gear=gear, speed="top"))
        for _ in range(3):
            session.execute(m.StepGear(gear=gear, step="ahead"))
            while session.encounter.state.reaction is not None:  # BR-18: no gear reacts
                session.execute(r.DeclineReaction(gear=session.encounter.state.reaction.offers[0][0]))
        session.execute(m.EndActivation(gear=gear))


@pytest.fixture(scope="module")
def rally(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, Hex], dict[str, Hex]]]:
    """The rally demo after two rounds, with where each gear stood at the end of round 1 and of round 2."""
    from gmtool.games.badlands_rally.rules import race_messages as m

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GMTOOL_DATA_DIR", str(tmp_path_factory.mktemp("rally-data")))
        patch.setenv("GMTOOL_CONFIG_DIR", str(tmp_path_factory.mktemp("rally-config")))
        workspace = Workspace.open_default()
        found = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
        workspace = workspace.with_encounter(found)
        session = workspace.session
        _play_round(session)  # the demo opens with round 1 started
        first = {g: session.encounter.state.gears[g].hex for g in GEARS}
        session.execute(m.StartRound(first="g1"))
        _play_round(session)
        second = {g: session.encounter.state.gears[g].hex for g in GEARS}
        yield session.encounter, first, second
        workspace.close()


@pytest.fixture(scope="module")
def report(rally: tuple[Any, dict[str, Hex], dict[str, Hex]]) -> Report:
    return build_report(rally[0], "Rally")


def test_each_section_has_the_map_as_it_stood_at_its_end(rally, report: Report) -> None:  # noqa: ANN001
    _encounter, first, second = rally
    assert [s.number for s in report.rounds] == [0, 1, 2]
    assert all(s.board is not None for s in report.rounds)
    assert [s.map_title for s in report.rounds[1:]] == ["The course at the end of round 1", "The course at the end of round 2"]
    ends = [{t.id: t.hex for t in s.board.tokens} for s in report.rounds]  # type: ignore[union-attr]
    assert ends[1] == first and ends[2] == second
    assert first != second and ends[0] != first  # the gears moved in each round


def test_the_maps_come_from_one_replay_and_no_command_is_decided_again(rally, monkeypatch) -> None:  # noqa: ANN001
    encounter = rally[0]

    def refuse(*_args: object) -> None:
        raise AssertionError("the report decided a command")

    monkeypatch.setattr(encounter.ruleset, "decide", refuse)
    boards = []
    board = encounter.ruleset.board
    monkeypatch.setattr(encounter.ruleset, "board", lambda state, language: boards.append(1) or board(state, language))
    assert len(build_report(encounter, "Rally").rounds) == 3
    assert len(boards) == 3  # one board a section, taken at its end
    assert len(build_report(encounter, "Rally", ReportOptions(first_round=2)).rounds) == 1
    assert len(boards) == 4  # only the sections printed


def _image_of(section: Any, scale: float = 2.0):  # noqa: ANN202
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from gmtool.printing.map_paint import paint_picture
    from gmtool.printing.pdf import document_font

    pic = picture(section.board, MAP_INKS)
    image = QImage(round(pic.width * scale), round(pic.height * scale), QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    paint_picture(painter, pic, document_font(), QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return pic, image


def test_the_picture_of_round_1_shows_each_gear_where_it_stood_then(report: Report) -> None:
    one, two = report.rounds[1], report.rounds[2]
    pic, image = _image_of(one)
    _pic2, image2 = _image_of(two)
    token_ink = MAP_INKS["token"].lstrip("#").lower()
    discs = [s for s in pic.shapes if isinstance(s, Disc) and s.radius > 2
             and s.fill.lstrip("#").lower() == token_ink][: len(one.board.tokens)]  # the map's (then the legend's)
    for token, disc in zip(one.board.tokens, discs, strict=True):  # type: ignore[union-attr]
        x, y = round(disc.x * 2), round((disc.y - 0.75 * disc.radius) * 2)  # inside the disc, above its number
        terrain = one.board.kind(token.hex).light.lstrip("#").lower()  # type: ignore[union-attr]
        assert image.pixelColor(x, y).name()[1:] == token_ink != terrain, token.name
        assert image2.pixelColor(x, y).name()[1:] == terrain  # by the end of round 2 it had moved on


def test_the_pdf_draws_each_map_as_vector_shapes_and_text(report: Report, tmp_path: Path) -> None:
    from gmtool.printing.pdf import pdf_bytes

    data = pdf_bytes(report)
    assert b"/Subtype /Image" not in data  # no picture of pixels: crisp at any zoom
    without = pdf_bytes(build_report_without_maps(report))
    assert len(data) - len(without) < 3 * 40_000  # three maps, a few tens of kilobytes at most
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "rally.pdf"
    source.write_bytes(data)
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True, check=True,
                          timeout=60).stdout.decode("utf-8")
    text = unicodedata.normalize("NFKC", text)  # Qt's PDF keeps ligatures (ﬁ)
    for title in ("The starting grid", "The course at the end of round 1", "The course at the end of round 2"):
        assert title in text
    assert "Hard-pack" in text and "Demo Sandhopper (" in text  # the legend: terrain kinds and units


def build_report_without_maps(report: Report) -> Report:
    from dataclasses import replace

    return replace(report, rounds=tuple(replace(s, board=None, map_title="") for s in report.rounds))


def test_the_html_and_markdown_files_hold_each_map_as_svg(report: Report) -> None:
    html = render_html(report)
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.DOTALL)
    assert len(svgs) == 3
    for svg in svgs:
        root = ET.fromstring(svg)  # well formed
        assert len(root.findall("{http://www.w3.org/2000/svg}g/{http://www.w3.org/2000/svg}path")) == 6  # a path per kind
    assert "<h3>The course at the end of round 2</h3>" in html
    markdown = render_markdown(report)
    assert markdown.count("](data:image/svg+xml;base64,") == 3
    assert "### The course at the end of round 1" in markdown


def test_maps_can_be_left_out(rally) -> None:  # noqa: ANN001
    report = build_report(rally[0], "Rally", ReportOptions(maps=False))
    assert all(s.board is None for s in report.rounds)
    assert "<svg" not in render_html(report) and "gmtool-map-" not in render_html(report, "slots")


def test_a_japanese_report_words_its_maps_in_japanese(rally) -> None:  # noqa: ANN001
    report = build_report(rally[0], "ラリー", ReportOptions(language="ja"))
    assert report.rounds[1].map_title == "ラウンド 1 終了時のコース"
    assert report.rounds[1].board.kinds[0].label != "Normal"  # type: ignore[union-attr]


def test_a_shadowrun_report_has_no_map() -> None:
    from benchmarks.print_pdf import sr5_fight

    report = build_report(sr5_fight(40), "Demo")
    assert all(s.board is None and not s.map_title for s in report.rounds)
    assert render_html(report) == render_html(report, "slots")  # no map, no slot
    assert "<svg" not in render_html(report) and "data:image" not in render_markdown(report)


def test_the_printed_map_draws_the_start_and_finish_zones_and_the_numbered_checkpoints(report: Report) -> None:
    from gmtool.printing.map_picture import Line, Text

    board = report.rounds[0].board
    pic = picture(board, MAP_INKS)
    inks = {MAP_INKS[f"zone_{zone.tint}"] for zone in board.zones}  # type: ignore[union-attr]
    lines = [s for s in pic.shapes if isinstance(s, Line)]
    assert {line.stroke for line in lines} == inks  # each area outlined in its ink
    assert any(line.dashed for line in lines) and any(not line.dashed for line in lines)  # checkpoints dashed
    texts = [s.text for s in pic.shapes if isinstance(s, Text)]
    assert {"Start zone", "Finish zone", "Checkpoint (number)"} <= set(texts)  # in the legend
    numbers = [s for s in pic.shapes if isinstance(s, Text) and s.fill in inks]
    assert sorted(int(s.text) for s in numbers) == [1, 2, 3]  # the demo course's three checkpoints, in rings
