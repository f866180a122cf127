"""SR5 turn invariants (hypothesis): turns end, interrupts never push a score below 0."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import effect_messages as em
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.turn import current_actor, effective_score

INTERRUPTS = ("block", "dodge", "hit_the_dirt", "intercept", "parry", "full_defence")


def encounter(bonuses: list[int], seed: int) -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=seed)
    sheets = demo_definition().combatants
    for i, bonus in enumerate(bonuses):
        sheet = sheets[i % len(sheets)].model_copy(update={"name": f"C{i}", "initiative_bonus": bonus, "initiative_dice": 5})
        enc.commit(enc.prepare(cmd.AddCombatant(sheet=sheet)))
    enc.commit(enc.prepare(cmd.StartTurn()))
    return enc


def attempt(enc: Encounter, command) -> bool:  # noqa: ANN001
    try:
        enc.commit(enc.prepare(command))
    except RulesError:
        return False
    return True


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 10), min_size=1, max_size=8),
    st.integers(0, 10_000),
    st.lists(st.tuples(st.sampled_from(["next", "delay", "act_now", "interrupt"]), st.integers(0, 7),
                       st.sampled_from(INTERRUPTS)), max_size=60),
)
def test_every_turn_ends_and_interrupts_keep_scores_at_zero_or_more(bonuses, seed, steps) -> None:  # noqa: ANN001
    enc = encounter(bonuses, seed)
    for action, who, interrupt in steps:
        cid = f"c{who % len(bonuses) + 1}"
        if action == "next":
            attempt(enc, cmd.NextPhase())
        elif action == "delay":
            attempt(enc, cmd.DelayPhase(combatant=cid))
        elif action == "act_now":
            attempt(enc, cmd.ActNow(combatant=cid))
        else:
            before = effective_score(enc.state, enc.state.combatants[cid])
            if attempt(enc, em.DeclareInterrupt(combatant=cid, interrupt=interrupt)):
                after = effective_score(enc.state, enc.state.combatants[cid])
                assert before is not None and after is not None and after >= 0  # never driven below 0
    # whatever happened, pressing "next phase" ends the turn in a bounded number of phases:
    # each combatant acts at most once per pass, and at most ceil(score / 10) passes remain.
    turn = enc.state.turn
    bound = sum(max(effective_score(enc.state, c) or 0, 0) // 10 + 2 for c in enc.state.combatants.values()) + 2
    presses = 0
    while enc.state.turn == turn:
        assert presses <= bound, "the turn did not end"
        enc.commit(enc.prepare(cmd.NextPhase()))
        presses += 1
    assert current_actor(enc.state) is not None
