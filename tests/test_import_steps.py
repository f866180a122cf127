"""Issue 29: a background write stopped, an NPC export read one NPC per step, and an import that a kill
or a stop leaves with nothing half-written (core.steps and core.json_stream on their own:
``tests/test_core_steps.py``, ``tests/test_json_stream.py``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from benchmarks.import_freeze import made_up_document, made_up_npcs
from gmtool.core.errors import FileFormatError
from gmtool.core.steps import Stopped, finish
from gmtool.games.shadowrun.library.exchange import MAX_TEMPLATES, import_npcs
from gmtool.games.shadowrun.library.stepwise import exchange_kind, npcs_stepwise
from gmtool.storage.background import in_background
from gmtool.storage.campaign import Campaign
from gmtool.ui.import_report_dialog import import_path


# -- core.steps with storage's background writer ----------------------------------------------------
def test_a_background_write_stopped_before_its_commit_rolls_back(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    reached = threading.Event()

    def work(conn, stop):  # noqa: ANN001, ANN202
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE t (x)")
        reached.set()
        stop.wait(5)
        conn.execute("ROLLBACK")
        raise Stopped

    import sqlite3

    steps = in_background(lambda: sqlite3.connect(path, isolation_level=None), work)
    next(steps)
    assert reached.wait(5)
    with pytest.raises(Stopped):
        steps.throw(Stopped())
        finish(steps)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone() == (0,)
    conn.close()


def test_a_background_write_that_committed_comes_back_whole_when_stopped_too_late(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "t.db"
    committed = threading.Event()

    def work(conn, stop):  # noqa: ANN001, ANN202
        conn.execute("CREATE TABLE t (x)")
        committed.set()
        # still at work when the stop comes (else the thread could end before the first step: the race the
        # in-memory TMPDIR of make test made frequent, a write without a sync to wait for)
        stop.wait(5)
        return "written"

    steps = in_background(lambda: sqlite3.connect(path, isolation_level=None), work)
    next(steps)
    assert committed.wait(5)
    try:
        steps.throw(Stopped())
        result = finish(steps)
    except StopIteration as done:
        result = done.value
    assert result == "written"


# -- an NPC export, one NPC per step ---------------------------------------------------------------
def test_stepwise_reads_the_templates_import_npcs_reads() -> None:
    data = made_up_npcs(30)
    steps = npcs_stepwise(data, "npcs.json")
    taken = 0
    try:
        while True:
            next(steps)
            taken += 1
    except StopIteration as done:
        templates = done.value
    assert templates == import_npcs(data)
    assert taken >= 2 * 30  # each NPC read in a step and checked in another
    assert exchange_kind(data, "npcs.json") == "gmtool.npcs"


def export_with(npcs: list[object], **header: object) -> bytes:
    return json.dumps({"schema_version": 1, "kind": "gmtool.npcs", **header, "npcs": npcs}).encode()


BAD_FILES = {
    "an invalid NPC": (export_with([made_up_document(0), {**made_up_document(1), "name": ""}]),
                       "error.exchange_invalid", "npcs.1.name"),
    "another member": (export_with([], extra=1), "error.exchange_invalid", "extra"),
    "the encounter kind": (json.dumps({"schema_version": 1, "kind": "gmtool.encounter", "npcs": []}).encode(),
                           "error.exchange_wrong_kind", ""),
    "a newer version": (export_with([], schema_version=9), "error.exchange_too_new", ""),
    # the guarded reader's refusals (gmtool.core.user_files), the same whether read whole or in steps
    "cut short": (export_with([made_up_document(0)])[:-40], "userfile.syntax", ""),
    "NaN": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [NaN]}', "userfile.bad_number", ""),
    "nested too deep": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [' + b"[" * 100_000 + b"]" * 100_000
                        + b"]}", "userfile.too_deep", ""),
    "nested 64 levels": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [' + b"[" * 62 + b"]" * 62 + b"]}",
                         "error.exchange_invalid", "npcs.0"),  # the reader's deepest: read, then not an NPC
    "nested 65 levels": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [' + b"[" * 63 + b"]" * 63 + b"]}",
                         "userfile.too_deep", ""),
    "a 5000-digit number": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [' + b"9" * 5000 + b"]}",
                            "userfile.long_number", ""),
    "a 101-digit number": (b'{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [' + b"9" * 101 + b"]}",
                           "userfile.long_number", ""),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_stepwise_refuses_what_import_npcs_refuses(case: str) -> None:
    data, key, field = BAD_FILES[case]
    with pytest.raises(FileFormatError) as whole:
        import_npcs(data, "npcs.json")
    with pytest.raises(FileFormatError) as stepwise:
        finish(npcs_stepwise(data, "npcs.json"))
    assert stepwise.value.key == key
    assert whole.value.key == key
    if key.startswith("userfile."):  # the reader's refusal, word for word, naming the file
        assert stepwise.value.message() == whole.value.message() and "npcs.json" in whole.value.message()
    assert field in str(stepwise.value.args_for_message.get("field", ""))


def test_more_npcs_than_one_file_holds_are_refused_naming_the_limit() -> None:
    data = export_with([{"edition": "SR5"}] * (MAX_TEMPLATES + 1))
    with pytest.raises(FileFormatError) as refused:
        finish(npcs_stepwise(data, "npcs.json"))
    assert refused.value.key == "error.exchange_too_many"
    assert str(MAX_TEMPLATES) in refused.value.message()


# -- nothing half-written --------------------------------------------------------------------------
KILLED_IN_THE_WRITE = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from gmtool.storage import library_store
    from gmtool.storage.campaign import Campaign
    from gmtool.ui.import_report_dialog import import_path
    campaign = Campaign.open(Path(sys.argv[1]), keep_backups=0)
    real = library_store.LibraryStore._insert
    written = []

    def insert(self, conn, fields, created):
        written.append(1)
        if len(written) == int(sys.argv[3]):
            os.kill(os.getpid(), signal.SIGKILL)  # in the middle of the import's transaction
        return real(self, conn, fields, created)

    library_store.LibraryStore._insert = insert
    import_path(campaign, Path(sys.argv[2]))
""")


def test_a_kill_in_the_middle_of_a_large_import_leaves_none_of_it(tmp_path: Path) -> None:
    path = tmp_path / "table.gmtool"
    Campaign.create(path).close()
    file = tmp_path / "npcs.json"
    file.write_bytes(made_up_npcs(400))
    env = {**os.environ, "GMTOOL_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", KILLED_IN_THE_WRITE, str(path), str(file), "300"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    campaign = Campaign.open(path, keep_backups=0)
    try:
        assert campaign.set_aside is None
        assert campaign.library.count() == 0
        outcome = import_path(campaign, file)  # and the same file imports whole afterwards
        assert outcome.ok and campaign.library.count() == 400
    finally:
        campaign.close()
