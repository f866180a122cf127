"""The campaign's party (issue 35): members, their states, the party log and its undo, all-or-nothing writes."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.core.errors import StorageError
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_store import JOINED, LEFT, Carried, MemberChange

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def campaign(tmp_path: Path):  # noqa: ANN201
    made = Campaign.create(tmp_path / "party.gmtool")
    yield made
    made.close()


def coins(n: int) -> Carried:
    return Carried(1, {"coins": n, "most": 3})


def test_a_member_is_kept_with_its_state_and_its_joining_is_logged(campaign: Campaign) -> None:
    member_id = campaign.party.add("coin", "  Ada ", 7, coins(3))
    (member,) = campaign.party.members("coin")
    assert (member.id, member.name, member.template_id, member.carried) == (member_id, "Ada", 7, coins(3))
    assert campaign.party.members("sr5") == []
    (line,) = campaign.party.log("coin")
    assert (line.what, line.before, line.after, line.undone) == (JOINED, None, coins(3), False)


def test_a_change_of_several_members_is_one_batch_and_undo_takes_it_back_whole(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    bo = campaign.party.add("coin", "Bo", 2, coins(3))
    batch = campaign.party.change("coin", "carry_back", [MemberChange(ada, coins(1)), MemberChange(bo, coins(2))],
                                  "Duel 1")
    assert [m.carried for m in campaign.party.members("coin")] == [coins(1), coins(2)]
    lines = [line for line in campaign.party.log("coin") if line.batch == batch]
    assert [(ln.member_name, ln.encounter, ln.before, ln.after) for ln in lines] == [
        ("Ada", "Duel 1", coins(3), coins(1)), ("Bo", "Duel 1", coins(3), coins(2))]
    undone = campaign.party.undo("coin")
    assert [line.batch for line in undone] == [batch, batch]
    assert [m.carried for m in campaign.party.members("coin")] == [coins(3), coins(3)]
    assert all(line.undone for line in campaign.party.log("coin") if line.batch == batch)


def test_a_campaign_without_a_party_keeps_its_tables_and_the_first_member_makes_them(tmp_path: Path) -> None:
    path = tmp_path / "plain.gmtool"
    Campaign.create(path).close()
    before = tables(path)
    looked_at = Campaign.open(path, read_only=True)  # a campaign of today, looked at: the party is empty
    try:
        assert looked_at.party.members("coin") == [] and looked_at.party.log() == [] and looked_at.party.links(1) == {}
    finally:
        looked_at.close()
    assert tables(path) == before
    campaign = Campaign.open(path, keep_backups=0)
    try:
        campaign.party.add("coin", "Ada", 1, coins(3))
    finally:
        campaign.close()
    assert tables(path) - before == {"party_members", "party_links", "party_log"}
    again = Campaign.open(path, read_only=True)
    try:
        assert again.party.members("coin")[0].name == "Ada"
    finally:
        again.close()


def tables(path: Path) -> set[str]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def test_nothing_changed_writes_no_batch(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    assert campaign.party.change("coin", "carry_back", [MemberChange(ada, coins(3))]) is None
    assert len(campaign.party.log("coin")) == 1


def test_removing_a_member_is_undone_as_it_was(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 4, coins(3))
    campaign.party.change("coin", "edit", [MemberChange(ada, coins(2))])
    campaign.party.remove(ada)
    assert campaign.party.members("coin") == []
    assert campaign.party.log("coin")[-1].what == LEFT
    campaign.party.undo("coin")
    (back,) = campaign.party.members("coin")
    assert (back.id, back.name, back.template_id, back.carried) == (ada, "Ada", 4, coins(2))
    campaign.party.undo("coin")  # the edit
    campaign.party.undo("coin")  # the joining: gone again
    assert campaign.party.members("coin") == []
    assert not campaign.party.can_undo("coin")


def test_a_change_naming_a_member_not_in_the_party_writes_nothing(campaign: Campaign) -> None:
    ada = campaign.party.add("coin", "Ada", 1, coins(3))
    with pytest.raises(StorageError) as raised:
        campaign.party.change("coin", "carry_back", [MemberChange(ada, coins(1)), MemberChange(ada + 50, coins(1))])
    assert raised.value.key == "storage.error.no_such_member"
    assert campaign.party.members("coin")[0].carried == coins(3)


def test_a_read_only_campaign_refuses_a_party_change(tmp_path: Path) -> None:
    path = tmp_path / "ro.gmtool"
    Campaign.create(path).close()
    looked_at = Campaign.open(path, read_only=True)
    try:
        with pytest.raises(StorageError) as raised:
            looked_at.party.add("coin", "Ada", 1, coins(3))
        assert raised.value.key == "error.campaign_read_only"
    finally:
        looked_at.close()


KILL_SCRIPT = """
import os, sys
from pathlib import Path
from gmtool.storage import party_store
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_store import Carried, MemberChange

campaign = Campaign.open(Path(sys.argv[1]), keep_backups=0)
members = [m.id for m in campaign.party.members("coin")]
written = []

def killed_halfway(member_id):
    written.append(member_id)
    if len(written) == 2:
        sys.stdout.write("wrote %d\\n" % len(written))
        sys.stdout.flush()
        os.kill(os.getpid(), 9)

party_store._wrote_member = killed_halfway
campaign.party.change("coin", "carry_back", [MemberChange(m, Carried(1, {"coins": 0, "most": 3})) for m in members])
"""


def test_a_kill_during_carry_back_leaves_the_old_party_whole(tmp_path: Path) -> None:
    path = tmp_path / "kill.gmtool"
    campaign = Campaign.create(path)
    for name in ("Ada", "Bo", "Cy", "Di"):
        campaign.party.add("coin", name, 1, coins(3))
    campaign.close()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", KILL_SCRIPT, str(path)], capture_output=True, text=True, env=env,
                          timeout=60, check=False)
    assert done.returncode == -9, done.stderr
    assert done.stdout.startswith("wrote 2")  # two members' rows were written when the process died
    reopened = Campaign.open(path, keep_backups=0)
    try:
        assert [m.carried for m in reopened.party.members("coin")] == [coins(3)] * 4
        assert [line.what for line in reopened.party.log("coin")] == [JOINED] * 4
    finally:
        reopened.close()


def test_without_the_kill_the_same_carry_back_is_kept_whole(tmp_path: Path) -> None:
    """The control of the kill test: the script's change, not killed, changes every member."""
    path = tmp_path / "whole.gmtool"
    campaign = Campaign.create(path)
    for name in ("Ada", "Bo", "Cy", "Di"):
        campaign.party.add("coin", name, 1, coins(3))
    campaign.close()
    script = KILL_SCRIPT.replace("party_store._wrote_member = killed_halfway", "")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    reopened = Campaign.open(path, keep_backups=0)
    try:
        assert [m.carried.document["coins"] for m in reopened.party.members("coin")] == [0] * 4
    finally:
        reopened.close()
