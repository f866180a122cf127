"""Carry-back is offered whenever the GM leaves an encounter with party members whose state changed
(issue 35): closing the window (✕), File → Quit, another encounter or campaign; never silent, nothing lost.
Cancel stays: the window stays open, nothing carried, nothing declined."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from gmtool.storage.workspace import Workspace
from gmtool.ui.carry_back_dialog import CarryBackDialog
from gmtool.ui.encounter_dialogs import SwitchEncounterDialog
from tests.gui.gm_sight import in_view, text_whole
from tests.gui.party_games import add_member
from tests.gui.test_party_walkthrough import hurt


def the_question(window) -> CarryBackDialog:  # noqa: ANN001
    """The carry-back summary open over the window."""
    return next(w for w in window.findChildren(CarryBackDialog) if w.isVisible())


def stun_now(window) -> str:  # noqa: ANN001
    (member,) = window.workspace.campaign.party.members("sr5")
    return str(member.carried.document["stun"])


def hurt_in_the_fight(window) -> None:  # noqa: ANN001
    add_member(window, "sr5", "Kestrel")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 4)


@pytest.mark.parametrize("leave", ["close", "quit"])
def test_closing_the_window_asks_and_cancel_keeps_it_open(window, qtbot, leave: str) -> None:  # noqa: ANN001
    hurt_in_the_fight(window)
    close: Callable[[], object] = window.close if leave == "close" else window.action("quit").trigger
    close()
    dialog = the_question(window)
    assert window.isVisible()  # waiting for the GM's answer
    assert dialog.cancel_button.isVisible() and in_view(dialog.cancel_button) and text_whole(dialog.cancel_button)
    assert dialog.table.item(0, 1).text() == "Stun: 0/10 → 4/10"
    dialog.cancel_button.click()
    assert window.isVisible() and stun_now(window) == "0"  # stayed: nothing carried, nothing declined
    assert "Still in the encounter" in window.status.text()
    close()  # asked again: nothing was answered
    the_question(window).carry_button.click()
    assert not window.isVisible() and stun_now(window) == "4"


def test_esc_on_the_question_stays_too(window, qtbot) -> None:  # noqa: ANN001
    hurt_in_the_fight(window)
    window.close()
    dialog = the_question(window)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert window.isVisible() and not dialog.isVisible() and stun_now(window) == "0"


def test_decline_closes_and_leaves_the_party_as_it_was(window) -> None:  # noqa: ANN001
    hurt_in_the_fight(window)
    window.close()
    the_question(window).decline_button.click()
    assert not window.isVisible() and stun_now(window) == "0"


def test_nothing_changed_closes_without_asking(window) -> None:  # noqa: ANN001
    add_member(window, "sr5", "Kestrel")
    window.party_actions.add_party()
    window.close()
    assert not window.isVisible() and not window.findChildren(CarryBackDialog)


@pytest.fixture
def gm(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    controller = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    controller.switch_to(workspace)
    qtbot.waitExposed(controller.window)
    yield controller
    controller.shutdown()
    controller.window.deleteLater()


def answer_later(*steps: Callable[[], bool]) -> None:
    """Each step runs once the dialog it waits for is open (a step answers False while it is not)."""
    pending = list(steps)

    def tick() -> None:
        if pending and pending[0]():
            pending.pop(0)
        if pending:
            QTimer.singleShot(10, tick)

    QTimer.singleShot(0, tick)


def visible(kind: type) -> object | None:
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)


def switch_to_demo(switch: SwitchEncounterDialog, workspace: Workspace) -> bool:
    demo = next(e.id for e in workspace.encounters() if e.id != workspace.encounter_id)
    switch.choose(demo)
    switch.accept()
    return True


@pytest.mark.parametrize("answer", ["cancel", "carry"])
def test_switching_encounters_asks_and_cancel_stays(gm, answer: str) -> None:  # noqa: ANN001
    gm.switch_to(gm.workspace.with_new_encounter("Loading dock", "sr5"))
    window, encounter = gm.window, gm.workspace.encounter_id
    hurt_in_the_fight(window)

    def switch() -> bool:
        dialog = visible(SwitchEncounterDialog)
        return dialog is not None and switch_to_demo(dialog, gm.workspace)  # type: ignore[arg-type]

    def answered() -> bool:
        dialog = visible(CarryBackDialog)
        if dialog is None:
            return False
        (dialog.cancel_button if answer == "cancel" else dialog.carry_button).click()  # type: ignore[attr-defined]
        return True

    answer_later(switch, answered)
    gm.request_switch_encounter()
    if answer == "cancel":
        assert gm.window is window and gm.workspace.encounter_id == encounter and stun_now(window) == "0"
    else:
        assert gm.window is not window and gm.workspace.encounter_id != encounter and stun_now(gm.window) == "4"
        assert not visible(CarryBackDialog)  # the old window closing did not ask again


def test_a_window_rebuilt_in_place_asks_nothing(gm) -> None:  # noqa: ANN001
    """A language or the house rules rebuild the window on the same encounter: nothing is left, nothing
    asked; the party's changes wait in the new window, asked when the GM leaves."""
    gm.switch_to(gm.workspace.with_new_encounter("Loading dock", "sr5"))
    old = gm.window
    hurt_in_the_fight(old)
    gm.show_window()  # what a language change and File → Reload house rules do
    assert gm.window is not old and not old.isVisible() and not old.findChildren(CarryBackDialog)
    gm.window.close()
    assert the_question(gm.window).table.item(0, 1).text() == "Stun: 0/10 → 4/10"
    the_question(gm.window).cancel_button.click()
