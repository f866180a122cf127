"""A narrow dock's "Acting now: …" line ends in "…" instead of being cut at the edge, and keeps its
whole text (the tooltip, ``text()``)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.ui.elided_label import ElidedLabel

LINE = "Acting now: Brick (demo runner), who has a long name"


def test_a_narrow_label_ends_in_an_ellipsis_and_a_wide_one_shows_it_all(qtbot) -> None:  # noqa: ANN001
    label = ElidedLabel()
    qtbot.addWidget(label)
    label.setText(LINE)
    whole = label.fontMetrics().horizontalAdvance(LINE)
    label.resize(whole // 2, 20)
    label.show()
    QApplication.processEvents()
    shown = label.shown_text()
    assert shown.endswith("…") and LINE.startswith(shown[:-1])  # the start kept, the end elided
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.text() == LINE  # the whole text is kept
    label.resize(whole + 20, 20)
    assert label.shown_text() == LINE


def test_the_initiative_panel_elides_who_acts(qtbot, window) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    panel = window.parts.initiative_panel
    assert isinstance(panel.current_label, ElidedLabel) and isinstance(panel.budget_label, ElidedLabel)
    window.resize(window.minimumSizeHint().width(), 700)
    QApplication.processEvents()
    label = panel.current_label
    assert label.text().startswith("Acting now: ")
    assert label.shown_text().endswith("…")  # the narrowest window has no room for the whole line
    assert label.fontMetrics().horizontalAdvance(label.shown_text()) <= label.contentsRect().width()
