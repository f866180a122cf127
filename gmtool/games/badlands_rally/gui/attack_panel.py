"""The rally's actions, in one column beside the map: whose they are on top, then a page per kind of
deed — the attack (with a reaction attack's window over it), the special moves and actions, the push,
the spin-outs waiting — each with its inputs, its exact odds, its button and its last roll in view
together on a laptop (the column's pages, not one long scroll).

The attack: target (other players' gears first; one's own side marked, asked once before it is
attacked) and weapon chosen, the plan term by term and the exact odds shown before anything is
rolled; the dice typed from the table or rolled. In table mode the geometry read off the physical
board is typed here (arc, lock, side, range, cover). The panel holds no rules: it asks the game
(``attack_preview``) and runs its command; after a deed it says so (``acted``), and the window gives
the keyboard back to the map."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.area_gears import AreaGears
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent, typed_faces
from gmtool.games.badlands_rally.gui.last_roll import LastRoll
from gmtool.games.badlands_rally.gui.move_box import MoveBox
from gmtool.games.badlands_rally.gui.push_box import PushBox
from gmtool.games.badlands_rally.gui.reaction_box import ReactionBox
from gmtool.games.badlands_rally.gui.spin_box import SpinBox
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import AttackPreview
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.sides import enemies_first, same_side
from gmtool.ui.measured_label import TallestLabel
from gmtool.ui.narrow_combo import narrow
from gmtool.ui.pinned import scrolled
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.tones import tone

SIDES = ("front", "flank", "rear")
PAGES = ("attack", "moves", "push", "spin")
PAGE_MARGINS = (2, 4, 2, 2)  # px: a narrow column gives its width to the inputs
ROLLS = {  # each page's rolls: the events whose entry its last roll shows
    "attack": frozenset({"br_attack_made"}),
    "moves": frozenset({"br_special_move_made", "br_recovered", "br_crowd_rallied", "br_off_road_rolled"}),
    "push": frozenset({"br_pushed"}),
    "spin": frozenset({"br_spin_resolved"}),
}
CAUSES = ROLLS["attack"] | ROLLS["moves"] | ROLLS["push"]  # a spin-out waits after one of these: shown with it
DEFERRED = ("moves", "push")  # pages whose boxes work out their dice and odds only while in front (or before a deed)


class AttackPanel(QWidget):
    acted = Signal()  # a deed of the column was done (an attack, a move, a push, a spin-out, a reaction's answer)

    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], rules: RallyRules,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._rules = bridge, rules
        self._run = self._deed(run)
        self._stale = False
        self._behind: set[str] = set()  # pages behind another page not filled since the race changed (_fill_behind)
        self._shown = True  # the dock's tab in front (set_shown)
        self._asked: set[tuple[str, str]] = set()  # attacks on one's own side the GM confirmed (asked once)
        self._asking: tuple[str, str] | None = None  # the pair asked about: a second press attacks
        self._for: str | None = None  # the attacker the inputs were chosen for
        self.whose = TallestLabel(self)  # whose the column is: the active gear, its speed and MR (whole, wrapped)
        self.whose.setObjectName("brActionsWhose")
        self.attacker = QLabel(self)
        self.target = QComboBox(self)
        self.target.setObjectName("brAttackTarget")
        self.weapon = QComboBox(self)
        self.weapon.setObjectName("brAttackWeapon")
        for combo in (self.target, self.weapon):
            narrow(combo, 10)
        self.table = self._table_inputs()
        self.plan = TallestLabel(self)  # the plan and the odds keep their tallest height: the inputs under them stay put
        self.odds = TallestLabel(self)
        self.odds.setObjectName("brAttackOdds")
        self.faces = {name: QLineEdit(self) for name in ("attack", "defence", "damage")}
        for name, edit in self.faces.items():
            edit.setObjectName(f"brFaces_{name}")
            edit.setPlaceholderText(tr("br.attack.faces_hint"))
        self.warning = QLabel(self)
        self.warning.setWordWrap(True)
        set_tone(self.warning, "warning")
        self.warning.hide()
        self.roll = QPushButton(tr("br.attack.roll"), self)
        self.roll.setObjectName("brAttackRoll")
        self.spins = SpinBox(self._run, self)
        self.reaction = ReactionBox(self._run, rules, self)  # BR-18: while a passive gear may react, the panel is its
        self.moves = MoveBox(self._run, self)
        self.push = PushBox(self._run, lambda: rules.readings, self)
        self.none_waiting = QLabel(tr("error.br_no_spin_waits"), self)
        self.none_waiting.setWordWrap(True)
        self.last = {page: LastRoll(bridge, rules.describe, kinds, f"brLastRoll_{page}", self) for page, kinds in ROLLS.items()}
        self.cause = LastRoll(bridge, rules.describe, CAUSES, "brLastRoll_cause", self)  # what the spin-outs wait after
        self._lay_out()
        for combo in (self.target, self.weapon):
            combo.currentIndexChanged.connect(self.refresh)
        for edit in self.faces.values():
            edit.textChanged.connect(self.refresh)
        self.roll.clicked.connect(self.attack)
        self.reaction.gear.currentIndexChanged.connect(self._fill)
        self.reaction.active_first.toggled.connect(self._fill)
        self.pages.currentChanged.connect(lambda _index: self._fill_behind())
        bridge.changed.connect(self._on_change)
        self._fill()

    def _table_inputs(self) -> QGroupBox:
        box = QGroupBox(tr("br.attack.table"), self)
        form = QFormLayout(box)
        self.in_front, self.lock = QCheckBox(tr("br.attack.in_front"), box), QCheckBox(tr("br.attack.lock"), box)
        self.side = QComboBox(box)
        for side in SIDES:
            self.side.addItem(tr(f"br.side.{side}"), side)
        self.range, self.cover = QSpinBox(box), QSpinBox(box)
        self.range.setRange(0, 60)
        self.cover.setRange(0, 12)
        self.cover.setSuffix("D6")
        self._fresh_table_inputs()
        form.addRow(self.in_front)
        form.addRow(self.lock)
        form.addRow(tr("br.attack.side"), self.side)
        form.addRow(tr("br.attack.range"), self.range)
        form.addRow(tr("br.attack.cover"), self.cover)
        self.area_gears = AreaGears(box)  # BR-11 Area Effect: the gears next to the target, off the board
        form.addRow(tr("br.attack.area_gears"), self.area_gears)
        self.area_gears.itemChanged.connect(self.refresh)
        for widget in (self.in_front, self.lock):
            widget.toggled.connect(self.refresh)
        self.side.currentIndexChanged.connect(self.refresh)
        for spin in (self.range, self.cover):
            spin.valueChanged.connect(self.refresh)
        return box

    def _fresh_table_inputs(self) -> None:
        """Table mode's geometry as a new attack starts (in front, with lock, the first side, range 1, no
        cover): typed for one attacker, it never carries over to the next (issue 31)."""
        for widget, value in ((self.in_front, True), (self.lock, True)):
            widget.setChecked(value)
        self.side.setCurrentIndex(0)
        self.range.setValue(1)
        self.cover.setValue(0)

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: labels above their fields
        form.addRow(tr("br.attack.attacker"), self.attacker)
        form.addRow(tr("br.attack.target"), self.target)
        form.addRow(tr("br.attack.weapon"), self.weapon)
        dice = QFormLayout()
        dice.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for name, edit in self.faces.items():
            dice.addRow(tr(f"br.attack.faces_{name}"), edit)
        attack = QWidget(self)
        column = QVBoxLayout(attack)
        column.setContentsMargins(*PAGE_MARGINS)
        column.addWidget(self.reaction)
        column.addLayout(form)
        column.addWidget(self.table)
        column.addWidget(self.plan)
        column.addWidget(self.odds)
        column.addLayout(dice)
        column.addWidget(self.warning)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.roll)
        column.addLayout(row)
        column.addWidget(self.last["attack"])
        column.addStretch(1)
        self.pages = QTabWidget(self)
        self.pages.setObjectName("brActionPages")
        self.pages.setDocumentMode(True)
        self.pages.setUsesScrollButtons(False)  # four short names: every tab in view
        contents = {"attack": (attack,), "moves": (self.moves,), "push": (self.push,),
                    "spin": (self.spins, self.none_waiting, self.cause)}
        for page in PAGES:
            self.pages.addTab(scrolled(self._page(page, contents[page]), f"brPage_{page}"), tr(f"br.page.{page}"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.whose)
        layout.addWidget(self.pages, 1)

    def _page(self, page: str, widgets: tuple[QWidget, ...]) -> QWidget:
        """A page: its widgets, its last roll under them (the attack page holds its own), room below."""
        if page == "attack":
            return widgets[0]
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(*PAGE_MARGINS)
        for widget in (*widgets, self.last[page]):
            column.addWidget(widget)
        column.addStretch(1)
        return holder

    def show_page(self, page: str) -> None:
        """Bring one of the column's pages to the front ("attack", "moves", "push", "spin")."""
        self.pages.setCurrentIndex(PAGES.index(page))

    def page(self) -> str:
        return PAGES[self.pages.currentIndex()]

    def _deed(self, run: Callable[[Command], bool]) -> Callable[[Command], bool]:
        """``run``, saying when a deed was done (the window then gives the map its keys back)."""
        def done(command: Command) -> bool:
            if not run(command):
                return False
            self.acted.emit()
            return True
        return done

    # -- what is shown ------------------------------------------------------------------------
    @property
    def state(self) -> RaceState:
        state: RaceState = self._bridge.state  # the race's (the shell holds any game's)
        return state

    def _on_change(self, _change: Change) -> None:
        if self.isVisible() and self._shown:
            self._fill()
        else:
            self._stale = True  # a hidden tab plans nothing: it fills when shown

    def set_shown(self, shown: bool) -> None:
        """The dock's tab is in front or behind another (a tab behind is moved off screen, not hidden)."""
        self._shown = shown
        if shown and self._stale and self.isVisible():
            self._stale = False
            self._fill()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale and self._shown:
            self._stale = False
            self._fill()

    def _fill(self) -> None:
        """The attacker (the active gear), its targets and weapons, keeping the choices still valid."""
        state = self.state
        self.reaction.show_window(state)
        attacker = self._attacker()
        gear = state.gears.get(attacker) if attacker else None
        self.attacker.setText(gear.name if gear else tr("br.attack.nobody"))
        self._show_whose(state)
        ids = [g.id for g in state.gears.values() if gear is not None and g.id != gear.id and not g.out
               and (attacker == state.current or g.id == state.current)]  # a reaction: on the active gear
        targets = [(t, self._target_name(state, attacker, t)) for t in (enemies_first(state, attacker, ids) if attacker else ids)]
        weapons = [(n, w.name) for n, w in enumerate(gear.weapons)] if gear else []
        fresh_attacker = attacker != self._for  # a new attacker starts from its own state: nothing carried over
        self._for = attacker
        if fresh_attacker:
            for edit in self.faces.values():
                edit.clear()
            self._fresh_table_inputs()
        for combo, items in ((self.target, targets), (self.weapon, weapons)):
            if fresh_attacker or [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != items:
                chosen = None if fresh_attacker else combo.currentData()
                combo.blockSignals(True)
                combo.clear()
                for data, text in items:
                    combo.addItem(text, data)
                combo.setCurrentIndex(max(0, combo.findData(chosen)))
                combo.blockSignals(False)
        if gear is not None and self.reaction.melee_only():  # a melee reaction: its melee weapon offered first
            chosen = self.weapon.currentData()
            if chosen is None or "melee" not in gear.weapons[chosen].traits:
                melee = next((n for n, w in enumerate(gear.weapons) if "melee" in w.traits), None)
                if melee is not None:
                    self.weapon.setCurrentIndex(self.weapon.findData(melee))
        self.table.setVisible(state.table_mode)
        self.area_gears.show_gears(state, state.current)
        self.spins.show_waiting(state)
        self.none_waiting.setVisible(not state.pending)
        self.cause.setVisible(bool(state.pending) and bool(self.cause.lines))
        self._mark_spin_tab(len(state.pending))
        reactor = self.reaction.reactor()
        self.roll.setText(tr("br.reaction.react", name=gear.name) if reactor and gear else tr("br.attack.roll"))
        self._behind.update(DEFERRED)
        self._fill_behind()
        self.refresh()

    def _fill_behind(self, *pages: str) -> None:
        """The deferred pages among ``pages`` (none given: the page in front) brought up to date with the race, if
        it changed since they were filled: a page behind another page works out nothing at a key press."""
        for page in pages or (self.page(),):
            if page in self._behind:
                self._behind.discard(page)
                (self.moves if page == "moves" else self.push).show_gear(self.state)

    def _mark_spin_tab(self, waiting: int) -> None:
        """The spin-out tab in the error tone while spin-outs wait, how many in its tooltip (its text, and so
        the column's least width, stays the same)."""
        bar, index = self.pages.tabBar(), PAGES.index("spin")
        colour = tone("error") if waiting else self.palette().color(QPalette.ColorRole.WindowText)
        if bar.tabTextColor(index) != colour:  # the same colour set again repaints the tab bar
            bar.setTabTextColor(index, colour)
        self.pages.setTabToolTip(index, tr("br.page.spin_waiting", n=waiting) if waiting else tr("error.br_no_spin_waits"))

    def _show_whose(self, state: RaceState) -> None:
        """The column names whose it is: the active gear, its speed and MR left, its actions left."""
        gear = state.gears.get(state.current) if state.current else None
        if gear is None:
            self.whose.setText(tr("br.actions.nobody"))
        elif gear.speed is None:
            self.whose.setText(tr("br.actions.whose_declare", name=gear.name))
        else:
            self.whose.setText(tr("br.actions.whose", name=gear.name, speed=tr(f"br.badge.speed_{gear.speed}"), mr=gear.mr_left,
                                  left=gear.actions - gear.actions_used, actions=gear.actions))

    @staticmethod
    def _target_name(state: RaceState, attacker: str | None, target: str) -> str:
        """A target's name, marked when it races for the attacker's own player."""
        name = state.gears[target].name
        return tr("br.attack.own_side", name=name) if attacker and same_side(state, attacker, target) else name

    def _attacker(self) -> str | None:
        """The active gear, or the passive gear whose reaction the panel is for (BR-18)."""
        return self.reaction.reactor() or self.state.current

    def draft_attacker(self) -> str | None:
        """Who the attack page is for now (the active gear, or a passive gear reacting)."""
        return self._attacker()

    def fresh(self) -> None:
        """A panel behind another tab is filled before a deed of it runs from a key, and so are its pages behind
        another page: its boxes read the race."""
        if self._stale:
            self._stale = False
            self._fill()
        self._fill_behind(*DEFERRED)

    def aim_at(self, target: str | None) -> None:
        """Choose the target (the map's line of fire follows the same gear)."""
        self.fresh()
        index = self.target.findData(target)
        if index >= 0:
            self.target.setCurrentIndex(index)

    def draft(self) -> m.AttackGear | None:
        state, attacker = self.state, self._attacker()
        if attacker is None or self.target.currentData() is None or self.weapon.currentData() is None:
            return None
        table = m.TableGeometry(in_front=self.in_front.isChecked(), lock=self.lock.isChecked(),
                                side=self.side.currentData(), range=self.range.value(),
                                cover_dice=self.cover.value()) if state.table_mode else None
        return m.AttackGear(attacker=attacker, target=self.target.currentData(), weapon=self.weapon.currentData(),
                            attack_faces=typed_faces(self.faces["attack"].text()),
                            defence_faces=typed_faces(self.faces["defence"].text()),
                            damage_faces=typed_faces(self.faces["damage"].text()), table=table,
                            area_gears=self.area_gears.ticked() if table else ())

    def refresh(self) -> None:
        draft = self.draft()
        if self._asking is not None and (draft is None or (draft.attacker, draft.target) != self._asking):
            self._asking = None  # another pair: the question no longer stands
        if draft is None:
            self._show(None)
            return
        preview = self._rules.reaction_preview if self.reaction.reactor() else self._rules.attack_preview
        self._show(preview(self.state, draft))

    def _show(self, seen: AttackPreview | None) -> None:
        if seen is None or seen.refusal:
            self.plan.setText(seen.refusal if seen else tr("br.attack.nothing"))
            self.odds.setText("")
            self.roll.setEnabled(False)
            self.roll.setToolTip(self.plan.text())  # why it is off
            return
        self.roll.setToolTip("")
        terms: Callable[[tuple[tuple[str, int], ...]], str] = lambda pairs: ", ".join(  # noqa: E731
            f"{tr(key)} {dice:+d}" for key, dice in pairs)
        self.plan.setText(tr("br.attack.plan", attack=seen.attack_dice, attack_terms=terms(seen.attack_terms),
                             defence=seen.defence_dice, defence_terms=terms(seen.defence_terms), range=seen.range,
                             side=tr(f"br.side.{seen.side}")))
        if seen.area:  # BR-11 Area Effect: who else it would hit
            self.plan.setText(self.plan.text() + " " + tr("br.attack.area", names=", ".join(seen.area),
                                                          chance=percent(seen.area_chance)))
        if seen.automatic_failure:
            self.odds.setText(tr("br.attack.beyond_maximum"))
        else:
            self.odds.setText(tr("br.attack.odds", success=percent(seen.success), damage=percent(seen.some_damage),
                                 hull=percent(seen.empties_hull))
                              + (" " + tr("br.attack.exposed", chance=percent(seen.exposed_spin))
                                 if seen.exposed_spin else ""))
        wrong = [tr("br.attack.typed_count", dice=tr(f"br.attack.faces_{name}"), typed=len(faces), needed=needed)
                 for name, needed in (("attack", seen.attack_dice), ("defence", seen.defence_dice))
                 if (faces := typed_faces(self.faces[name].text())) is not None and len(faces) != needed]
        if self._asking is not None:
            wrong.append(self._question(*self._asking))
        self.warning.setText(" ".join(wrong))
        self.warning.setVisible(bool(wrong))
        if seen.damage_dice is not None:
            self.faces["damage"].setPlaceholderText(tr("br.attack.damage_needed", dice=seen.damage_dice))
        else:
            self.faces["damage"].setPlaceholderText(tr("br.attack.faces_hint"))
        self.roll.setEnabled(True)

    # -- the attack -----------------------------------------------------------------------------
    def attack(self) -> bool:
        self.fresh()
        draft = self.draft()
        if draft is None or (not self.reaction.reactor() and not self._own_side_confirmed(draft)):
            return False
        if not (self.reaction.react(draft) if self.reaction.reactor() else self._run(draft)):
            return False
        for edit in self.faces.values():
            edit.clear()
        return True

    def _own_side_confirmed(self, draft: m.AttackGear) -> bool:
        """An attack on a gear of the attacker's own player is asked once, in place: the first press says
        so under the odds and attacks nothing; a second press on the same pair attacks (and that pair
        is not asked again in this window)."""
        state, pair = self.state, (draft.attacker, draft.target)
        if pair in self._asked or not same_side(state, *pair):
            return True
        if self._asking == pair:
            self._asked.add(pair)
            self._asking = None
            return True
        self._asking = pair
        self.refresh()  # the question under the odds
        return False

    def _question(self, attacker_id: str, target_id: str) -> str:
        attacker, target = self.state.gears[attacker_id], self.state.gears[target_id]
        return tr("br.attack.own_side_ask", name=attacker.name, target=target.name, player=attacker.seat)
