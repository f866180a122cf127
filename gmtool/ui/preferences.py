"""The preferences dialog: language (system, English, 日本語)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from gmtool.core.i18n import LANGUAGES, catalogue, tr


class PreferencesDialog(QDialog):
    def __init__(self, language: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("dialog.preferences.title"))
        self.language = QComboBox(self)
        self.language.setObjectName("languageCombo")
        self.language.addItem(tr("preferences.language_system"), None)
        for code in LANGUAGES:
            self.language.addItem(catalogue(code).language_name, code)
        self.language.setCurrentIndex(self.language.findData(language) if language else 0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(tr("preferences.language"), self.language)
        note = QLabel(tr("preferences.language_note"), self)
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow(buttons)

    def chosen_language(self) -> str | None:
        return self.language.currentData()
