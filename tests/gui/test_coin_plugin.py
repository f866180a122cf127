"""Issue 14's proof: a second game that lives outside gmtool (tests/games/coin), registered through
the registry's entry points, is offered by New encounter, opens in the main window with its own
dock and the shell's order dock, logs, undoes, prints and shows in the player view — without one
line of gmtool naming it."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest
from PySide6.QtWidgets import QLabel, QMenu

from gmtool.core.i18n import set_language
from gmtool.core.registry import GROUP, GameRegistry, use_registry
from gmtool.storage.workspace import Workspace
from tests.games.coin.rules import Flip

GAMES = (
    EntryPoint("sr5", "gmtool.games.shadowrun.sr5.manifest:MANIFEST", GROUP),
    EntryPoint("sr4", "gmtool.games.shadowrun.sr4.manifest:MANIFEST", GROUP),
    EntryPoint("coin", "tests.games.coin.manifest:MANIFEST", GROUP),
)


@pytest.fixture
def coin_games() -> Iterator[GameRegistry]:
    games = GameRegistry(source=lambda: GAMES)
    with use_registry(games):
        yield games


@pytest.fixture
def duel(coin_games: GameRegistry) -> Iterator[Workspace]:
    """A new campaign (every registered game's demo in it), at the coin duel's demo."""
    workspace = Workspace.open_default()
    coin = next(e.id for e in workspace.campaign.encounters() if e.ruleset == "coin")
    duel = workspace.with_encounter(coin)
    yield duel
    duel.close()


@pytest.fixture
def duel_window(qtbot, duel: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(duel)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_coin_duel_is_registered_and_offered_by_new_encounter(qtbot, coin_games: GameRegistry) -> None:
    from gmtool.ui.encounter_dialogs import NewEncounterDialog

    assert coin_games.problems() == ()
    dialog = NewEncounterDialog("Duel")
    qtbot.addWidget(dialog)
    offered = {dialog.game.itemData(i): dialog.game.itemText(i) for i in range(dialog.game.count())}
    assert offered["coin"] == "Coin duel"
    set_language("ja")
    dialog = NewEncounterDialog("決闘")
    qtbot.addWidget(dialog)
    assert dialog.game.itemText(dialog.game.findData("coin")) == "コイン決闘"


def test_its_window_has_its_dock_its_menu_and_the_order(duel_window) -> None:  # noqa: ANN001
    window = duel_window
    assert set(window.docks) == {"order", "coin_table", "sheet", "log"}
    assert window.docks["coin_table"].windowTitle() == "Coin table"
    assert not window.has_action("next_phase") and not window.has_action("attack")  # no Shadowrun in it
    menus = {menu.objectName(): menu for menu in window.menuBar().findChildren(QMenu)}
    assert [a.text() for a in menus["menu_coin"].actions() if a.text()] == ["Add duelist", "Start the round", "Flip"]
    order = window.parts.order_panel
    assert [order.model.index(r, 0).data() for r in range(order.model.rowCount())] == ["Ada", "Bo"]
    assert order.heading.text() == "Round 1 · Ada flips"  # the demo began the first round
    assert order.model.columns() == ("Name", "Coins")  # no score column: the game names none
    assert order.model.index(0, 1).data() == "3/3"  # the coins track, as the game words it


def test_a_flip_is_logged_undone_and_refused_when_over(qtbot, duel_window) -> None:  # noqa: ANN001
    window = duel_window
    face = window.findChild(QLabel, "coinFace")
    assert face.text() == "No coin flipped yet"
    rows = window.log_panel.model.rowCount()
    window.action("flip").trigger()
    state = window.bridge.state
    assert state.current == "d2" and state.last_face in (1, 2)
    assert window.log_panel.model.rowCount() > rows
    texts = [window.log_panel.model.index(r, 0).data() for r in range(window.log_panel.model.rowCount())]
    assert any(t.startswith("Ada flips") for t in texts)
    assert face.text().startswith("Last flip: ")
    assert window.action("undo").isEnabled()
    assert window.action("undo").text() == "Undo: the flip by Ada"  # the game's own undo words
    window.action("undo").trigger()
    assert window.bridge.state.current == "d1" and window.bridge.state.last_face is None
    assert face.text() == "No coin flipped yet"
    # Flipping until someone has no coin left ends the duel; the flip action is then disabled.
    for _ in range(200):
        if window.bridge.state.current is None:
            break
        window.action("flip").trigger()
    assert window.bridge.state.current is None
    assert not window.action("flip").isEnabled()
    assert window.parts.order_panel.heading.text().endswith("the duel is over")
    assert not window.bridge.execute(Flip(by="d1"))  # refused, in the game's own words
    assert "not Ada's go" in window.status.text()


def test_it_prints_and_shows_in_the_player_view(qtbot, duel_window) -> None:  # noqa: ANN001
    from gmtool.printing.report import build_report
    from gmtool.viewmodels.player_view_model import SHOWN_NAME, TRACKS, PlayerViewModel

    window = duel_window
    window.action("flip").trigger()
    report = build_report(window.bridge.encounter, "Duel")
    words = repr(report)
    assert "Ada flips" in words and "Coin duel" in report.subtitle
    model = PlayerViewModel(window.bridge)
    names = [model.index(r, 0).data(SHOWN_NAME) for r in range(model.rowCount())]
    assert names == ["Ada", "Bo"]
    assert model.index(0, 0).data(TRACKS) == ((3, 3, "resource", "bar"),)


def test_it_keeps_duelist_cards_in_the_library(qtbot, duel: Workspace, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from gmtool.ui import library_window as lw
    from gmtool.ui.import_report_dialog import import_path
    from gmtool.ui.library_window import LibraryWindow
    from gmtool.ui.main_window import MainWindow

    empty = duel.with_new_encounter("Empty duel", "coin")
    window = MainWindow(empty)
    qtbot.addWidget(window)
    library = LibraryWindow(empty.campaign, window.bridge, window)
    qtbot.addWidget(library)
    games = {library.game.itemData(i): library.game.itemText(i) for i in range(library.game.count())}
    assert games["coin"] == "Coin duel" and "sr5" in games
    new = {a.objectName() for a in library.buttons["new"].menu().actions()}
    assert {"libraryNew_coin", "libraryNew_sr5", "libraryNew_sr4"} <= new
    editor = library.new_template("coin")
    editor.name.setText("Cy")
    editor.coins.setValue(2)
    editor.save()
    (card_id,) = library.selected_ids()
    row = library.proxy.index(0, 1)
    assert library.store.get(card_id).game == "coin" and row.data() == "Coin duel"
    assert library.preview.toPlainText() == "Cy: 2 coins"
    assert library.add_to_encounter()  # the game's own command, through the bridge
    assert [(d.name, d.coins) for d in window.bridge.state.combatants.values()] == [("Cy", 2)]
    assert window.action("undo").isEnabled()
    # Exported in the game's own file, and imported again through the game that claims it.
    target = tmp_path / "duelists.coins"
    monkeypatch.setattr(lw, "ask_save_path", lambda *_a: target)  # the file dialog, answered
    assert library.export_json() == target
    outcome = import_path(empty.campaign, target)
    assert outcome.ok and outcome.lines == ["duelists.coins: 1 duelist cards"]
    assert empty.campaign.library.get(outcome.template_ids[0]).name == "Cy"


def test_the_shells_sheet_dock_draws_and_edits_its_sheet_and_offers(qtbot, duel_window) -> None:  # noqa: ANN001
    """The sheet and the offers come from the rules' display types; edits and offers become its commands."""
    window = duel_window
    dock = window.parts.sheet
    window.bridge.select("d2")
    assert dock.title.text() == "Bo"
    coins = dock.editors["coins"]
    assert (coins.minimum(), coins.maximum(), coins.value()) == (0, 3, 3)
    flip = dock.offer_buttons["flip"]
    assert not flip.isEnabled() and flip.toolTip() == "It is not Bo's go"  # Ada flips first
    coins.setValue(1)
    coins.editingFinished.emit()
    assert window.bridge.state.combatants["d2"].coins == 1  # through the journal: undoable
    assert window.action("undo").text() == "Undo: the edit"
    window.bridge.select("d1")
    assert dock.offer_buttons["flip"].isEnabled()
    assert dock.take("flip") and window.bridge.state.current == "d2"
    name = dock.editors["name"]
    window.bridge.select("d2")
    name.setText("")
    name.editingFinished.emit()
    assert "needs a name" in window.status.text() and name.text() == "Bo"  # refused: the fight's value again
