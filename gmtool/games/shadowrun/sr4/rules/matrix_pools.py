"""SR4 Matrix pools: which dice an icon rolls for each Matrix test, term by term (000 §5, §6).

A persona rolls its user's skill + a program (Hacking + Exploit, Computer + Analyze, Cybercombat +
an attack program); an agent, IC or sprite its Rating + the program (SR4-X6); a node Analyze +
Firewall. Then, on every test of the icon: hot sim +2 (SR4-X4; a technomancer's full VR counts as
hot sim, SR4-T3), a technomancer's +2 on Matrix perception (SR4-T3), and the user's wound modifier
and effects (each sustained thread is a −2 effect, SR4-T1). The same functions build the odds the
panel shows and the specs rolled, so the odds shown are the odds rolled.
"""

from __future__ import annotations

import random
from math import ceil

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestOutcome, TestSpec, roll_test, typed_test
from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules.keyed_labels import KEYED
from gmtool.games.shadowrun.sr4.rules.matrix_state import Icon, MatrixState
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

MONITOR_BASE = 8  # SR4 p. 238: Matrix condition monitor 8 + System / 2 (the digest gives no number)
HOT_SIM_BONUS = 2  # SR4-X4 (000 §5.3): +2 to all Matrix tests
TECHNOMANCER_PERCEPTION = 2  # SR4-T3 (000 §6.3)
LABEL = KEYED  # a dice_test_rolled label that is a message key (keyed_labels.shown translates it)


def matrix(state: EncounterState) -> MatrixState:
    """The encounter's Matrix (an empty one, not stored, before the first Matrix event)."""
    return state.matrix if state.matrix is not None else MatrixState()


def icon(state: EncounterState, icon_id: str) -> Icon:
    found = matrix(state).icons.get(icon_id)
    if found is None:
        raise RulesError("error.matrix_no_icon", icon=icon_id)
    return found


def owner(state: EncounterState, i: Icon) -> Combatant | None:
    return state.combatants.get(i.sheet.owner or "")


def monitor(i: Icon) -> int:
    """Boxes of the Matrix condition monitor: 8 + System / 2, rounded up (SR4 p. 238)."""
    return MONITOR_BASE + ceil(i.sheet.system / 2)


def is_technomancer(i: Icon) -> bool:
    return i.sheet.kind == "persona" and i.sheet.resonance > 0


def hot(i: Icon) -> bool:
    """SR4-X4 hot sim; SR4-T3: a technomancer's full VR (cold or hot) counts as hot sim."""
    return i.sim == "hot" or (is_technomancer(i) and i.sim == "cold")


def skill_term(state: EncounterState, i: Icon, skill: str) -> tuple[str, int]:
    """A persona's user skill (the icon's own, else the user's sheet); any other icon rolls its Rating."""
    if i.sheet.kind != "persona":
        return ("matrix.term.rating", i.sheet.rating)
    value = i.sheet.skills.get(skill)
    if value is None:
        user = owner(state, i)
        value = user.sheet.skills.get(skill, 0) if user is not None else 0
    return (f"matrix.skill.{skill}", value)


def program_term(i: Icon, program: str) -> tuple[str, int]:
    return (f"matrix.program.{program}", i.sheet.programs.get(program, 0))


def situation_terms(state: EncounterState, i: Icon, perception: bool = False) -> Terms:
    """Hot sim, a technomancer's perception bonus, the user's wounds and effects (threads: −2 each)."""
    terms: list[tuple[str, int]] = []
    if hot(i):
        terms.append(("matrix.term.hot_sim", HOT_SIM_BONUS))
    if perception and is_technomancer(i):
        terms.append(("matrix.term.technomancer", TECHNOMANCER_PERCEPTION))
    user = owner(state, i)
    if user is not None and i.sheet.kind in ("persona",):
        if user.sheet.wound_modifier:
            terms.append(("pool.wound_modifier", user.sheet.wound_modifier))
        terms.extend(effect_terms(state, user.id, "test"))
    return tuple(terms)


def spec(terms: Terms, threshold: int = 0) -> TestSpec:
    return TestSpec(edition=Edition.SR4, pool=max(0, pool_of(terms)), threshold=threshold)


def roll(terms: Terms, rng: random.Random, faces: tuple[int, ...] | None, threshold: int = 0) -> TestOutcome:
    """The faces typed at the table (checked against the pool), or a roll; a pool of 0 rolls no dice."""
    s = spec(terms, threshold)
    if faces is not None:
        return typed_test(s, faces)
    return roll_test(s, rng)


def rolled(name: str, label: str, role: str, terms: Terms, o: TestOutcome) -> te.DiceTestRolled:
    """The shared test event (its log line); no combatant, so no last test for Edge after the roll."""
    s = o.spec
    return te.DiceTestRolled(
        combatant="", name=name, label=LABEL + label, role=role, terms=terms, pool=s.pool,
        threshold=s.threshold, limit=None, edge=0, edge_use=EdgeUse.NONE,
        dice=tuple((d.face, d.source, d.replaced) for d in o.dice), hits=o.hits, counted_hits=o.counted_hits,
        ones=o.ones, glitch=o.glitch, critical_glitch=o.critical_glitch, glitch_negated=o.glitch_negated,
        typed=o.typed, bought=o.bought,
    )


def hits_of(name: str, label: str, role: str, terms: Terms, rng: random.Random,
            faces: tuple[int, ...] | None, events: list[Event], threshold: int = 0) -> int:
    """Roll (appending the event) and count the hits; a pool of 0 or less rolls nothing: 0 hits."""
    if pool_of(terms) <= 0:
        return 0
    outcome = roll(terms, rng, faces, threshold)
    events.append(rolled(name, label, role, terms, outcome))
    return outcome.hits
