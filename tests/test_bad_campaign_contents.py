"""A campaign whose contents the reader does not understand never stops gmtool (issue 13): the
translated "damaged" message, the file untouched, the GM offered another file or a new one."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.storage.workspace import Workspace


def _campaign_with(path: Path, record) -> str:  # noqa: ANN001 - a text, or a function of the last record
    """A real campaign (its last command edits a sheet) whose last journal entry is replaced; its digest."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    workspace = Workspace.create(path)
    cid = next(iter(workspace.encounter.state.combatants))
    workspace.session.execute(cmd.EditSheet(combatant=cid, field="stun_damage", value=1))
    workspace.close()
    conn = sqlite3.connect(path)
    encounter, seq = conn.execute(
        "SELECT encounter_id, max(seq) FROM journal WHERE encounter_id = "
        "(SELECT encounter_id FROM journal ORDER BY rowid DESC LIMIT 1)"
    ).fetchone()
    last = json.loads(conn.execute("SELECT record FROM journal WHERE encounter_id = ? AND seq = ?", (encounter, seq)).fetchone()[0])
    text = record if isinstance(record, str) else json.dumps(record(last))
    with conn:
        conn.execute("UPDATE journal SET record = ? WHERE encounter_id = ? AND seq = ?", (text, encounter, seq))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


BAD_RECORDS = {
    "an event naming a missing combatant": lambda last: {
        **last, "events": [{**event, "combatant": "c999"} for event in last["events"]],
    },
    "a 5000-digit number": '{"seq": ' + "9" * 5000 + ', "action": "do"}',
    "deeply nested JSON": '{"seq": 1, "action": "do", "events": ' + "[" * 100_000 + "]" * 100_000 + "}",
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_unreadable_contents_give_the_damaged_message_and_leave_the_file(tmp_path: Path, case: str) -> None:
    path = tmp_path / "table.gmtool"
    digest = _campaign_with(path, BAD_RECORDS[case])
    with pytest.raises(FileFormatError) as refused:
        Workspace.open(path)
    assert refused.value.key in {"error.campaign_damaged", "error.journal_bad_message"}
    assert "table.gmtool" in refused.value.message() or "damaged" in refused.value.message()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest  # untouched
