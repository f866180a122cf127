"""A Shadowrun key press does the work its change needs, once (issue 30's key presses), and the GM
sees the same: the actions enabled and explained as a fresh look at the fight would have them."""

from __future__ import annotations

from PySide6.QtGui import QAction


def _actions(window) -> dict[str, tuple[bool, str]]:  # noqa: ANN001
    return {name: (act.isEnabled(), act.toolTip()) for name, act in window.action_map().items()}


def test_next_phase_brings_the_actions_up_to_date_once(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    parts = type(window.parts)
    calls: list[int] = []
    real = parts.update
    monkeypatch.setattr(parts, "update", lambda self: (calls.append(1), real(self))[1])
    for _ in range(4):
        calls.clear()
        window.action("next_phase").trigger()
        assert len(calls) == 1  # the phase ended and the next actor selected: one update, not two
        assert window.bridge.selected == window.bridge.current_actor().id
        shown = _actions(window)
        window.update_actions()  # a fresh look at the fight …
        assert _actions(window) == shown  # … enables and explains every action as the press left them


def test_actions_outside_an_intent_follow_each_change_at_once(qtbot, window) -> None:  # noqa: ANN001
    assert not window.action("next_phase").isEnabled()  # no initiative yet
    window.action("roll_initiative").trigger()
    assert window.action("next_phase").isEnabled()
    window.bridge.select(None)
    act_now: QAction = window.action("act_now")
    assert not act_now.isEnabled() and "\n" in act_now.toolTip()  # nobody selected: it says why
    with window.one_update():
        window.bridge.select("c1")
        assert not act_now.isEnabled()  # held until the intent is done …
    assert act_now.isEnabled()  # … then brought up to date,
    shown = _actions(window)
    window.update_actions()
    assert _actions(window) == shown  # as a fresh look has them


def test_a_combatant_moving_in_the_order_announces_its_own_row_and_the_order_stays_true(qtbot, window) -> None:  # noqa: ANN001
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
    from gmtool.games.shadowrun.sr5.rules.turn import pass_order
    from gmtool.viewmodels import roles

    sheets = demo_definition().combatants
    for number in range(12):
        window.bridge.execute(cmd.AddCombatant(sheet=sheets[number % len(sheets)].model_copy(
            update={"name": f"Extra {number + 1}"})))
    window.action("roll_initiative").trigger()
    panel = window.parts.initiative_panel
    model, proxy = panel.model, panel.proxy
    announced: list[str] = []
    model.dataChanged.connect(lambda top, _bottom, _roles: announced.append(model.combatant_id(top.row())))
    state = window.bridge.state
    for cid in [c.id for c in pass_order(state)][:6]:  # the first ones wounded: each drops past others
        announced.clear()
        assert window.bridge.execute(cmd.EditSheet(combatant=cid, field="physical_damage", value=6))
        shown = [proxy.index(r, 0).data(roles.COMBATANT_ID) for r in range(proxy.rowCount())]
        order = [c.id for c in pass_order(window.bridge.state)]
        assert shown == order  # the proxy's order is the rules' order
        ranks = [proxy.index(r, 0).data(roles.ORDER) for r in range(proxy.rowCount())]
        assert ranks == list(range(len(order)))  # every row knows its rank
        assert set(announced) <= {cid, window.bridge.current_actor().id}  # only the row that changed
