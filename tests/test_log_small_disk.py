"""Issue 29: on a small disk the campaign's log never grows past what gmtool seals it at, so a
long fight fits and, once the GM frees space, the next command goes through and the ones after.

Real small disks (tmpfs, :mod:`tests.disk_limits`; skipped where it cannot be mounted, saying
why). The seal's logic without a small disk is in ``tests/test_own_log_marks.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.errors import RulesError, StorageError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage.lock import wal_path
from gmtool.storage.own_log import SEAL_WAL_BYTES
from gmtool.storage.workspace import Workspace
from tests.disk_limits import fill, small_disk

DISK_KIB = 2048  # a campaign, a sealed log of 1 MiB and the fight's growth; an unsealed log alone needs 4 MiB


def step(workspace: Workspace) -> None:
    try:
        workspace.session.execute(cmd.NextPhase())
    except RulesError:
        workspace.session.execute(cmd.StartTurn())


def test_a_long_fight_fits_a_small_disk(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", DISK_KIB) as folder:
        workspace = Workspace.create(folder / "table.gmtool")
        try:
            largest = 0
            for _ in range(600):  # about 5 MiB of log in all
                step(workspace)
                largest = max(largest, wal_path(workspace.campaign.path).stat().st_size)
            assert largest < SEAL_WAL_BYTES + 64 * 1024
            done = workspace.campaign.journal_length(workspace.encounter_id)
        finally:
            workspace.close()
        again = Workspace.open(folder / "table.gmtool", read_only=True)
        try:
            assert again.campaign.journal_length(again.encounter_id) == done
        finally:
            again.close()


def test_after_a_full_disk_freeing_space_lets_the_next_commands_through(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", DISK_KIB) as folder:
        workspace = Workspace.create(folder / "table.gmtool")
        try:
            for _ in range(100):
                step(workspace)
            fill(folder)
            with pytest.raises(StorageError) as full:
                for _ in range(300):  # the log's last page may take a few more
                    step(workspace)
            assert full.value.key == "error.disk_full"
            before = workspace.campaign.journal_length(workspace.encounter_id)
            (folder / "filler").unlink()  # the GM frees space
            for _ in range(400):  # and the fight goes on, far past one log's worth
                step(workspace)
            assert workspace.campaign.journal_length(workspace.encounter_id) == before + 400
        finally:
            workspace.close()
