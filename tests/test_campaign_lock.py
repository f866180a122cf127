"""One writer per campaign (issue 13): a second gmtool process is refused with a clear message,
a lock left by a killed process is taken over, one process may open its own campaign twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmtool.core.i18n import set_language
from gmtool.storage.campaign import Campaign
from gmtool.storage.lock import CampaignInUseError, held_here, lock_path

HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from gmtool.storage.campaign import Campaign
    campaign = Campaign.open(Path(sys.argv[1]))
    print("open", flush=True)
    time.sleep(60)
""")


def _other_gmtool(path: Path) -> subprocess.Popen[str]:
    """Another process with the campaign open, as a second gmtool would have it."""
    env = {**os.environ, "GMTOOL_DATA_DIR": str(path.parent / "other-data")}
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None and child.stdout.readline().strip() == "open"
    return child


def _stop(child: subprocess.Popen[str]) -> None:
    child.kill()
    child.wait()
    assert child.stdout is not None
    child.stdout.close()


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.gmtool"
    Campaign.create(path).close()
    return path


def test_a_second_process_is_refused_and_told_who_holds_it(campaign_file: Path) -> None:
    child = _other_gmtool(campaign_file)
    try:
        with pytest.raises(CampaignInUseError) as refused:
            Campaign.open(campaign_file)
        assert str(child.pid) in refused.value.message()
        assert "another gmtool" in refused.value.message()
        set_language("ja")
        assert "別の gmtool" in refused.value.message()
        assert not held_here(campaign_file)
    finally:
        _stop(child)


def test_a_lock_left_by_a_killed_process_is_taken_over(campaign_file: Path) -> None:
    child = _other_gmtool(campaign_file)
    os.kill(child.pid, signal.SIGKILL)
    _stop(child)
    assert lock_path(campaign_file).exists()  # the file stays; the lock died with its process
    campaign = Campaign.open(campaign_file)
    try:
        assert held_here(campaign_file)
    finally:
        campaign.close()
    assert not held_here(campaign_file)


def test_one_process_may_open_its_own_campaign_twice_and_keeps_the_lock_until_both_close(
    campaign_file: Path,
) -> None:
    first = Campaign.open(campaign_file)
    second = Campaign.open(campaign_file)  # switching encounters: the new workspace opens first
    first.close()
    assert held_here(campaign_file)
    second.close()
    assert not held_here(campaign_file)
    _stop(_other_gmtool(campaign_file))  # released: another process may open it now


def test_create_holds_the_lock_of_the_new_campaign(tmp_path: Path) -> None:
    path = tmp_path / "new.gmtool"
    campaign = Campaign.create(path)
    try:
        assert held_here(path)
    finally:
        campaign.close()


def test_opening_removes_what_a_killed_gmtool_left_half_made(campaign_file: Path) -> None:
    leftovers = [campaign_file.with_name(f".{campaign_file.name}.creating"),
                 campaign_file.with_name(f".{campaign_file.name}.restoring-wal"),
                 campaign_file.with_name(f".{campaign_file.name}.x1y2.tmp")]
    for leftover in leftovers:
        leftover.write_bytes(b"half")
    other = campaign_file.with_name(".other.gmtool.creating")  # another campaign's: not ours to remove
    other.write_bytes(b"half")
    Campaign.open(campaign_file).close()
    assert not any(leftover.exists() for leftover in leftovers)
    assert other.exists()
