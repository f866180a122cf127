"""Building an encounter ahead: templates from the library, copies or grunt groups, the runners.

:func:`save_plan` writes an :class:`EncounterPlan` into the campaign as a new
encounter without starting it: the encounter is created, every combatant joins
through the game's journaled commands (runners first, then each entry as
``Ganger 1…N`` copies, or as one grunt group with its professional rating) and
the campaign's current encounter is set back to the one being run. The new
encounter appears in File → Switch encounter and is started there with the
usual initiative keys.

:class:`EncounterBuilder` is the dialog: the library on the left (filtered to
the encounter's game), the opposition and the runners on the right. Runners are
the templates tagged ``PC`` (any case) or any template added with "Add as runner".
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.library.documents import template_from_document
from gmtool.games.shadowrun.library.exchange import (
    MAX_COMBATANTS,
    MAX_MEMBERS,
    EncounterEntry,
    EncounterPlan,
    save_encounter,
)
from gmtool.games.shadowrun.library.kind import LIBRARY, planned_encounter
from gmtool.games.shadowrun.library.template import AnyTemplate
from gmtool.games.shadowrun.library.to_sheet import member_names
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore, fold
from gmtool.storage.templates import library_for, library_games, save_planned
from gmtool.storage.workspace import ENCOUNTER_NAME_MAX
from gmtool.ui.library_window import ask_save_path
from gmtool.ui.named_button import named_button
from gmtool.ui.toned_line import toned_line
from gmtool.viewmodels.game_view import games
from gmtool.viewmodels.library_model import (
    TEMPLATE_ID,
    LibraryFilterProxy,
    LibraryModel,
)

PC_TAG = "pc"


def is_runner(tags: tuple[str, ...] | list[str]) -> bool:
    """A template marked as a player character (tag ``PC``)."""
    return any(fold(tag) == PC_TAG for tag in tags)


def save_plan(campaign: Campaign, plan: EncounterPlan, keep_current: int | None, seed: int | None = None) -> int:
    """Write ``plan`` as a new encounter of ``campaign`` (not started); return its id.

    ``keep_current`` is the encounter being run, which stays the campaign's current one. Every
    sheet is built first, so a template the sheet refuses (RulesError naming the field) creates
    nothing; the encounter is then written in one transaction (:func:`save_planned`).
    """
    return save_planned(campaign, planned_encounter(plan), keep_current, seed)


class EncounterBuilder(QDialog):
    """Prepare an encounter from library templates and save it into the campaign."""

    encounterSaved = Signal(int)  # the new encounter's id

    def __init__(self, campaign: Campaign, current_encounter: int | None, game: str | None = None,
                 parent: QWidget | None = None) -> None:
        """``game``: the game chosen at first (None: the first registered game)."""
        super().__init__(parent)
        self.setObjectName("encounterBuilder")
        self.setWindowTitle(tr("libui.builder.title"))
        self.campaign = campaign
        self.store: LibraryStore = campaign.library
        self.current_encounter = current_encounter
        self.entries: list[tuple[int, AnyTemplate]] = []
        self.runners: list[tuple[int, AnyTemplate]] = []
        self.name = QLineEdit(tr("libui.builder.default_name", number=len(campaign.encounters()) + 1), self)
        self.name.setObjectName("builderName")
        self.name.setMaxLength(ENCOUNTER_NAME_MAX)
        self.game = QComboBox(self)
        self.game.setObjectName("builderGame")
        for key, name in games():
            if key in library_games() and library_for(key) is LIBRARY:  # the games whose templates are ours
                self.game.addItem(name, key)
        self.game.setCurrentIndex(max(0, self.game.findData(game)))
        self.model = LibraryModel(self.store, self)
        self.proxy = LibraryFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit(self)
        self.search.setObjectName("builderSearch")
        self.search.setPlaceholderText(tr("libui.window.search_hint"))
        self.search.textChanged.connect(self.proxy.set_text)
        self.library = QTableView(self)
        self.library.setObjectName("builderLibrary")
        self.library.setModel(self.proxy)
        self.library.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.library.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.library.verticalHeader().hide()
        self.library.setWordWrap(False)
        self.library.hideColumn(4)  # when it changed: not needed to build an encounter
        self.library.doubleClicked.connect(lambda _i: self.add_selected())
        self.entry_table = self._entry_table()
        self.runner_list = QListWidget(self)
        self.runner_list.setObjectName("builderRunners")
        self.message = toned_line(self, "builderMessage", "error")
        self.save_button = QPushButton(tr("libui.builder.save"), self)
        self.save_button.setObjectName("builderSave")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        self._layout()
        self.game.currentIndexChanged.connect(lambda _i: self._game_changed())
        self.name.textChanged.connect(lambda _t: self._check())
        self._game_changed()
        self.resize(1180, 680)

    # -- building ------------------------------------------------------------------------------------
    def _entry_table(self) -> QTableWidget:
        table = QTableWidget(0, 4, self)
        table.setObjectName("builderEntries")
        table.setHorizontalHeaderLabels([tr("libui.builder.col.template"), tr("libui.builder.col.count"),
                                         tr("libui.builder.col.group"), tr("libui.builder.col.rating")])
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().hide()
        return table

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow(tr("libui.builder.name"), self.name)
        form.addRow(tr("libui.builder.game"), self.game)
        left = QVBoxLayout()
        left.addWidget(QLabel(tr("libui.builder.library"), self))
        left.addWidget(self.search)
        left.addWidget(self.library, 1)
        row = QHBoxLayout()
        row.addWidget(named_button("libui.builder.add", "builderAdd", self.add_selected, self))
        row.addWidget(named_button("libui.builder.add_runner", "builderAddRunner", self.add_selected_runner, self))
        row.addWidget(named_button("libui.builder.add_pcs", "builderAddPcs", self.add_all_pcs, self))
        left.addLayout(row)
        right = QVBoxLayout()
        right.addWidget(QLabel(tr("libui.builder.opposition"), self))
        right.addWidget(self.entry_table, 2)
        right.addWidget(named_button("libui.builder.remove", "builderRemove", self.remove_entry, self))
        right.addWidget(QLabel(tr("libui.builder.runners"), self))
        right.addWidget(self.runner_list, 1)
        right.addWidget(named_button("libui.builder.remove_runner", "builderRemoveRunner", self.remove_runner, self))
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.message, 1)
        bottom.addWidget(named_button("libui.builder.export", "builderExport", self.export, self))
        bottom.addWidget(named_button("libui.common.close", "builderClose", self.reject, self))
        bottom.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        hint = QLabel(tr("libui.builder.hint"), self)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addLayout(columns, 1)
        layout.addLayout(bottom)

    # -- choosing -----------------------------------------------------------------------------------
    @property
    def ruleset(self) -> str:
        return str(self.game.currentData())

    def _game_changed(self) -> None:
        self.proxy.set_game(self.ruleset)
        edition = self.ruleset.upper()
        self.entries = [e for e in self.entries if e[1].edition == edition]
        self.runners = [r for r in self.runners if r[1].edition == edition]
        self._fill()

    def _selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.library.selectionModel().selectedRows()})
        return [int(self.proxy.index(r, 0).data(TEMPLATE_ID)) for r in rows]

    def _load(self, template_id: int) -> AnyTemplate | None:
        try:
            record = self.store.get(template_id)
            return template_from_document(record.document, record.document_version)
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return None

    def add_template(self, template_id: int, count: int = 1, grunt_group: bool = False,
                     rating: int | None = None) -> None:
        """Put a library template in the opposition (several copies, or a grunt group)."""
        template = self._load(template_id)
        if template is None:
            return
        self.entries.append((template_id, template))
        self._fill()
        row = len(self.entries) - 1
        self._spin(row, 1).setValue(count)
        self._check_box(row).setChecked(grunt_group)
        self._spin(row, 3).setValue(rating if rating is not None else (template.professional_rating or 0))

    def add_runner(self, template_id: int) -> None:
        template = self._load(template_id)
        if template is not None and template_id not in {tid for tid, _ in self.runners}:
            self.runners.append((template_id, template))
            self._fill()

    def add_selected(self) -> None:
        for template_id in self._selected_ids():
            self.add_template(template_id)

    def add_selected_runner(self) -> None:
        for template_id in self._selected_ids():
            self.add_runner(template_id)

    def add_all_pcs(self) -> None:
        for summary in self.store.templates(self.ruleset):
            if is_runner(summary.tags):
                self.add_runner(summary.id)

    def remove_entry(self) -> None:
        row = self.entry_table.currentRow()
        if 0 <= row < len(self.entries):
            self._keep_table()
            del self.entries[row]
            self._fill()

    def remove_runner(self) -> None:
        row = self.runner_list.currentRow()
        if 0 <= row < len(self.runners):
            del self.runners[row]
            self._fill()

    # -- the tables -------------------------------------------------------------------------------
    def _spin(self, row: int, column: int) -> QSpinBox:
        widget = self.entry_table.cellWidget(row, column)
        assert isinstance(widget, QSpinBox)
        return widget

    def _check_box(self, row: int) -> QCheckBox:
        widget = self.entry_table.cellWidget(row, 2)
        assert isinstance(widget, QCheckBox)
        return widget

    def _keep_table(self) -> list[tuple[int, bool, int]]:
        return [(self._spin(r, 1).value(), self._check_box(r).isChecked(), self._spin(r, 3).value())
                for r in range(self.entry_table.rowCount())]

    def _fill(self) -> None:
        kept = self._keep_table()
        self.entry_table.setRowCount(len(self.entries))
        for row, (_tid, template) in enumerate(self.entries):
            count, group, rating = kept[row] if row < len(kept) else (1, False, template.professional_rating or 0)
            self.entry_table.setItem(row, 0, QTableWidgetItem(template.name))
            spin = QSpinBox(self.entry_table)
            spin.setRange(1, MAX_MEMBERS)
            spin.setValue(count)
            spin.valueChanged.connect(lambda _v: self._check())
            self.entry_table.setCellWidget(row, 1, spin)
            box = QCheckBox(self.entry_table)
            box.setChecked(group)
            box.toggled.connect(lambda _v: self._check())
            self.entry_table.setCellWidget(row, 2, box)
            pr = QSpinBox(self.entry_table)
            pr.setRange(0, 6)
            pr.setValue(rating)
            self.entry_table.setCellWidget(row, 3, pr)
        self.runner_list.clear()
        for _tid, template in self.runners:
            QListWidgetItem(template.name, self.runner_list)
        self._check()

    # -- the plan -----------------------------------------------------------------------------------
    def plan(self) -> EncounterPlan:
        """The encounter as chosen (pydantic ValidationError if it is not a valid plan)."""
        entries = [
            EncounterEntry(template=template, count=count, grunt_group=group and count >= 2,
                           professional_rating=rating)
            for (_tid, template), (count, group, rating) in zip(self.entries, self._keep_table(), strict=True)
        ]
        return EncounterPlan(name=self.name.text().strip(), edition=self.ruleset.upper(), entries=entries,
                             runners=[t for _tid, t in self.runners])

    def member_preview(self) -> list[str]:
        """The names the opposition will have, in order."""
        names: list[str] = []
        for (_tid, template), (count, _group, _rating) in zip(self.entries, self._keep_table(), strict=True):
            names += member_names(template, count)
        return names

    def _check(self) -> bool:
        combatants = sum(count for count, _group, _rating in self._keep_table()) + len(self.runners)
        too_many = combatants > MAX_COMBATANTS
        ok = bool(self.name.text().strip()) and bool(self.entries or self.runners) and not too_many
        self.save_button.setEnabled(ok)
        if not self.name.text().strip():
            self.message.setText(tr("libui.builder.need_name"))
        elif not (self.entries or self.runners):
            self.message.setText(tr("libui.builder.need_combatants"))
        elif too_many:
            self.message.setText(tr("library.invalid.too_many_combatants", count=combatants, high=MAX_COMBATANTS))
        else:
            self.message.setText("")
        return ok

    def save(self) -> int | None:
        """Save the encounter into the campaign; its id (None and a message when refused)."""
        if not self._check():
            return None
        try:
            encounter_id = save_plan(self.campaign, self.plan(), self.current_encounter)
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return None
        except ValidationError as exc:  # a plan the exchange format refuses, said in the GM's language
            self.message.setText(tr("libui.builder.invalid", detail=_first_problem(exc)))
            return None
        self.encounterSaved.emit(encounter_id)
        self.accept()
        return encounter_id

    def export(self) -> Path | None:
        """Write the plan as a gmtool encounter JSON file."""
        if not self._check():
            return None
        path = ask_save_path(self, tr("libui.builder.export_title"), f"{self.name.text().strip()}.json")
        if path is None:
            return None
        try:
            save_encounter(path, self.plan())
        except ValidationError as exc:
            self.message.setText(tr("libui.builder.invalid", detail=_first_problem(exc)))
            return None
        except (GmtoolError, OSError) as exc:
            self.message.setText(exc.message() if isinstance(exc, GmtoolError) else str(exc))
            return None
        return path


def _first_problem(exc: ValidationError) -> str:
    """The first thing pydantic refused in a plan, translated."""
    from gmtool.games.shadowrun.library.validation import field_errors

    return next(iter(field_errors(exc).values()), str(exc).splitlines()[0])
