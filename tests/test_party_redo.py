"""Redo of the party's changes between encounters (issue 35): what Undo took back is done again, in one
transaction, as long as nothing new was done; undo and redo are written in the party log."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.storage.campaign import Campaign
from gmtool.storage.party_store import JOINED, Carried, MemberChange


@pytest.fixture
def campaign(tmp_path: Path):  # noqa: ANN201
    made = Campaign.create(tmp_path / "party.gmtool")
    yield made
    made.close()


def coins(n: int) -> Carried:
    return Carried(1, {"coins": n, "most": 3})


def held(campaign: Campaign) -> list[object]:
    return [m.carried.document["coins"] for m in campaign.party.members("coin")]


def test_redo_does_a_whole_batch_again_and_both_are_logged(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    bo = campaign.party.add("coin", "Bo", 2, coins(3))
    campaign.party.change("coin", "heal", [MemberChange(ada, coins(1)), MemberChange(bo, coins(2))])
    assert not campaign.party.can_redo("coin")
    campaign.party.undo("coin")
    assert held(campaign) == [3, 3] and campaign.party.next_redo("coin") == "heal"
    redone = campaign.party.redo("coin")
    assert [line.member_name for line in redone] == ["Ada", "Bo"]
    assert held(campaign) == [1, 2]
    assert campaign.party.next_undo("coin") == "heal" and not campaign.party.can_redo("coin")
    log = [(line.what, line.member_name, line.before, line.after) for line in campaign.party.log("coin")][-4:]
    assert log == [("undo:heal", "Bo", coins(2), coins(3)), ("undo:heal", "Ada", coins(1), coins(3)),  # backwards
                   ("redo:heal", "Ada", coins(3), coins(1)), ("redo:heal", "Bo", coins(3), coins(2))]
    campaign.party.undo("coin")  # the redone batch is the one undone again, not the log's own lines
    assert held(campaign) == [3, 3]


def test_redo_goes_forward_in_order_after_several_undos(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    campaign.party.change("coin", "spend", [MemberChange(ada, coins(2))])
    campaign.party.change("coin", "spend", [MemberChange(ada, coins(1))])
    campaign.party.undo("coin")
    campaign.party.undo("coin")
    campaign.party.undo("coin")  # the joining too: no member
    assert held(campaign) == []
    campaign.party.redo("coin")
    (member,) = campaign.party.members("coin")
    assert (member.id, member.name, member.template_id, member.carried) == (ada, "Ada", 1, coins(3))
    campaign.party.redo("coin")
    assert held(campaign) == [2]
    campaign.party.redo("coin")
    assert held(campaign) == [1] and campaign.party.redo("coin") == []


def test_something_new_after_an_undo_leaves_nothing_to_redo(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    campaign.party.change("coin", "spend", [MemberChange(ada, coins(2))])
    campaign.party.undo("coin")
    campaign.party.change("coin", "edit", [MemberChange(ada, coins(0))])
    assert not campaign.party.can_redo("coin") and campaign.party.redo("coin") == []
    assert held(campaign) == [0]


def test_redo_of_a_removal_takes_the_member_out_again(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    campaign.party.remove(ada)
    campaign.party.undo("coin")
    assert held(campaign) == [3]
    campaign.party.redo("coin")
    assert held(campaign) == [] and campaign.party.log("coin")[0].what == JOINED


def test_undo_and_redo_are_per_game(campaign: Campaign) -> None:
    campaign.party.add("coin", "Ada", 1, coins(3))
    campaign.party.add("other", "Bo", 2, coins(3))
    campaign.party.undo("coin")
    assert campaign.party.can_redo("coin") and not campaign.party.can_redo("other")
