"""Imports are all or nothing and read only what they should (issue 13)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmtool.storage.workspace import Workspace


@pytest.fixture
def workspace(tmp_path: Path):  # noqa: ANN201
    ws = Workspace.create(tmp_path / "c.gmtool")
    yield ws
    ws.close()


def _templates(count: int) -> list[dict]:
    from gmtool.games.shadowrun.library.documents import store_fields
    from gmtool.games.shadowrun.library.validation import parse_template
    from tests.gui.test_library_window import template_data

    return [store_fields(parse_template(template_data(f"Ganger {n}"))) for n in range(count)]


def test_many_npcs_are_stored_in_one_transaction(workspace, monkeypatch) -> None:
    store = workspace.campaign.library
    before = store.count()
    real = store._insert
    calls = []

    def failing(conn, fields, created):  # noqa: ANN001, ANN202 - the disk fills on the third NPC
        calls.append(fields.name)
        if len(calls) == 3:
            raise OSError("disk full")
        return real(conn, fields, created)

    monkeypatch.setattr(store, "_insert", failing)
    with pytest.raises(OSError):
        store.add_many(_templates(5))
    assert store.count() == before  # none of the five, not two of them
    monkeypatch.setattr(store, "_insert", real)
    assert len(store.add_many(_templates(5))) == 5 and store.count() == before + 5


def test_an_encounter_plan_refused_half_way_leaves_no_encounter(workspace, monkeypatch) -> None:
    from gmtool.core.session import EncounterSession
    from gmtool.games.shadowrun.gui.encounter_builder import save_plan
    from gmtool.games.shadowrun.library.exchange import EncounterEntry, EncounterPlan
    from gmtool.games.shadowrun.library.validation import parse_template
    from tests.gui.test_library_window import template_data

    campaign = workspace.campaign
    before = [e.id for e in campaign.encounters()]
    plan = EncounterPlan(name="Dock", edition="SR5",
                         entries=[EncounterEntry(template=parse_template(template_data("Ganger")), count=4)])
    real = EncounterSession.execute
    done = []

    def refused_third(self, command):  # noqa: ANN001, ANN202
        done.append(command)
        if len(done) == 3:
            raise OSError("killed")
        return real(self, command)

    monkeypatch.setattr(EncounterSession, "execute", refused_third)
    with pytest.raises(OSError):
        save_plan(campaign, plan, workspace.encounter_id)
    assert [e.id for e in campaign.encounters()] == before  # no half-built encounter


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_only_regular_files_are_read(workspace, tmp_path: Path) -> None:
    from gmtool.ui.import_report_dialog import import_path

    fifo = tmp_path / "pipe.chum5"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.chum5"
    zero.symlink_to("/dev/zero")
    for path, what in ((fifo, "a pipe (FIFO)"), (zero, "a device")):  # either would hang or fill memory if read
        outcome = import_path(workspace.campaign, path)
        assert not outcome.ok
        assert outcome.lines[-1] == f"{path.name} (file to import) was not read: it is {what}, not a regular file."
