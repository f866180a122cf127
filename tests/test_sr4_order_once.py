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
        real = turn.order_key
        monkeypatch.setattr(turn, "order_key", lambda s, c: (keys.append(1), real(s, c))[1])
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
