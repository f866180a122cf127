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


def test_a_resort_out_of_view_repaints_nothing_and_the_screen_shows_the_order(qtbot, window) -> None:  # noqa: ANN001
    from PySide6.QtCore import QEvent, QObject, QPoint, QRect
    from PySide6.QtGui import QImage

    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.viewmodels import roles
    from tests.gui.test_key_press_paint import _on_screen, _settle

    for n in range(40):  # more than the order shows
        assert window.bridge.execute(window.view.add(window.view.new_sheet(f"Extra {n}")))
    window.action("roll_initiative").trigger()
    view = window.parts.initiative_panel.view
    _settle(qtbot)
    viewport = view.viewport()
    painted: list[int] = []

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                painted.append(event.rect().height())
            return False

    counter = Counter(viewport)
    viewport.installEventFilter(counter)

    def shown() -> list[str]:
        return [view.model().index(r, 0).data(roles.COMBATANT_ID) for r in range(view.model().rowCount())]

    def screen() -> QImage:
        return _on_screen(viewport).convertToFormat(QImage.Format.Format_RGB32)

    in_view, before = view.rows_in_view(), screen()
    assert in_view is not None and len(in_view) < 40
    order = shown()
    below = next(cid for cid in order[len(in_view) + 2:-3]  # out of view, not at the end: it moves, stays out
                 if window.bridge.state.combatants[cid].sheet.name.startswith("Extra"))
    painted.clear()
    assert window.bridge.execute(cmd.EditSheet(combatant=below, field="physical_damage", value=6))
    _settle(qtbot)
    assert shown().index(below) > order.index(below)  # re-sorted: it dropped
    assert view.rows_in_view() == in_view  # the same combatants in view, in the same places …
    assert all(height < viewport.height() for height in painted)  # … so the view was not repainted whole
    assert screen() == before  # and shows what it showed
    top = in_view[1]  # the second in view (14) drops below the 12s in view: repainted as Qt does
    painted.clear()
    assert window.bridge.execute(cmd.EditSheet(combatant=top, field="physical_damage", value=9))
    _settle(qtbot)
    assert shown().index(top) > 1 and view.rows_in_view() != in_view
    assert viewport.height() in painted

    def fresh() -> QImage:  # the window painted afresh, where the view is
        at = viewport.mapTo(window, QPoint(0, 0))
        return window.grab(QRect(at, viewport.size())).toImage().convertToFormat(QImage.Format.Format_RGB32)

    assert _alike(screen(), fresh())
    for step in ("undo", "undo", "redo"):  # the order as it was: rows back in place, the screen follows
        window.action(step).trigger()
        _settle(qtbot)
        assert _alike(screen(), fresh()), step


def _alike(shown, fresh) -> bool:  # noqa: ANN001
    """The same picture: every channel of every pixel within one step (the selected row's name is
    painted a shade apart on screen and in a grab, before and after this work alike)."""
    a, b = bytes(shown.constBits()), bytes(fresh.constBits())
    return shown.size() == fresh.size() and all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))
