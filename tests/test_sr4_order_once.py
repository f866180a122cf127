"""SR4's pass order is sorted once per state revision (every folded event bumps it), and stays the
rules' order: the cached order is the one sorting afresh gives after every event (SR4-C2)."""

from __future__ import annotations

import pytest

from gmtool.games.shadowrun.sr4.rules import turn
from gmtool.storage.workspace import Workspace


def _sorted_afresh(state) -> list[str]:  # noqa: ANN001
    return [c.id for c in sorted(state.combatants.values(), key=lambda c: turn.order_key(state, c), reverse=True)]


@pytest.mark.rule("SR4-C2")
def test_the_pass_order_is_sorted_once_per_revision_and_follows_every_event(monkeypatch) -> None:
    from gmtool.games.shadowrun.rules.turn_commands import EditSheet, NextPhase, StartTurn

    workspace = Workspace.open_default()
    try:
        sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
        sr4.session.execute(StartTurn())
        state = sr4.encounter.state
        keys: list[int] = []
        real = turn._order_key
        monkeypatch.setattr(turn, "_order_key", lambda s, c, w: (keys.append(1), real(s, c, w))[1])
        first = [c.id for c in turn.pass_order(state)]
        asked = len(keys)
        assert asked == len(state.combatants)  # one sort
        assert [c.id for c in turn.pass_order(state)] == first and len(keys) == asked  # asked again: not sorted again
        leader = first[0]
        sr4.session.execute(EditSheet(combatant=leader, field="physical_damage", value=9))  # −3 on the score
        assert [c.id for c in turn.pass_order(state)] == _sorted_afresh(state)
        sr4.session.execute(NextPhase())
        assert [c.id for c in turn.pass_order(state)] == _sorted_afresh(state)
        sr4.close()
    finally:
        workspace.close()


@pytest.mark.rule("SR4-C1")
def test_the_score_ordering_the_pass_is_the_sum_of_its_terms_with_the_floor() -> None:
    from gmtool.games.shadowrun.rules.turn_commands import EditSheet, StartTurn

    workspace = Workspace.open_default()
    try:
        sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
        sr4.session.execute(StartTurn())
        state = sr4.encounter.state
        ids = list(state.combatants)
        sr4.session.execute(EditSheet(combatant=ids[0], field="physical_damage", value=6))  # wound −2
        sr4.session.execute(EditSheet(combatant=ids[1], field="stun_damage", value=9))  # wound −3
        for wounds in (True, False):
            state.options["wound_modifier_on_initiative"] = wounds
            state.revision += 1  # (a rule option is an event in play; set here directly)
            for c in state.combatants.values():
                terms = turn.score_terms(state, c)
                assert turn.effective_score(state, c) == max(turn.SCORE_FLOOR, sum(v for _, v in terms))
            wound = [v for label, v in turn.score_terms(state, state.combatants[ids[1]]) if label == "pool.wound_modifier"]
            assert wound == ([-3] if wounds else [])
        sr4.close()
    finally:
        workspace.close()
