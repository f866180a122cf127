"""The attack being prepared in the main window: a draft of the Attack command, its plan
(the modifier sheets and the exact odds) and, after a roll, the prepared result.

An adapter only: the rules are in :mod:`gmtool.games.shadowrun.rules.attack`. The draft always
belongs to the state shown: after any change (a phase, undo/redo, rewind, a sheet
edit) the attacker follows the acting combatant, and a weapon, mode or target that
no longer exists is chosen afresh, so the lists shown are the attacker's own.

Every attack starts from its attacker's own state (issue 31): another attacker, or a new action
phase, starts a fresh draft (its first weapon and usable mode, no called shot, distance unknown,
the rows the situation implies); nothing of the last attacker's is kept. When the draft follows
the acting combatant by itself it says so (:attr:`AttackModel.notice`) and drops the target chosen
for the last one: nothing can be rolled until the GM has chosen whom this attacker attacks.

*Roll* previews the journal entry through the bridge and session (same seed, same
entry number, same dice; nothing written); *Apply* writes that very entry, so what
was shown is what is applied, decided once, and one undo takes the whole attack back.
The plan is computed once per change of its inputs (the draft and the state shown).
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from typing import Any, TypeVar, cast

from PySide6.QtCore import QObject, Signal

from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.core.tables.engine import ModifierSheet
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.rules.attack import called
from gmtool.games.shadowrun.rules.attack.decide import check_ready
from gmtool.games.shadowrun.rules.attack.describe import called_shot_name
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    AttackResolved,
    MarkSuppressed,
    Reload,
    SuppressionTest,
)
from gmtool.games.shadowrun.rules.attack.plan import (
    SUPPRESSIVE,
    AttackPlan,
    EditionAttack,
    magazine_of,
    planned,
    planned_odds,
    situation,
    stored_choices,
)
from gmtool.games.shadowrun.rules.attack.suppression import suppressed, zones_in_force
from gmtool.games.shadowrun.rules.damage.odds import DamageOdds
from gmtool.games.shadowrun.rules.dice_odds import test_odds
from gmtool.games.shadowrun.rules.sides import same_side, targets_in_order
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import max_multiple_attacks
from gmtool.games.shadowrun.rules.weapons.firing import refusal
from gmtool.viewmodels.bridge import EncounterBridge

OPTION_DEFAULTS: dict[str, Any] = {
    "melee_defence": "dodge", "full_defence": False, "wide_burst": False, "no_defence": False, "charge_action": True,
}
T = TypeVar("T")
EDGE_TESTS = ("attack", "defence", "soak")  # the attacker pays for the first, the target for the others
EDGE_USES = ("none", "add_before", "add_after", "reroll_failures", "negate_glitch")
DRAFT = (  # the attributes holding the GM's choices for one attack
    "attacker", "target", "weapon", "mode", "distance", "options", "called_shot", "attacks", "pool_share",
    "outside_combat", "paired_weapon", "_attack_choices", "_defence_choices",
)


class AttackModel(QObject):
    """Signals: ``planChanged`` (pools, tables, odds or an error changed), ``resultChanged``."""

    planChanged = Signal()
    resultChanged = Signal()

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.attacker: str | None = None
        self.target: str | None = None
        self.weapon = 0
        self.mode = ""
        self.distance: float | None = None
        self.options: dict[str, Any] = dict(OPTION_DEFAULTS)
        self.called_shot = ""  # a kind of the edition's list (SR5-CS1..CS9, SR4 p. 160)
        self.attacks = 2  # SR5-CS9: how many attacks share the pool
        self.pool_share = 0  # which of them this one is (0: the first)
        self.outside_combat = False  # SR5-CS7
        self.paired_weapon: int | None = None  # SR5-CS9 with two weapons: the other one
        self.faces: dict[str, tuple[int, ...] | None] = {"attack": None, "defence": None, "soak": None}
        self.edge: dict[str, str] = dict.fromkeys(EDGE_TESTS, "none")
        self._attack_choices: Any = None
        self._defence_choices: Any = None
        self.plan: AttackPlan | None = None
        self.odds: DamageOdds | None = None
        self.error = ""
        self.result: AttackResolved | None = None
        self.result_events: tuple[Any, ...] = ()
        self.applied: tuple[Any, ...] = ()  # the events of the attack Apply wrote last: shown until the next roll
        self._applied_seq = -1
        self.refusal = ""  # why Roll and Apply cannot act now ("" when they can)
        self.notice = ""  # the draft followed the acting combatant by itself: said until the GM acts on it
        self._prepared: Any = None  # the journal entry Roll showed (written as it is by Apply)
        self._planned_for: tuple[Any, Any] | None = None
        self._phase_seen: tuple[int, int, str] | None = self._phase()
        self._present: tuple[Any, dict[str, Any]] | None = None  # the present's draft while the past is shown
        self._memo: dict[str, tuple[object, Any]] = {}  # lists shown, by what they depend on
        self._active = True
        self._stale = False
        bridge.changed.connect(self._on_change)

    # -- reading ---------------------------------------------------------------------
    def _remembered(self, name: str, key: object, compute: Callable[[], T]) -> T:
        """``compute()``, worked out again only when ``key`` (the state shown and the inputs) changed."""
        found = self._memo.get(name)
        if found is not None and found[0] == key:
            return cast(T, found[1])  # cast: what compute() gave under this name (the memo holds every list's)
        value = compute()
        self._memo[name] = (key, value)
        return value

    def combatants(self) -> list[tuple[str, str]]:
        return self._remembered("combatants", self._bridge.revision, lambda: [
            (cid, c.sheet.name) for cid, c in self._bridge.state.combatants.items()
        ])

    def target_choices(self) -> list[tuple[str, str]]:
        """(id, name) of whom the attacker can target: the other side first, then its own side marked
        (worked out again when a name, a side or the attacker changes, not on every attack)."""
        state = self._bridge.state
        sides = tuple(c.sheet.is_npc for c in state.combatants.values())
        key = (self.attacker, tuple(self.combatants()), sides, active_language())
        return self._remembered("targets", key, self._target_choices)

    def _target_choices(self) -> list[tuple[str, str]]:
        state = self._bridge.state
        return [
            (cid, tr("attack.own_side_item", name=state.combatants[cid].sheet.name) if own
             else state.combatants[cid].sheet.name)
            for cid, own in targets_in_order(state, self.attacker)
        ]

    def heading(self) -> str:
        """Whose attack the panel holds, and on whom (or what is missing)."""
        state = self._bridge.state
        attacker = state.combatants.get(self.attacker or "")
        if attacker is None:
            return tr("attack.heading.no_attacker")
        if self.is_suppressive():
            return tr("attack.heading.suppressive", attacker=attacker.sheet.name)
        target = state.combatants.get(self.target or "")
        if target is None:
            return tr("attack.heading.no_target", attacker=attacker.sheet.name)
        return tr("attack.heading", attacker=attacker.sheet.name, target=target.sheet.name)

    def own_side(self) -> str:
        """A warning when the target is on the attacker's own side ("" otherwise): marked, not refused."""
        state = self._bridge.state
        attacker, target = state.combatants.get(self.attacker or ""), state.combatants.get(self.target or "")
        if attacker is None or target is None or self.is_suppressive() or not same_side(attacker.sheet, target.sheet):
            return ""
        key = "attack.own_side.npc" if attacker.sheet.is_npc else "attack.own_side.pc"
        return tr(key, attacker=attacker.sheet.name, target=target.sheet.name)

    def weapons(self) -> list[tuple[int, str]]:
        return self._remembered("weapons", (self._bridge.revision, self.attacker), self._weapons)

    def _weapons(self) -> list[tuple[int, str]]:
        c = self._bridge.state.combatants.get(self.attacker or "")
        if c is None:
            return []
        return [(i, self.weapon_text(i, w)) for i, w in enumerate(c.sheet.weapons)]

    def weapon_text(self, index: int, weapon: Any) -> str:
        code = self._damage_text(weapon)
        if weapon.melee:
            return tr("attack.weapon_melee", name=weapon.display_name(), damage=code, ap=weapon.ap, reach=weapon.reach)
        magazine = magazine_of(self._bridge.state, self.attacker or "", index, weapon)
        return tr(
            "attack.weapon_ranged", name=weapon.display_name(), damage=code, ap=weapon.ap,
            modes="/".join(weapon.modes), rounds=magazine.rounds, capacity=magazine.capacity,
        )

    def _damage_text(self, weapon: Any) -> str:
        """The damage code as the book writes it, in the window's language; a Strength formula worked out
        for the wielder first ("4P = (STR+2)P", "4肉体 = (筋力+2)肉体")."""
        c = self._bridge.state.combatants.get(self.attacker or "")
        if not weapon.damage.strength_based or c is None:
            return str(weapon.damage_words())
        worked = weapon.damage_words(c.sheet.attributes["STR"])
        return tr("attack.damage_worked", value=worked, code=weapon.damage_words())

    def modes(self) -> list[tuple[str, str, str | None]]:
        """(key, label, refusal or None) of the edition's firing modes for the chosen weapon."""
        return self._remembered("modes", (self._bridge.revision, self.attacker, self.weapon), self._modes)

    def _modes(self) -> list[tuple[str, str, str | None]]:
        return [
            (key, mode.label.text(), refused.message() if refused else None)
            for key, mode, refused in self._weapon_modes(self.weapon)
        ]

    def _weapon_modes(self, index: int | None) -> list[tuple[str, Any, Any]]:
        """(key, mode, refusal or None) of the edition's modes for one of the attacker's guns ([] for melee)."""
        c = self._bridge.state.combatants.get(self.attacker or "")
        if c is None or index is None or not 0 <= index < len(c.sheet.weapons) or c.sheet.weapons[index].melee:
            return []
        weapon = c.sheet.weapons[index]
        magazine = magazine_of(self._bridge.state, c.id, index, weapon)
        table = self._adapter().mode_table()
        return [(key, table.mode(key), refusal(weapon, magazine, table.mode(key))) for key in table.modes]

    def called_shot_kinds(self) -> tuple[tuple[str, str], ...]:
        """(kind, label) of the edition's called shots (what the list offers, before any refusal)."""
        return tuple((kind, called_shot_name(kind)) for kind in called.kinds(self._adapter().game))

    def called_shots(self) -> list[tuple[str, str, str | None]]:
        """(kind, label, refusal or None) of the edition's called shots for the drafted attack."""
        draft = self.command()
        return self._remembered("called_shots", (self._bridge.revision, draft), lambda: self._called_shots(draft))

    def _called_shots(self, draft: Attack | None) -> list[tuple[str, str, str | None]]:
        adapter = self._adapter()
        s = None
        if draft is not None and not self.is_suppressive():
            try:
                s = situation(adapter, self._bridge.state, draft)
            except GmtoolError:
                s = None
        out = []
        for kind in called.kinds(adapter.game):
            refused = self._called_refusal(adapter, s, draft, kind) if draft is not None and s else None
            out.append((kind, called_shot_name(kind), refused))
        return out

    def _called_refusal(self, adapter: Any, s: Any, draft: Attack, kind: str) -> str | None:
        """Why this called shot cannot be chosen now (with the campaign's rule readings), or None."""
        multiple = kind == called.MULTIPLE
        trial = draft.model_copy(update={
            "called_shot": kind, "attacks": 2 if multiple else 1, "pool_share": 0, "outside_combat": True,
        })
        try:
            called.check(adapter.game, s, trial, adapter.readings)
        except GmtoolError as exc:
            return exc.message()
        if multiple:
            skill = self.plan.inputs.attacker.skill if self.plan is not None else 0
            limit = max_multiple_attacks(skill)
            if limit < 2:
                return tr("weapons.error.multiple_count", attacks=2, limit=limit)
        return None

    def is_suppressive(self) -> bool:
        return self.mode == SUPPRESSIVE and not self.is_melee()

    def suppressive_summary(self) -> str:
        """The zone's attack pool and its expected hits (SR5-F8), before anything is rolled."""
        if self.plan is None or not self.plan.suppressive:
            return ""
        pools = self.plan.pools
        limit = tr("attack.limit", limit=pools.attack_limit) if pools.attack_limit is not None else ""
        expected = test_odds(pools.attack_spec()).expected_net_hits
        return tr("attack.suppressive_summary", attack=pools.attack_pool, limit=limit, expected=f"{expected:.1f}")

    # -- suppressive-fire zones (SR5-F8, F9) --------------------------------------------------
    def zones(self) -> list[tuple[int, str]]:
        """(zone id, description) of the zones in force."""
        out = []
        for record in zones_in_force(self._bridge.state):
            z = record.started
            out.append((z.zone, tr(
                "attack.zone_item", name=z.name, weapon=z.weapon_name, hits=z.hits, dv=z.dv, ap=z.ap,
                type=tr(f"weapons.code.type.{z.damage_type}.sr5"),  # suppressive fire is SR5's (SR5-F8)
            )))
        return out

    def suppressed(self) -> list[tuple[str, str]]:
        """(id, name) of the combatants marked as suppressed, in the encounter's order."""
        state = self._bridge.state
        return [(cid, state.combatants[cid].sheet.name) for cid in suppressed(state)]

    def offers_zones(self) -> bool:
        """Suppressive fire is SR5's (SR5-F8): the panel shows its zones there only."""
        return self._adapter().game == "sr5"

    def zone_hits(self, zone: int | None) -> int:
        found = [r for r in zones_in_force(self._bridge.state) if r.started.zone == zone]
        return found[0].zone.hits if found else 0

    def mark_suppressed(self, zone: int, combatants: list[str]) -> bool:
        if not combatants:
            return False
        return self._bridge.execute(MarkSuppressed(zone=zone, combatants=tuple(combatants)))

    def suppression_test(
        self, zone: int, combatant: str, faces: tuple[int, ...] | None = None, soak: tuple[int, ...] | None = None
    ) -> bool:
        return self._bridge.execute(SuppressionTest(zone=zone, combatant=combatant, test_faces=faces, soak_faces=soak))

    def is_melee(self) -> bool:
        c = self._bridge.state.combatants.get(self.attacker or "")
        return bool(c and 0 <= self.weapon < len(c.sheet.weapons) and c.sheet.weapons[self.weapon].melee)

    # -- the draft ---------------------------------------------------------------------
    def set_attacker(self, cid: str | None) -> None:
        """The GM picks another attacker in the panel: a fresh draft; the target picked stays (it is shown)."""
        self._seen()
        if cid != self.attacker:
            self._take_attacker(cid)
            self._situation_changed()

    def set_people(self, attacker: str | None, target: str | None) -> None:
        """Attacker and target at once (Ctrl+K): planned once. A target equal to the attacker is dropped."""
        changed = self._follow_phase()  # a phase that moved on while the panel was hidden: first its fresh draft
        self._seen()
        if attacker != self.attacker:
            self._take_attacker(attacker)
            changed = True
        wanted = None if target == self.attacker else target
        if wanted is not None and wanted != self.target:
            self.target, changed = wanted, True
        if changed:
            self._situation_changed()

    def _take_attacker(self, cid: str | None) -> None:
        """Another attacker (or the same in a new phase): a fresh draft from its own state (issue 31).

        Its first weapon and first usable mode; no called shot, no split, distance unknown; the
        options as a new attack has them; the rows the situation implies (planned afresh)."""
        self.attacker, self.weapon, self.mode, self.paired_weapon, self.pool_share = cid, 0, "", None, 0
        self.called_shot, self.attacks, self.outside_combat, self.distance = "", 2, False, None
        self.options = dict(OPTION_DEFAULTS)
        self._attack_choices = self._defence_choices = None
        if self.target == cid:
            self.target = None
        self._pick_mode()
        if self.is_melee():
            self.distance = None

    def set_weapon(self, index: int) -> None:
        if index != self.weapon:
            if self.paired_weapon == index:  # the hands swap
                self.paired_weapon = self.weapon
            self.weapon, self.mode = index, ""
            self._pick_mode()
            if self.is_melee():
                self.distance = None  # melee never takes a ranged distance
            self._situation_changed()

    def set_mode(self, key: str) -> None:
        if key != self.mode:
            self.mode = key
            self._situation_changed()

    def set_target(self, cid: str | None) -> None:
        self._seen()
        if cid != self.target:
            self.target = cid
            self._situation_changed()

    def set_distance(self, metres: float | None) -> None:
        if self.is_melee():
            metres = None  # melee never takes a ranged distance
        if metres != self.distance:
            self.distance = metres
            self._situation_changed()

    def set_option(self, name: str, value: Any) -> None:
        if self.options.get(name) != value:
            self.options[name] = value
            self._situation_changed()

    def set_called_shot(self, kind: str) -> None:
        if kind != self.called_shot:
            self.called_shot = kind
            self.pool_share = 0
            self._situation_changed()

    def set_attacks(self, count: int) -> None:
        if count != self.attacks:
            self.attacks = count
            self.pool_share = min(self.pool_share, count - 1)
            self._situation_changed()

    def set_pool_share(self, index: int) -> None:
        if index != self.pool_share:
            self.pool_share = index
            self._situation_changed()

    def set_paired_weapon(self, index: int | None) -> None:
        """SR5-CS9: the other weapon of a multiple attack (None: one weapon)."""
        if index != self.paired_weapon:
            self.paired_weapon = index
            self._situation_changed()

    def paired_choices(self) -> list[tuple[int, str]]:
        """(index, name) of the attacker's other weapons, for a multiple attack with two."""
        c = self._bridge.state.combatants.get(self.attacker or "")
        if c is None:
            return []
        return [(i, w.display_name()) for i, w in enumerate(c.sheet.weapons) if i != self.weapon]

    def paired_mode(self) -> str:
        """The other gun's firing mode: its first one that allows a two-weapon attack ("" for melee)."""
        usable = [
            key for key, mode, refused in self._weapon_modes(self.paired_weapon)
            if refused is None and mode.multiple_attacks in ("yes", "two_weapons")
        ]
        return usable[0] if usable else ""

    def set_outside_combat(self, on: bool) -> None:
        if on != self.outside_combat:
            self.outside_combat = on
            self._situation_changed()

    def set_edge(self, which: str, use: str) -> None:
        """Edge on one test; a roll already shown is shown again with it (the same dice, Edge's added)."""
        if which not in self.edge or use not in EDGE_USES or self.edge[which] == use:
            return
        shown = self.result is not None
        self.edge[which] = use
        self._replan()
        if shown and self.plan is not None:
            self.roll()

    def edge_choices(self) -> list[tuple[str, str]]:
        """(use, label) of the Edge uses on a test, in the edition's words."""
        game = self._adapter().game
        return [(use, tr(f"attack.edge.{game}.{use}")) for use in EDGE_USES]

    def edge_payer(self, which: str) -> tuple[str, int, int] | None:
        """(name, Edge points, Edge attribute) of who pays for Edge on this test, None when nobody is chosen."""
        cid = self.attacker if which == "attack" else self.target
        c = self._bridge.state.combatants.get(cid or "")
        if c is None:
            return None
        return c.sheet.name, c.sheet.edge_points, c.sheet.attributes["EDG"]

    def set_faces(self, which: str, faces: tuple[int, ...] | None) -> None:
        self.faces[which] = faces
        self._clear_result()

    def set_attack_sheet(self, sheet: ModifierSheet | None) -> None:
        if sheet is not None:
            self._attack_choices = stored_choices(sheet)
            self._replan()

    def set_defence_sheet(self, sheet: ModifierSheet | None) -> None:
        if sheet is not None:
            self._defence_choices = stored_choices(sheet)
            self._replan()

    def command(self) -> Attack | None:
        suppressive = self.is_suppressive()
        if not self.attacker or not (self.target or suppressive):
            return None
        multiple = self.called_shot == called.MULTIPLE and not suppressive
        return Attack(
            attacker=self.attacker, target="" if suppressive else self.target or "", weapon=self.weapon,
            mode="" if self.is_melee() else self.mode,
            distance=None if self.is_melee() else self.distance, attack_choices=self._attack_choices, defence_choices=self._defence_choices,
            attack_faces=self.faces["attack"], defence_faces=self.faces["defence"], soak_faces=self.faces["soak"],
            called_shot="" if suppressive else self.called_shot, outside_combat=self.outside_combat,
            attacks=self.attacks if multiple else 1, pool_share=self.pool_share if multiple else 0,
            paired_weapon=self.paired_weapon if multiple else None, paired_mode=self.paired_mode() if multiple else "",
            attack_edge=self.edge["attack"], defence_edge="none" if suppressive else self.edge["defence"],
            soak_edge="none" if suppressive else self.edge["soak"],
            **self.options,
        )

    # -- intents ---------------------------------------------------------------------------
    def roll(self) -> bool:
        """Show what the attack gives with the dice of the next journal entry (nothing written)."""
        command = self._ready_command()
        if command is None:
            return False
        try:
            entry = self._bridge.preview(command)
        except GmtoolError as exc:
            self.error = exc.message()
            self.planChanged.emit()
            return False
        self._seen()
        self._prepared = entry
        self.applied, self._applied_seq = (), -1  # the last result is this roll's now
        self.result_events = entry.events
        self.result = next((e for e in entry.events if isinstance(e, AttackResolved)), None)
        self.resultChanged.emit()
        return True

    def apply(self) -> bool:
        """Write the attack to the journal: the entry Roll showed, or a fresh one if none was shown.

        A multiple attack then moves on to its next share; with two weapons, to the other one.
        """
        command = self._ready_command()
        if command is None:
            return False
        prepared = self._prepared
        encounter = self._bridge.encounter
        if prepared is not None and prepared.command == command and prepared.seq == encounter.next_seq:
            done = self._bridge.commit_preview(prepared)
        else:
            done = self._bridge.execute(command)
        if done:  # the result stays in the panel, as applied, until the next roll (or its undo)
            written = encounter.entries[-1]
            self.applied, self._applied_seq = written.events, written.seq
            self.resultChanged.emit()
        if done and command.called_shot == called.MULTIPLE and command.pool_share + 1 < command.attacks:
            self.pool_share = command.pool_share + 1
            if command.paired_weapon is not None:
                self.weapon, self.paired_weapon = command.paired_weapon, command.weapon
                self.mode = command.paired_mode
            self._situation_changed()
        return done

    def _ready_command(self) -> Attack | None:
        """The draft, when Roll and Apply may act on it; else None with the reason shown."""
        self._ensure_plan()
        command = self.command()
        if command is None or self.refusal:
            self.error = self.error or self.refusal or tr("attack.choose_both")
            self.planChanged.emit()
            return None
        return command

    def ammo_types(self) -> list[tuple[str, str]]:
        """(key, label) of the edition's ammunition (the loaded one first is the GM's default)."""
        from gmtool.games.shadowrun.rules.weapons.ammo import ammo_table

        table = ammo_table(self._adapter().game)
        return [(key, ammo.label.text()) for key, ammo in table.ammunition.items()]

    def loaded_ammo(self) -> str:
        c = self._bridge.state.combatants.get(self.attacker or "")
        if c is None or not 0 <= self.weapon < len(c.sheet.weapons):
            return "regular"
        return magazine_of(self._bridge.state, c.id, self.weapon, c.sheet.weapons[self.weapon]).ammo_type

    def reload(self, ammo_type: str = "") -> bool:
        """Reload the weapon (with another ammunition type when given: the old load comes out)."""
        if not self.attacker:
            return False
        return self._bridge.execute(Reload(combatant=self.attacker, weapon=self.weapon, ammo_type=ammo_type))

    # -- internals --------------------------------------------------------------------------
    def _adapter(self) -> EditionAttack:
        return edition_view(self._bridge).attack_adapter()

    def _pick_mode(self) -> None:
        usable = [key for key, _, refused in self.modes() if refused is None]
        self.mode = usable[0] if usable else ""

    def _current_actor(self) -> str | None:
        actor = self._bridge.current_actor()
        return actor.id if actor is not None else None

    def _phase(self) -> tuple[int, int, str] | None:
        """The action phase shown: (turn, pass, acting combatant), None while nobody acts."""
        actor = self._current_actor()
        state = self._bridge.state
        return None if actor is None else (state.turn, state.pass_number, actor)

    def _name(self, cid: str | None) -> str:
        c = self._bridge.state.combatants.get(cid or "")
        return c.sheet.name if c is not None else ""

    def _seen(self) -> None:
        """The GM acted on the draft (picked something, Ctrl+K, Roll): the notice has done its work."""
        self.notice = ""

    def _follow_phase(self) -> bool:
        """A new action phase: its actor attacks, from a fresh draft, said in the notice. True when it did.

        While the past is shown it follows that moment's actor, with no notice (:meth:`_present_back`)."""
        phase = self._phase()
        if phase is None or phase == self._phase_seen:
            return False
        past = self._bridge.past is not None
        self._phase_seen = phase
        before = self.attacker
        self._take_attacker(phase[2])
        if before is not None:
            self.target = None  # chosen for another attacker or phase: the GM chooses again
            self.notice = "" if past else tr("attack.followed", attacker=self._name(self.attacker))
        return True

    def _present_back(self) -> bool:
        """Looking at the past (rewind) keeps the present's draft aside; back to now in the same phase, the
        GM finds it as it was. True when it was just put back."""
        past = self._bridge.past is not None
        if past and self._present is None:
            self._present = (self._phase_seen, self._draft())
        elif not past and self._present is not None:
            (phase, kept), self._present = self._present, None
            if phase == self._phase():
                for name, value in kept.items():
                    setattr(self, name, value)
                self._phase_seen = phase
                return True
        return False

    def _draft(self) -> dict[str, Any]:
        """The GM's choices as they stand (kept aside while the past is shown)."""
        return {name: copy(getattr(self, name)) for name in DRAFT}

    def _situation_changed(self) -> None:
        self._attack_choices = self._defence_choices = None  # the situation pre-ticks afresh
        self._replan()

    def _replan(self) -> None:
        """Plan now if the panel is shown (once per change of the draft or the state), else when shown."""
        self._clear_result()
        if not self._active:
            self._stale = True
            return
        if self._ensure_plan():
            self.planChanged.emit()

    def _ensure_plan(self) -> bool:
        """Plan the draft on the state shown unless that exact plan is in hand. True when planned afresh."""
        command = self.command()
        key = (self._bridge.revision, command if command is not None else (self.attacker, self.weapon, self.target))
        if key == self._planned_for:  # (without a command, the draft's lists may still have changed)
            return False
        self._planned_for = key
        self.plan, self.odds, self.error, self.refusal = None, None, "", ""
        if command is not None:
            try:
                self.plan = planned(self._adapter(), self._bridge.state, command)
                self.odds = None if self.plan.suppressive else planned_odds(self._adapter(), self._bridge.state, command)[1]
            except GmtoolError as exc:
                self.error = exc.message()
        self.refusal = self._acting_refusal(command)
        return True

    def _acting_refusal(self, command: Attack | None) -> str:
        """Why Roll and Apply cannot act on this plan now: a past moment shown, the phase's actions spent …"""
        shown_past = self._bridge.acting_refusal()
        if shown_past is not None:
            return shown_past
        if command is None:
            return tr("attack.choose_both")
        if self.plan is None:
            return self.error
        try:
            check_ready(self._adapter(), self._bridge.state, self.plan, command)
        except GmtoolError as exc:
            return exc.message()
        return ""

    def _clear_result(self) -> None:
        self._prepared = None
        if self.result is not None or self.result_events:
            self.result, self.result_events = None, ()
            self.resultChanged.emit()

    def _still_done(self) -> bool:
        """Whether the attack applied last is still in effect (not undone, not left behind by a rewind)."""
        for entry in reversed(self._bridge.encounter.done):
            if entry.seq <= self._applied_seq:
                return entry.seq == self._applied_seq
        return False

    def set_active(self, active: bool) -> None:
        """While the panel is not shown nothing is planned; shown again, it catches up once."""
        self._active = active
        if active and self._stale:
            self._stale = False
            self._follow_state()

    def _on_change(self, change: Change) -> None:
        """The state shown changed: the draft follows it (the acting combatant attacks), then is planned;
        while the panel is hidden, once when it is shown again."""
        if self.applied and (change.reset or change.entry.action == "undo") and not self._still_done():
            self.applied, self._applied_seq = (), -1  # undone: no longer what happened
            self.resultChanged.emit()
        if not self._active:
            self._stale = True
            return
        self._follow_state()

    def _follow_state(self) -> None:
        if not self._present_back():
            self._follow_phase()
        self._reconcile()
        self.faces = {"attack": None, "defence": None, "soak": None}
        self.edge = dict.fromkeys(EDGE_TESTS, "none")  # like the faces: each attack decides its own Edge
        self._replan()

    def _reconcile(self) -> None:
        """Keep only what the state shown still has: the attacker, its weapon and mode, the target."""
        state = self._bridge.state
        c = state.combatants.get(self.attacker or "")
        if c is None:
            if self.attacker is not None:
                self._take_attacker(None)
        else:
            count = len(c.sheet.weapons)
            if not 0 <= self.weapon < count:
                self.weapon, self.mode = 0, ""
            if self.paired_weapon is not None and not (0 <= self.paired_weapon < count and self.paired_weapon != self.weapon):
                self.paired_weapon = None
            if not self._mode_fits():
                self._pick_mode()
        if self.target not in state.combatants or self.target == self.attacker:
            self.target = None

    def _mode_fits(self) -> bool:
        """Whether the chosen mode is one the chosen weapon has ("" for a melee weapon or none)."""
        c = self._bridge.state.combatants.get(self.attacker or "")
        if c is None or not 0 <= self.weapon < len(c.sheet.weapons):
            return self.mode == ""
        weapon = c.sheet.weapons[self.weapon]
        if weapon.melee or not self.mode:
            return weapon.melee and not self.mode
        table = self._adapter().mode_table()
        return self.mode in table.modes and table.mode(self.mode).weapon_mode in weapon.modes
