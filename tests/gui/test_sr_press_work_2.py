"""A Shadowrun key press does only the work its change needs (issue 30's key presses, second round):
what was worked out for the state shown is not worked out again, and the GM sees the same."""

from __future__ import annotations

from gmtool.games.shadowrun.rules.attack.messages import AttackResolved
from gmtool.games.shadowrun.sr5.rules.attack import SR5Attack

KESTREL, GUARD = "Kestrel (demo runner)", "Demo Corp Guard Lt."


def _id(window, name: str) -> str:  # noqa: ANN001
    return next(cid for cid, c in window.bridge.state.combatants.items() if c.sheet.name == name)


def _counted(monkeypatch, module, name: str) -> list[int]:  # noqa: ANN001
    calls: list[int] = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    return calls


def test_apply_decides_with_the_plan_the_panel_showed_and_plans_once_after(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    assert window.bridge.current_actor().sheet.name == KESTREL
    window.bridge.select(_id(window, GUARD))
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    panel.distance.setValue(10)
    shown = panel.model.plan
    assert shown is not None and not panel.model.refusal
    planned = _counted(monkeypatch, SR5Attack, "check_attack")  # once in every plan worked out
    window.action("apply_attack").trigger()
    written = next(e for e in window.bridge.encounter.entries[-1].events if isinstance(e, AttackResolved))
    assert written.attack.pool == shown.pools.attack_pool  # decided with the pools the GM saw
    assert len(planned) == 1  # the attack decided on the plan shown; planned afresh once, for the state after it
    assert panel.model.plan is None and "already attacked" in panel.model.error  # what the state after it says
