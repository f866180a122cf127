"""Issue 29: Race → Import course reads through the guarded reader: a pipe is refused at once (before,
it blocked the window), a course too large is a map too large, with its limit; the race keeps its
course and the status line says why."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gmtool.core.hex.map_file import write_map
from gmtool.core.i18n import set_language
from gmtool.games.badlands_rally.rules.demo import demo_course
from tests.gui.gm_sight import LAPTOP, in_view, text_whole
from tests.special_files import Watchdog, fifo


def test_a_pipe_is_refused_and_the_course_stays(rally_window, tmp_path: Path) -> None:  # noqa: ANN001
    before = rally_window.bridge.state.course
    pipe = fifo(tmp_path / "loop.json")
    with Watchdog((pipe,)) as dog:
        imported = rally_window.parts.course.import_course(pipe)
    assert not dog.released, "the import blocked on a pipe"
    assert not imported and rally_window.bridge.state.course == before
    assert rally_window.status.text() == "loop.json (map) was not read: it is a pipe (FIFO), not a regular file."


def test_the_refusal_is_read_whole_on_a_laptop_in_both_languages(rally_window, tmp_path: Path) -> None:  # noqa: ANN001
    rally_window.resize(*LAPTOP)
    path = tmp_path / "course of the season.json"
    path.write_bytes(write_map(demo_course()).encode("utf-16"))
    for language in ("en", "ja"):
        set_language(language)
        assert not rally_window.parts.course.import_course(path)
        QApplication.processEvents()  # the status line takes the lines it needs
        status = rally_window.status
        assert status.text().startswith(("course of the season.json (map)", "course of the season.json（マップ）"))
        assert "UTF-16" in status.text() and in_view(status, rally_window) and text_whole(status), status.text()


def test_a_course_too_large_is_a_map_too_large(rally_window, tmp_path: Path) -> None:  # noqa: ANN001
    before = rally_window.bridge.state.course
    document = json.loads(write_map(demo_course()))
    document["zones"]["start"] = ["1517"] * 300_000
    path = tmp_path / "loop.json"
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    assert not rally_window.parts.course.import_course(path)
    assert rally_window.bridge.state.course == before
    assert rally_window.status.text() == "loop.json (map) was not read: too large: 3.3 MB, the limit for a map is 2 MB."
