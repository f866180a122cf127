"""Every pool of an attack before any die is rolled, and the test specs for the dice engine.

:func:`sr4_pools` / :func:`sr5_pools` give the attack, defence and soak pools with
their breakdowns, the limits, and the modified armour (it depends on no roll). A
pool below 0 counts as 0 dice; rolling it needs Edge (a longshot), which is the
dice engine's business: :meth:`AttackPools.attack_spec` and friends build the
:class:`~gmtool.games.shadowrun.rules.dice_tests.TestSpec` with the Edge use the caller chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.damage import defence
from gmtool.games.shadowrun.rules.damage.damage_value import Armour, modified_armour
from gmtool.games.shadowrun.rules.damage.inputs import SR4AttackInputs, SR5AttackInputs
from gmtool.games.shadowrun.rules.damage.soak import soak_pool, soak_terms
from gmtool.games.shadowrun.rules.damage.terms import Terms, total
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestSpec


@dataclass(frozen=True)
class AttackPools:
    edition: Edition
    attack: Terms
    attack_limit: int | None
    defence: Terms
    defence_limit: int | None
    armour: Armour
    soak: Terms

    @property
    def attack_pool(self) -> int:
        return max(0, total(self.attack))

    @property
    def defence_pool(self) -> int:
        return max(0, total(self.defence))

    @property
    def soak_pool(self) -> int:
        return soak_pool(self.soak)

    def attack_spec(self, edge: int = 0, edge_use: EdgeUse = EdgeUse.NONE) -> TestSpec:
        return TestSpec(self.edition, self.attack_pool, limit=self.attack_limit, edge=edge, edge_use=edge_use)

    def defence_spec(self, edge: int = 0, edge_use: EdgeUse = EdgeUse.NONE) -> TestSpec:
        return TestSpec(self.edition, self.defence_pool, limit=self.defence_limit, edge=edge, edge_use=edge_use)

    def soak_spec(self, edge: int = 0, edge_use: EdgeUse = EdgeUse.NONE) -> TestSpec:
        return TestSpec(self.edition, self.soak_pool, edge=edge, edge_use=edge_use)


def sr4_armour(inputs: SR4AttackInputs) -> Armour:
    """Ballistic armour against ranged attacks (SR4-R5), impact against melee (SR4-M3)."""
    d = inputs.defender
    if inputs.kind == "ranged":
        return modified_armour("damage.term.ballistic_armour", d.ballistic_armour, inputs.weapon,
                               inputs.modifiers.armour, "SR4-R5")
    return modified_armour("damage.term.impact_armour", d.impact_armour, inputs.weapon,
                           inputs.modifiers.armour, "SR4-M3")


def sr4_pools(inputs: SR4AttackInputs) -> AttackPools:
    armour = sr4_armour(inputs)
    return AttackPools(
        edition=Edition.SR4,
        attack=defence.sr4_attack_terms(inputs),
        attack_limit=None,
        defence=defence.sr4_defence_terms(inputs),
        defence_limit=None,
        armour=armour,
        soak=soak_terms(inputs.defender.body, armour.value, inputs.modifiers.soak, "SR4-R6"),
    )


def sr5_pools(inputs: SR5AttackInputs) -> AttackPools:
    armour = modified_armour("damage.term.armour", inputs.defender.armour, inputs.weapon,
                             inputs.modifiers.armour, "SR5-A3")
    return AttackPools(
        edition=Edition.SR5,
        attack=defence.sr5_attack_terms(inputs),
        attack_limit=defence.sr5_attack_limit(inputs),
        defence=defence.sr5_defence_terms(inputs),
        defence_limit=defence.sr5_defence_limit(inputs),
        armour=armour,
        soak=soak_terms(inputs.defender.body, armour.value, inputs.modifiers.soak, "SR5-A4"),
    )
