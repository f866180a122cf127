"""GUI fixtures: a demo workspace in a private folder and a main window on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gmtool.storage.workspace import Workspace


@pytest.fixture
def workspace() -> Iterator[Workspace]:
    ws = Workspace.open_default()
    yield ws
    ws.close()


@pytest.fixture
def japanese_workspace() -> Iterator[Workspace]:
    """A campaign made while the program speaks Japanese, as on a Japanese GM's first start (gmtool's
    catalogue and Qt's own, as the program sets them): its demos are made in Japanese."""
    from PySide6.QtWidgets import QApplication

    from gmtool.app import GmtoolApp
    from gmtool.storage.settings import Settings

    app = GmtoolApp(QApplication.instance(), Settings(), False)
    app.apply_language("ja")
    ws = Workspace.open_default()
    try:
        yield ws
    finally:
        ws.close()
        app.apply_language("en")


@pytest.fixture
def window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    """The main window on the demo workspace, as on a 1366×768 laptop (the offscreen screen is smaller)."""
    win = _window_1366(qtbot, workspace)
    win.activateWindow()
    return win


@pytest.fixture
def model_testers(request):  # noqa: ANN001, ANN201
    """Make one pytest-qt ModelTester per model; each keeps watching its model's signals."""
    from pytestqt.modeltest import ModelTester

    testers: list[ModelTester] = []

    def check(model) -> ModelTester:  # noqa: ANN001
        tester = ModelTester(request.config)
        tester.check(model, force_py=True)
        testers.append(tester)
        return tester

    yield check
    for tester in testers:
        tester._cleanup()


def _window_1366(qtbot, workspace: Workspace):  # noqa: ANN001, ANN202
    """A 1366×768 main window on ``workspace``, shown."""
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def rally(workspace: Workspace) -> Iterator[Workspace]:
    """The demo workspace at its Badlands Rally encounter."""
    found = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
    yield workspace.with_encounter(found)


@pytest.fixture
def rally_window(qtbot, rally: Workspace):  # noqa: ANN001, ANN201
    """A 1366×768 main window on the rally's demo."""
    return _window_1366(qtbot, rally)


@pytest.fixture
def duel(workspace: Workspace) -> Iterator[Workspace]:
    """The demo workspace at its Aura Battler duel."""
    found = next(e.id for e in workspace.encounters() if e.ruleset == "aura_battler")
    yield workspace.with_encounter(found)


@pytest.fixture
def duel_window(qtbot, duel: Workspace):  # noqa: ANN001, ANN201
    """A 1366×768 main window on the duel's demo."""
    return _window_1366(qtbot, duel)
