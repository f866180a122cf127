"""The campaign's party: the players' characters of each game, their state between encounters, and the
party log (what changed them, when, from which encounter), each change undoable.

A member is a name, the library template it was made from (``template_id``; None, or a template since
deleted: the member keeps its state, the shell says the template is gone) and its carried state as the
game's own document (:mod:`gmtool.core.party`) with the game's ``carry_version``. The store never looks
inside a document. ``party_links`` remembers which combatant of which encounter each member became.

Every change is one transaction with its log lines (:meth:`PartyStore.change`): a carry-back of the
whole party is kept whole or not at all (a kill in the middle leaves the old state). Undo takes back
the last batch of a game not yet undone, in one transaction too, marks it undone and writes what it
changed back in the log (lines ``undo:<what>``); Redo does the undone batch again (lines ``redo:<what>``)
as long as nothing new was done since. The undo and redo lines are the log's record, never undone.

The party's tables (:data:`TABLES`) are made by the first party write, in its transaction: a campaign
without a party is as it was (the schema version stays; a gmtool of the same schema that knows no party
opens it as before, and today's files still open read-only). Read before then, the party is empty.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gmtool.core.errors import StorageError
from gmtool.storage.transaction import immediate

NAME_MAX = 80
JOINED, LEFT = "joined", "left"  # the log's words for a member added to the party and one removed
UNDO, REDO = "undo:", "redo:"  # the log lines of an undo or a redo: the prefix, then the batch's ``what``
_ACTIONS = "what NOT LIKE 'undo:%' AND what NOT LIKE 'redo:%'"  # the batches undo and redo act on

TABLES: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS party_members (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        name TEXT NOT NULL CHECK (length(name) > 0),
        template_id INTEGER,
        carried_version INTEGER NOT NULL CHECK (carried_version >= 1),
        carried TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS party_members_by_game ON party_members (game)",
    """CREATE TABLE IF NOT EXISTS party_links (
        encounter_id INTEGER NOT NULL REFERENCES encounters(id),
        member_id INTEGER NOT NULL,
        combatant_id TEXT NOT NULL,
        PRIMARY KEY (encounter_id, member_id)
    )""",
    """CREATE TABLE IF NOT EXISTS party_log (
        id INTEGER PRIMARY KEY,
        batch INTEGER NOT NULL,
        game TEXT NOT NULL,
        member_id INTEGER NOT NULL,
        member_name TEXT NOT NULL,
        template_id INTEGER,
        what TEXT NOT NULL,
        encounter TEXT NOT NULL,
        before_version INTEGER,
        before TEXT,
        after_version INTEGER,
        after TEXT,
        undone INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS party_log_by_game ON party_log (game, batch)",
)


@dataclass(frozen=True)
class Carried:
    """A member's carried state as stored: the game's document and its version."""

    version: int
    document: Mapping[str, object]


@dataclass(frozen=True)
class PartyMember:
    id: int
    game: str
    name: str
    template_id: int | None
    carried: Carried


@dataclass(frozen=True)
class MemberChange:
    """One member's new carried state in a batch (``what`` says why: a carry-back, an edit, an action)."""

    member_id: int
    carried: Carried


@dataclass(frozen=True)
class LogLine:
    """One member's line of the party log."""

    id: int
    batch: int
    game: str
    member_id: int
    member_name: str
    what: str  # "carry_back", "edit", "reset", JOINED, LEFT or one of the game's between-encounters actions
    encounter: str  # the encounter's name for a carry-back, else ""
    before: Carried | None  # None: the member did not exist (joined)
    after: Carried | None  # None: the member was removed
    undone: bool
    created: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _encode(document: Mapping[str, object]) -> str:
    return json.dumps(dict(document), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _decode(version: int | None, text: str | None) -> Carried | None:
    if version is None or text is None:
        return None
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise StorageError("storage.error.party_damaged", detail=str(exc)[:200]) from exc
    if not isinstance(document, dict):
        raise StorageError("storage.error.party_damaged", detail="not an object")
    return Carried(version, document)


def _wrote_member(member_id: int) -> None:
    """Called after each member's row is written inside a batch (the kill test stops the process here)."""


class PartyStore:
    """The party of every game of one campaign (its connection in autocommit mode)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, before_write: Callable[[], None] = lambda: None,
                 after_write: Callable[[], None] = lambda: None) -> None:
        self._conn = conn
        self.path = path
        self._before_write = before_write
        self._after_write = after_write
        self._made = False  # the party's tables are known to be there

    def _exists(self) -> bool:
        """Whether the campaign has the party's tables yet (made by the first party write)."""
        if not self._made:
            row = self._conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'party_log'")
            self._made = row.fetchone() is not None
        return self._made

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Rows of a party query (none before the first party write); a damaged table is said, not raised raw."""
        if not self._exists():
            return []
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise StorageError("storage.error.party_damaged", detail=str(exc)[:200]) from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self._before_write()
        with immediate(self._conn, self.path):
            for statement in TABLES:  # the first party write makes them, in its own transaction
                self._conn.execute(statement)
            yield self._conn
        self._made = True
        self._after_write()

    # -- reading ---------------------------------------------------------------------------------
    def members(self, game: str) -> list[PartyMember]:
        rows = self._read(
            "SELECT id, game, name, template_id, carried_version, carried FROM party_members WHERE game = ? ORDER BY id",
            (game,))
        return [self._member(row) for row in rows]

    def member(self, member_id: int) -> PartyMember:
        rows = self._read(
            "SELECT id, game, name, template_id, carried_version, carried FROM party_members WHERE id = ?",
            (member_id,))
        if not rows:
            raise StorageError("storage.error.no_such_member", member=member_id)
        return self._member(rows[0])

    @staticmethod
    def _member(row: tuple[object, ...]) -> PartyMember:
        carried = _decode(row[4], row[5])  # type: ignore[arg-type]  # an SQLite row: the types its columns are declared with
        assert carried is not None
        member_id, template_id = row[0], row[3]
        assert isinstance(member_id, int) and (template_id is None or isinstance(template_id, int))  # the table's types
        return PartyMember(member_id, str(row[1]), str(row[2]), template_id, carried)

    def links(self, encounter_id: int) -> dict[int, str]:
        """member id → the combatant it became in the encounter."""
        rows = self._read("SELECT member_id, combatant_id FROM party_links WHERE encounter_id = ?", (encounter_id,))
        return {int(member): str(combatant) for member, combatant in rows}  # type: ignore[call-overload]  # an SQLite row: integer ids

    def log(self, game: str | None = None) -> list[LogLine]:
        """The party log (of ``game`` if given), oldest first."""
        where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        rows = self._read(
            "SELECT id, batch, game, member_id, member_name, what, encounter, before_version, before,"
            f" after_version, after, undone, created FROM party_log {where} ORDER BY id", args)
        return [LogLine(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _decode(r[7], r[8]), _decode(r[9], r[10]),  # type: ignore[arg-type]  # an SQLite row: the types its columns are declared with
                        bool(r[11]), r[12]) for r in rows]  # type: ignore[arg-type]  # an SQLite row: the types its columns are declared with

    def can_undo(self, game: str) -> bool:
        return self._last_batch(game) is not None

    def can_redo(self, game: str) -> bool:
        return self._redo_batch(game) is not None

    def next_undo(self, game: str) -> str | None:
        """The ``what`` of the batch Undo would take back (None: nothing)."""
        return self._what(self._last_batch(game))

    def next_redo(self, game: str) -> str | None:
        """The ``what`` of the batch Redo would do again (None: nothing)."""
        return self._what(self._redo_batch(game))

    def _what(self, batch: int | None) -> str | None:
        if batch is None:
            return None
        rows = self._read("SELECT what FROM party_log WHERE batch = ? LIMIT 1", (batch,))
        return str(rows[0][0]) if rows else None

    def _last_batch(self, game: str) -> int | None:
        rows = self._read(f"SELECT max(batch) FROM party_log WHERE game = ? AND undone = 0 AND {_ACTIONS}", (game,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])  # type: ignore[call-overload]  # an SQLite row: max() of an integer column

    def _redo_batch(self, game: str) -> int | None:
        """The first batch undone since the last one in effect (none when something was done after it)."""
        live = self._last_batch(game) or 0
        rows = self._read(f"SELECT min(batch) FROM party_log WHERE game = ? AND undone = 1 AND batch > ? AND {_ACTIONS}",
                          (game, live))
        return None if not rows or rows[0][0] is None else int(rows[0][0])  # type: ignore[call-overload]  # an SQLite row: min() of an integer column

    # -- writing ---------------------------------------------------------------------------------
    def add(self, game: str, name: str, template_id: int | None, carried: Carried) -> int:
        """A new member (logged, undoable)."""
        name = _checked_name(name)
        with self._write() as conn:
            now = _now()
            cur = conn.execute(
                "INSERT INTO party_members (game, name, template_id, carried_version, carried, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, name, template_id, carried.version, _encode(carried.document), now, now))
            member_id = int(cur.lastrowid or 0)
            self._log(conn, self._next_batch(conn), game, member_id, name, template_id, JOINED, "", None, carried)
        return member_id

    def remove(self, member_id: int) -> None:
        """Take a member out of the party (logged: undo brings it back as it was)."""
        member = self.member(member_id)
        with self._write() as conn:
            conn.execute("DELETE FROM party_members WHERE id = ?", (member_id,))
            conn.execute("DELETE FROM party_links WHERE member_id = ?", (member_id,))
            self._log(conn, self._next_batch(conn), member.game, member.id, member.name, member.template_id, LEFT, "",
                      member.carried, None)

    def change(self, game: str, what: str, changes: Sequence[MemberChange], encounter: str = "") -> int | None:
        """Every member's new state and its log line, in one transaction; the batch number (None: nothing
        changed). A member no longer in the party is refused (StorageError) and nothing is written."""
        members = {m.id: m for m in self.members(game)}
        for change in changes:
            if change.member_id not in members:
                raise StorageError("storage.error.no_such_member", member=change.member_id)
        real = [c for c in changes if c.carried != members[c.member_id].carried]
        if not real:
            return None
        with self._write() as conn:
            batch = self._next_batch(conn)
            now = _now()
            for change in real:
                member = members[change.member_id]
                conn.execute("UPDATE party_members SET carried_version = ?, carried = ?, updated = ? WHERE id = ?",
                             (change.carried.version, _encode(change.carried.document), now, member.id))
                self._log(conn, batch, game, member.id, member.name, member.template_id, what, encounter,
                          member.carried, change.carried)
                _wrote_member(member.id)
        return batch

    def link(self, encounter_id: int, member_id: int, combatant_id: str) -> None:
        """Remember that ``member_id`` became ``combatant_id`` in the encounter."""
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO party_links (encounter_id, member_id, combatant_id) VALUES (?, ?, ?)",
                         (encounter_id, member_id, combatant_id))

    def undo(self, game: str) -> list[LogLine]:
        """Take back the last batch of ``game`` not yet undone (one transaction, logged); its lines (empty: none)."""
        return self._step(game, self._last_batch(game), undo=True)

    def redo(self, game: str) -> list[LogLine]:
        """Do again the batch undone last, if nothing was done since (one transaction, logged); its lines."""
        return self._step(game, self._redo_batch(game), undo=False)

    def _step(self, game: str, batch: int | None, undo: bool) -> list[LogLine]:
        """Undo (each line's state before) or redo (after) ``batch``, mark it, and log what that changed."""
        if batch is None:
            return []
        lines = [line for line in self.log(game) if line.batch == batch]
        with self._write() as conn:
            step = self._next_batch(conn)
            for line in reversed(lines) if undo else lines:
                now, then = (line.after, line.before) if undo else (line.before, line.after)
                self._put(conn, line, then)
                self._log(conn, step, game, line.member_id, line.member_name, self._template(conn, line),
                          (UNDO if undo else REDO) + line.what, line.encounter, now, then)
            conn.execute("UPDATE party_log SET undone = ? WHERE batch = ? AND game = ?", (int(undo), batch, game))
        return lines

    @staticmethod
    def _template(conn: sqlite3.Connection, line: LogLine) -> int | None:
        found = conn.execute("SELECT template_id FROM party_log WHERE id = ?", (line.id,)).fetchone()[0]
        return None if found is None else int(found)

    def _put(self, conn: sqlite3.Connection, line: LogLine, carried: Carried | None) -> None:
        """The member of ``line`` with ``carried`` as its state (None: not in the party)."""
        if carried is None:
            conn.execute("DELETE FROM party_members WHERE id = ?", (line.member_id,))
            conn.execute("DELETE FROM party_links WHERE member_id = ?", (line.member_id,))
            return
        now = _now()
        conn.execute(
            "INSERT INTO party_members (id, game, name, template_id, carried_version, carried, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET carried_version = excluded.carried_version,"
            " carried = excluded.carried, updated = excluded.updated",
            (line.member_id, line.game, line.member_name, self._template(conn, line), carried.version,
             _encode(carried.document), now, now))

    @staticmethod
    def _next_batch(conn: sqlite3.Connection) -> int:
        return int(conn.execute("SELECT coalesce(max(batch), 0) + 1 FROM party_log").fetchone()[0])

    @staticmethod
    def _log(conn: sqlite3.Connection, batch: int, game: str, member_id: int, name: str, template_id: int | None,
             what: str, encounter: str, before: Carried | None, after: Carried | None) -> None:
        conn.execute(
            "INSERT INTO party_log (batch, game, member_id, member_name, template_id, what, encounter,"
            " before_version, before, after_version, after, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (batch, game, member_id, name, template_id, what, encounter,
             before.version if before else None, _encode(before.document) if before else None,
             after.version if after else None, _encode(after.document) if after else None, _now()))


def _checked_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > NAME_MAX:
        raise StorageError("storage.error.member_name", high=NAME_MAX)
    return name
