"""Edge on the three tests of an attack (SR4-E2..E4, E8; SR5-E1..E3; SR5-CS9's split).

One point of Edge per test: the attacker's on the attack test, the defender's on the
defence and soak tests (a defender may use one on each; the points run out). The attack
is one journal command, so "after the roll" uses (Push the Limit after, Second Chance,
Close Call) are chosen once the GM has seen the roll the attack panel previews: the
test's own dice stay as they were and only the new dice are added.

Each test draws from its own generator, split off the entry's generator in a fixed order
(attack, defence, soak), so adding Edge to one test never changes another test's dice.

SR5-CS9 (multiple attacks): Edge dice go in before the pool is split. The first attack
spends the point; every share keeps Push the Limit's rule of six and ignores the limit.
A point is spent on the soak test only when the soak test is rolled (a miss rolls none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack.messages import Attack, TermRecord
from gmtool.games.shadowrun.rules.damage.pools import AttackPools
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestSpec

MULTIPLE = "multiple_attacks"  # SR5-CS9 (the called shot's key)
EDGE_PURPOSE = {  # the EdgeSpent purpose (its log words) of each use, per edition
    "sr5": {
        "add_before": "push_before",
        "add_after": "push_after",
        "reroll_failures": "second_chance",
        "negate_glitch": "close_call",
    },
    "sr4": {
        "add_before": "sr4_before",  # SR4-E2
        "add_after": "sr4_after",  # SR4-E3
        "reroll_failures": "sr4_reroll",  # SR4-E4
        "negate_glitch": "sr4_negate_glitch",  # SR4-E8
    },
}


@dataclass(frozen=True)
class AttackSpecs:
    """The three tests as the dice engine takes them (None: no defence test)."""

    attack: TestSpec
    defence: TestSpec | None
    soak: TestSpec

    def as_tuple(self) -> tuple[TestSpec, TestSpec | None, TestSpec]:
        return self.attack, self.defence, self.soak


@dataclass(frozen=True)
class TestStreams:
    """One generator per test, split off the entry's generator in a fixed order."""

    __test__ = False

    attack: random.Random
    defence: random.Random
    soak: random.Random

    @classmethod
    def split(cls, rng: random.Random) -> TestStreams:
        return cls(*(random.Random(rng.getrandbits(64)) for _ in range(3)))


def edge_attribute(combatant: Any) -> int:
    return int(combatant.sheet.attributes["EDG"])


def split_with_edge(command: Attack) -> bool:
    """SR5-CS9: Push the Limit declared on a multiple attack puts the Edge dice in before the split."""
    return command.called_shot == MULTIPLE and command.attack_edge == "add_before"


def edge_term(attacker: Any, command: Attack) -> TermRecord | None:
    """The Edge dice that go into a multiple attack's pool before it is split (SR5-CS9)."""
    if not split_with_edge(command):
        return None
    return TermRecord(label="attack.term.edge_in_split", value=edge_attribute(attacker), source="SR5-CS9", page=196)


PUSH = ("add_before", "add_after")  # Push the Limit (SR5-E1): the test's limit does not count


def lifted_limits(inputs: Any, command: Attack) -> Any:
    """SR5: the resolution's inputs without the limits that Push the Limit lifts (SR4 has none)."""
    if not hasattr(inputs, "push_the_limit"):
        return inputs
    return replace(
        inputs,
        push_the_limit=inputs.push_the_limit or command.attack_edge in PUSH,
        defence_push_the_limit=command.defence_edge in PUSH,
    )


def test_specs(pools: AttackPools, command: Attack, attacker: Any, target: Any, no_defence: bool) -> AttackSpecs:
    """The attack's tests with the Edge the command uses (the limits as each use leaves them)."""
    if no_defence and command.defence_edge != "none":
        raise RulesError("error.attack_edge_no_defence")
    if split_with_edge(command):  # the Edge dice are already in the pool (a term): no more to add
        attack = pools.attack_spec(0, EdgeUse.ADD_BEFORE)
    else:
        attack = pools.attack_spec(edge_attribute(attacker), EdgeUse(command.attack_edge))
    defence = None if no_defence else pools.defence_spec(edge_attribute(target), EdgeUse(command.defence_edge))
    return AttackSpecs(attack, defence, pools.soak_spec(edge_attribute(target), EdgeUse(command.soak_edge)))


def edge_events(edition: Any, command: Attack, attacker: Any, target: Any, soaked: bool) -> list[Event]:
    """The Edge points the attack spends, in order (refused when a combatant has none left), as the
    edition's ``EdgeSpent`` events (its attack adapter's ``edge_spent``)."""
    event_class = edition.edge_spent
    spent: list[tuple[Any, str]] = []
    if command.attack_edge != "none" and not (split_with_edge(command) and command.pool_share > 0):
        spent.append((attacker, command.attack_edge))
    if command.defence_edge != "none":
        spent.append((target, command.defence_edge))
    if command.soak_edge != "none" and soaked:
        spent.append((target, command.soak_edge))
    left: dict[str, int] = {}
    events: list[Event] = []
    for combatant, use in spent:
        points = left.get(combatant.id, combatant.sheet.edge_points)
        if points < 1:
            raise RulesError("error.no_edge", name=combatant.sheet.name)
        left[combatant.id] = points - 1
        events.append(event_class(
            combatant=combatant.id, name=combatant.sheet.name, purpose=EDGE_PURPOSE[edition.game][use], before=points, after=points - 1,
        ))
    return events
