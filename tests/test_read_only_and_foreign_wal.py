"""Issue 13: a second gmtool may open a campaign read-only (every write refused, saying why);
a restore is refused while another gmtool has the campaign; a ``-wal`` that is not the
campaign's own is set aside and never applied, while the campaign's own log after a kill is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmtool.core.errors import StorageError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage.backups import list_backups, restore_backup
from gmtool.storage.campaign import Campaign
from gmtool.storage.lock import CampaignInUseError, NotWritableError, lock_path
from gmtool.storage.workspace import Workspace

# Another gmtool: opens the campaign, then runs one command per line read ("turn" starts a turn,
# "phase" ends a phase), answering "ok <journal length>"; "kill" ends it without closing anything.
OTHER = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.storage.workspace import Workspace
    workspace = Workspace.open(Path(sys.argv[1]))
    print("open", flush=True)
    for line in sys.stdin:
        word = line.strip()
        if word == "kill":
            os._exit(0)
        if word == "close":
            workspace.close()
            print("closed", flush=True)
            break
        workspace.session.execute(cmd.StartTurn() if word == "turn" else cmd.NextPhase())
        print("ok", workspace.campaign.journal_length(workspace.encounter_id), flush=True)
""")


class Other:
    """A second gmtool process with the campaign open for writing."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "GMTOOL_DATA_DIR": str(path.parent / "other-data")}
        self.child = subprocess.Popen(
            [sys.executable, "-c", OTHER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        assert self._read() == "open"

    def _read(self) -> str:
        assert self.child.stdout is not None
        return self.child.stdout.readline().strip()

    def run(self, word: str) -> int:
        assert self.child.stdin is not None
        self.child.stdin.write(word + "\n")
        self.child.stdin.flush()
        answer = self._read().split()
        assert answer[0] == "ok", answer
        return int(answer[1])

    def end(self, word: str = "close") -> None:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(word + "\n")
        self.child.stdin.close()
        self.child.wait(timeout=30)
        self.child.stdout.close()


def _journal_length(path: Path) -> int:
    workspace = Workspace.open(path, read_only=True)
    try:
        return workspace.campaign.journal_length(workspace.encounter_id)
    finally:
        workspace.close()


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.gmtool"
    Workspace.create(path).close()
    return path


def test_a_second_gmtool_can_look_read_only_and_every_write_is_refused(campaign_file: Path) -> None:
    other = Other(campaign_file)
    try:
        with pytest.raises(CampaignInUseError) as refused:
            Workspace.open(campaign_file)
        assert isinstance(refused.value, NotWritableError)  # the GUI offers "Open read-only" for it
        looking = Workspace.open(campaign_file, read_only=True)
        try:
            assert looking.read_only
            before = looking.campaign.journal_length(looking.encounter_id)
            with pytest.raises(StorageError) as command:
                looking.session.execute(cmd.StartTurn())
            assert "read-only" in command.value.message()
            set_language("ja")
            assert "読み取り専用" in command.value.message()
            set_language("en")
            with pytest.raises(StorageError, match="read-only"):
                looking.campaign.library.add("sr5", "Ganger", {"name": "Ganger"}, document_version=1)
            with pytest.raises(StorageError, match="read-only"):
                looking.with_new_encounter("Second", "sr5")
            assert looking.campaign.journal_length(looking.encounter_id) == before
            assert looking.encounter.state.turn == 0  # the refused command changed nothing shown
            # the writer goes on undisturbed while we look
            assert other.run("turn") == before + 1
        finally:
            looking.close()
        assert lock_path(campaign_file).exists()  # the look took no lock and removed none
    finally:
        other.end()
    assert _journal_length(campaign_file) == before + 1


def test_a_restore_is_refused_while_another_gmtool_has_the_campaign(campaign_file: Path, tmp_path: Path) -> None:
    backups = tmp_path / "data" / "backups"
    Campaign.open(campaign_file, backup_folder=backups).close()  # one backup to restore
    (backup,) = list_backups(campaign_file, backups)
    other = Other(campaign_file)
    try:
        with pytest.raises(CampaignInUseError):
            restore_backup(backup.path, campaign_file, folder=backups)
        # before the lock, the other gmtool's next commands reported "ok" and were not in the file
        first = other.run("turn")
        assert other.run("phase") == first + 1
    finally:
        other.end()
    assert _journal_length(campaign_file) == first + 1
    restore_backup(backup.path, campaign_file, folder=backups)  # nobody has it now: allowed
    assert _journal_length(campaign_file) == first - 1  # the backup: the demo, before "turn"


def _kill_after(path: Path, words: list[str]) -> int:
    """A gmtool that ran ``words`` and was killed: its last commands are in the -wal only."""
    other = Other(path)
    length = 0
    for word in words:
        length = other.run(word)
    other.end("kill")
    assert path.with_name(path.name + "-wal").stat().st_size > 0
    return length


def test_the_campaigns_own_log_after_a_kill_is_applied(campaign_file: Path) -> None:
    demo = _journal_length(campaign_file)
    length = _kill_after(campaign_file, ["turn", "phase"])
    workspace = Workspace.open(campaign_file)
    try:
        assert workspace.campaign.set_aside is None
        assert workspace.campaign.journal_length(workspace.encounter_id) == length == demo + 2
    finally:
        workspace.close()


def test_a_log_left_by_another_file_of_that_name_is_set_aside_not_applied(campaign_file: Path, tmp_path: Path) -> None:
    other_file = tmp_path / "elsewhere" / campaign_file.name
    other_file.parent.mkdir()
    shutil.copyfile(campaign_file, other_file)  # same schema, same page size: SQLite would apply it
    demo = _journal_length(campaign_file)
    _kill_after(other_file, ["turn", "phase", "phase"])
    shutil.copyfile(other_file.with_name(other_file.name + "-wal"), campaign_file.with_name(campaign_file.name + "-wal"))
    workspace = Workspace.open(campaign_file)
    try:
        assert workspace.campaign.journal_length(workspace.encounter_id) == demo  # none of the other file's
        kept = workspace.campaign.set_aside
        assert kept is not None and kept.exists() and kept.parent == campaign_file.parent
        workspace.session.execute(cmd.StartTurn())  # and the campaign works on
    finally:
        workspace.close()
    assert _journal_length(campaign_file) == demo + 1


def test_a_log_copied_beside_a_campaign_killed_with_its_own_is_set_aside(campaign_file: Path, tmp_path: Path) -> None:
    """Both killed: the campaign's lock file notes its own log; a log from elsewhere is not it."""
    other_file = tmp_path / "elsewhere" / campaign_file.name
    other_file.parent.mkdir()
    shutil.copyfile(campaign_file, other_file)
    demo = _journal_length(campaign_file)
    _kill_after(other_file, ["turn", "phase", "phase"])
    _kill_after(campaign_file, ["turn"])
    shutil.copyfile(other_file.with_name(other_file.name + "-wal"), campaign_file.with_name(campaign_file.name + "-wal"))
    workspace = Workspace.open(campaign_file)
    try:
        assert workspace.campaign.journal_length(workspace.encounter_id) == demo
        assert workspace.campaign.set_aside is not None
    finally:
        workspace.close()
