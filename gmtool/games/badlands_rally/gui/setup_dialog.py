"""The race setup (BR-4, BR-20) in one window, top to bottom: the players clockwise and each gear's
player, the order they choose their gears in, this race's upgrades and each gear's, and the pole
position with every gear's exact chance before the roll. Every button runs one journal command; the
dialog holds no rules and redraws from the race after each change (a refusal is shown in it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import active_language, tr
from gmtool.core.messages import Command
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.setup_view import badges, pole_odds_text
from gmtool.games.badlands_rally.rules.upgrade_effects import TWINS
from gmtool.games.badlands_rally.rules.upgrades import upgrade_for

if TYPE_CHECKING:
    from gmtool.games.badlands_rally.rules.race import RallyRules
    from gmtool.ui.main_window import MainWindow

MODES = ("none", "rolled", "chosen")


def _button(key: str, name: str, parent: QWidget) -> QPushButton:
    button = QPushButton(tr(key), parent)
    button.setObjectName(name)
    button.setAutoDefault(False)  # Return in the players' line sets the players, nothing else
    return button


class RaceSetupDialog(QDialog):
    """Seats, choice order, upgrades and pole position; ``state`` and ``readings`` are read on each redraw."""

    def __init__(self, state: Callable[[], RaceState], readings: Callable[[], RuleReadings],
                 run: Callable[[Command], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("brRaceSetup")
        self.setWindowTitle(tr("br.setup.title"))
        self._state, self._readings, self._run = state, readings, run
        layout = QVBoxLayout(self)
        layout.addWidget(self._players_box())
        layout.addWidget(self._order_box())
        self.gears_box = QGroupBox(tr("br.setup.gears"), self)
        self.grid = QGridLayout(self.gears_box)
        layout.addWidget(self.gears_box)
        layout.addWidget(self._pole_box())
        self.message = QLabel(self)
        self.message.setObjectName("brSetupMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        close = QPushButton(tr("libui.common.close"), self)
        close.setAutoDefault(False)  # Enter in the players' field sets the players; it does not close
        close.clicked.connect(self.close)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self.rows: dict[str, dict[str, QWidget]] = {}
        self.refresh()

    # -- the parts ----------------------------------------------------------------------------------
    def _players_box(self) -> QGroupBox:
        box = QGroupBox(tr("br.setup.players"), self)
        form = QFormLayout(box)
        self.players = QLineEdit(box)
        self.players.setObjectName("brSetupPlayers")
        self.players.setPlaceholderText(tr("br.setup.players_hint"))
        self.players.returnPressed.connect(self.set_players)
        self.set_button = _button("br.setup.set_players", "brSetupSetPlayers", box)
        self.set_button.clicked.connect(self.set_players)
        row = QHBoxLayout()
        row.addWidget(self.players, 1)
        row.addWidget(self.set_button)
        form.addRow(tr("br.setup.players_label"), row)
        self.mode = QComboBox(box)
        self.mode.setObjectName("brSetupMode")
        for mode in MODES:
            self.mode.addItem(tr(f"br.setup.mode.{mode}"), mode)
        self.mode.activated.connect(lambda _i: self.do(s.SetUpgradeMode(mode=self.mode.currentData())))
        form.addRow(tr("br.setup.mode"), self.mode)
        return box

    def _order_box(self) -> QGroupBox:
        box = QGroupBox(tr("br.setup.choice_order"), self)
        row = QHBoxLayout(box)
        self.order_label = QLabel(box)
        self.order_label.setWordWrap(True)
        self.roll_order = _button("br.setup.roll_choice_order", "brSetupRollOrder", box)
        self.roll_order.clicked.connect(lambda: self.do(s.RollChoiceOrder()))
        row.addWidget(self.order_label, 1)
        row.addWidget(self.roll_order)
        return box

    def _pole_box(self) -> QGroupBox:
        box = QGroupBox(tr("br.setup.pole"), self)
        row = QHBoxLayout(box)
        self.pole_odds = QLabel(box)
        self.pole_odds.setObjectName("brSetupPoleOdds")
        self.pole_odds.setWordWrap(True)
        self.pole = _button("br.setup.roll_pole", "brSetupPole", box)
        self.pole.clicked.connect(lambda: self.do(s.RollPolePosition()))
        self.pole_typed = _button("br.setup.pole_typed", "brSetupPoleTyped", box)
        self.pole_typed.clicked.connect(self.pole_with_table_dice)
        row.addWidget(self.pole_odds, 1)
        row.addWidget(self.pole)
        row.addWidget(self.pole_typed)
        return box

    def pole_with_table_dice(self) -> bool:
        """The pole position with the dice thrown at the table, typed per gear (2D6, +1D6 Sponsorship Paint)."""
        from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog

        dialog = TableDiceDialog(self._state(), False, self)
        return bool(dialog.exec()) and self.do(s.RollPolePosition(faces=dialog.typed()))

    # -- commands ----------------------------------------------------------------------------------
    def do(self, command: Command) -> bool:
        """Run ``command``; the dialog redraws (the refusal's reason shown when refused)."""
        self.message.clear()
        done = self._run(command)
        self.refresh()
        return done

    def refused(self, message: str) -> None:
        self.message.setText(message)

    def set_players(self) -> bool:
        names = tuple(p.strip() for p in self.players.text().replace("、", ",").split(",") if p.strip())
        if not names:
            self.message.setText(tr("error.br_no_players"))
            return False
        typed = self.players.text()
        done = self.do(s.SetPlayers(players=names))
        if not done:  # refused: the reason is shown, what was typed stays to be mended
            self.players.setText(typed)
        return done

    def give(self, gear: str) -> bool:
        choice = self.rows[gear]["upgrade"]
        assert isinstance(choice, QComboBox)
        return self.do(s.GiveUpgrade(gear=gear, die=choice.currentData()))

    def twins(self, gear: str) -> bool:
        choice = self.rows[gear]["twins"]
        assert isinstance(choice, QComboBox)
        return choice.currentData() is not None and self.do(s.ChooseTwins(gear=gear, weapon=choice.currentData()))

    # -- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self._state()
        if not self.players.hasFocus():  # before players are named, the seats the gears were given
            seats = dict.fromkeys(gear.seat for gear in state.gears.values() if gear.seat)
            self.players.setText(", ".join(state.players or seats))
        self.mode.setCurrentIndex(MODES.index(state.upgrade_mode) if state.upgrade_mode in MODES else 1)
        self.order_label.setText(tr("br.setup.order_is", order=", ".join(state.choice_order))
                                 if state.choice_order else tr("br.setup.order_not_rolled"))
        started = state.round > 0
        self.pole_odds.setText(self._pole_text(state))
        self.pole.setEnabled(not started and bool(state.gears))
        self.pole_typed.setEnabled(self.pole.isEnabled())
        self._gear_rows(state)
        for widget in (self.players, self.mode, self.gears_box, self.roll_order, self.set_button):
            widget.setEnabled(not started)

    def _pole_text(self, state: RaceState) -> str:
        if state.round > 0 and state.pole in state.gears:
            return tr("br.setup.started", name=state.gears[state.pole].name)
        if state.round > 0:
            return tr("br.setup.started_no_pole")
        return pole_odds_text(state, self._readings()) or tr("br.setup.no_odds")

    def _gear_rows(self, state: RaceState) -> None:
        focused = self.focusWidget().objectName() if self.focusWidget() else ""
        while self.grid.count():
            item = self.grid.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()
                old.setObjectName("")  # no longer found by its name; deleted once back in the event loop
                old.deleteLater()
        self.rows = {}
        for row, gear_id in enumerate(state.seats()):
            self.rows[gear_id] = self._gear_row(state, state.gears[gear_id], row)
        chain = [self.roll_order, *(w for row in self.rows.values() for w in row.values() if not isinstance(w, QLabel)),
                 self.pole, self.pole_typed]
        for before, after in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(before, after)  # rows made again stay between the choice order and the pole
        again = self.gears_box.findChild(QWidget, focused) if focused else None
        if again is not None:
            again.setFocus()

    def _gear_row(self, state: RaceState, gear: RaceGear, row: int) -> dict[str, QWidget]:
        box = self.gears_box
        seat = QComboBox(box)
        seat.setObjectName(f"brSetupSeat_{gear.id}")
        for player in dict.fromkeys((*state.players, gear.seat)):
            seat.addItem(player, player)
        seat.setCurrentIndex(seat.findData(gear.seat))
        seat.activated.connect(lambda _i, g=gear.id, c=seat: self.do(s.AssignGear(gear=g, player=c.currentData())))
        has = QLabel(", ".join(b.text for b in badges(gear)[1:]) or "—", box)
        upgrade = QComboBox(box)
        upgrade.setObjectName(f"brSetupUpgrade_{gear.id}")
        if state.upgrade_mode == "rolled":
            upgrade.addItem(tr("br.setup.roll_upgrade"), None)
        for die in range(1, 7):
            found = upgrade_for(die)
            upgrade.addItem(f"{die} {found.ja if active_language() == 'ja' else found.en}", die)
        give = _button("br.setup.give", f"brSetupGive_{gear.id}", box)
        give.clicked.connect(lambda _=False, g=gear.id: self.give(g))
        give.setEnabled(state.upgrade_mode != "none" and not gear.upgrades)
        upgrade.setEnabled(give.isEnabled())
        twins = QComboBox(box)
        twins.setObjectName(f"brSetupTwins_{gear.id}")
        for n, weapon in enumerate(gear.weapons):
            twins.addItem(weapon.name, n)
        pick = _button("br.setup.choose_twins", f"brSetupTwinsChoose_{gear.id}", box)
        pick.clicked.connect(lambda _=False, g=gear.id: self.twins(g))
        pick.setEnabled(TWINS in gear.upgrades and gear.twins is None and bool(gear.weapons))
        twins.setEnabled(pick.isEnabled())
        widgets = {"name": QLabel(gear.name, box), "seat": seat, "has": has, "upgrade": upgrade, "give": give,
                   "twins": twins, "pick": pick}
        for column, widget in enumerate(widgets.values()):
            self.grid.addWidget(widget, row, column)
        return widgets


def open_race_setup(window: MainWindow, rules: RallyRules, dialog: RaceSetupDialog | None) -> RaceSetupDialog:
    """The window's one setup dialog, made on first use and kept up to date while it is shown."""
    if dialog is None:
        dialog = RaceSetupDialog(lambda: window.bridge.state, lambda: rules.readings, window.run, window)
        made = dialog
        window.bridge.changed.connect(lambda _change: made.refresh() if made.isVisible() else None)
        window.bridge.refused.connect(made.refused)
    dialog.refresh()
    dialog.show()
    dialog.activateWindow()
    return dialog
