"""Attack resolution for both Shadowrun editions: opposed test outcome, damage, soak, monitors.

Entry points (each step also has its own module):

- :func:`resolve_attack_sr4` / :func:`resolve_attack_sr5` — inputs + hits → :class:`AttackResolution`
- :func:`sr4_pools` / :func:`sr5_pools` — the pools and TestSpecs before rolling
- :func:`sr4_attack_odds` / :func:`sr5_attack_odds`, :func:`hit_odds`, :func:`soak_odds` — exact odds
- :func:`apply_damage`, :func:`monitor_of`, :class:`Monitor` — condition monitors
- :func:`describe_resolution` — the resolution in words for the log
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.damage.describe import describe_resolution
from gmtool.games.shadowrun.rules.damage.inputs import (
    Attacker,
    Modifiers,
    SR4AttackInputs,
    SR4Defender,
    SR5AttackInputs,
    SR5Defender,
    Weapon,
)
from gmtool.games.shadowrun.rules.damage.monitors import (
    Monitor,
    MonitorState,
    apply_damage,
    monitor_of,
)
from gmtool.games.shadowrun.rules.damage.odds import (
    DamageOdds,
    HitOdds,
    hit_odds,
    soak_odds,
    sr4_attack_odds,
    sr5_attack_odds,
)
from gmtool.games.shadowrun.rules.damage.pools import AttackPools, sr4_pools, sr5_pools
from gmtool.games.shadowrun.rules.damage.resolve import (
    AttackResolution,
    resolve_attack_sr4,
    resolve_attack_sr5,
)
from gmtool.games.shadowrun.rules.damage.terms import Term

__all__ = [
    "AttackPools",
    "AttackResolution",
    "Attacker",
    "DamageOdds",
    "HitOdds",
    "Modifiers",
    "Monitor",
    "MonitorState",
    "SR4AttackInputs",
    "SR4Defender",
    "SR5AttackInputs",
    "SR5Defender",
    "Term",
    "Weapon",
    "apply_damage",
    "describe_resolution",
    "hit_odds",
    "monitor_of",
    "resolve_attack_sr4",
    "resolve_attack_sr5",
    "soak_odds",
    "sr4_attack_odds",
    "sr4_pools",
    "sr5_attack_odds",
    "sr5_pools",
]
