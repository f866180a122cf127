"""The SR5 rules with the runner's carry (:mod:`gmtool.games.shadowrun.library.carry`): what the manifest names.

Kept outside the edition's package: making a runner's sheet from a template goes through the library,
which knows both editions' sheets (the editions do not import each other).
"""

from __future__ import annotations

from gmtool.games.shadowrun.library.carry import ShadowrunCarry
from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset


class SR5CarryRules(ShadowrunCarry, SR5Ruleset):
    """SR5 as the core sees it, with what of a runner goes on to the next encounter."""

    add_combatant = AddCombatant
