"""Next phase with 200 combatants: p95 latency including the view update.

Two workspaces are built alike (the demo encounter plus copies of its sheets up
to 200 combatants, initiative rolled), each in its own temporary data folder.
One is shown in gmtool's :class:`MainWindow`; a press there is
``action("next_phase").trigger()`` then the event loop until the posted work is
done (:func:`settle`), which runs the model updates' layout and paints every
region they dirtied (the
initiative view's viewport is checked to have been painted on every press:
``next_phase_presses_without_paint`` must be 0). That is what a GM waits for.
As context, ``next_phase_full_repaint_p95_ms_200`` adds a forced synchronous
``repaint()`` of the whole window on top, which no real key press causes.
The other workspace has no GUI: a step there is ``session.execute(NextPhase())``
alone (the core's share). Presses alternate, so drift affects all alike.
"""

from __future__ import annotations

import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant, NextPhase, StartTurn
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.storage.workspace import Workspace

COMBATANTS = 200
PRESSES = 300
WARMUP_PRESSES = 10
LAPTOP = (1366, 768)  # the window's size, not the least width the offscreen screen would clamp it to
TARGET_MS = 10.0  # issue 19: half a frame per key press (next phase and a full attack)


ENV_KEYS = ("GMTOOL_DATA_DIR", "GMTOOL_CONFIG_DIR")


@contextmanager
def data_dir_env(path: Path) -> Iterator[None]:
    """Point gmtool's data and settings folders at ``path`` for the duration."""
    saved = {key: os.environ.get(key) for key in ENV_KEYS}
    os.environ.update({key: str(path) for key in ENV_KEYS})
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextmanager
def big_workspace(combatants: int = COMBATANTS) -> Iterator[Workspace]:
    """A fresh default workspace with ``combatants`` combatants and the first turn started."""
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default()
        try:
            sheets = demo_definition().combatants
            for number in range(len(workspace.encounter.state.combatants), combatants):
                sheet = sheets[number % len(sheets)].model_copy(update={"name": f"Extra {number + 1}"})
                workspace.session.execute(AddCombatant(sheet=sheet))
            workspace.session.execute(StartTurn())
            yield workspace
        finally:
            workspace.close()


def p95(samples: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return (time.perf_counter() - start) * 1000.0


def core_step(workspace: Workspace) -> Callable[[], object]:
    return lambda: workspace.session.execute(NextPhase())


def gui_step(window: Any, app: Any, full_repaint: bool = True) -> Callable[[], None]:
    action = window.action("next_phase")
    if action is None:
        raise LookupError("MainWindow.action('next_phase') returned None")

    def press() -> None:
        action.trigger()
        settle(app)
        if full_repaint:
            window.repaint()

    return press


SETTLE_ROUNDS = 3


def settle(app: Any) -> None:
    """Run the event loop until the work a press posted is done.

    One ``processEvents`` can leave work behind: a view's delayed re-layout
    posts its paint only while that call runs. A few rounds with the posted
    events flushed between them include that deferred work in the press.
    """
    for _ in range(SETTLE_ROUNDS):
        app.processEvents()
        app.sendPostedEvents()


class PaintCounter:
    """Counts paint events reaching a widget (proof that a press really repainted)."""

    def __init__(self, widget: Any) -> None:
        from PySide6.QtCore import QEvent, QObject

        paint = QEvent.Type.Paint

        class _Filter(QObject):
            def __init__(self, owner: PaintCounter) -> None:
                super().__init__()
                self.owner = owner

            def eventFilter(self, watched: Any, event: Any) -> bool:
                if event.type() == paint:
                    self.owner.count += 1
                return False

        self.count = 0
        self._filter = _Filter(self)
        widget.installEventFilter(self._filter)


def load_main_window() -> Any:
    """gmtool's MainWindow class, or None while it does not exist."""
    try:
        from gmtool.ui.main_window import MainWindow
    except ImportError:
        return None
    return MainWindow


GROUPS = 20
GROUP_SIZE = 10
EFFECTS = 100


@contextmanager
def grouped_workspace(groups: int = GROUPS, size: int = GROUP_SIZE, effects: int = EFFECTS) -> Iterator[Workspace]:
    """200 combatants as 20 grunt groups of 10, 100 of them holding an effect, first turn started."""
    from gmtool.core.effects import Duration
    from gmtool.games.shadowrun.sr5.rules.commands import RemoveCombatant
    from gmtool.games.shadowrun.sr5.rules.effect_messages import AddEffect
    from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup

    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default()
        try:
            session = workspace.session
            for cid in list(workspace.encounter.state.combatants):
                session.execute(RemoveCombatant(combatant=cid))
            sheets = demo_definition().combatants
            for g in range(groups):
                sheet = sheets[3 + g % 3].model_copy(update={"name": f"Gang {g + 1}"})
                session.execute(AddGruntGroup(sheet=sheet, count=size, professional_rating=g % 7))
            session.execute(StartTurn())
            holders = list(workspace.encounter.state.combatants)[:effects]
            for n, cid in enumerate(holders):  # they last through the measured presses
                duration = Duration.UNTIL_REMOVED if n % 2 else Duration.TURNS
                session.execute(AddEffect(combatant=cid, key="custom", label=f"Smoke {n}", modifier=-1,
                                          duration=duration, turns=99))
            yield workspace
        finally:
            workspace.close()


def measure_grouped(presses: int = PRESSES) -> dict[str, Any]:
    """Next phase p95 (key press to painted) with 20 grunt groups of 10 and 100 active effects."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    main_window = load_main_window()
    if main_window is None:
        return {"next_phase_p95_ms_200_groups_effects": "unavailable (MainWindow missing)"}
    with grouped_workspace() as workspace:
        window = main_window(workspace)
        window.resize(*LAPTOP)
        window.show()
        app.processEvents()
        counter = PaintCounter(window.parts.initiative_panel.view.viewport())
        press = _checked(gui_step(window, app, full_repaint=False), counter)
        for _ in range(WARMUP_PRESSES):
            press()
        samples = [timed(press) for _ in range(presses)]
        active = len(workspace.encounter.state.effects)
        groups = len(workspace.encounter.state.groups)
        window.close()
    return {
        "next_phase_p95_ms_200_groups_effects": p95(samples),
        "next_phase_groups": groups,
        "next_phase_active_effects": active,
        "next_phase_groups_presses_without_paint": counter.unpainted,  # type: ignore[attr-defined]
    }


def measure_next_phase(presses: int = PRESSES, combatants: int = COMBATANTS) -> dict[str, Any]:
    """p95 in ms of GUI presses and of core steps, alternating; GUI figure is a string if unavailable."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    main_window = load_main_window()
    with ExitStack() as stack:
        core = core_step(stack.enter_context(big_workspace(combatants)))
        gui = full = None
        counter: PaintCounter | None = None
        if main_window is not None:
            window = main_window(stack.enter_context(big_workspace(combatants)))
            stack.callback(window.close)
            window.resize(*LAPTOP)
            window.show()
            app.processEvents()
            counter = PaintCounter(window.parts.initiative_panel.view.viewport())
            gui = _checked(gui_step(window, app, full_repaint=False), counter)
            full = gui_step(window, app, full_repaint=True)
        core_ms, gui_ms, full_ms = _alternate(core, gui, full, presses)
    result: dict[str, Any] = {"next_phase_core_p95_ms_200": p95(core_ms)}
    result["next_phase_p95_ms_200"] = p95(gui_ms) if gui else "unavailable (MainWindow missing)"
    if full is not None and counter is not None:
        result["next_phase_full_repaint_p95_ms_200"] = p95(full_ms)
        result["next_phase_presses_without_paint"] = counter.unpainted
    result["next_phase_presses"] = presses
    return result


def _checked(press: Callable[[], None], counter: PaintCounter) -> Callable[[], None]:
    """Wrap a press: count the presses after which the pass view was not painted."""
    counter.unpainted = 0  # type: ignore[attr-defined]

    def run() -> None:
        before = counter.count
        press()
        if counter.count == before:
            counter.unpainted += 1  # type: ignore[attr-defined]

    return run


def _alternate(
    core: Callable[[], object],
    gui: Callable[[], None] | None,
    full: Callable[[], None] | None,
    presses: int,
) -> tuple[list[float], list[float], list[float]]:
    core_ms: list[float] = []
    gui_ms: list[float] = []
    full_ms: list[float] = []
    for index in range(WARMUP_PRESSES + presses):
        core_time = timed(core)
        gui_time = timed(gui) if gui else 0.0
        full_time = timed(full) if full else 0.0
        if index >= WARMUP_PRESSES:
            core_ms.append(core_time)
            gui_ms.append(gui_time)
            full_ms.append(full_time)
    return core_ms, gui_ms, full_ms
