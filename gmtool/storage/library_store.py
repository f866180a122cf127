"""The NPC library inside the campaign file: templates stored as validated JSON documents.

A template is a JSON object (``document``, built and read by :mod:`gmtool.library`;
this store never looks inside it) plus metadata kept in columns for listing and
searching: game (``sr4``/``sr5``), name, tags, professional rating, notes, the
document's schema version, created/updated times (UTC, ISO 8601).

Every write (add, update, duplicate, delete) is one ``BEGIN IMMEDIATE … COMMIT``:
the template row and its tag rows appear, change or go together, and a crash or
an error in the middle leaves the library as it was. Bad input is refused with a
translated :class:`StorageError` before anything is written.

Search matches every word of the text (NFKC-normalised and case-folded, so
``ＧＡＮＧ`` finds "Gang") as a substring of the name, tags or notes, in SQL
over a folded copy kept in ``search_text`` (substrings suit Japanese, which has
no spaces between words); the game and tag filters use indexes. Results come
sorted by folded name, then id.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final

from gmtool.core.errors import StorageError
from gmtool.core.i18n import tr

GAMES: Final[tuple[str, ...]] = ("sr4", "sr5")
NAME_MAX = 120
TAG_MAX = 40
TAGS_MAX = 32
NOTES_MAX = 20_000
RATING_MIN, RATING_MAX = 0, 12
DOCUMENT_MAX_CHARS = 2_000_000


class _Keep:
    """The value of an :meth:`LibraryStore.update` argument that is not changed."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = _Keep()


@dataclass(frozen=True)
class TemplateSummary:
    """A template's metadata (what lists and searches return)."""

    id: int
    game: str
    name: str
    tags: tuple[str, ...]
    professional_rating: int | None
    notes: str
    document_version: int
    created: str
    updated: str


@dataclass(frozen=True)
class TemplateRecord(TemplateSummary):
    """A whole template: metadata and its document."""

    document: dict[str, Any]


def fold(text: str) -> str:
    """The form text is compared in: NFKC (full-width → half-width …), then case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


# -- validation (before anything is written) -------------------------------------------------
def check_game(game: object) -> str:
    if game not in GAMES:
        raise StorageError("storage.error.unknown_game", game=str(game), games=", ".join(GAMES))
    return str(game)


def check_name(name: object) -> str:
    text = name.strip() if isinstance(name, str) else ""
    if not text or len(text) > NAME_MAX:
        raise StorageError("storage.error.template_name", high=NAME_MAX)
    return text


def check_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Stripped tags, the first spelling of each (compared folded) kept, in the given order."""
    if isinstance(tags, str):
        tags = [tags]
    kept: dict[str, str] = {}
    for tag in tags:
        text = tag.strip() if isinstance(tag, str) else ""
        if not text or len(text) > TAG_MAX:
            raise StorageError("storage.error.template_tag", tag=str(tag), high=TAG_MAX)
        kept.setdefault(fold(text), text)
    if len(kept) > TAGS_MAX:
        raise StorageError("storage.error.too_many_tags", high=TAGS_MAX)
    return tuple(kept.values())


def check_rating(rating: object) -> int | None:
    if rating is None:
        return None
    if isinstance(rating, bool) or not isinstance(rating, int) or not RATING_MIN <= rating <= RATING_MAX:
        raise StorageError("storage.error.professional_rating", low=RATING_MIN, high=RATING_MAX)
    return rating


def check_notes(notes: object) -> str:
    if not isinstance(notes, str) or len(notes) > NOTES_MAX:
        raise StorageError("storage.error.template_notes", high=NOTES_MAX)
    return notes


def encode_document(document: object) -> str:
    """The document as compact JSON text; only a JSON object of JSON values passes."""
    if not isinstance(document, Mapping):
        raise StorageError("storage.error.document_not_object", kind=type(document).__name__)
    try:
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StorageError("storage.error.document_not_json", detail=str(exc)) from exc
    if len(text) > DOCUMENT_MAX_CHARS:
        raise StorageError("storage.error.document_too_large", high=DOCUMENT_MAX_CHARS)
    return text


def check_document_version(version: object, document: Mapping[str, Any]) -> int:
    """The given version, else the document's own ``schema_version``; a whole number ≥ 1."""
    if version is None:
        version = document.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StorageError("storage.error.document_version")
    return version


def _search_text(name: str, tags: tuple[str, ...], notes: str) -> str:
    return fold("\n".join((name, *tags, notes)))


def _words(text: str) -> list[str]:
    return fold(text).split()


def _decode_document(text: str, template_id: int) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise StorageError("storage.error.document_damaged", template=template_id, detail=str(exc)) from exc
    if not isinstance(value, dict):
        raise StorageError("storage.error.document_damaged", template=template_id, detail=type(value).__name__)
    return value


_SUMMARY_COLUMNS = "id, game, name, tags, professional_rating, notes, document_version, created, updated"


def _summary(row: tuple[Any, ...]) -> TemplateSummary:
    tid, game, name, tags, rating, notes, version, created, updated = row
    return TemplateSummary(tid, game, name, tuple(json.loads(tags)), rating, notes, version, created, updated)


class LibraryStore:
    """The NPC templates of one campaign (its connection must be in autocommit mode)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    # -- transactions ------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is committed, or none of it."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StorageError("storage.error.library_write_failed", path=str(self.path), detail=str(exc)) from exc
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except BaseException as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise StorageError(
                    "storage.error.library_write_failed", path=str(self.path), detail=str(exc)
                ) from exc
            raise

    def _insert_row(
        self, conn: sqlite3.Connection, game: str, name: str, tags: tuple[str, ...],
        rating: int | None, notes: str, document: str, version: int, created: str,
    ) -> int:
        cur = conn.execute(
            "INSERT INTO npc_templates (game, name, name_key, tags, professional_rating, notes, document,"
            " document_version, search_text, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, name, fold(name), json.dumps(tags, ensure_ascii=False), rating, notes, document, version,
             _search_text(name, tags, notes), created, created),
        )
        return int(cur.lastrowid or 0)

    def _write_tags(self, conn: sqlite3.Connection, template_id: int, tags: tuple[str, ...]) -> None:
        conn.execute("DELETE FROM npc_template_tags WHERE template_id = ?", (template_id,))
        conn.executemany(
            "INSERT INTO npc_template_tags (tag, template_id) VALUES (?, ?)",
            [(fold(tag), template_id) for tag in tags],
        )

    # -- writing -----------------------------------------------------------------------------
    def add(
        self,
        game: str,
        name: str,
        document: Mapping[str, Any],
        *,
        tags: Iterable[str] = (),
        professional_rating: int | None = None,
        notes: str = "",
        document_version: int | None = None,
    ) -> int:
        """Store a new template; return its id."""
        game, name = check_game(game), check_name(name)
        text = encode_document(document)
        version = check_document_version(document_version, document)
        clean_tags, rating, notes = check_tags(tags), check_rating(professional_rating), check_notes(notes)
        with self._write() as conn:
            template_id = self._insert_row(conn, game, name, clean_tags, rating, notes, text, version, _now())
            self._write_tags(conn, template_id, clean_tags)
        return template_id

    def update(
        self,
        template_id: int,
        *,
        name: str | _Keep = KEEP,
        tags: Iterable[str] | _Keep = KEEP,
        professional_rating: int | None | _Keep = KEEP,
        notes: str | _Keep = KEEP,
        document: Mapping[str, Any] | _Keep = KEEP,
        document_version: int | None | _Keep = KEEP,
    ) -> TemplateRecord:
        """Change the given fields (the game never changes); return the template as stored.

        A new ``document`` without ``document_version`` takes the document's own
        ``schema_version``.
        """
        current = self.get(template_id)
        new_name = current.name if isinstance(name, _Keep) else check_name(name)
        new_tags = current.tags if isinstance(tags, _Keep) else check_tags(tags)
        rating = current.professional_rating if isinstance(professional_rating, _Keep) else check_rating(
            professional_rating
        )
        new_notes = current.notes if isinstance(notes, _Keep) else check_notes(notes)
        new_document = current.document if isinstance(document, _Keep) else document
        text = encode_document(new_document)
        if isinstance(document_version, _Keep):
            version = current.document_version if isinstance(document, _Keep) else check_document_version(
                None, new_document
            )
        else:
            version = check_document_version(document_version, new_document)
        with self._write() as conn:
            cur = conn.execute(
                "UPDATE npc_templates SET name = ?, name_key = ?, tags = ?, professional_rating = ?, notes = ?,"
                " document = ?, document_version = ?, search_text = ?, updated = ? WHERE id = ?",
                (new_name, fold(new_name), json.dumps(new_tags, ensure_ascii=False), rating, new_notes, text,
                 version, _search_text(new_name, new_tags, new_notes), _now(), template_id),
            )
            if cur.rowcount != 1:  # deleted by another gmtool since get()
                raise StorageError("storage.error.no_such_template", template=template_id)
            self._write_tags(conn, template_id, new_tags)
        return self.get(template_id)

    def duplicate(self, template_id: int, name: str | None = None) -> int:
        """A copy of a template (named ``name``, or "<name> (copy)" in the active language); its id."""
        source = self.get(template_id)
        if name is None:
            name = tr("storage.library.copy_name", name=source.name)[:NAME_MAX]
        new_name = check_name(name)
        text = encode_document(source.document)
        with self._write() as conn:
            new_id = self._insert_row(
                conn, source.game, new_name, source.tags, source.professional_rating, source.notes, text,
                source.document_version, _now(),
            )
            self._write_tags(conn, new_id, source.tags)
        return new_id

    def delete(self, template_id: int) -> None:
        """Remove a template and its tags."""
        with self._write() as conn:
            conn.execute("DELETE FROM npc_template_tags WHERE template_id = ?", (template_id,))
            cur = conn.execute("DELETE FROM npc_templates WHERE id = ?", (template_id,))
            if cur.rowcount != 1:
                raise StorageError("storage.error.no_such_template", template=template_id)

    # -- reading -----------------------------------------------------------------------------
    def get(self, template_id: int) -> TemplateRecord:
        row = self._conn.execute(
            f"SELECT {_SUMMARY_COLUMNS}, document FROM npc_templates WHERE id = ?", (template_id,)
        ).fetchone()
        if row is None:
            raise StorageError("storage.error.no_such_template", template=template_id)
        summary = _summary(row[:-1])
        return TemplateRecord(**vars(summary), document=_decode_document(row[-1], summary.id))

    def templates(self, game: str | None = None) -> list[TemplateSummary]:
        """Every template (of ``game`` if given), sorted by name."""
        return self.search("", game=game)

    def count(self, game: str | None = None) -> int:
        if game is None:
            return int(self._conn.execute("SELECT count(*) FROM npc_templates").fetchone()[0])
        check_game(game)
        return int(self._conn.execute("SELECT count(*) FROM npc_templates WHERE game = ?", (game,)).fetchone()[0])

    def known_tags(self, game: str | None = None) -> list[str]:
        """Every tag in use (as first spelled), sorted folded: for a tag filter's choices."""
        spellings: dict[str, str] = {}
        for summary in self.templates(game):
            for tag in summary.tags:
                spellings.setdefault(fold(tag), tag)
        return [spellings[key] for key in sorted(spellings)]

    def search(
        self, text: str = "", *, game: str | None = None, tags: Iterable[str] = (), limit: int | None = None
    ) -> list[TemplateSummary]:
        """Templates whose name, tags or notes contain every word of ``text``, of ``game``, with all ``tags``."""
        clauses: list[str] = []
        params: list[Any] = []
        if game is not None:
            clauses.append("game = ?")
            params.append(check_game(game))
        for tag in check_tags(tags):
            clauses.append("id IN (SELECT template_id FROM npc_template_tags WHERE tag = ?)")
            params.append(fold(tag))
        for word in _words(text):
            clauses.append("instr(search_text, ?) > 0")
            params.append(word)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        sql = f"SELECT {_SUMMARY_COLUMNS} FROM npc_templates {where} ORDER BY name_key, id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(max(0, int(limit)))
        return [_summary(row) for row in self._conn.execute(sql, params)]
