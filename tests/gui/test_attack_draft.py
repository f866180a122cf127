"""The attack panel rolls exactly what it shows (issue 12's blocker), on the demo encounter.

Whatever changes the attacker — the combo, Space, undo/redo, rewind, a sheet edit — the
weapon, mode, ammunition and target lists belong to the attacker shown, and the journal
entry Apply writes names the weapon shown. Roll and Apply go through the bridge and
session: while the fight is shown as it was they act on nothing and say why. An attack is
planned once per change of its inputs and decided once per roll.
"""

from __future__ import annotations

import pytest

import gmtool.games.shadowrun.rules.attack.decide as decide_module
import gmtool.games.shadowrun.rules.attack.plan as plan_module
from gmtool.games.shadowrun.rules.attack.messages import AttackResolved
from gmtool.games.shadowrun.sr5.rules import commands as cmd

GUARD = "Demo Corp Guard Lt."


def _id(window, name: str) -> str:  # noqa: ANN001
    return next(cid for cid, c in window.bridge.state.combatants.items() if c.sheet.name == name)


def _shown_weapons(panel) -> list[str]:  # noqa: ANN001
    return [panel.weapon.itemText(n).split(" — ")[0] for n in range(panel.weapon.count())]


def _assert_lists_belong_to_the_attacker(window) -> None:  # noqa: ANN001
    panel = window.parts.attack_panel
    cid = panel.attacker.currentData()
    assert cid == panel.model.attacker
    sheet = window.bridge.state.combatants[cid].sheet
    assert _shown_weapons(panel) == [w.display_name() for w in sheet.weapons]
    assert panel.weapon.currentData() == panel.model.weapon
    weapon = sheet.weapons[panel.model.weapon]
    if weapon.melee:
        assert panel.mode.count() == 0 and not panel.mode.isEnabled()
    else:
        enabled = [
            panel.mode.itemData(n) for n in range(panel.mode.count()) if panel.mode.model().item(n).isEnabled()
        ]
        assert panel.mode.currentData() == panel.model.mode and panel.model.mode in enabled
    assert panel.target.currentData() == panel.model.target != cid


def _apply_and_logged_weapon(window) -> str:  # noqa: ANN001
    panel = window.parts.attack_panel
    shown = panel.weapon.currentText().split(" — ")[0]
    before = len(window.bridge.encounter.entries)
    window.action("apply_attack").trigger()
    entry = window.bridge.encounter.entries[-1]
    assert len(window.bridge.encounter.entries) == before + 1, panel.error.text()
    logged = next(e for e in entry.events if isinstance(e, AttackResolved))
    assert logged.weapon_name == shown
    return logged.weapon_name


def _choose_target(panel, cid: str) -> None:  # noqa: ANN001
    panel.target.setCurrentIndex(panel.target.findData(cid))


def _start(window, target: str = "Brick (demo runner)") -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    window.bridge.select(_id(window, target))
    window.action("attack").trigger()


def test_the_steps_of_the_audit_space_then_ctrl_k_show_and_roll_the_next_actors_weapons(qtbot, window) -> None:
    _start(window)
    panel = window.parts.attack_panel
    assert panel.attacker.currentText() == "Kestrel (demo runner)"
    _assert_lists_belong_to_the_attacker(window)
    window.action("next_phase").trigger()
    assert panel.attacker.currentText() == GUARD  # the attacker follows the acting combatant
    _assert_lists_belong_to_the_attacker(window)
    assert _shown_weapons(panel) == ["AK-97", "Stun baton"]
    window.bridge.select(_id(window, "Brick (demo runner)"))
    window.action("attack").trigger()
    _assert_lists_belong_to_the_attacker(window)
    assert _apply_and_logged_weapon(window) == "AK-97"


def test_choosing_an_attacker_with_as_many_weapons_shows_its_own_and_rolls_the_one_chosen(qtbot, window) -> None:
    _start(window)
    window.action("next_phase").trigger()  # the guard acts now
    panel = window.parts.attack_panel
    _choose_target(panel, _id(window, "Brick (demo runner)"))  # the last attacker's target is not kept (issue 31)
    panel.attacker.setCurrentIndex(panel.attacker.findData(_id(window, "Kestrel (demo runner)")))
    assert _shown_weapons(panel) == ["Ares Predator V", "Combat knife"]  # two weapons, like the guard
    _assert_lists_belong_to_the_attacker(window)
    assert not panel.roll_button.isEnabled()  # not Kestrel's phase: said before any roll
    assert "Kestrel" in panel.roll_button.toolTip()
    panel.attacker.setCurrentIndex(panel.attacker.findData(_id(window, GUARD)))
    panel.weapon.setCurrentIndex(panel.weapon.findData(1))
    assert panel.weapon.currentText().startswith("Stun baton")
    _assert_lists_belong_to_the_attacker(window)
    panel.roll_button.click()
    assert panel.model.result is not None and panel.model.result.weapon_name == "Stun baton"
    assert _apply_and_logged_weapon(window) == "Stun baton"


def test_undo_and_redo_bring_the_attacker_and_its_lists_back(qtbot, window) -> None:
    _start(window)
    panel = window.parts.attack_panel
    window.action("next_phase").trigger()
    assert panel.attacker.currentText() == GUARD
    window.action("undo").trigger()
    assert panel.attacker.currentText() == "Kestrel (demo runner)"
    _assert_lists_belong_to_the_attacker(window)
    window.action("redo").trigger()
    assert panel.attacker.currentText() == GUARD
    _assert_lists_belong_to_the_attacker(window)
    _choose_target(panel, _id(window, "Brick (demo runner)"))  # a new phase: its attacker's target is chosen anew
    assert _apply_and_logged_weapon(window) == "AK-97"


def test_while_rewound_the_panel_shows_that_moment_and_acts_on_nothing(qtbot, window) -> None:
    _start(window)
    panel = window.parts.attack_panel
    window.action("next_phase").trigger()  # the guard acts now; Kestrel acted before
    _choose_target(panel, _id(window, "Brick (demo runner)"))  # the guard's attack, prepared before looking back
    encounter = window.bridge.encounter
    start_turn = next(e.seq for e in encounter.done if e.command.kind == "start_turn")
    assert window.bridge.show_past(start_turn, len(encounter.entry(start_turn).events))
    assert panel.attacker.currentText() == "Kestrel (demo runner)"  # the actor of the moment shown
    _assert_lists_belong_to_the_attacker(window)
    assert not panel.roll_button.isEnabled() and not panel.apply_button.isEnabled()
    assert "Continue from here" in panel.roll_button.toolTip()
    for name in ("roll_attack", "apply_attack", "next_phase", "reload_weapon", "add_combatant"):
        action = window.action(name)  # every action that would change the fight: disabled, saying why
        assert not action.isEnabled() and "Continue from here" in action.toolTip(), name
    assert window.action("back_to_now").isEnabled() and window.action("print_log").isEnabled()
    entries = len(encounter.entries)
    assert not panel.model.roll() and not panel.model.apply()  # the model refuses too
    assert len(encounter.entries) == entries and panel.model.result is None
    assert "Continue from here" in panel.error.text()
    window.bridge.back_to_now()
    assert panel.attacker.currentText() == GUARD and panel.roll_button.isEnabled()  # the guard's draft as it was
    assert panel.model.target == _id(window, "Brick (demo runner)")
    assert window.action("next_phase").isEnabled() and window.action("roll_attack").isEnabled()
    assert "Continue from here" not in window.action("next_phase").toolTip()
    assert window.bridge.show_past(start_turn, len(encounter.entry(start_turn).events))
    window.bridge.continue_from_here()
    assert panel.attacker.currentText() == "Kestrel (demo runner)"
    _choose_target(panel, _id(window, "Brick (demo runner)"))  # Kestrel's phase again: a fresh draft
    assert panel.roll_button.isEnabled()
    assert _apply_and_logged_weapon(window) == "Ares Predator V"


def test_sheet_edits_reach_the_lists_names_strength_and_a_removed_target(qtbot, window) -> None:
    _start(window)
    panel = window.parts.attack_panel
    kestrel = _id(window, "Kestrel (demo runner)")
    window.bridge.execute(cmd.EditSheet(combatant=kestrel, field="name", value="Kestrel"))
    assert panel.attacker.currentText() == "Kestrel"
    knife = panel.weapon.itemText(1)
    # Kestrel's Strength is 2 (resources/sr5/demo_encounter.json); the knife's (STR+2)P is 4P.
    assert knife.startswith("Combat knife — 4P")
    window.bridge.execute(cmd.EditSheet(combatant=kestrel, field="attr.STR", value=4))
    assert panel.weapon.itemText(1).startswith("Combat knife — 6P")  # (STR+2)P with Strength 4
    target = panel.model.target
    window.bridge.execute(cmd.RemoveCombatant(combatant=target))
    assert panel.model.target is None and panel.target.currentData() is None
    assert panel.target.findData(target) < 0
    assert not panel.roll_button.isEnabled()


def test_a_hidden_panel_follows_too_and_ctrl_return_shows_it(qtbot, window) -> None:
    _start(window)
    window.docks["test"].raise_()  # the attack tab hidden behind the test box
    window.action("next_phase").trigger()
    window.bridge.select(_id(window, "Brick (demo runner)"))
    window.action("roll_attack").trigger()  # raises the panel, plans on the state now: the guard's own draft
    panel = window.parts.attack_panel
    assert panel.isVisible() and panel.attacker.currentText() == GUARD
    _assert_lists_belong_to_the_attacker(window)
    assert panel.model.result is None and panel.model.target is None  # Kestrel's target was not the guard's
    assert panel.heading.text() == "Demo Corp Guard Lt. attacks: choose a target"
    window.action("attack").trigger()  # Ctrl+K: the guard attacks the selected Brick
    window.action("roll_attack").trigger()
    assert panel.model.result is not None and panel.model.result.weapon_name == "AK-97"
    assert panel.model.result.target_name == "Brick (demo runner)"


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"plan": 0, "decide": 0}

    def counting(name: str, real):  # noqa: ANN001, ANN202
        def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            counts[name] += 1
            return real(*args, **kwargs)

        return wrapper

    # "plan": plans worked out (the panel's and deciding's go through plan.planned, which plans once per
    # state revision and command); "decide": attacks decided (each asks for its plan once)
    monkeypatch.setattr(plan_module, "plan", counting("plan", plan_module.plan))
    monkeypatch.setattr(decide_module, "planned", counting("decide", decide_module.planned))
    return counts


def test_planned_once_per_change_and_decided_once_per_roll(qtbot, window, counted) -> None:
    window.action("roll_initiative").trigger()
    window.bridge.select(_id(window, "Brick (demo runner)"))
    counted.update(plan=0, decide=0)
    window.action("attack").trigger()  # attacker and target chosen, the panel shown: one plan
    assert counted == {"plan": 1, "decide": 0}
    panel = window.parts.attack_panel
    panel.target.setCurrentIndex(panel.target.findData(_id(window, GUARD)))
    assert counted == {"plan": 2, "decide": 0}
    window.action("roll_attack").trigger()
    assert counted == {"plan": 2, "decide": 1}
    shown = panel.model.result
    window.action("apply_attack").trigger()  # writes the entry shown: not decided again
    assert counted["decide"] == 1
    written = next(e for e in window.bridge.encounter.entries[-1].events if isinstance(e, AttackResolved))
    assert written == shown
    assert counted["plan"] == 3  # the state changed (the attack written): planned once more


def test_roll_is_disabled_with_the_reason_once_the_phases_actions_are_spent(qtbot, window) -> None:
    _start(window)
    panel = window.parts.attack_panel
    assert panel.roll_button.isEnabled()
    window.action("complex_action").trigger()  # Kestrel spends the phase on something else
    assert not panel.roll_button.isEnabled() and not panel.apply_button.isEnabled()
    assert "Kestrel" in panel.roll_button.toolTip() and panel.roll_button.toolTip() != ""
    entries = len(window.bridge.encounter.entries)
    window.action("apply_attack").trigger()
    assert len(window.bridge.encounter.entries) == entries  # nothing written
    assert panel.error.text() == panel.roll_button.toolTip()  # the same reason, before any die
    window.action("undo").trigger()
    assert panel.roll_button.isEnabled()
