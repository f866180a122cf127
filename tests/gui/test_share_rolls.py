"""The last roll on the players' page: the newest rolled event whose every combatant the players fully
see (name and figures), in the game's own words; none while the game masks anything (the duel's split);
the moment shown while rewound."""

from __future__ import annotations

import pytest

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.share.feed import feed
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.player_roll import PublicRolls
from gmtool.viewmodels.player_view_model import PlayerViewModel, PlayerViewSettings


def _rolls_of_last_entry(bridge: EncounterBridge) -> list[tuple[str, bool]]:
    """(words, whether every combatant of it is a player character) of each roll of the newest entry."""
    rules = bridge.ruleset
    npcs = {c.id for c in bridge.state.combatants.values() if c.sheet.is_npc}
    return [(rules.describe(e), all(w.id not in npcs for w in rules.involved(e)))
            for e in bridge.encounter.done[-1].events if rules.breakdown(e) is not None]


def test_the_last_roll_of_a_player_character_while_npcs_are_hidden(workspace: Workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    assert feed(model, "en")["roll"] == ""  # nothing rolled yet
    assert bridge.execute(cmd.StartTurn())
    rolls = _rolls_of_last_entry(bridge)
    assert len(rolls) == len(bridge.state.combatants) and not rolls[-1][1], "the demo's last roll is an NPC's"
    last_pc = [words for words, pcs_only in rolls if pcs_only][-1]
    assert feed(model, "en")["roll"] == tr("share.page.last_roll", roll=last_pc)
    model.set_settings(PlayerViewSettings(show_npc_names=True))  # names alone: the NPC's figures stay hidden
    assert feed(model, "en")["roll"] == tr("share.page.last_roll", roll=last_pc)
    model.set_settings(PlayerViewSettings(show_npc_names=True, show_npc_figures=True))
    assert feed(model, "en")["roll"] == tr("share.page.last_roll", roll=rolls[-1][0])
    model.set_settings(PlayerViewSettings(show_pc_figures=False))  # nobody fully shown: no roll
    assert feed(model, "en")["roll"] == ""


def test_the_roll_is_read_in_the_page_s_language(workspace: Workspace) -> None:
    from gmtool.core.i18n import in_language

    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    assert bridge.execute(cmd.StartTurn())
    rolls = PublicRolls()
    english = rolls.last(bridge, model.fully_shown)
    with in_language("ja"):
        model.refresh()
        japanese = rolls.last(bridge, model.fully_shown)
        assert feed(model, "ja")["roll"] == tr("share.page.last_roll", roll=japanese)
    assert english and japanese and english != japanese


def test_a_rewound_fight_shows_the_roll_of_the_moment_shown(workspace: Workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = PlayerViewModel(bridge)
    assert bridge.execute(cmd.StartTurn())
    entry = bridge.encounter.done[-1]
    assert bridge.show_past(entry.seq, 1)  # right after "the turn starts", before any roll
    assert feed(model, "en")["roll"] == ""
    bridge.back_to_now()
    assert feed(model, "en")["roll"] != ""


@pytest.mark.rule("AB-22")
def test_no_roll_while_the_duel_masks_the_split(duel: Workspace) -> None:
    """An attack rolled before the splits are revealed stays off the page until they are (AB-22)."""
    from gmtool.games.aura_battler.rules import duel_messages as m
    from tests.test_aura_battler_duel import HORNET, LARK, SPLITS

    bridge = EncounterBridge(duel)
    model = PlayerViewModel(bridge)
    for unit, split in SPLITS.items():
        assert bridge.execute(m.AllocatePP(unit=unit, points=split))
    assert bridge.execute(m.Attack(attacker=LARK, target=HORNET))
    rules = bridge.ruleset
    attack = [e for e in bridge.encounter.done[-1].events if rules.breakdown(e) is not None]
    assert attack, "the attack is rolled"
    assert any(not t.public for row in rules.snapshot(bridge.state, "gm").rows for t in row.tracks)
    assert feed(model, "en")["roll"] == ""
    assert bridge.execute(m.RevealAllocations())
    assert feed(model, "en")["roll"] == tr("share.page.last_roll", roll=rules.describe(attack[-1]))
