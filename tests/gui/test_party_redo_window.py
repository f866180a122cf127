"""Undo and Redo in the party window (issue 35): buttons named after what they take back or do again, the
platform's undo and redo keys while the window has the focus, and both written in the party log."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.gm_sight import in_view, text_whole
from tests.gui.test_party_walkthrough import hurt, party_with


def stun(party) -> list[str]:  # noqa: ANN001
    return [party.table.item(r, 2).text().split(" · ")[1] for r in range(party.table.rowCount())]


def test_the_keys_undo_and_redo_a_rest_of_the_whole_party(window, qtbot) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel", "Ayla")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 5)
    hurt(window, "Ayla", 3)
    window.party_actions.carry_back_dialog().carry()
    party.refresh()
    party.show()
    qtbot.waitExposed(party)
    party.activateWindow()
    qtbot.waitUntil(lambda: party.isActiveWindow())
    party.table.clearSelection()
    party.buttons["act_heal_stun"].click()
    assert stun(party) == ["Stun 0/10", "Stun 0/10"]
    assert party.buttons["undo"].text() == "Undo: Rest (stun healed)" and not party.buttons["redo"].isEnabled()
    party.table.setFocus()
    qtbot.keyClick(party.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stun(party) == ["Stun 5/10", "Stun 3/10"]
    redo = party.buttons["redo"]
    assert redo.isEnabled() and redo.text() == "Redo: Rest (stun healed)"
    qtbot.waitUntil(lambda: in_view(redo) and text_whole(redo), timeout=2000)  # once laid out again
    qtbot.keyClick(party.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert stun(party) == ["Stun 0/10", "Stun 0/10"] and "Redone: Rest (stun healed)" in party.message.text()
    qtbot.keyClick(party.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(party.table, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # the other redo key
    assert stun(party) == ["Stun 0/10", "Stun 0/10"]
    log = party.show_log()
    assert "undone: Rest (stun healed)" in log.html and "redone: Rest (stun healed)" in log.html
    assert "Stun: 5/10 → 0/10" in log.html


def test_redo_in_japanese(window) -> None:  # noqa: ANN001
    from gmtool.core.i18n import in_language

    with in_language("ja"):
        party = party_with(window, "Kestrel")
        party.undo()
        assert party.buttons["redo"].text() == "やり直し：パーティに加入"
        party.close()


def test_undo_and_redo_say_what_the_edit_menu_says(window) -> None:  # noqa: ANN001
    """The party window's Undo and Redo use the Edit menu's words, in both languages."""
    from gmtool.core.i18n import in_language, tr

    for language in ("en", "ja"):
        with in_language(language):
            party = party_with(window, f"Kestrel {language}")
            assert party.buttons["undo"].text().startswith(tr("action.undo").split("(")[0])
            party.undo()
            assert party.buttons["redo"].text().startswith(tr("action.redo").split("(")[0])
            party.close()
