"""A new GM plays the party through, in each of the four games, in one campaign and one settings folder,
with the documented keys (docs/user/party.md): make the party (File → Party…, Ctrl+Alt+P), add it to an
encounter (Ctrl+Alt+A), fight (damage, Edge, a shot, a sustained spell; a gear's hull; a machine's damage),
go to the next encounter (carry back asked on the way), heal or repair between encounters, add the party
to the next encounter as it is now, and print (Ctrl+P) with the party in the report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog

from gmtool.storage.workspace import Workspace
from gmtool.ui.carry_back_dialog import CarryBackDialog
from gmtool.ui.encounter_dialogs import NewEncounterDialog
from gmtool.ui.party_window import PartyWindow
from gmtool.ui.report_dialog import ReportDialog
from tests.gui.party_games import FRESH, GAMES, template_document

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
NAME = "Kestrel"


@pytest.fixture
def gm(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    controller = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    controller.switch_to(workspace)
    qtbot.waitExposed(controller.window)
    yield controller
    controller.shutdown()
    controller.window.deleteLater()


def visible(kind: type) -> Any:
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)


def when_shown(kind: type, answer: Callable[[Any], None]) -> None:
    """Answer the dialog of ``kind`` once it is open (what the GM clicks in it)."""
    def tick() -> None:
        dialog = visible(kind)
        if dialog is None:
            QTimer.singleShot(10, tick)
        else:
            answer(dialog)

    QTimer.singleShot(0, tick)


def key(qtbot, window, letter: Qt.Key, modifiers=CTRL_ALT) -> None:  # noqa: ANN001
    """A key pressed in the main window, in front (the GM's keys act on the window in front)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window.focusWidget() or window, letter, modifiers)


def press_for(qtbot, window, action: str) -> None:  # noqa: ANN001
    """The key the window's ``action`` is bound to, pressed (what the GM reads in the menu)."""
    sequence = window.action(action).shortcut()
    assert not sequence.isEmpty()
    combo = sequence[0]
    key(qtbot, window, combo.key(), combo.keyboardModifiers())


def member_state(gm, game: str) -> str:  # noqa: ANN001
    from gmtool.storage.party_flow import party_rows

    ((name, words),) = party_rows(gm.workspace.campaign, game)
    assert name == NAME
    return words


def the_member(gm) -> str:  # noqa: ANN001
    rules, state = gm.window.bridge.encounter.ruleset, gm.window.bridge.encounter.state
    return next(cid for cid, name in rules.roster(state) if name == NAME)


def fight(gm, qtbot, game: str) -> None:  # noqa: ANN001
    """A round's worth of what happens to the member (the sheet's edits, a shot, a spell)."""
    bridge, rules = gm.window.bridge, gm.window.bridge.encounter.ruleset
    cid = the_member(gm)
    if game in ("sr5", "sr4"):
        from gmtool.games.shadowrun.rules.attack.messages import Attack

        press_for(qtbot, gm.window, "roll_initiative")
        target = next(c for c, name in rules.roster(bridge.encounter.state) if name != NAME)
        assert bridge.execute(Attack(attacker=cid, target=target, weapon=0, mode="SA", distance=5,
                                     charge_action=False)), gm.window.status.text()  # one round fired
        assert bridge.execute(rules.edit(cid, "stun_damage", 3))
        assert bridge.execute(rules.edit(cid, "edge_points", 1))  # one point of Edge spent
    if game == "sr4":
        from gmtool.games.shadowrun.sr4.rules.magic_messages import CastSpell

        assert bridge.execute(CastSpell(combatant=cid, spell="levitate", force=2, skill=3, charge_action=False))
    if game == "badlands_rally":
        assert bridge.execute(rules.edit(cid, "hull", 1))
    if game == "aura_battler":
        assert bridge.execute(rules.edit(cid, "damage", 4))


FOUGHT = {  # the member's state after the fight, as the party says it
    "sr5": "Physical 0/10 · Stun 3/10 · Edge points 1/2 · Rounds: Ares Predator 14/15",
    "sr4": "Physical 0/10 · Stun 3/10 · Edge points 1/2 · Rounds: Ares Predator 14/15",
    "badlands_rally": "Hull 1/3 · Structure 4/4 · Upgrades none",
    "aura_battler": "Damage 4/10",
}
HEALED = {  # after the game's first between-encounters action on the whole party
    "sr5": ("heal_stun", "Physical 0/10 · Stun 0/10 · Edge points 1/2 · Rounds: Ares Predator 14/15"),
    "sr4": ("heal_stun", "Physical 0/10 · Stun 0/10 · Edge points 1/2 · Rounds: Ares Predator 14/15"),
    "badlands_rally": ("repair", "Hull 3/3 · Structure 4/4 · Upgrades none"),
    "aura_battler": ("repair", "Damage 0/10"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_new_gm_plays_the_party_through(gm, qtbot, game: str) -> None:  # noqa: ANN001
    start = next(e.id for e in gm.workspace.encounters() if e.ruleset == game)  # the game's demo
    gm.switch_to(gm.workspace.with_encounter(start))
    document, version = template_document(game, NAME)
    gm.workspace.campaign.library.add(game, NAME, document, document_version=version)
    # File → Party… (Ctrl+Alt+P), Add from template…
    key(qtbot, gm.window, Qt.Key.Key_P)
    party = visible(PartyWindow)
    assert party is not None and party.game == game
    when_shown(QInputDialog, lambda d: (d.setTextValue(NAME), d.accept()))
    party.buttons["add"].click()
    assert member_state(gm, game) == FRESH[game]
    party.close()
    # Add the party (Ctrl+Alt+A), fight
    key(qtbot, gm.window, Qt.Key.Key_A)
    fight(gm, qtbot, game)
    # the next encounter of the game: the carry-back is asked on the way, and carried
    when_shown(NewEncounterDialog, lambda d: (d.game.setCurrentIndex(d.game.findData(game)), d.accept()))
    when_shown(CarryBackDialog, lambda d: d.carry_button.click())
    gm.request_new_encounter()
    assert gm.workspace.encounter_id != start and gm.workspace.ruleset_key == game
    assert member_state(gm, game).startswith(FOUGHT[game])
    if game == "sr4":  # the spell goes on as the spell, with its −2
        assert member_state(gm, game).endswith("Sustained spells Levitate F2 (−2)")
    # between encounters: heal or repair the whole party
    key(qtbot, gm.window, Qt.Key.Key_P)
    party = visible(PartyWindow)
    party.table.clearSelection()
    party.buttons[f"act_{HEALED[game][0]}"].click()
    assert member_state(gm, game).startswith(HEALED[game][1])
    party.close()
    if game in ("badlands_rally", "aura_battler"):  # the course or the sky first, as the game's setup sets it
        from gmtool.games.aura_battler.rules.demo import demo as sky
        from gmtool.games.badlands_rally.rules.demo import demo as course

        setup = (course if game == "badlands_rally" else sky)("en").commands[0]
        assert gm.window.bridge.execute(setup), gm.window.status.text()
    key(qtbot, gm.window, Qt.Key.Key_A)  # the party joins the next encounter as it is now
    rules, state = gm.window.bridge.encounter.ruleset, gm.window.bridge.encounter.state
    in_fight = rules.state_lines(rules.carried(state, the_member(gm)))
    assert " · ".join(f"{line.label} {line.value}" for line in in_fight) == member_state(gm, game)
    assert member_state(gm, game).startswith(HEALED[game][1])
    # print (Ctrl+P): the party in the report, as it is now
    seen = []
    when_shown(ReportDialog, lambda d: (seen.append(d.report()), d.reject()))
    qtbot.keyClick(gm.window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    (report,) = seen
    assert report.party is not None and report.party.rows[0][0] == NAME
    assert report.party.rows[0][1].startswith(HEALED[game][1])
