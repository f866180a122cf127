"""Opening damaged campaigns: real campaign files mutated thousands of times, each opened.

A campaign is made the way a GM makes one (the demo encounters, a fight in each: turns, phases,
undo and redo, an NPC in the library). Each case copies it and changes one thing with SQLite, as
a bad disk, another program or a hostile user might: a journal record's value (wrong type, huge
number, deep nesting, a missing or unknown key, an id of the wrong shape), a record's raw text,
a deleted row, a dropped table, a column's type, a meta value, the schema version, a stray byte
in the file. Then it is opened as gmtool opens it. The outcome must be a usable window (the case
opens and the main window is built on it) or gmtool's translated message (a ``GmtoolError``);
anything else is a crash.

``tests/test_open_fuzz.py`` runs 2,000 cases (a window for a share of them); ``make bench``
prints ``open_fuzz_cases``, ``open_fuzz_crashes`` (target 0), ``open_fuzz_opened`` and
``open_fuzz_refused``, with a window for every case that opened.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.core.errors import GmtoolError

JSON = Any  # a decoded journal record


def make_base(path: Path) -> Path:
    """A campaign as a GM leaves it: every demo encounter fought a little, an NPC in the library."""
    from gmtool.games.badlands_rally.rules import race_messages as rally
    from gmtool.games.shadowrun.sr4.rules import commands as sr4
    from gmtool.games.shadowrun.sr5.rules import commands as sr5
    from gmtool.storage.workspace import Workspace

    workspace = Workspace.create(path)
    try:
        for info in workspace.encounters():
            here = workspace.with_encounter(info.id)
            if info.ruleset == "badlands_rally":
                for command in (rally.DeclareSpeed(gear="g1", speed="top"), rally.StepGear(gear="g1", step="ahead"),
                                rally.StepGear(gear="g1", step="left"), rally.EndActivation(gear="g1")):
                    here.session.execute(command)
                here.session.undo()
                here.session.redo()
                continue
            if info.ruleset == "aura_battler":
                from gmtool.games.aura_battler.rules import duel_messages as aura

                for command in (aura.AllocatePP(unit="u1", points=(3, 2, 1, 1, 1, 0)),
                                aura.StepUnit(unit="u1", step="ahead")):
                    here.session.execute(command)
                here.session.undo()
                here.session.redo()
                continue
            game = sr5 if info.ruleset == "sr5" else sr4
            here.session.execute(game.StartTurn())
            for _ in range(4):
                here.session.execute(game.NextPhase())
            here.session.undo()
            here.session.redo()
        workspace.campaign.library.add("sr5", "Ganger", {"name": "Ganger"}, tags=("demo",), document_version=1)
    finally:
        workspace.close()
    return path


# -- mutations of one decoded record ---------------------------------------------------------------
ODD_VALUES: tuple[Callable[[random.Random], JSON], ...] = (
    lambda r: None,
    lambda r: "",
    lambda r: -1,
    lambda r: 0,
    lambda r: 2**63,
    lambda r: -(2**70),
    lambda r: 1.5,
    lambda r: 1e308,
    lambda r: True,
    lambda r: [],
    lambda r: {},
    lambda r: "x" * r.choice((1, 200, 70_000)),
    lambda r: "ü\u202e\x00\ud7ff",
    lambda r: {"kind": "no_such_kind"},
    lambda r: [[[[[[[[[[[]]]]]]]]]]],
    lambda r: r.choice(("c1", "c99", "../c1", "1", " ")),
)


def _paths(value: JSON, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a decoded record (dict keys and list indexes), depth first."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*here, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*here, index)))
    return found


def _mutate_record(record: JSON, rng: random.Random) -> JSON:
    places = _paths(record)[1:]
    if not places:
        return rng.choice(ODD_VALUES)(rng)
    place = rng.choice(places)
    parent = record
    for step in place[:-1]:
        parent = parent[step]
    last = place[-1]
    how = rng.randrange(4)
    if how == 0 and isinstance(parent, dict):
        del parent[last]  # a missing key
    elif how == 1 and isinstance(parent, dict):
        parent["unknown_" + str(rng.randrange(100))] = rng.choice(ODD_VALUES)(rng)
    elif how == 2 and isinstance(parent[last], int | float) and not isinstance(parent[last], bool):
        parent[last] = rng.choice((parent[last] + 1, -parent[last], parent[last] * 1000, 10**20))
    else:
        parent[last] = rng.choice(ODD_VALUES)(rng)
    return record


def _raw(rng: random.Random, text: str) -> str:
    """A record's text damaged as text (the reader must not trust it to be JSON)."""
    choice = rng.randrange(6)
    if choice == 0:
        return text[: rng.randrange(len(text))]
    if choice == 1:
        cut = rng.randrange(len(text))
        return text[:cut] + chr(rng.randrange(32, 0x3000)) + text[cut + 1 :]
    if choice == 2:
        return "[" * 100_000 + "]" * 100_000
    if choice == 3:
        return "9" * 5000
    if choice == 4:
        return json.dumps({"seq": 1, "action": "do", "command": {"kind": "start_turn"}, "events": [{"x": 1}] * 3})
    return ""


# -- mutations of the file -------------------------------------------------------------------------
def _one_record(conn: sqlite3.Connection, rng: random.Random) -> tuple[int, int, str]:
    rows = conn.execute("SELECT encounter_id, seq, record FROM journal").fetchall()
    return rng.choice(rows)


def m_record_value(conn: sqlite3.Connection, rng: random.Random) -> str:
    eid, seq, text = _one_record(conn, rng)
    record = _mutate_record(json.loads(text), rng)
    conn.execute("UPDATE journal SET record = ? WHERE encounter_id = ? AND seq = ?",
                 (json.dumps(record, ensure_ascii=False), eid, seq))
    return "record value"


def m_record_text(conn: sqlite3.Connection, rng: random.Random) -> str:
    eid, seq, text = _one_record(conn, rng)
    conn.execute("UPDATE journal SET record = ? WHERE encounter_id = ? AND seq = ?", (_raw(rng, text), eid, seq))
    return "record text"


def m_delete_row(conn: sqlite3.Connection, rng: random.Random) -> str:
    table = rng.choice(("journal", "encounters", "meta", "schema_version", "npc_templates", "npc_template_documents"))
    conn.execute("PRAGMA foreign_keys=OFF")
    rows = conn.execute(f"SELECT rowid FROM {table}").fetchall()
    if rows:
        conn.execute(f"DELETE FROM {table} WHERE rowid = ?", rng.choice(rows))
    return f"row deleted from {table}"


def m_drop_table(conn: sqlite3.Connection, rng: random.Random) -> str:
    table = rng.choice(("journal", "encounters", "meta", "schema_version", "npc_templates", "npc_template_documents"))
    conn.execute("PRAGMA foreign_keys=OFF")
    conn.execute(f"DROP TABLE {table}")
    return f"table {table} dropped"


COLUMNS = {
    "journal": ("encounter_id", "seq", "record", "created"),
    "encounters": ("id", "name", "ruleset", "seed", "created"),
    "meta": ("key", "value"),
    "schema_version": ("version",),
    "npc_templates": ("game", "name", "tags", "professional_rating", "notes", "document_version"),
    "npc_template_documents": ("document",),
}
ODD_CELLS: tuple[Callable[[random.Random], object], ...] = (
    lambda r: None,
    lambda r: b"\x00\xff\xfe",
    lambda r: "text",
    lambda r: -1,
    lambda r: 2**62,
    lambda r: 3.25,
    lambda r: "9" * 5000,
    lambda r: "",
    lambda r: "x" * 100_000,
)


def m_cell_type(conn: sqlite3.Connection, rng: random.Random) -> str:
    """A value of the wrong type or shape where SQLite lets it in (it is not strict about types)."""
    table = rng.choice(tuple(COLUMNS))
    column = rng.choice(COLUMNS[table])
    conn.execute("PRAGMA foreign_keys=OFF")
    conn.execute("PRAGMA ignore_check_constraints=ON")
    rows = conn.execute(f"SELECT rowid FROM {table}").fetchall()
    if rows:
        value = rng.choice(ODD_CELLS)(rng)
        try:
            conn.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, *rng.choice(rows)))
        except sqlite3.IntegrityError:  # a rowid alias or NOT NULL: another id instead
            conn.execute(f"UPDATE OR IGNORE {table} SET {column} = ? WHERE rowid = ?", (rng.randrange(2, 10**9),
                                                                                      *rng.choice(rows)))
    return f"{table}.{column} odd"


def m_meta(conn: sqlite3.Connection, rng: random.Random) -> str:
    key = rng.choice(("current_encounter", "rule_readings", "something_else"))
    value = rng.choice(("-1", "999", "abc", "1e9", "9" * 5000, "", "{", '{"x": [1, 2]}', "[" * 50_000, "2"))
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                 (key, value))
    return f"meta {key}"


def m_schema_version(conn: sqlite3.Connection, rng: random.Random) -> str:
    value = rng.choice((0, -5, 999, "two", None, 1.5, 2**40))
    conn.execute("UPDATE schema_version SET version = ?", (value,))
    return "schema version"


def m_seq_gap(conn: sqlite3.Connection, rng: random.Random) -> str:
    eid, seq, _text = _one_record(conn, rng)
    conn.execute("UPDATE journal SET seq = ? WHERE encounter_id = ? AND seq = ?",
                 (rng.choice((seq + 1000, -seq, 0)), eid, seq))
    return "sequence changed"


MUTATIONS = (m_record_value, m_record_value, m_record_value, m_record_text, m_delete_row, m_drop_table,
             m_cell_type, m_cell_type, m_meta, m_schema_version, m_seq_gap)


def _flip_bytes(path: Path, rng: random.Random) -> str:
    data = bytearray(path.read_bytes())
    for _ in range(rng.randrange(1, 4)):
        data[rng.randrange(100, len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return "bytes flipped"


def mutate(path: Path, rng: random.Random) -> str:
    """Change ``path`` (a closed campaign) in one way; return what was changed."""
    if rng.random() < 0.08:
        return _flip_bytes(path, rng)
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        try:
            what = rng.choice(MUTATIONS)(conn, rng)
        except sqlite3.IntegrityError:
            what = "unchanged (SQLite refused the change)"
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return what


@dataclass
class FuzzOutcome:
    cases: int = 0
    opened: int = 0
    refused: int = 0
    windows: int = 0
    crashes: list[str] = field(default_factory=list)


def open_case(path: Path, build_window: Callable[[Any], None] | None) -> str:
    """Open a case as gmtool does: "opened", "refused" (the translated message), or raise."""
    from gmtool.storage.workspace import Workspace

    try:
        workspace = Workspace.open(path)
    except GmtoolError as exc:
        exc.message()  # the message itself must be showable
        return "refused"
    try:
        if build_window is not None:
            build_window(workspace)
    finally:
        workspace.close()
    return "opened"


def run_fuzz(
    folder: Path, cases: int, seed: int, build_window: Callable[[Any], None] | None, window_every: int = 1
) -> FuzzOutcome:
    """``cases`` mutated copies of one base campaign, each opened; windows for every ``window_every``-th opened."""
    base = make_base(folder / "base.gmtool")
    rng = random.Random(seed)
    outcome = FuzzOutcome()
    from gmtool.storage.backups import backup_folder

    backups = backup_folder()
    for number in range(cases):
        case = folder / f"case-{number % 4}.gmtool"
        shutil.copyfile(base, case)
        what = mutate(case, rng)
        opened_so_far = outcome.opened
        window = build_window if build_window is not None and opened_so_far % window_every == 0 else None
        try:
            result = open_case(case, window)
        except Exception:  # noqa: BLE001 - a crash is what this counts
            outcome.crashes.append(f"case {number} ({what}):\n{traceback.format_exc(limit=6)}")
            result = "crashed"
        outcome.cases += 1
        if result == "opened":
            outcome.opened += 1
            outcome.windows += window is not None
        elif result == "refused":
            outcome.refused += 1
        for leftover in case.parent.glob(case.name + "-*"):
            leftover.unlink()
        shutil.rmtree(backups, ignore_errors=True)
    return outcome


FUZZ_CASES = 2000
FUZZ_SEED = 20261124


def measure_open_fuzz() -> dict[str, int | float]:
    """``open_fuzz_cases`` (≥ 2,000) and ``open_fuzz_crashes`` (target 0), a window for each case that opened."""
    import os
    import tempfile
    import time

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["GMTOOL_DATA_DIR"] = str(Path(scratch) / "data")
        from gmtool.ui.main_window import MainWindow

        def build_window(workspace: Any) -> None:
            window = MainWindow(workspace)
            window.show()
            app.processEvents()
            window.close()
            window.deleteLater()
            app.processEvents()

        start = time.perf_counter()
        outcome = run_fuzz(Path(scratch), FUZZ_CASES, FUZZ_SEED, build_window)
        seconds = time.perf_counter() - start
    for crash in outcome.crashes[:3]:
        print(crash, flush=True)
    return {
        "open_fuzz_cases": outcome.cases,
        "open_fuzz_crashes": len(outcome.crashes),
        "open_fuzz_opened": outcome.opened,
        "open_fuzz_refused": outcome.refused,
        "open_fuzz_windows": outcome.windows,
        "open_fuzz_s": seconds,
    }
