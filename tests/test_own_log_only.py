"""Issue 29: a campaign applies only its own write-ahead log.

The issue's steps, with a real gmtool process killed by SIGKILL: it opens campaign X, makes 30
edits and adds a library template; campaign Y is copied over X's file, leaving X's ``-wal``,
``-shm`` and ``.lock`` beside it. Opening the file must show Y (its confirmed edit there), never X's
log applied to Y; X's log is set aside and kept, and still holds X's entries with X's own file.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmtool.app import opening_notices
from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage import kept_log
from gmtool.storage.backups import list_backups, restore_backup
from gmtool.storage.campaign import Campaign
from gmtool.storage.lock import lock_path, wal_path
from gmtool.storage.own_log import header_generation
from gmtool.storage.workspace import Workspace

EDITS = 30

# A gmtool that opens the campaign, makes EDITS edits and adds a template, says how many journal
# entries the encounter has, then waits to be killed.
WRITER = textwrap.dedent(f"""
    import sys, time
    from pathlib import Path
    from gmtool.core.errors import RulesError
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.storage.workspace import Workspace
    workspace = Workspace.open(Path(sys.argv[1]))
    campaign, encounter = workspace.campaign, workspace.encounter_id
    goal = campaign.journal_length(encounter) + {EDITS}
    while campaign.journal_length(encounter) < goal:
        try:
            workspace.session.execute(cmd.NextPhase())
        except RulesError:
            workspace.session.execute(cmd.StartTurn())
    campaign.library.add("sr5", "Ganger of X", {{"name": "Ganger of X"}}, document_version=1)
    print(campaign.journal_length(encounter), flush=True)
    time.sleep(120)
""")


def killed_after_edits(path: Path) -> int:
    """Run the writer on ``path`` and SIGKILL it once it is done; the journal length it reported."""
    env = {**os.environ, "GMTOOL_DATA_DIR": str(path.parent / "writer-data")}
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        length = int(child.stdout.readline())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        assert child.stdout is not None
        child.stdout.close()
    assert wal_path(path).stat().st_size > 0  # the edits are in the log only
    return length


def journal_and_templates(path: Path) -> tuple[int, list[str]]:
    """What opening ``path`` read-only shows: the current encounter's journal length, template names."""
    workspace = Workspace.open(path, read_only=True)
    try:
        names = [t.name for t in workspace.campaign.library.templates()]
        return workspace.campaign.journal_length(workspace.encounter_id), names
    finally:
        workspace.close()


def make_campaign_y(path: Path) -> int:
    """Another campaign, closed cleanly after one confirmed edit; its journal length."""
    workspace = Workspace.create(path)
    try:
        workspace.session.execute(cmd.StartTurn())
        return workspace.campaign.journal_length(workspace.encounter_id)
    finally:
        workspace.close()


@pytest.fixture
def campaign_x(tmp_path: Path) -> Path:
    path = tmp_path / "table.gmtool"
    Workspace.create(path).close()
    return path


def test_another_campaign_copied_over_a_killed_one_opens_as_itself(campaign_x: Path, tmp_path: Path) -> None:
    x_length = killed_after_edits(campaign_x)
    x_main = tmp_path / "x-kept" / "x.gmtool"
    x_main.parent.mkdir()
    shutil.copyfile(campaign_x, x_main)  # X's own file as the killed gmtool left it, for the check below
    x_log = wal_path(campaign_x).read_bytes()
    assert lock_path(campaign_x).exists() and campaign_x.with_name(campaign_x.name + "-shm").exists()

    y_length = make_campaign_y(tmp_path / "elsewhere" / "y.gmtool")
    shutil.copyfile(tmp_path / "elsewhere" / "y.gmtool", campaign_x)  # by hand, a sync tool …

    workspace = Workspace.open(campaign_x)
    try:
        assert workspace.campaign.journal_length(workspace.encounter_id) == y_length  # Y's, edit included
        assert workspace.campaign.library.templates() == []  # X's template is not in Y
        kept = workspace.campaign.set_aside
        assert kept is not None and kept.parent == campaign_x.parent
        assert kept.read_bytes() == x_log  # X's log, kept whole
    finally:
        workspace.close()
    assert journal_and_templates(campaign_x) == (y_length, [])

    shutil.copyfile(kept, wal_path(x_main))  # the set-aside log with X's own file: X's edits are all there
    assert journal_and_templates(x_main) == (x_length, ["Ganger of X"])


def test_the_set_aside_log_still_reads_with_sqlite(campaign_x: Path, tmp_path: Path) -> None:
    """The kept log is a valid SQLite log of X (not truncated, not rewritten by the open)."""
    killed_after_edits(campaign_x)
    x_main = tmp_path / "x.copy"
    shutil.copyfile(campaign_x, x_main)
    make_campaign_y(tmp_path / "y.gmtool")
    shutil.copyfile(tmp_path / "y.gmtool", campaign_x)
    workspace = Workspace.open(campaign_x)
    kept = workspace.campaign.set_aside
    workspace.close()
    assert kept is not None
    shutil.copyfile(kept, wal_path(x_main))
    conn = sqlite3.connect(f"{x_main.resolve().as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT name FROM npc_templates").fetchall() == [("Ganger of X",)]
    finally:
        conn.close()


# A gmtool killed in the middle of its own checkpoint (own_log.seal): after writing the new
# generation into the log ("mark"), or after copying the log into the file but before emptying it
# ("backfill"). Either way the log is still the campaign's own and is applied.
SEAL_KILLED = textwrap.dedent(f"""
    import os, signal, sys
    from pathlib import Path
    from gmtool.core.errors import RulesError
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.storage import own_log
    from gmtool.storage.workspace import Workspace
    workspace = Workspace.open(Path(sys.argv[1]))
    campaign, encounter = workspace.campaign, workspace.encounter_id
    goal = campaign.journal_length(encounter) + {EDITS}
    while campaign.journal_length(encounter) < goal:
        try:
            workspace.session.execute(cmd.NextPhase())
        except RulesError:
            workspace.session.execute(cmd.StartTurn())
    print(campaign.journal_length(encounter), flush=True)

    def killed(conn):
        if sys.argv[2] == "backfill":
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        os.kill(os.getpid(), signal.SIGKILL)

    own_log._checkpoint = killed
    campaign.make_backup()
""")


@pytest.mark.parametrize("moment", ["mark", "backfill"])
def test_a_gmtool_killed_in_its_own_checkpoint_keeps_its_log(campaign_x: Path, moment: str) -> None:
    before = header_generation(campaign_x)
    env = {**os.environ, "GMTOOL_DATA_DIR": str(campaign_x.parent / "writer-data")}
    done = subprocess.run([sys.executable, "-c", SEAL_KILLED, str(campaign_x), moment],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    length = int(done.stdout)
    assert wal_path(campaign_x).stat().st_size > 0
    if moment == "backfill":  # the file holds the new generation already: the note must allow it
        assert header_generation(campaign_x) != before
    workspace = Workspace.open(campaign_x)
    try:
        assert workspace.campaign.set_aside is None
        assert workspace.campaign.journal_length(workspace.encounter_id) == length
    finally:
        workspace.close()


def test_a_backup_put_back_by_hand_opens_as_it_is_and_the_newer_log_is_kept(campaign_x: Path) -> None:
    """The GM restores a backup by copying it over the campaign after a crash: the backup is what
    opens, the newer log (written to the file it replaced) is set aside as this campaign's, kept."""
    demo, _ = journal_and_templates(campaign_x)
    x_length = killed_after_edits(campaign_x)  # its opening backup holds the demo only
    (backup,) = list_backups(campaign_x, campaign_x.parent / "writer-data" / "backups")
    log = wal_path(campaign_x).read_bytes()
    replaced = campaign_x.with_name("replaced.gmtool")
    shutil.copyfile(campaign_x, replaced)  # the GM still has the file they replaced (a sync tool's history)
    shutil.copyfile(backup.path, campaign_x)
    workspace = Workspace.open(campaign_x)
    try:
        assert workspace.campaign.journal_length(workspace.encounter_id) == demo
        assert workspace.campaign.library.templates() == []
        kept = workspace.campaign.set_aside
        assert kept is not None and kept.read_bytes() == log
        assert workspace.campaign.set_aside_same_campaign
        (notice,) = opening_notices(workspace)
        assert str(kept) in notice and "newer" in notice and "Restore backup" in notice
        set_language("ja")
        assert "新しいコマンド" in opening_notices(workspace)[0]
    finally:
        set_language("en")
        workspace.close()
    # the newer commands read back: the replaced file and the kept journal made one new campaign
    with pytest.raises(FileFormatError) as wrong:
        kept_log.join(backup.path, kept, campaign_x.with_name("wrong.gmtool"))  # not the file it was written to
    assert wrong.value.key == "error.kept_log_other_file"
    joined = campaign_x.with_name("joined.gmtool")
    assert kept_log.main([str(replaced), str(kept), str(joined)]) == 0
    assert journal_and_templates(joined) == (x_length, ["Ganger of X"])
    assert kept.read_bytes() == log and not wal_path(replaced).exists()  # neither of the two touched


def test_the_very_file_copied_back_by_hand_gets_its_log(campaign_x: Path, tmp_path: Path) -> None:
    """The log belongs to the file's contents, not to its inode or time: the same bytes put back apply it."""
    length = killed_after_edits(campaign_x)
    copy = tmp_path / "copy.gmtool"
    shutil.copyfile(campaign_x, copy)
    campaign_x.unlink()
    shutil.copyfile(copy, campaign_x)
    workspace = Workspace.open(campaign_x)
    try:
        assert workspace.campaign.set_aside is None
        assert workspace.campaign.journal_length(workspace.encounter_id) == length
    finally:
        workspace.close()


def test_restoring_a_backup_sets_a_foreign_log_aside_first(campaign_x: Path, tmp_path: Path) -> None:
    """File → Restore backup keeps the file it replaces as a backup: with another campaign's log
    beside it, that log is set aside (kept), not applied into the kept copy nor deleted."""
    backups = tmp_path / "backups"
    Campaign.open(campaign_x, backup_folder=backups).close()
    (backup,) = list_backups(campaign_x, backups)
    x_length = killed_after_edits(campaign_x)
    x_log = wal_path(campaign_x).read_bytes()
    y_length = make_campaign_y(tmp_path / "y.gmtool")
    shutil.copyfile(tmp_path / "y.gmtool", campaign_x)
    kept_current = restore_backup(backup.path, campaign_x, folder=backups)
    assert kept_current is not None
    assert journal_and_templates(kept_current) == (y_length, [])  # Y as it was, X's log not in it
    assert [p.read_bytes() for p in campaign_x.parent.glob(f".{campaign_x.name}.set-aside-*-wal")] == [x_log]
    assert journal_and_templates(campaign_x)[0] < x_length  # the backup, restored
