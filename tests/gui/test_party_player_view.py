"""The players' screen shows the party between encounters (issue 35): each member's state as the players
may see it, hidden while the party is in the encounter (the order shows them then)."""

from __future__ import annotations

from gmtool.ui.player_view import PlayerView
from tests.gui.gm_sight import in_view
from tests.gui.test_party_walkthrough import hurt, party_with


def test_the_player_view_shows_the_party_between_encounters(window, qtbot) -> None:  # noqa: ANN001
    party_with(window, "Kestrel", "Ayla")
    players = PlayerView(window.bridge)
    qtbot.addWidget(players)
    players.resize(900, 700)
    players.show()
    qtbot.waitExposed(players)
    assert players.party.isVisible() and in_view(players.party, players)
    players.grab().save("/tmp/s3-party/player-between.png")
    assert players.party.text().splitlines() == ["The party", "Kestrel: Physical 0/10 · Stun 0/10 · Edge points 2/2",
                                                 "Ayla: Physical 0/10 · Stun 0/10 · Edge points 2/2"]
    window.party_actions.partyChanged.connect(players.refresh_party)
    window.party_actions.add_party()
    assert not players.party.isVisible()  # in the encounter: the order shows them
    players.grab().save("/tmp/s3-party/player-in.png")
    hurt(window, "Kestrel", 4)
    window.party_actions.carry_back_dialog().carry()
    assert window.workspace.campaign.party.links(window.workspace.encounter_id)  # carried back, still in it:
    assert not players.party.isVisible()  # still hidden
