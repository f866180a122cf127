"""View → Share with players…: the dialog starts and stops the players' page on the interface chosen,
shows the address with its token as text and as a QR code, makes a new token; the application stops
sharing when the campaign closes or the program quits, and the page follows the rebuilt window."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.share.server import ShareServer
from gmtool.storage.workspace import Workspace
from gmtool.ui.share_dialog import ShareDialog, interfaces
from tests.gui.share_client import Raw, get, request, status


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def dialog(qtbot, window) -> Iterator[ShareDialog]:  # noqa: ANN001
    server = ShareServer(window.bridge)
    shown = ShareDialog(server, window)
    qtbot.addWidget(shown)
    shown.show()
    yield shown
    server.stop()


def _loopback(dialog: ShareDialog) -> None:
    dialog.interface.setCurrentIndex(dialog.interface.findData("127.0.0.1"))
    dialog.port.setValue(_free_port())


def test_every_interface_offered_is_one_address_never_all(dialog: ShareDialog) -> None:
    offered = [dialog.interface.itemData(n) for n in range(dialog.interface.count())]
    assert "127.0.0.1" in offered and offered == [address for _label, address in interfaces()]
    assert not {"0.0.0.0", "::", ""} & set(offered)
    assert offered[-1] == "127.0.0.1"  # this computer only is offered last: a network one first when there is one


def test_start_shows_the_address_and_its_qr_code_then_stop(qtbot, dialog: ShareDialog) -> None:
    assert not dialog.server.listening and not dialog.address.isVisible() and not dialog.new_token.isEnabled()
    _loopback(dialog)
    dialog.start.click()
    server = dialog.server
    assert server.listening and server.address == "127.0.0.1" and server.port == dialog.port.value()
    assert dialog.address.isVisible() and dialog.address.text() == server.url()
    assert server.token in dialog.address.text()
    assert dialog.qr.isVisible() and not dialog.qr.pixmap().isNull() and dialog.qr.pixmap().width() >= 100
    assert status(get(qtbot, server.port, f"/{server.token}/")) == 200
    assert dialog.start.text() == "Stop sharing" and not dialog.port.isEnabled()
    dialog.start.click()
    assert not server.listening and not dialog.address.isVisible() and dialog.status.text() == "Not shared."


def test_a_new_token_changes_the_address_and_ends_the_old_link(qtbot, dialog: ShareDialog) -> None:
    _loopback(dialog)
    dialog.start.click()
    old = dialog.address.text()
    old_qr = dialog.qr.pixmap().toImage()
    dialog.new_token.click()
    assert dialog.address.text() != old and dialog.qr.pixmap().toImage() != old_qr
    assert status(get(qtbot, dialog.server.port, old.split(str(dialog.server.port), 1)[1])) == 403


def test_a_port_taken_is_told_in_words(qtbot, dialog: ShareDialog) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        dialog.interface.setCurrentIndex(dialog.interface.findData("127.0.0.1"))
        dialog.port.setValue(taken.getsockname()[1])
        dialog.start.click()
        assert not dialog.server.listening
        assert "Choose another port" in dialog.status.text()


def test_the_count_of_pages_and_the_options_reach_the_page(qtbot, dialog: ShareDialog) -> None:
    _loopback(dialog)
    dialog.start.click()
    stream = Raw(dialog.server.port)
    try:
        stream.send(request(f"/{dialog.server.token}/events"))
        stream.wait_for(qtbot, 1)
        qtbot.waitUntil(lambda: dialog.status.text() == "Shared: 1 page follows the fight.")
        dialog.timer.setValue(90)
        assert stream.wait_for(qtbot, 2)[-1]["timer"] == 0  # nobody acts before the first turn: no timer
        assert dialog.server.model.bridge.execute(cmd.StartTurn())
        dialog.npc_names.setChecked(True)
        last = stream.wait_for(qtbot, 4)[-1]
        assert last["timer"] == 90
        npcs = {c.sheet.name for c in dialog.server.model.bridge.state.combatants.values() if c.sheet.is_npc}
        assert npcs <= {row["name"] for row in last["feed"]["rows"]}
    finally:
        stream.close()


def test_the_view_menu_offers_it_with_its_key(window) -> None:  # noqa: ANN001
    action = window.action("share_players")
    assert action.text() == "Share with players…"
    assert action.shortcut() == QKeySequence("Ctrl+Alt+W")
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.menu() and action in a.menu().actions())
    assert view_menu is not None


@pytest.fixture
def gm(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    controller = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    controller.switch_to(workspace)
    qtbot.waitExposed(controller.window)
    yield controller
    controller.shutdown()
    controller.window.close()


def _share_from_the_menu(gm) -> ShareServer:  # noqa: ANN001
    gm.window.action("share_players").trigger()
    assert gm.sharing is not None and gm.sharing.dialog is not None and gm.sharing.dialog.isVisible()
    _loopback(gm.sharing.dialog)
    gm.sharing.dialog.start.click()
    assert gm.sharing.server.listening
    return gm.sharing.server


def test_the_page_follows_the_rebuilt_window_and_stops_when_the_program_quits(qtbot, gm) -> None:  # noqa: ANN001
    server = _share_from_the_menu(gm)
    gm.show_window()  # another encounter or language: the window is rebuilt
    assert gm.sharing.server is server and server.listening and server.model.bridge is gm.window.bridge
    gm.window.action("roll_initiative").trigger()
    assert server.model.current_name()
    port = server.port
    gm.shutdown()
    assert gm.sharing is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_closing_the_campaign_stops_sharing(qtbot, gm, tmp_path) -> None:  # noqa: ANN001
    server = _share_from_the_menu(gm)
    port = server.port
    gm.switch_to(Workspace.create(tmp_path / "other.gmtool"))
    assert gm.sharing is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_each_encounter_keeps_its_own_choices(qtbot, gm, workspace: Workspace) -> None:  # noqa: ANN001
    """The timer and what players see are the encounter's; the language and port the GM's for all."""
    server = _share_from_the_menu(gm)
    gm.sharing.dialog.timer.setValue(45)
    gm.sharing.dialog.language.setCurrentIndex(gm.sharing.dialog.language.findData("ja"))
    fight = workspace.encounter_id
    rally = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
    gm.switch_to(workspace.with_encounter(rally))
    assert gm.sharing.server is server and server.listening
    assert server.options.turn_timer_s == 0 and server.options.language == "ja"
    server.set_options(server.options.model_copy(update={"show_npc_names": True}))
    gm.switch_to(gm.workspace.with_encounter(fight))
    assert server.options.turn_timer_s == 45 and not server.options.show_npc_names
    gm.switch_to(gm.workspace.with_encounter(rally))
    assert server.options.show_npc_names and server.options.turn_timer_s == 0


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_dialog_is_whole_on_a_laptop_in_both_languages(qtbot, window, language: str) -> None:  # noqa: ANN001
    """Sharing, the dialog fits a 1366×728 laptop screen; every text in it is whole (the address too);
    in Japanese no English word is left (the address and interface names are the network's own)."""
    from gmtool.core.i18n import in_language
    from tests.gui.gm_sight import LAPTOP, assert_whole, english_left, shown_texts

    server = ShareServer(window.bridge)
    with in_language(language):
        shown = ShareDialog(server, window)
        qtbot.addWidget(shown)
        shown.show()
        _loopback(shown)
        shown.start.click()
        shown.adjustSize()
        qtbot.waitExposed(shown)
        try:
            assert shown.height() <= LAPTOP[1] and shown.width() <= LAPTOP[0]
            widgets = [shown.interface, shown.port, shown.language, shown.timer, shown.start, shown.new_token,
                       shown.address, shown.status, *shown._boxes()]  # noqa: SLF001
            assert_whole(widgets)
            if language == "ja":
                texts = [(where, text) for where, text in shown_texts(shown)
                         if shown.address.objectName() not in where and shown.interface.objectName() not in where]
                # "NPC" is the Japanese rules' own word; Qt's own catalogue (which the program loads, not
                # this test) translates the standard Close button
                assert not english_left(texts, kept=("NPC", "Close"))
        finally:
            server.stop()
