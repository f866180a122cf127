"""The printed encounter report shows the party between encounters (issue 35's last point), in every game
that carries something over: each member's state as the players may see it, after the turns; and the
player view shows the same party in the four games."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from gmtool.core.i18n import in_language
from gmtool.printing.html import render_html
from gmtool.printing.markdown import render_markdown
from gmtool.ui.main_window import MainWindow
from gmtool.ui.player_view import PlayerView
from gmtool.ui.report_dialog import ReportDialog
from tests.gui.gm_sight import in_view
from tests.gui.party_games import FRESH, GAMES, add_member, game_workspace


def window_on(qtbot, workspace, game: str) -> MainWindow:  # noqa: ANN001
    window = MainWindow(game_workspace(workspace, game))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def report_of(window: MainWindow) -> ReportDialog:
    """The dialog File → Print/Report… (Ctrl+P) opens, as the window makes it."""
    shown: list[ReportDialog] = []

    def take() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ReportDialog) and w.isVisible())
        shown.append(dialog)
        dialog.reject()

    QTimer.singleShot(0, take)
    window.print_log()
    return shown[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_report_prints_the_party_between_encounters(qtbot, workspace, game: str) -> None:  # noqa: ANN001
    window = window_on(qtbot, workspace, game)
    add_member(window, game, "Kestrel")
    report = report_of(window).report()
    assert report.party is not None
    assert report.party.rows == (("Kestrel", FRESH[game]),)
    assert report.party.note == ""  # not in this encounter: nothing waits to be carried back
    html, markdown = render_html(report), render_markdown(report)
    assert "The party between encounters" in html and FRESH[game] in html
    assert html.rindex("<h2>") == html.index("<h2>The party between encounters</h2>")  # after the turns
    assert "## The party between encounters" in markdown and "| Kestrel |" in markdown


def test_the_report_says_what_is_not_carried_back_yet(window) -> None:  # noqa: ANN001
    from tests.gui.test_party_walkthrough import hurt

    add_member(window, "sr5", "Kestrel")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 4)
    report = report_of(window).report()
    assert report.party is not None and report.party.rows[0][1].startswith("Physical 0/10 · Stun 0/10")
    assert report.party.note.startswith("As carried back so far")
    window.party_actions.carry_back_dialog().carry()
    report = report_of(window).report()
    assert report.party is not None and report.party.note == ""
    assert report.party.rows[0][1].startswith("Physical 0/10 · Stun 4/10")


def test_the_report_in_japanese(window) -> None:  # noqa: ANN001
    add_member(window, "sr5", "Kestrel")
    dialog = report_of(window)
    with in_language("ja"):
        report = dialog.report()  # the dialog's language is the interface's
    assert report.party is not None and report.party.title == "遭遇の合間のパーティ"
    assert report.party.columns == ("メンバー", "現在")


def test_a_game_without_a_party_prints_no_party(window) -> None:  # noqa: ANN001
    assert report_of(window).report().party is None  # the demo campaign has no party yet


@pytest.mark.parametrize("game", GAMES)
def test_the_player_view_shows_the_party_in_every_game(qtbot, workspace, game: str) -> None:  # noqa: ANN001
    window = window_on(qtbot, workspace, game)
    add_member(window, game, "Kestrel")
    players = PlayerView(window.bridge)
    qtbot.addWidget(players)
    players.resize(900, 700)
    players.show()
    qtbot.waitExposed(players)
    assert players.party.isVisible() and in_view(players.party, players)
    assert players.party.text().splitlines() == ["The party", f"Kestrel: {FRESH[game]}"]
