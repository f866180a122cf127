"""One attack action per SR5 action phase (SR5-A1/F1/F2): which listed actions are attacks,
and the check. Light on purpose: taking and folding any action asks it, attack or not."""

from __future__ import annotations

from typing import Any

from gmtool.core.errors import RulesError

# The attack actions of the SR5 action list (p. 162): one of them per action phase (SR5-A1/F1/F2).
ATTACK_ACTIONS = frozenset({
    "fire_weapon", "fire_bow", "fire_long_burst", "fire_full_auto", "fire_mounted_weapon", "melee_attack",
    "throw_weapon",
})


def check_one_attack(attacker: Any) -> None:
    """SR5-A1/F1/F2: a gun fires once per action phase; a single shot or semi-automatic fire is a
    simple action no other attack action joins in the same phase. The split of a multiple attack
    (SR5-CS9) and bursts aimed at several targets are one attack action, so they are not refused here.
    """
    if getattr(attacker, "attacks_in_phase", 0):
        raise RulesError("error.one_attack_per_phase", name=attacker.sheet.name)
