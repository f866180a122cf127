"""A damaged default campaign at start-up: the translated message and the choice, never an exit."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.storage.paths import default_campaign_path
from tests.test_bad_campaign_contents import BAD_RECORDS, _campaign_with


def test_a_damaged_default_campaign_asks_instead_of_exiting(qtbot, monkeypatch) -> None:
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    path = default_campaign_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    _campaign_with(path, BAD_RECORDS["an event naming a missing combatant"])
    asked: list[str] = []
    monkeypatch.setattr("gmtool.ui.campaign_dialogs.ask_after_bad_file", lambda _parent, message, **_: asked.append(message) or "quit")
    gm = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    assert gm.open_first(None) is None  # the GM chose to quit; nothing raised
    assert len(asked) == 1 and "damaged" in asked[0] and path.name in asked[0]
