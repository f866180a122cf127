"""Exact odds of the SR4 rigging and chase tests before they are rolled (X-4), from the pools the rolls
use (:mod:`.vehicle_pools`): a vehicle or sensor test against its threshold or a hidden target
(SR4-V1, V3), an active lock-on (V4), a chase's range test (V6) and the manoeuvres that roll (V7).
"""

from __future__ import annotations

from gmtool.games.shadowrun.sr4.rules import vehicle_pools as vp
from gmtool.games.shadowrun.sr4.rules.matrix_odds import MatrixOdds as PoolOdds
from gmtool.games.shadowrun.sr4.rules.matrix_odds import beats, success
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import chase_of


def test_odds(state: EncounterState, vid: str, test: str, skill: int, threshold: int,
              target: str | None = None, target_skill: int = 0) -> PoolOdds:
    """A vehicle test (threshold lowered in VR) or a sensor test; against a hidden target, opposed."""
    v = vp.vehicle_of(state, vid)
    if test == "vehicle":
        terms, needed = vp.vehicle_terms(state, v, skill), vp.vehicle_threshold(v, threshold)
    else:
        terms, needed = vp.sensor_terms(state, v, skill), threshold
    if target is not None:
        other = vp.hiding_terms(state, target, target_skill)
        return PoolOdds(terms, other, (("sr4rig.odds.beats", beats(terms, other)),))
    return PoolOdds(terms, (), (("sr4rig.odds.success", success(terms, needed)),))


def range_odds(state: EncounterState, pursuer: str, lead_skill: int, pursuer_skill: int) -> PoolOdds:
    """SR4-V6: the lead's pool against the pursuer's; more hits sets the band, a tie keeps it."""
    chase = chase_of(state)
    lead, chaser = state.vehicles[chase.lead], state.vehicles[pursuer]
    terms, other = vp.vehicle_terms(state, lead, lead_skill), vp.vehicle_terms(state, chaser, pursuer_skill)
    return PoolOdds(terms, other, (("sr4rig.odds.lead", beats(terms, other)), ("sr4rig.odds.pursuer", beats(other, terms))))


def manoeuvre_odds(state: EncounterState, vid: str, manoeuvre: str, skill: int, target: str | None,
                   target_skill: int) -> PoolOdds | None:
    """SR4-V7: break away (threshold = pursuers), positioning (any hit), cut off (opposed); None for the rest."""
    v = vp.vehicle_of(state, vid)
    terms = vp.vehicle_terms(state, v, skill)
    if manoeuvre == "break_away" and state.chase is not None:
        needed = vp.vehicle_threshold(v, len(state.chase.pursuers))
        return PoolOdds(terms, (), (("sr4rig.odds.success", success(terms, needed)),))
    if manoeuvre == "positioning":
        return PoolOdds(terms, (), (("sr4rig.odds.success", success(terms, 1)),))
    if manoeuvre == "cut_off" and target in state.vehicles:
        other = vp.vehicle_terms(state, state.vehicles[target], target_skill)
        return PoolOdds(terms, other, (("sr4rig.odds.beats", beats(terms, other)),))
    return None

