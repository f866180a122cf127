"""The scenarios' special rules applied (BR-19), from the digest's シナリオ and オプション・ルール sections.

- Grudge match: each time a gear rattles the target of its attack, a free rally action (a rally-the-crowd
  token, no action spent).
- Race and return: every second lap runs the course the other way — its checkpoints in reverse order,
  and "this is a race!" judged against that lap's direction (:func:`lap_course`).
- Show-off central: each gear a jump flies over gives the jumper a free rally-the-crowd token.
- Derby: each gear's spin-outs caused on other gears are counted (an attack's target, the gear a jump
  came down on, the gear a skid ran into: the skidding gear caused it); at a round's end the gears with
  six or more win (several: the contested check, with its usual modifiers, among them and any gear that
  finished every lap that round). A skipped spin-out (the second in an activation) does not count.
- Gentlemen's sport (optional): no attacks in the race's first round.
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, ahead
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_messages as s
from gmtool.games.badlands_rally.rules.laps import Progress
from gmtool.games.badlands_rally.rules.race_state import RaceState

GRUDGE, RETURN, SHOW_OFF, DERBY = "grudge_match", "race_and_return", "show_off_central", "derby"
DERBY_SPINS = 6  # 合計6回スピン アウトさせたギアが勝利


def lap_course(state: RaceState, progress: Progress) -> HexMapFile | None:
    """The course as this lap runs it: in race and return, every second lap's checkpoints reversed."""
    course = state.course
    if course is None or state.scenario != RETURN or progress.laps % 2 == 0 or not course.checkpoints:
        return course
    return course.model_copy(update={"checkpoints": list(reversed(course.checkpoints))})


def no_attack_reason(state: RaceState) -> RulesError | None:
    """The gentlemen's sport's refusal in round 1 (None: attacks allowed)."""
    return RulesError("error.br_gentlemens_sport") if state.gentlemen and state.round == 1 else None


def gentlemens_sport(state: RaceState, command: s.SetGentlemensSport) -> s.GentlemensSportSet:
    if state.round > 0:
        raise RulesError("error.br_gentlemen_started")
    if command.on == state.gentlemen:
        raise RulesError("error.no_change")
    return s.GentlemensSportSet(on=command.on)


def _token(state: RaceState, gear_id: str, reason: s.TokenReason, other: str, before: int) -> s.ScenarioTokenGained:
    gear = state.gears[gear_id]
    return s.ScenarioTokenGained(gear=gear.id, name=gear.name, reason=reason, other=other, tokens=before + 1)


def after_attack(state: RaceState, made: m.AttackMade) -> tuple[s.ScenarioTokenGained, ...]:
    """Grudge match: the attacker rattled its target."""
    if state.scenario != GRUDGE or not made.rattled:
        return ()
    return (_token(state, made.attacker, "grudge_match", made.name, state.gears[made.attacker].rally_tokens),)


def after_jump(state: RaceState, made: m.SpecialMoveMade) -> tuple[s.ScenarioTokenGained, ...]:
    """Show-off central: a token for each gear the jump flew over (between take-off and landing)."""
    if state.scenario != SHOW_OFF or made.move != "jump" or made.before == made.after:
        return ()
    gear = state.gears[made.gear]
    landed, flown = hex_of(made.after), list[Hex]()
    here = ahead(gear.hex, gear.facing)
    while here != landed and len(flown) < made.successes:
        flown.append(here)
        here = ahead(here, gear.facing)
    over = [g for g in state.gears.values() if g.hex in flown and g.id != gear.id and not g.out]
    return tuple(_token(state, gear.id, "show_off_central", g.name, gear.rally_tokens + n) for n, g in enumerate(over))


def after_spin(state: RaceState, spun: m.SpinResolved) -> tuple[s.SpinOutCaused, ...]:
    """Derby: the spin-out counted to the gear that caused it."""
    cause = state.spin_causes.get(spun.gear)
    if state.scenario != DERBY or spun.skipped or cause is None or cause == spun.gear:
        return ()
    gear = state.gears[cause]
    return (s.SpinOutCaused(gear=gear.id, name=gear.name, victim=spun.gear, victim_name=spun.name,
                            count=gear.spins_caused + 1),)


def derby_winners(state: RaceState) -> tuple[str, ...]:
    """Derby: the gears that have caused six spin-outs (at a round's end, the first to do so win)."""
    if state.scenario != DERBY:
        return ()
    return tuple(g.id for g in state.gears.values() if g.spins_caused >= DERBY_SPINS)
