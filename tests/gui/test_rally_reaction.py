"""Reaction attacks from the rally window (BR-18): a step out of a passive gear's front arc and an
attack on a passive gear each open the reaction window; the attack panel turns to the passive gear's
reaction (its weapon, plan, exact odds and typed dice), keyboard first; undo takes the answer back.
Values by hand from the digest (shared/seeds/002, lines 515-549) and the demo's made-up cards:
Sandhopper Attack 4+, Defence 3+, armour 5, hull 2, structure 2, MR 6; Rustbucket Attack 5+, Defence 4+,
armour 6, hull 2, structure 3, a flamer (1-2, POW 6, heat) and a vibro-axe (1, POW 3, melee)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from PySide6.QtCore import Qt

from gmtool.core.hex.coords import label

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def check(faces: tuple[int, ...], rating: int) -> int:
    """The digest's check, read by hand: the highest die reaching the rating, +1 per other die reaching it."""
    reaching = sorted((f for f in faces if f >= rating), reverse=True)
    return reaching[0] + len(reaching) - 1 if reaching else 0


def success(attack: int, attack_rating: int, defence: int, defence_rating: int) -> str:
    """P(attack − defence ≥ 0) from icepool, as the panel shows it."""
    a = icepool.d6.pool(attack).expand().map(lambda f: check(f, attack_rating))
    d = icepool.d6.pool(defence).expand().map(lambda f: check(f, defence_rating))
    margin = a - d
    p = Fraction(sum(q for v, q in margin.items() if v >= 0), margin.denominator())
    return f"{float(p):.1%}"


@pytest.mark.rule("BR-18")
def test_a_step_out_of_a_front_arc_turns_the_attack_panel_to_the_melee_reaction(qtbot, rally_window) -> None:
    window = rally_window
    panel = window.parts.attack_panel
    state = lambda: window.bridge.state  # noqa: E731
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # cruising: 6 MR
    window.parts.map.view.setFocus()
    qtbot.keyClick(window.parts.map.view, Qt.Key.Key_Up)
    # The Sandhopper (1617, facing north-west) is about to leave 1617, in the Rustbucket's front arc (1717,
    # facing north-west) within its vibro-axe's reach: the step waits, the panel is the Rustbucket's.
    assert label(state().gears["g1"].hex) == "1617" and state().reaction is not None
    assert window.docks["br_attack"].isVisible() and panel.reaction.isVisibleTo(panel)
    assert "Demo Rustbucket: Demo Sandhopper leaves 1617 in its front arc" in panel.reaction.why.text()
    assert "Demo Sandhopper's step out of 1617" in panel.reaction.held.text()
    assert window.parts.order_panel.heading.text() == "Reaction attack? Demo Rustbucket"
    assert panel.attacker.text() == "Demo Rustbucket" and panel.target.currentData() == "g1"
    assert panel.target.currentText() == "Demo Sandhopper (own side)"  # both are Aiko's gears (BR-4)
    assert panel.roll.text() == "React with Demo Rustbucket"
    assert window.parts.map.view.hasFocus()  # the keyboard stays with the map (issue 31: not a combo box)
    # Condition A needs a melee weapon: the vibro-axe is offered first, though the flamer comes first on the card
    assert panel.weapon.currentText() == "Demo vibro-axe"
    qtbot.keyClick(panel.weapon, Qt.Key.Key_Up)  # the flamer: refused with the reason
    assert "melee weapon only" in panel.plan.text()
    qtbot.keyClick(panel.weapon, Qt.Key.Key_Down)  # the vibro-axe again
    # The Rustbucket is north-east of the Sandhopper (facing north-west): its flank, +1D6 → 3 dice at 5+
    # against 2 at 3+, range 1.
    assert "Attack 3D6" in panel.plan.text() and "defence 2D6" in panel.plan.text()
    assert f"success {success(3, 5, 2, 3)}" in panel.odds.text()
    # 6 5 1 → 6 + 1 = 7; 3 1 → 3; MOS 4; melee: 4 + POW 3 = 7 dice; 6 5 4 1 1 1 1 → 3 hits:
    # hull 2 → 0 (rattled), structure 2 → 1. Then the held step: 1517 (hard-pack, 1 MR): 5 MR left.
    panel.faces["attack"].setText("6 5 1")
    panel.faces["defence"].setText("3 1")
    panel.faces["damage"].setText("6 5 4 1 1 1 1")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    hopper = state().gears["g1"]
    assert (hopper.hull, hopper.structure, hopper.rattle.token) == (0, 1, True)
    assert label(hopper.hex) == "1517" and hopper.mr_left == 5 and state().reaction is None
    assert state().gears["g3"].reacted == 1 and not panel.reaction.isVisibleTo(panel)
    assert panel.attacker.text() == "Demo Sandhopper" and panel.roll.text() == "Attack"
    window.action("undo").trigger()  # the answer taken back: the window is open again, nothing rolled
    assert state().reaction is not None and state().gears["g1"].hull == 2 and panel.reaction.isVisibleTo(panel)


@pytest.mark.rule("BR-18")
def test_an_attack_on_a_passive_gear_offers_its_reaction_and_both_are_applied_together(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m

    window = rally_window
    panel = window.parts.attack_panel
    state = lambda: window.bridge.state  # noqa: E731
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1517", facing=2))  # range 2 to the Rustbucket, each in the other's front
    qtbot.keyClick(window, Qt.Key.Key_K, CTRL)
    panel.aim_at("g3")
    # The autocannon at range 2 (optimal 3): 2 dice at 4+ against 2 at 4+.
    # 6 4 → 7; 2 1 → 0; MOS 7; 7 + (POW 7 − AR 6) = 8 dice; 5 5 1 1 1 1 1 1 → 2 hits.
    panel.faces["attack"].setText("6 4")
    panel.faces["defence"].setText("2 1")
    panel.faces["damage"].setText("5 5 1 1 1 1 1 1")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)  # both are Aiko's gears: asked once, in place, nothing made
    assert "races for Aiko, as Demo Sandhopper does" in panel.warning.text() and state().reaction is None
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)  # pressed again: the attack
    # The Rustbucket's first time as a target, with lock on the Sandhopper: it may react; nothing rolled yet.
    assert state().reaction is not None and state().gears["g3"].hull == 2
    assert "first targeted by Demo Sandhopper, with lock on it" in panel.reaction.why.text()
    assert f"success {success(2, 4, 2, 4)}" in panel.reaction.held.text()  # the held attack's odds
    assert panel.attacker.text() == "Demo Rustbucket" and panel.weapon.currentText() == "Demo flamer"
    # The flamer at range 2 (optimal 1): 2 − 1 = 1 die at 5+ against 2 at 3+.
    assert "Attack 1D6" in panel.plan.text() and f"success {success(1, 5, 2, 3)}" in panel.odds.text()
    # 6 → 6; 2 1 → 0; MOS 6; 6 + (POW 6 − AR 5) = 7 dice, heat: 6 4 1 1 1 1 1 → 2 + 1 = 3 hits.
    panel.faces["attack"].setText("6")
    panel.faces["defence"].setText("2 1")
    panel.faces["damage"].setText("6 4 1 1 1 1 1")
    panel.roll.click()
    events = window.bridge.encounter.entries[-1].events
    made = [e for e in events if e.kind == "br_attack_made"]
    assert [(e.attacker, e.hits) for e in made] == [("g1", 2), ("g3", 3)]
    assert made[1].attack_terms == (("br.term.base", 2), ("br.term.beyond_optimal", -1))  # not rattled −1D6
    rust, hopper = state().gears["g3"], state().gears["g1"]
    assert (rust.hull, rust.structure, rust.rattle.token) == (0, 3, True)
    assert (hopper.hull, hopper.structure, hopper.rattle.token) == (0, 1, True)
    assert hopper.actions_used == 1 and rust.reacted == 1
    text = " ".join(window.bridge.ruleset.describe(e) for e in events)
    assert "Demo Rustbucket reacts to Demo Sandhopper with Demo flamer" in text


@pytest.mark.rule("BR-18")
def test_the_active_gear_turns_and_attacks_before_it_leaves_then_no_reaction(qtbot, rally_window) -> None:
    window = rally_window
    panel = window.parts.attack_panel
    state = lambda: window.bridge.state  # noqa: E731
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    window.parts.map.view.setFocus()
    qtbot.keyClick(window.parts.map.view, Qt.Key.Key_Up)  # held: the Rustbucket may react (line 531)
    assert panel.reaction.active_first.isVisibleTo(panel)  # the Sandhopper still has its action
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)  # a free turn: facing north
    assert state().gears["g1"].facing == 0 and state().reaction is not None
    panel.reaction.active_first.setChecked(True)
    assert panel.attacker.text() == "Demo Sandhopper" and panel.roll.text() == "Attack"
    panel.aim_at("g3")
    panel.faces["attack"].setText("1 1")  # 0 against 6 6 → 7: a miss
    panel.faces["defence"].setText("6 6")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)  # both are Aiko's gears: asked once, in place
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert state().reaction is not None and state().reaction.attack is not None  # held too
    assert panel.attacker.text() == "Demo Rustbucket" and "attack on Demo Rustbucket" in panel.reaction.held.text()
    qtbot.keyClick(window, Qt.Key.Key_K, CTRL | SHIFT)  # no reaction: the held attack, then the step
    kinds = [e.kind for e in window.bridge.encounter.entries[-1].events]
    assert kinds == ["br_reaction_chosen", "br_attack_made", "br_reactions_resolved", "br_stepped"]
    # facing north now, the step goes to 1616; at cruising speed every course hex costs 1 MR (BR-7): 6 − 1 = 5
    assert label(state().gears["g1"].hex) == "1616" and state().gears["g1"].mr_left == 5
    assert state().reaction is None and state().gears["g1"].actions_used == 1


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-18")
def test_a_gear_that_reacted_and_has_no_hits_recovers_one_from_the_keyboard(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r

    window = rally_window
    state = lambda: window.bridge.state  # noqa: E731
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1517", facing=2))
    # 6 6 → 7 against 1 1 → 0: MOS 7, 8 dice, five 6s: 5 hits, the Rustbucket's hull 2 and structure 3 gone.
    window.run(m.AttackGear(attacker="g1", target="g3", weapon=0, attack_faces=(6, 6), defence_faces=(1, 1),
                            damage_faces=(6, 6, 6, 6, 6, 1, 1, 1)))
    assert window.run(r.React(gear="g3", weapon=0, attack_faces=(1,), defence_faces=(6, 6)))  # its reaction misses
    for command in (m.ResolveSpin(gear="g3", spin_die=6), m.EndActivation(gear="g1"), m.EndActivation(gear="g2")):
        assert window.run(command)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    rust = state().gears["g3"]
    assert state().current == "g3" and rust.actions_used == 1 and (rust.hull, rust.structure) == (0, 0)
    assert window.action("br_recover").isEnabled() and not window.action("br_jump").isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL)  # lines 490-492: 1 hit, no die
    assert (state().gears["g3"].hull, state().gears["g3"].structure) == (0, 1)


def test_the_attack_dock_is_never_wider_than_its_place_on_a_laptop(qtbot, rally_window) -> None:  # noqa: ANN001
    """At 1366×768 every box of the attack dock (the reaction, the attack, the moves, the push) fits its
    width: wider, the scroll area scrolled sideways to the focused field and cut the panel's left edge."""
    window = rally_window
    panel = window.parts.attack_panel
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    window.parts.map.view.setFocus()
    qtbot.keyClick(window.parts.map.view, Qt.Key.Key_Up)  # the reaction window opens: every box is shown
    assert panel.reaction.isVisibleTo(panel)
    viewport = panel.parentWidget()
    assert panel.minimumSizeHint().width() <= viewport.width()
