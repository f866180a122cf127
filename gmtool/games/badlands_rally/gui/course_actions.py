"""The race's course from the Race menu: import a course file, use the demo course, keep the course
in the campaign's library, and (with the map editor) edit it. Each change of course is a journal
command (undo brings the previous course back)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.core.user_files import MAP, read_bytes
from gmtool.games.badlands_rally.library.kind import LIBRARY, read_course
from gmtool.games.badlands_rally.library.templates import CourseTemplate
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.demo import demo_course
from gmtool.storage.templates import store_fields

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow


class CourseActions:
    """Import, demo, keep in the library and edit the race's course."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def connect(self) -> None:
        window = self.window
        window.action("br_import_course").triggered.connect(lambda: self.import_course())
        window.action("br_demo_course").triggered.connect(lambda: window.run(m.SetCourse(course=demo_course())))
        window.action("br_keep_course").triggered.connect(lambda: self.keep_course())
        window.action("br_edit_course").triggered.connect(lambda: self.edit_course())

    def update(self, allow: Callable[[str, str], None]) -> None:
        """Keep the course in the library: only with a course (``allow`` enables, or disables saying why)."""
        has_course = self.window.bridge.state.course is not None
        allow("br_keep_course", "" if has_course else tr("error.br_no_course"))

    def import_course(self, path: Path | None = None) -> bool:
        """A course file (a hex map for the rally) becomes the race's course; a bad file is told, nothing changes."""
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(self.window, tr("br.course.import_title"), "",
                                                    tr("br.course.filter"))
            if not chosen:
                return False
            path = Path(chosen)
        try:
            course = read_course(read_bytes(path, MAP), path.name)  # a course is a map: a map's limit and bounds
        except GmtoolError as exc:
            self.window.show_refusal(exc.message())
            return False
        return self.window.run(m.SetCourse(course=course))

    def keep_course(self) -> int | None:
        """The race's course kept as a template of the campaign's library (its id)."""
        course = self.window.bridge.state.course
        if course is None:
            return None
        store = self.window.workspace.campaign.library
        try:
            template_id = store.add(**store_fields(LIBRARY, CourseTemplate(map=course)))
        except GmtoolError as exc:
            self.window.show_refusal(exc.message())
            return None
        self.window.show_status(tr("br.course.kept", name=course.name))
        return template_id

    def edit_course(self) -> bool:
        """The map editor on the race's course (a new one when it has none); OK sets it."""
        from gmtool.core.hex.map_file import HexMapFile
        from gmtool.games.badlands_rally.rules.terrain import board_kinds
        from gmtool.ui.map_editor import MapEditorDialog

        course = self.window.bridge.state.course or HexMapFile(
            name=tr("br.course.new_name"), game="badlands_rally", columns=30, rows=20)
        editor = MapEditorDialog(course, board_kinds(active_language()), self.window)
        if not editor.exec():
            return False
        edited = editor.document()
        return edited != course and self.window.run(m.SetCourse(course=edited))
