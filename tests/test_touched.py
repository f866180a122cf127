"""Issue 14: the game says what an event touched, and the views redraw exactly that — so it must
be true. The oracle: over random command sequences (undo and redo among them), the rows and
sheets of combatants a change does not name are unchanged, except their rank and current mark
when the change names "order"."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from gmtool.core.encounter import Change, Encounter
from gmtool.core.errors import GmtoolError
from gmtool.core.game import Touched
from gmtool.core.messages import Command
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.viewmodels.game_view import view_for

ORDER_ONLY = ("rank", "current", "flags", "ladder")  # who acts when: may differ for anyone when the order does


def _rows(view: Any, state: Any) -> dict[str, dict[str, Any]]:
    """Everything the initiative order and the sheet show of each combatant."""
    actor = view.current_actor(state)
    current = actor.id if actor else None
    ranks = {c.id: rank for rank, c in enumerate(view.pass_order(state))}
    badges = view.badges(state)
    return {
        cid: {
            "rank": ranks.get(cid), "current": cid == current, "flags": view.flags(state, c, current),
            "score": view.score(state, c), "condition": view.condition(c), "passes": view.passes_left(state, c),
            "npc": view.is_npc(c), "badges": badges.get(cid, ()), "ladder": view.ladder(state, c),
            "sheet": c.sheet.model_dump(),
        }
        for cid, c in state.combatants.items()
    }


def _commands(game: str, state: Any, rng: random.Random) -> Command:
    """A command a GM might give now (the rules may refuse it; then another is tried)."""
    cmd: Any
    if game == "sr5":
        from gmtool.games.shadowrun.sr5.rules import commands as cmd
    else:
        from gmtool.games.shadowrun.sr4.rules import commands as cmd
    ids = list(state.combatants)
    cid = rng.choice(ids) if ids else "c1"
    makers: list[Callable[[], Command]] = [
        lambda: cmd.StartTurn(),
        lambda: cmd.NextPhase(),
        lambda: cmd.NextPhase(),
        lambda: cmd.DelayPhase(combatant=cid),
        lambda: cmd.ActNow(combatant=cid),
        lambda: cmd.AdjustInitiative(combatant=cid, delta=rng.choice((-5, -1, 2))),
        lambda: cmd.EditSheet(combatant=cid, field="physical_damage", value=rng.randrange(0, 6)),
        lambda: cmd.EditSheet(combatant=cid, field="stun_damage", value=rng.randrange(0, 6)),
        lambda: cmd.EditSheet(combatant=cid, field="edge_points", value=rng.randrange(0, 4)),
        lambda: cmd.TakeAction(combatant=cid, action=rng.choice(("free", "simple", "complex"))),
        lambda: cmd.RemoveCombatant(combatant=cid),
        lambda: _attack(state, cid, rng),
        lambda: _attack(state, cid, rng),
    ]
    if game == "sr4":
        makers.append(lambda: cmd.ApplyDamage(combatant=cid, track=rng.choice(("physical", "stun")), boxes=2))
        makers.append(lambda: _spell(state, cid, rng))
    else:
        from gmtool.games.shadowrun.rules.effect_messages import AddEffect
        from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

        makers.append(lambda: DeclareInterrupt(combatant=cid, interrupt="full_defence", bonus=0))
        makers.append(lambda: AddEffect(combatant=cid, key="stunned", label="", modifier=-2, turns=1))
        makers.append(lambda: _grunts(state, cid))
    return rng.choice(makers)()


def _attack(state: Any, attacker: str, rng: random.Random) -> Command:
    from gmtool.games.shadowrun.rules.attack.messages import Attack

    targets = [cid for cid in state.combatants if cid != attacker] or [attacker]
    return Attack(attacker=attacker, target=rng.choice(targets), weapon=0, distance=10.0, charge_action=False,
                  mode=rng.choice(("SS", "SA", "BF", "FA", "")))


def _spell(state: Any, target: str, rng: random.Random) -> Command:
    """An SR4 mage's Manabolt or Stunbolt (drain, a signature, maybe damage), charged or not."""
    from gmtool.games.shadowrun.sr4.rules.magic_messages import CastSpell

    mage = next((cid for cid, c in state.combatants.items() if c.sheet.magic), target)
    return CastSpell(combatant=mage, spell=rng.choice(("manabolt", "stunbolt")), force=rng.randrange(1, 7),
                     targets=(target,) if target != mage else (), skill=4, charge_action=rng.random() < 0.5)


def _grunts(state: Any, cid: str) -> Command:
    """A grunt group sharing one condition monitor (attacks on one member touch them all)."""
    from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup

    return AddGruntGroup(sheet=state.combatants[cid].sheet, count=3, professional_rating=2, shared_monitor=True)


def _check(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]], touched: Touched, what: str) -> None:
    if touched.everything:
        return
    for cid, row in before.items():
        if cid in touched.combatants or cid not in after:
            assert cid in after or "roster" in touched.parts, f"{what}: {cid} left without 'roster'"
            continue
        for field, value in row.items():
            if field in ORDER_ONLY and "order" in touched.parts:
                continue
            assert after[cid][field] == value, f"{what}: {cid}'s {field} changed, not touched: {touched}"
    joined = set(after) - set(before)
    assert not joined or "roster" in touched.parts, f"{what}: {joined} joined without 'roster'"


def _demo(game: str) -> Encounter:
    if game == "sr5":
        from gmtool.games.shadowrun.sr5.rules.demo import demo
    else:
        from gmtool.games.shadowrun.sr4.rules.demo import demo
    encounter = Encounter(get_ruleset(game), 7)
    session = EncounterSession(encounter, MemoryStore(), 1)
    for command in demo().commands:
        session.execute(command)
    return encounter


@pytest.mark.parametrize("game", ["sr5", "sr4"])
@pytest.mark.parametrize("seed", range(6))
def test_rows_a_change_does_not_name_are_unchanged(game: str, seed: int) -> None:
    rng = random.Random(seed)
    encounter = _demo(game)
    session = EncounterSession(encounter, MemoryStore(), 1)
    view = view_for(game, encounter.ruleset)
    changes: list[Change] = []
    encounter.subscribe(changes.append)
    checked = 0
    for step in range(160):
        before = _rows(view, encounter.state)
        choice = rng.random()
        try:
            if choice < 0.12:
                session.undo()
                what = "undo"
            elif choice < 0.18:
                session.redo()
                what = "redo"
            else:
                command = _commands(game, encounter.state, rng)
                what = command.kind
                session.execute(command)
        except GmtoolError:
            continue
        change = changes[-1]
        assert not change.reset, f"step {step}: {what} rebuilt everything"
        _check(before, _rows(view, encounter.state), change.touched, f"{game} seed {seed} step {step} ({what})")
        checked += 1 if not change.touched.everything else 0
    assert checked > 20  # the oracle really compared rows, not only "everything" changes


def test_undo_says_what_the_undone_command_touched() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    encounter = _demo("sr5")
    session = EncounterSession(encounter, MemoryStore(), 1)
    cid = next(iter(encounter.state.combatants))
    done = session.execute(cmd.EditSheet(combatant=cid, field="stun_damage", value=3))
    undone = session.undo()
    assert done.touched.combatants == undone.touched.combatants == frozenset({cid})
    assert not undone.reset and not undone.touched.everything
    assert encounter.state.combatants[cid].sheet.stun_damage == 0


def test_a_spell_touches_its_caster_and_target_not_everyone() -> None:
    """A cast among many combatants re-reads two rows of the order, not all of them (the spell's outcome,
    its drain and the signature it leaves show in no other row)."""
    from gmtool.games.shadowrun.sr4.rules.magic_messages import CastSpell

    encounter = _demo("sr4")
    session = EncounterSession(encounter, MemoryStore(), 1)
    state = encounter.state
    mage = next(cid for cid, c in state.combatants.items() if c.sheet.magic)
    target = next(cid for cid in state.combatants if cid != mage)
    change = session.execute(CastSpell(combatant=mage, spell="manabolt", force=2, targets=(target,), skill=4,
                                       charge_action=False))
    kinds = {event.kind for event in change.events}
    assert {"spell_resolved", "drain_resisted", "astral_signature_left"} <= kinds
    assert not change.touched.everything
    assert change.touched.combatants == frozenset({mage, target})
