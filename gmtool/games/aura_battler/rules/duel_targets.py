"""Whom a machine may aim at, in the order the attack panel offers them: the enemies first (the
other sides), then its own side, each in the order they joined; a destroyed machine is listed last
and never chosen by default (AB-17: it is out of the fight). The default target is the first enemy
still flying; with none left there is no default (the GM chooses, and attacking one's own side is
confirmed first). No Qt: the panel shows what this answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.aura_battler.rules.duel_state import DuelState


@dataclass(frozen=True)
class TargetChoice:
    """One machine the attacker could aim at."""

    id: str
    name: str
    enemy: bool  # of another side than the attacker's
    destroyed: bool


def targets(state: DuelState, attacker: str | None) -> tuple[TargetChoice, ...]:
    """Every machine but the attacker: enemies, then its own side, then the destroyed ones."""
    found = state.units.get(attacker or "")
    side = found.side if found is not None else None
    choices = [TargetChoice(u.id, u.name, side is None or u.side != side, u.destroyed)
               for u in state.units.values() if u.id != attacker]
    return tuple(sorted(choices, key=lambda c: (c.destroyed, not c.enemy)))  # sorted() keeps the join order


def default_target(state: DuelState, attacker: str | None) -> str | None:
    """The first enemy still flying, else none (never the attacker's own side, never a wreck)."""
    return next((c.id for c in targets(state, attacker) if c.enemy and not c.destroyed), None)


def same_side(state: DuelState, attacker: str | None, target: str | None) -> bool:
    """Whether ``target`` flies for the attacker's own side (the panel asks before such an attack)."""
    mine, theirs = state.units.get(attacker or ""), state.units.get(target or "")
    return mine is not None and theirs is not None and mine.id != theirs.id and mine.side == theirs.side
