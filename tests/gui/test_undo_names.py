"""Undo and Redo name what they take back or bring back, in the menu, the tooltip and both languages."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QToolButton

from gmtool.core.i18n import set_language


@pytest.fixture(params=["en", "ja"])
def language(request):  # noqa: ANN001, ANN201
    set_language(request.param)
    yield request.param
    set_language("en")


def _attack(window) -> str:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    target = next(cid for cid in window.bridge.state.combatants if cid != actor.id)
    window.bridge.select(target)
    window.action("attack").trigger()
    window.action("roll_attack").trigger()
    window.action("apply_attack").trigger()
    assert window.bridge.encounter.entries[-1].command.kind == "attack"
    return actor.sheet.name


def test_undo_and_redo_name_the_attack(qtbot, workspace, language) -> None:
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    undo, redo = window.action("undo"), window.action("redo")
    last = window.bridge.encounter.entries[-1].events[0].sheet.name  # the demo's last combatant added
    assert undo.text() == {"en": f"Undo: adding {last}", "ja": f"取り消し: {last}の追加"}[language]
    assert not redo.isEnabled() and redo.text() == {"en": "Redo", "ja": "やり直し"}[language]
    name = _attack(window)
    expected = {"en": f"Undo: attack by {name}", "ja": f"取り消し: {name}の攻撃"}[language]
    assert undo.isEnabled() and undo.text() == expected
    assert undo.toolTip().startswith(expected) and "Z" in undo.toolTip()  # with its key
    button = window.fight_bar.findChild(QToolButton, "button_undo")
    assert button.text() == {"en": "Undo", "ja": "取り消し"}[language]  # the bar stays compact
    undo.trigger()
    assert redo.text() == {"en": f"Redo: attack by {name}", "ja": f"やり直し: {name}の攻撃"}[language]
    assert undo.text() != expected  # now the initiative roll is next to undo
    assert undo.text().endswith({"en": "new combat turn", "ja": "新しい戦闘ターン"}[language])


def test_every_command_kind_has_undo_words_in_both_languages() -> None:
    import gmtool.games.aura_battler.rules.duel  # noqa: F401
    import gmtool.games.badlands_rally.rules.race  # noqa: F401
    import gmtool.games.shadowrun.sr4.rules.game  # noqa: F401 - every game's commands
    import gmtool.games.shadowrun.sr5.rules.game  # noqa: F401
    from gmtool.core.i18n import catalogue
    from gmtool.core.messages import Command

    def kinds(cls):  # noqa: ANN001, ANN202
        for sub in cls.__subclasses__():
            if "kind" in sub.model_fields and sub.__module__.startswith("gmtool."):  # gmtool's games (the test game has its own)
                yield sub.model_fields["kind"].default
            yield from kinds(sub)

    found = set(kinds(Command))
    assert {"attack", "next_phase", "start_turn", "roll_test"} <= found
    for language in ("en", "ja"):
        missing = {k for k in found if f"undo_name.{k}" not in catalogue(language).messages}
        assert not missing, (language, missing)


def test_nothing_to_undo_reads_plain_undo_and_is_disabled(qtbot, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace.with_new_encounter("Empty", "sr5"))
    qtbot.addWidget(window)
    for name, text in (("undo", "Undo"), ("redo", "Redo")):
        act = window.action(name)
        assert not act.isEnabled() and act.text() == text and act.toolTip().startswith(f"{text} (")
