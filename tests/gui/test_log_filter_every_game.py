"""Issue 32: the log's filter by combatant works in every game, because the game says whom each event
concerns (``rules.involved``). Before, the shell guessed from Shadowrun's field names, so the rally's
gears (``gear``) and the duel's units (``unit``) had no lines of their own: filtering by one showed
only the headings."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("fixture", ["rally_window", "duel_window"])
def test_choosing_a_combatant_shows_the_lines_about_them(qtbot, request, fixture: str) -> None:  # noqa: ANN001
    window = request.getfixturevalue(fixture)
    panel = window.log_panel
    encounter = window.bridge.encounter
    cid, name = encounter.ruleset.roster(encounter.state)[0]
    assert panel.combatant.findData(cid) > 0, "the combatant is offered in the filter"
    panel.set_filter(combatant=cid)
    proxy, model = panel.proxy, panel.model
    shown = [model.line(proxy.mapToSource(proxy.index(row, 0)).row()) for row in range(proxy.rowCount())]
    about = [line for line in shown if line.number >= 0 and line.kind not in model.levels]
    assert about, f"no line about {name} is shown"
    assert all(cid in line.combatants for line in about)
    assert any(name in line.text for line in about)  # their joining the fight, in words
