"""The Shadowrun editions' library dialogs: the NPC template editor, adding copies or a grunt group
to the encounter, and the encounter builder (:class:`~gmtool.ui.library_parts.LibraryGui`)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.library.exchange import MAX_MEMBERS
from gmtool.games.shadowrun.library.kind import joining_commands
from gmtool.games.shadowrun.library.template import AnyTemplate
from gmtool.storage.campaign import Campaign
from gmtool.ui.library_parts import AddPlan


class AddToEncounterDialog(QDialog):
    """How many copies of a template join the encounter, and whether as a grunt group."""

    def __init__(self, name: str, rating: int | None, shared_monitor: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("libui.add.title"))
        self.count = QSpinBox(self)
        self.count.setObjectName("addCount")
        self.count.setRange(1, MAX_MEMBERS)
        self.group = QCheckBox(tr("libui.add.group"), self)
        self.group.setObjectName("addGroup")
        self.rating = QSpinBox(self)
        self.rating.setObjectName("addRating")
        self.rating.setRange(0, 6)
        self.rating.setValue(rating or 0)
        self.shared = QCheckBox(tr("libui.add.shared"), self)
        self.shared.setVisible(shared_monitor)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(tr("libui.add.template", name=name), self))
        form.addRow(tr("libui.add.count"), self.count)
        form.addRow(self.group)
        form.addRow(tr("libui.add.rating"), self.rating)
        form.addRow(self.shared)
        form.addRow(buttons)

    def chosen(self) -> tuple[int, bool, int, bool]:
        return self.count.value(), self.group.isChecked(), self.rating.value(), self.shared.isChecked()


class ShadowrunLibraryGui:
    """The dialogs of both editions' templates."""

    def editor(self, document: dict[str, object], parent: QWidget) -> QDialog:
        from gmtool.games.shadowrun.gui.template_editor import TemplateEditor

        return TemplateEditor(dict(document), parent)

    def ask_to_add(self, template: AnyTemplate, parent: QWidget) -> AddPlan | None:
        """How many copies (``Ganger 1…N``) or one grunt group (SR5: maybe sharing one monitor)."""
        dialog = AddToEncounterDialog(template.name, template.professional_rating, template.edition == "SR5", parent)
        if not dialog.exec():
            return None
        count, group, rating, shared = dialog.chosen()
        commands, skipped = joining_commands(template, count, group, rating, shared)  # RulesError: the sheet refuses
        message = tr("libui.window.added", count=count, name=template.name)
        if skipped:
            message += " " + tr("libui.window.skipped_weapons", names=", ".join(skipped))
        return AddPlan(commands, message, warning=bool(skipped))

    def encounter_builder(self, campaign: Campaign, keep_current: int | None, game: str,
                          parent: QWidget) -> QDialog | None:
        from gmtool.games.shadowrun.gui.encounter_builder import EncounterBuilder

        return EncounterBuilder(campaign, keep_current, game, parent)


LIBRARY_GUI = ShadowrunLibraryGui()
