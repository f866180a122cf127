"""The NPC library inside the campaign file: templates stored as validated JSON documents.

A template is a JSON object (``document``, built and read by its game's library, :mod:`gmtool.core.library`;
this store never looks inside it) plus metadata kept in columns for listing and
searching: game (a registered game's key), name, tags, rating (the game's own, if any), notes, the
document's schema version, created/updated times (UTC, ISO 8601).

Every write (add, update, duplicate, delete) is one ``BEGIN IMMEDIATE … COMMIT``:
the template's row and its document's row appear, change or go together, and a crash or
an error in the middle leaves the library as it was. Bad input is refused with a
translated :class:`StorageError` before anything is written.

Search matches every word of the text (NFKC-normalised and case-folded, so
``ＧＡＮＧ`` finds "Gang") as a substring of the name, tags or notes (substrings
suit Japanese, which has no spaces between words), with a game filter and tags
that must all be present. It runs over an in-memory index of the summaries
(loaded on first use, kept in step by this store's own writes, reloaded when
``PRAGMA data_version`` shows another connection wrote): measured faster than
an SQL scan once results have to be sorted and turned into objects
(``benchmarks/library_search.py``). Results come sorted by folded name, then id.
The database stays the one truth; the index is a cache.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from gmtool.core.errors import StorageError
from gmtool.core.i18n import tr
from gmtool.core.registry import registry
from gmtool.core.steps import Steps, Stopped, finish
from gmtool.storage.background import in_background
from gmtool.storage.transaction import immediate

NAME_MAX = 120
TAG_MAX = 40
TAGS_MAX = 32
NOTES_MAX = 20_000
RATING_MIN, RATING_MAX = 0, 12
DOCUMENT_MAX_CHARS = 2_000_000
INDEX_REBUILD_AFTER = 50  # templates added at once past which the search index is built again


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
    return datetime.now(UTC).isoformat(timespec="microseconds")


# -- validation (before anything is written) -------------------------------------------------
def check_game(game: object) -> str:
    known = registry().keys()
    if game not in known:
        raise StorageError("storage.error.unknown_game", game=str(game), games=", ".join(known))
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
        _check_keys(document)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StorageError("storage.error.document_not_json", detail=str(exc)) from exc
    if len(text) > DOCUMENT_MAX_CHARS:
        raise StorageError("storage.error.document_too_large", high=DOCUMENT_MAX_CHARS)
    return text


def _check_keys(value: object) -> None:
    """JSON objects have text keys: ``json.dumps`` would silently turn ``{1: …}`` into ``{"1": …}``."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"keys must be text, not {type(key).__name__} ({key!r})")
            _check_keys(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_keys(item)


def check_document_version(version: object, document: Mapping[str, Any]) -> int:
    """The given version, else the document's own ``schema_version``; a whole number ≥ 1."""
    if version is None:
        version = document.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StorageError("storage.error.document_version")
    return version


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
    try:
        tag_list = json.loads(tags)
    except json.JSONDecodeError as exc:
        raise StorageError("storage.error.document_damaged", template=tid, detail=str(exc)) from exc
    return TemplateSummary(tid, game, name, tuple(tag_list), rating, notes, version, created, updated)


def _search_key(summary: TemplateSummary) -> tuple[str, int]:
    """The order of results: folded name, then id."""
    return fold(summary.name), summary.id


def _search_text(summary: TemplateSummary) -> str:
    return fold("\n".join((summary.name, *summary.tags, summary.notes)))


class _SearchIndex:
    """Every template's summary sorted by (folded name, id), with what search compares.

    Parallel lists rather than one object per template: a search is a few list
    comprehensions over plain strings and sets.
    """

    def __init__(self, summaries: Iterable[TemplateSummary]) -> None:
        ordered = sorted(summaries, key=_search_key)
        self.keys = [_search_key(s) for s in ordered]
        self.summaries = ordered
        self.texts = [_search_text(s) for s in ordered]
        self.tag_keys = [frozenset(fold(tag) for tag in s.tags) for s in ordered]
        self.key_of = {key[1]: key for key in self.keys}

    def put(self, summary: TemplateSummary) -> None:
        self.drop(summary.id)
        key = _search_key(summary)
        at = bisect_left(self.keys, key)
        self.keys.insert(at, key)
        self.summaries.insert(at, summary)
        self.texts.insert(at, _search_text(summary))
        self.tag_keys.insert(at, frozenset(fold(tag) for tag in summary.tags))
        self.key_of[summary.id] = key

    def drop(self, template_id: int) -> None:
        key = self.key_of.pop(template_id, None)
        if key is not None:
            at = bisect_left(self.keys, key)
            del self.keys[at], self.summaries[at], self.texts[at], self.tag_keys[at]

    def search(self, words: list[str], game: str | None, tags: frozenset[str]) -> list[TemplateSummary]:
        rows: Sequence[int] = range(len(self.summaries))
        if game is not None:
            summaries = self.summaries
            rows = [i for i in rows if summaries[i].game == game]
        if tags:
            tag_keys = self.tag_keys
            rows = [i for i in rows if tags <= tag_keys[i]]
        texts = self.texts
        for word in words:
            rows = [i for i in rows if word in texts[i]]
        return [self.summaries[i] for i in rows]


class LibraryStore:
    """The NPC templates of one campaign (its connection must be in autocommit mode)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        before_write: Callable[[], None] = lambda: None,
        after_write: Callable[[bool], None] = lambda seal: None,
        connect: Callable[[], sqlite3.Connection] | None = None,
    ) -> None:
        self._conn = conn
        self.path = path
        self._connect = connect  # another connection to the campaign: long writes run on it in a thread
        self._before_write = before_write  # refuses (raises) when the campaign is open read-only
        self._after_write = after_write
        self._index: _SearchIndex | None = None
        self._index_version: int | None = None

    # -- transactions ------------------------------------------------------------------------
    @contextmanager
    def _write(self, seal: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is committed, or none of it. ``seal``: the campaign may
        seal its log right after (a long import leaves that to :meth:`Campaign.tidy_log`)."""
        self._before_write()
        with immediate(self._conn, self.path, "storage.error.library_write_failed"):
            yield self._conn
        self._after_write(seal)

    def _insert_in_steps(self, checked: list[_Fields], created: str) -> Steps[list[int]]:
        ids = []
        with self._write(seal=False) as conn:
            for fields in checked:
                ids.append(self._insert(conn, fields, created))
                yield
        return ids

    def _insert(self, conn: sqlite3.Connection, fields: _Fields, created: str) -> int:
        cur = conn.execute(
            "INSERT INTO npc_templates (game, name, tags, professional_rating, notes, document_version, created,"
            " updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (fields.game, fields.name, _tags_json(fields.tags), fields.rating, fields.notes, fields.version,
             created, created),
        )
        template_id = int(cur.lastrowid or 0)
        self._write_document(conn, template_id, fields.document)
        return template_id

    def _write_document(self, conn: sqlite3.Connection, template_id: int, document: str) -> None:
        conn.execute(
            "INSERT INTO npc_template_documents (template_id, document) VALUES (?, ?)"
            " ON CONFLICT(template_id) DO UPDATE SET document = excluded.document",
            (template_id, document),
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
        fields = _Fields(
            game=check_game(game), name=check_name(name), tags=check_tags(tags),
            rating=check_rating(professional_rating), notes=check_notes(notes),
            document=encode_document(document), version=check_document_version(document_version, document),
        )
        with self._write() as conn:
            template_id = self._insert(conn, fields, _now())
        self._index_changed(template_id)
        return template_id

    def add_many(self, templates: Iterable[Mapping[str, Any]]) -> list[int]:
        """Store several new templates (each as :meth:`add` takes them) in one transaction: all or none.

        Every template is checked before anything is written; a kill or a full disk during the
        write leaves none of them (importing the file again does not duplicate any).
        """
        return finish(self.add_many_stepwise(templates))

    def add_many_stepwise(self, templates: Iterable[Mapping[str, Any]]) -> Steps[list[int]]:
        """:meth:`add_many` in steps (:mod:`gmtool.core.steps`; thousands never freeze the window): each
        template checked in a step of its own, then all written in one transaction, on a connection
        of its own in a thread (:mod:`background`) when the store has one. Stopped before its commit,
        nothing is written. The campaign's log is not sealed after it (:meth:`Campaign.tidy_log_stepwise`)."""
        checked = []
        for template in templates:
            checked.append(_checked(template))
            yield
        created = _now()
        if self._connect is None:
            ids = yield from self._insert_in_steps(checked, created)
        else:
            self._before_write()  # refused read-only; the opening backup first
            ids = yield from in_background(self._connect, lambda conn, stop: _insert_all(self, conn, checked, created, stop))
            self._after_write(False)
        if len(ids) > INDEX_REBUILD_AFTER:
            self._index = None  # built again at the next search, in one go (faster than that many inserts)
        for template_id in ids if self._index is not None else ():
            self._index_changed(template_id)
        return ids

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
        new_document = current.document if isinstance(document, _Keep) else document
        if isinstance(document_version, _Keep):
            version = current.document_version if isinstance(document, _Keep) else None
        else:
            version = document_version
        fields = _Fields(
            game=current.game,
            name=current.name if isinstance(name, _Keep) else check_name(name),
            tags=current.tags if isinstance(tags, _Keep) else check_tags(tags),
            rating=current.professional_rating if isinstance(professional_rating, _Keep)
            else check_rating(professional_rating),
            notes=current.notes if isinstance(notes, _Keep) else check_notes(notes),
            document=encode_document(new_document),
            version=check_document_version(version, new_document),
        )
        with self._write() as conn:
            cur = conn.execute(
                "UPDATE npc_templates SET name = ?, tags = ?, professional_rating = ?, notes = ?,"
                " document_version = ?, updated = ? WHERE id = ?",
                (fields.name, _tags_json(fields.tags), fields.rating, fields.notes, fields.version, _now(),
                 template_id),
            )
            if cur.rowcount != 1:  # deleted by another gmtool since get()
                raise StorageError("storage.error.no_such_template", template=template_id)
            self._write_document(conn, template_id, fields.document)
        self._index_changed(template_id)
        return self.get(template_id)

    def duplicate(self, template_id: int, name: str | None = None) -> int:
        """A copy of a template (named ``name``, or "<name> (copy)" in the active language); its id."""
        source = self.get(template_id)
        if name is None:
            name = tr("storage.library.copy_name", name=source.name)[:NAME_MAX]
        fields = _Fields(
            game=source.game, name=check_name(name), tags=source.tags, rating=source.professional_rating,
            notes=source.notes, document=encode_document(source.document), version=source.document_version,
        )
        with self._write() as conn:
            new_id = self._insert(conn, fields, _now())
        self._index_changed(new_id)
        return new_id

    def delete(self, template_id: int) -> None:
        """Remove a template and its document."""
        with self._write() as conn:
            conn.execute("DELETE FROM npc_template_documents WHERE template_id = ?", (template_id,))
            cur = conn.execute("DELETE FROM npc_templates WHERE id = ?", (template_id,))
            if cur.rowcount != 1:
                raise StorageError("storage.error.no_such_template", template=template_id)
        if self._index is not None:
            self._index.drop(template_id)

    # -- reading -----------------------------------------------------------------------------
    def get(self, template_id: int) -> TemplateRecord:
        """A whole template, document included."""
        row = self._conn.execute(
            f"SELECT {_SUMMARY_COLUMNS}, d.document FROM npc_templates"
            " LEFT JOIN npc_template_documents AS d ON d.template_id = id WHERE id = ?",
            (template_id,),
        ).fetchone()
        if row is None:
            raise StorageError("storage.error.no_such_template", template=template_id)
        summary = _summary(row[:-1])
        if row[-1] is None:
            raise StorageError("storage.error.document_damaged", template=template_id, detail="no document")
        return TemplateRecord(**vars(summary), document=_decode_document(row[-1], summary.id))

    def templates(self, game: str | None = None) -> list[TemplateSummary]:
        """Every template (of ``game`` if given), sorted by name."""
        return self.search("", game=game)

    def count(self, game: str | None = None) -> int:
        return len(self.templates(game))

    def known_tags(self, game: str | None = None) -> list[str]:
        """Every tag in use once (spelled as on the first template by name), sorted folded: a tag filter's choices."""
        spellings: dict[str, str] = {}
        for summary in self.templates(game):
            for tag in summary.tags:
                spellings.setdefault(fold(tag), tag)
        return [spellings[key] for key in sorted(spellings)]

    def search(
        self, text: str = "", *, game: str | None = None, tags: Iterable[str] = (), limit: int | None = None
    ) -> list[TemplateSummary]:
        """Templates whose name, tags or notes contain every word of ``text``, of ``game``, with all ``tags``."""
        if game is not None:
            check_game(game)
        tag_keys = frozenset(fold(tag) for tag in check_tags(tags))
        found = self._search_index().search(_words(text), game, tag_keys)
        return found if limit is None else found[: max(0, limit)]

    # -- the in-memory index -----------------------------------------------------------------
    def _data_version(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def _search_index(self) -> _SearchIndex:
        version = self._data_version()
        if self._index is None or version != self._index_version:
            rows = self._conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM npc_templates")
            self._index = _SearchIndex(_summary(row) for row in rows)
            self._index_version = version
        return self._index

    def _index_changed(self, template_id: int) -> None:
        """After this store's own commit (which data_version does not show to this connection)."""
        if self._index is None:
            return
        row = self._conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM npc_templates WHERE id = ?", (template_id,))
        found = row.fetchone()
        if found is None:
            self._index.drop(template_id)
        else:
            self._index.put(_summary(found))


def _insert_all(store: LibraryStore, conn: sqlite3.Connection, checked: list[_Fields], created: str,
                stop: threading.Event) -> list[int]:
    """Every template in one transaction on ``conn`` (another thread's); rolled back if ``stop`` is set first."""
    ids = []
    with immediate(conn, store.path, "storage.error.library_write_failed"):
        for fields in checked:
            if stop.is_set():
                raise Stopped
            ids.append(store._insert(conn, fields, created))
        if stop.is_set():
            raise Stopped
    return ids


def _checked(template: Mapping[str, Any]) -> _Fields:
    return _Fields(
        game=check_game(template["game"]), name=check_name(template["name"]),
        tags=check_tags(template.get("tags", ())), rating=check_rating(template.get("professional_rating")),
        notes=check_notes(template.get("notes", "")), document=encode_document(template["document"]),
        version=check_document_version(template.get("document_version"), template["document"]),
    )


@dataclass(frozen=True)
class _Fields:
    """A template's checked values, ready to write."""

    game: str
    name: str
    tags: tuple[str, ...]
    rating: int | None
    notes: str
    document: str
    version: int


def _tags_json(tags: tuple[str, ...]) -> str:
    return json.dumps(list(tags), ensure_ascii=False)
