"""Widgets' shapes written once in the shell (issue 32): refilling a combo box of choices keeps the
GM's choice and says nothing; a card editor's footer refuses in place and keeps what was typed."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout

from gmtool.core.errors import FileFormatError
from gmtool.ui.card_editor import CardEditor
from gmtool.ui.narrow_combo import refill


def test_refill_keeps_the_chosen_one_and_emits_nothing(qtbot) -> None:  # noqa: ANN001
    combo = QComboBox()
    qtbot.addWidget(combo)
    refill(combo, "Everyone", [("a", "Ann"), ("b", "Bo")])
    combo.setCurrentIndex(2)
    seen: list[int] = []
    combo.currentIndexChanged.connect(seen.append)
    refill(combo, "Everyone", [("c", "Cy"), ("b", "Bo")])
    assert (combo.currentData(), combo.currentText(), combo.count()) == ("b", "Bo", 3)
    refill(combo, "Everyone", [("c", "Cy")])  # Bo left: back to "Everyone"
    assert (combo.currentData(), combo.currentIndex()) == (None, 0)
    assert seen == []


class _Editor(CardEditor):
    def __init__(self) -> None:
        super().__init__()
        form = QFormLayout(self)
        self.add_header(form, "Made-up values", ("Name", "Kestrel"), "cardName")
        self.add_footer(form, {"tags": ["scout", "fast"], "notes": "old"}, ("Tags", "Notes"), 60)

    def card(self, tags: list[str], notes: str) -> object:
        if not self.name.text():
            raise FileFormatError("error.exchange_invalid", field="name", detail="empty", count=1)
        return (self.name.text(), tags, notes)


def test_a_card_editor_saves_the_checked_card_or_says_why_in_place(qtbot) -> None:  # noqa: ANN001
    editor = _Editor()
    qtbot.addWidget(editor)
    assert (editor.tags.text(), editor.notes.toPlainText()) == ("scout, fast", "old")
    saved: list[object] = []
    editor.saved.connect(saved.append)
    editor.name.setText("")
    editor.save()
    assert saved == [] and editor.message.text() != "" and editor.result() == 0
    editor.name.setText("Kestrel")
    editor.tags.setText(" scout , , red ")
    editor.save()
    assert saved == [("Kestrel", ["scout", "red"], "old")]
