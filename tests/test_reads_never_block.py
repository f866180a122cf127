"""Issue 29: every other read of a path a user gives goes through the guarded reader, so a pipe
under a good name never blocks it: the settings at start, a campaign chosen in a dialog (opened, or
looked at read-only), a backup restored, a Chummer file, an NPC or encounter export. Each runs under
a deadline (before the reader each of them blocked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.storage.settings import Settings, load_settings, settings_path
from tests.special_files import fifo, link, within


def _refused(call, pipe: Path) -> FileFormatError:  # noqa: ANN001
    def attempt() -> FileFormatError:
        with pytest.raises(FileFormatError) as caught:
            call()
        return caught.value

    return within(attempt, pipes=(pipe,))


def test_a_pipe_named_settings_json_gives_the_defaults_and_is_kept_aside() -> None:
    pipe = fifo(settings_path())
    settings, damaged = within(load_settings, pipes=(pipe,))
    assert settings == Settings() and damaged  # the next save keeps it beside as settings.json.bad


def test_a_settings_file_of_a_device_gives_the_defaults() -> None:
    link(settings_path(), "/dev/zero")
    assert within(load_settings) == (Settings(), True)


@pytest.mark.parametrize("read_only", [False, True])
def test_a_pipe_chosen_as_a_campaign_is_refused(tmp_path: Path, read_only: bool) -> None:
    from gmtool.storage.campaign import Campaign

    pipe = fifo(tmp_path / "c.gmtool")
    error = _refused(lambda: Campaign.open(pipe, read_only=read_only), pipe)
    assert error.message() == "c.gmtool (campaign) was not read: it is a pipe (FIFO), not a regular file."


def test_a_pipe_restored_as_a_backup_is_refused_and_the_campaign_is_kept(tmp_path: Path) -> None:
    from gmtool.storage.backups import restore_backup
    from gmtool.storage.workspace import Workspace

    campaign = tmp_path / "c.gmtool"
    Workspace.create(campaign).close()
    before = campaign.read_bytes()
    pipe = fifo(tmp_path / "backups" / "c.0badc0de.20260101T000000000000Z.gmtool")
    error = _refused(lambda: restore_backup(pipe, campaign, folder=tmp_path / "backups"), pipe)
    assert "pipe (FIFO)" in error.message() and campaign.read_bytes() == before


def test_a_pipe_named_like_a_chummer_file_is_refused(tmp_path: Path) -> None:
    from gmtool.games.shadowrun.importers.dispatch import import_chummer_file

    pipe = fifo(tmp_path / "Face.chum5")
    assert _refused(lambda: import_chummer_file(pipe), pipe).message() == (
        "Face.chum5 (Chummer character) was not read: it is a pipe (FIFO), not a regular file.")


@pytest.mark.parametrize("loader", ["load_npcs", "load_encounter"])
def test_a_pipe_named_like_an_export_is_refused(tmp_path: Path, loader: str) -> None:
    from gmtool.games.shadowrun.library import exchange

    pipe = fifo(tmp_path / "npcs.json")
    assert _refused(lambda: getattr(exchange, loader)(pipe), pipe).message() == (
        "npcs.json (NPC or encounter export) was not read: it is a pipe (FIFO), not a regular file.")


@pytest.mark.parametrize("beside", ["-wal", "-shm"])
def test_a_pipe_named_as_the_campaigns_log_is_set_aside_unread_and_the_campaign_opens(tmp_path: Path,
                                                                                      beside: str) -> None:
    """Before: the lock's note check opened ``c.gmtool-wal`` to read its salts and blocked for ever."""
    from gmtool.storage.campaign import Campaign
    from gmtool.storage.workspace import Workspace

    campaign = tmp_path / "c.gmtool"
    Workspace.create(campaign).close()
    pipe = fifo(campaign.with_name(campaign.name + beside))

    def opened() -> tuple[int, list[str]]:
        opening = Campaign.open(campaign)
        try:
            return len(opening.encounters()), sorted(p.name for p in tmp_path.iterdir() if "set-aside" in p.name)
        finally:
            opening.close()

    encounters, kept = within(opened, pipes=(pipe,))
    assert encounters >= 1  # the campaign as it is, without the pipe
    assert len(kept) == 1 and kept[0].endswith(beside)  # the pipe kept aside under a set-aside name, not deleted
