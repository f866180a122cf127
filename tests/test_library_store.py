"""The NPC library store: round trips, search, bad input, and writes that happen whole or not at all."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.core.errors import StorageError
from gmtool.core.i18n import catalogue, set_language
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import KEEP, LibraryStore, TemplateSummary, fold

REPO = Path(__file__).resolve().parents[1]


def document(name: str = "Ganger", version: int = 1, **extra: Any) -> dict[str, Any]:
    return {"schema_version": version, "name": name, "attributes": {"BOD": 4, "AGI": 3}, **extra}


@pytest.fixture()
def campaign(tmp_path: Path) -> Iterator[Campaign]:
    opened = Campaign.create(tmp_path / "library.gmtool")
    yield opened
    opened.close()


def raw_counts(path: Path) -> tuple[int, int]:
    """Rows in the template table and in the document table, read by another connection."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        templates = conn.execute("SELECT count(*) FROM npc_templates").fetchone()[0]
        documents = conn.execute("SELECT count(*) FROM npc_template_documents").fetchone()[0]
    finally:
        conn.close()
    return templates, documents


# -- round trips --------------------------------------------------------------------------------
def test_add_and_get_round_trip(campaign: Campaign) -> None:
    library = campaign.library
    doc = document("赤龍会の用心棒", version=3, gear=[{"name": "Ares Predator", "rating": None}])
    template_id = library.add(
        "sr5", "  赤龍会の用心棒 ", doc, tags=["yakuza", " Boss ", "YAKUZA"], professional_rating=4,
        notes="Waits at the docks.",
    )
    record = library.get(template_id)
    assert record.id == template_id
    assert (record.game, record.name) == ("sr5", "赤龍会の用心棒")
    assert record.tags == ("yakuza", "Boss")  # stripped, the second "yakuza" dropped
    assert record.professional_rating == 4
    assert record.notes == "Waits at the docks."
    assert record.document == doc
    assert record.document_version == 3  # taken from the document's schema_version
    assert record.created == record.updated
    assert library.count() == 1 and library.count("sr4") == 0
    campaign.close()
    reopened = Campaign.open(campaign.path, keep_backups=0)
    try:
        assert reopened.library.get(template_id) == record
    finally:
        reopened.close()


def test_explicit_document_version_wins(campaign: Campaign) -> None:
    template_id = campaign.library.add("sr4", "Decker", {"stats": []}, document_version=2)
    assert campaign.library.get(template_id).document_version == 2


def test_update_changes_only_what_is_given(campaign: Campaign) -> None:
    library = campaign.library
    template_id = library.add("sr4", "Ganger", document(), tags=["gang"], professional_rating=1, notes="a")
    before = library.get(template_id)
    after = library.update(template_id, name="Ganger boss", professional_rating=None, tags=["gang", "boss"])
    assert (after.name, after.professional_rating, after.tags) == ("Ganger boss", None, ("gang", "boss"))
    assert (after.notes, after.document, after.document_version, after.game) == (
        "a", before.document, 1, "sr4"
    )
    assert after.created == before.created and after.updated >= before.updated
    newer = library.update(template_id, document=document("Ganger boss", version=2, armor=9))
    assert newer.document["armor"] == 9 and newer.document_version == 2
    pinned = library.update(template_id, document_version=5, notes=KEEP)
    assert pinned.document_version == 5 and pinned.notes == "a"
    assert library.get(template_id) == pinned


@pytest.mark.parametrize(("language", "expected"), [("en", "Ganger (copy)"), ("ja", "Ganger（コピー）")])
def test_duplicate_copies_everything_but_the_id_and_name(campaign: Campaign, language: str, expected: str) -> None:
    set_language(language)
    library = campaign.library
    source_id = library.add("sr5", "Ganger", document(), tags=["gang"], professional_rating=2, notes="n")
    copy_id = library.duplicate(source_id)
    source, copy = library.get(source_id), library.get(copy_id)
    assert copy_id != source_id
    assert copy.name == expected
    assert (copy.game, copy.tags, copy.professional_rating, copy.notes, copy.document, copy.document_version) == (
        source.game, source.tags, source.professional_rating, source.notes, source.document, source.document_version
    )
    named = library.get(library.duplicate(source_id, name="Ganger B"))
    assert named.name == "Ganger B"
    assert library.count() == 3


def test_delete_removes_the_template_and_its_document(campaign: Campaign) -> None:
    library = campaign.library
    keep_id = library.add("sr5", "Keeper", document())
    gone_id = library.add("sr5", "Goner", document())
    library.search("goner")  # the index is loaded, and must forget it too
    library.delete(gone_id)
    assert [s.id for s in library.search("")] == [keep_id]
    assert raw_counts(campaign.path) == (1, 1)
    for action in (lambda: library.get(gone_id), lambda: library.delete(gone_id), lambda: library.duplicate(gone_id)):
        with pytest.raises(StorageError) as info:
            action()
        assert info.value.key == "storage.error.no_such_template"


# -- search -------------------------------------------------------------------------------------
@pytest.fixture()
def stocked(campaign: Campaign) -> LibraryStore:
    library = campaign.library
    library.add("sr5", "Halloweener Ganger", document(), tags=["gang", "street"], notes="Chains and knives")
    library.add("sr5", "Lone Star Officer", document(), tags=["police"], notes="Patrols the docks")
    library.add("sr4", "Ancients Ganger", document(), tags=["Gang", "elf"], notes="Fast bikes")
    library.add("sr4", "ヤクザの用心棒", document(), tags=["ヤクザ", "boss"], notes="倉庫で待ち伏せ")
    library.add("sr5", "Corporate Mage", document(), tags=["corp", "magic", "boss"], notes="Renraku")
    return library


def names(found: list[TemplateSummary]) -> list[str]:
    return [s.name for s in found]


def test_search_text_in_name_tags_and_notes(stocked: LibraryStore) -> None:
    assert names(stocked.search("ganger")) == ["Ancients Ganger", "Halloweener Ganger"]  # sorted by name
    assert names(stocked.search("police")) == ["Lone Star Officer"]  # a tag
    assert names(stocked.search("docks")) == ["Lone Star Officer"]  # the notes
    assert names(stocked.search("GANG bikes")) == ["Ancients Ganger"]  # every word, any case
    assert names(stocked.search("ＧＡＮＧ ｂｉｋｅｓ")) == ["Ancients Ganger"]  # full-width letters
    assert names(stocked.search("用心棒")) == ["ヤクザの用心棒"]  # a Japanese substring
    assert names(stocked.search("待ち伏せ")) == ["ヤクザの用心棒"]
    assert stocked.search("nobody here") == []


def test_search_filters_by_game_and_tags(stocked: LibraryStore) -> None:
    assert names(stocked.search(game="sr4")) == ["Ancients Ganger", "ヤクザの用心棒"]
    assert names(stocked.search("ganger", game="sr5")) == ["Halloweener Ganger"]
    assert names(stocked.search(tags=["GANG"])) == ["Ancients Ganger", "Halloweener Ganger"]
    assert names(stocked.search(tags=["boss", "magic"])) == ["Corporate Mage"]  # every tag
    assert names(stocked.search("用心棒", tags=["ヤクザ"], game="sr4")) == ["ヤクザの用心棒"]
    assert names(stocked.search(limit=2)) == ["Ancients Ganger", "Corporate Mage"]
    assert names(stocked.templates()) == sorted(names(stocked.templates()), key=fold)
    assert len(stocked.templates()) == 5 and len(stocked.templates("sr5")) == 3
    # one entry per tag whatever its case, spelled as on the first template by name ("Ancients Ganger")
    assert stocked.known_tags() == ["boss", "corp", "elf", "Gang", "magic", "police", "street", "ヤクザ"]


def test_search_follows_renames(stocked: LibraryStore) -> None:
    mage = stocked.search("mage")[0]
    stocked.update(mage.id, name="Aztechnology Wagemage", tags=["corp"])
    assert names(stocked.search("aztech")) == ["Aztechnology Wagemage"]
    assert stocked.search(tags=["magic"]) == []
    assert names(stocked.templates())[0] == "Ancients Ganger"  # re-sorted: "Az" after "An"
    assert names(stocked.templates())[1] == "Aztechnology Wagemage"


def test_search_sees_writes_of_another_connection(campaign: Campaign) -> None:
    library = campaign.library
    library.add("sr5", "First", document())
    assert names(library.search("")) == ["First"]
    other = Campaign.open(campaign.path, keep_backups=0)
    try:
        other.library.add("sr4", "Second", document())
    finally:
        other.close()
    assert names(library.search("")) == ["First", "Second"]


TEMPLATE = st.fixed_dictionaries({
    "game": st.sampled_from(["sr4", "sr5"]),
    "name": st.text(st.sampled_from("abcAB ガンギャ"), min_size=1, max_size=8).filter(lambda s: s.strip() != ""),
    "tags": st.lists(st.sampled_from(["gang", "Gang", "boss", "ヤクザ", "corp"]), max_size=3),
    "notes": st.text(st.sampled_from("abc ガン"), max_size=10),
})
QUERY = st.fixed_dictionaries({
    "text": st.text(st.sampled_from("abAガン "), max_size=3),
    "game": st.sampled_from([None, "sr4", "sr5"]),
    "tags": st.lists(st.sampled_from(["gang", "boss", "ヤクザ"]), max_size=2),
})


def naive_search(summaries: list[TemplateSummary], query: dict[str, Any]) -> list[int]:
    words = fold(query["text"]).split()
    wanted = {fold(t) for t in query["tags"]}
    found = [
        s for s in summaries
        if (query["game"] in (None, s.game))
        and wanted <= {fold(t) for t in s.tags}
        and all(any(w in fold(part) for part in (s.name, *s.tags, s.notes)) for w in words)
    ]
    return [s.id for s in sorted(found, key=lambda s: (fold(s.name), s.id))]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    templates=st.lists(TEMPLATE, max_size=12),
    edits=st.lists(st.tuples(st.sampled_from(["rename", "delete", "duplicate"]), st.integers(0, 11)), max_size=6),
    queries=st.lists(QUERY, min_size=1, max_size=4),
)
def test_search_agrees_with_a_plain_filter_through_any_edits(
    templates: list[dict[str, Any]], edits: list[tuple[str, int]], queries: list[dict[str, Any]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        campaign = Campaign.create(Path(folder) / "h.gmtool")
        try:
            library = campaign.library
            library.search("")  # load the index first, so every write must keep it in step
            ids = [library.add(t["game"], t["name"], document(), tags=t["tags"], notes=t["notes"]) for t in templates]
            for action, index in edits:
                alive = [i for i in ids if i in {s.id for s in library.templates()}]
                if not alive:
                    break
                target = alive[index % len(alive)]
                if action == "rename":
                    library.update(target, name=f"ba {index}")
                elif action == "delete":
                    library.delete(target)
                else:
                    ids.append(library.duplicate(target))
            stored = [library.get(s.id) for s in library.templates()]
            fresh = LibraryStore(sqlite3.connect(campaign.path), campaign.path)  # an index loaded from the file
            try:
                for query in queries:
                    expected = naive_search(list(stored), query)
                    assert [s.id for s in library.search(**query)] == expected
                    assert [s.id for s in fresh.search(**query)] == expected
            finally:
                fresh._conn.close()
        finally:
            campaign.close()


# -- bad input ----------------------------------------------------------------------------------
class NotJson:
    pass


BAD_ADDS: dict[str, tuple[dict[str, Any], str]] = {
    "unknown game": ({"game": "sr6"}, "storage.error.unknown_game"),
    "game is not text": ({"game": 5}, "storage.error.unknown_game"),
    "empty name": ({"name": "   "}, "storage.error.template_name"),
    "name too long": ({"name": "x" * 121}, "storage.error.template_name"),
    "name is not text": ({"name": None}, "storage.error.template_name"),
    "document is a list": ({"document": [1, 2]}, "storage.error.document_not_object"),
    "document is text": ({"document": '{"a": 1}'}, "storage.error.document_not_object"),
    "document is None": ({"document": None}, "storage.error.document_not_object"),
    "document holds NaN": ({"document": document(hp=float("nan"))}, "storage.error.document_not_json"),
    "document holds an object": ({"document": document(x=NotJson())}, "storage.error.document_not_json"),
    "document has a number key": ({"document": document(skills={1: 3})}, "storage.error.document_not_json"),
    "document without version": ({"document": {"name": "x"}}, "storage.error.document_version"),
    "version zero": ({"document": document(version=0)}, "storage.error.document_version"),
    "version is text": ({"document": {"schema_version": "1"}}, "storage.error.document_version"),
    "empty tag": ({"tags": ["ok", " "]}, "storage.error.template_tag"),
    "tag not text": ({"tags": [3]}, "storage.error.template_tag"),
    "too many tags": ({"tags": [f"t{i}" for i in range(33)]}, "storage.error.too_many_tags"),
    "rating too high": ({"professional_rating": 13}, "storage.error.professional_rating"),
    "rating negative": ({"professional_rating": -1}, "storage.error.professional_rating"),
    "rating is a bool": ({"professional_rating": True}, "storage.error.professional_rating"),
    "notes not text": ({"notes": 7}, "storage.error.template_notes"),
}


@pytest.mark.parametrize("case", list(BAD_ADDS))
def test_bad_input_is_refused_translated_and_nothing_is_written(campaign: Campaign, case: str) -> None:
    library = campaign.library
    library.add("sr5", "Existing", document())
    changes, key = BAD_ADDS[case]
    arguments: dict[str, Any] = {"game": "sr5", "name": "New", "document": document(), **changes}
    with pytest.raises(StorageError) as info:
        library.add(**arguments)
    assert info.value.key == key
    for language in ("en", "ja"):
        assert key in catalogue(language).messages
        set_language(language)
        assert info.value.message() != key
    assert raw_counts(campaign.path) == (1, 1)
    assert names(library.templates()) == ["Existing"]


@pytest.mark.parametrize("case", ["empty name", "document is a list", "empty tag", "rating too high"])
def test_bad_updates_change_nothing(campaign: Campaign, case: str) -> None:
    library = campaign.library
    template_id = library.add("sr5", "Existing", document(), tags=["a"])
    before = library.get(template_id)
    changes, key = BAD_ADDS[case]
    with pytest.raises(StorageError) as info:
        library.update(template_id, **changes)
    assert info.value.key == key
    assert library.get(template_id) == before


def test_search_refuses_an_unknown_game(campaign: Campaign) -> None:
    with pytest.raises(StorageError) as info:
        campaign.library.search("x", game="sr3")
    assert info.value.key == "storage.error.unknown_game"


# -- whole or nothing -----------------------------------------------------------------------------
def add_trigger(path: Path, sql: str) -> None:
    """A trigger added by another connection, failing one statement in the middle of a write."""
    conn = sqlite3.connect(path)
    try:
        conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


def test_a_failure_between_the_two_inserts_of_an_add_leaves_nothing(campaign: Campaign) -> None:
    library = campaign.library
    library.add("sr5", "Existing", document())
    library.search("")
    add_trigger(campaign.path, "CREATE TRIGGER fail BEFORE INSERT ON npc_template_documents "
                               "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
    with pytest.raises(StorageError) as info:
        library.add("sr5", "Half", document())
    assert info.value.key == "storage.error.library_write_failed"
    assert "injected failure" in info.value.message()
    assert raw_counts(campaign.path) == (1, 1)  # the template row inserted first was rolled back
    assert names(library.search("")) == ["Existing"]
    with pytest.raises(StorageError):
        library.duplicate(library.search("")[0].id)
    assert raw_counts(campaign.path) == (1, 1)


def test_a_failure_in_the_middle_of_an_update_or_delete_changes_nothing(campaign: Campaign) -> None:
    library = campaign.library
    template_id = library.add("sr5", "Existing", document(), tags=["a"])
    before = library.get(template_id)
    add_trigger(campaign.path, "CREATE TRIGGER fail_doc BEFORE UPDATE ON npc_template_documents "
                               "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
    with pytest.raises(StorageError):
        library.update(template_id, name="Renamed", document=document(armor=3))
    assert library.get(template_id) == before  # the name was written first, and rolled back
    assert names(library.search("renamed")) == []
    add_trigger(campaign.path, "CREATE TRIGGER fail_delete BEFORE DELETE ON npc_templates "
                               "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
    with pytest.raises(StorageError):
        library.delete(template_id)
    assert raw_counts(campaign.path) == (1, 1)  # the document deleted first came back
    assert library.get(template_id) == before


def test_an_exception_in_the_middle_rolls_back_and_propagates(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: LibraryStore, conn: sqlite3.Connection, template_id: int, document: str) -> None:
        raise RuntimeError("injected bug")

    monkeypatch.setattr(LibraryStore, "_write_document", broken)
    with pytest.raises(RuntimeError):
        campaign.library.add("sr5", "Half", document())
    assert raw_counts(campaign.path) == (0, 0)
    monkeypatch.undo()
    assert campaign.library.get(campaign.library.add("sr5", "Whole", document())).name == "Whole"


CRASH_SCRIPT = """
import os, sys
from pathlib import Path
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore

def crash(self, conn, template_id, document):
    sys.stdout.write("inserted %d\\n" % template_id)
    sys.stdout.flush()
    os._exit(9)

campaign = Campaign.open(Path(sys.argv[1]), keep_backups=0)
campaign.library.add("sr5", "Whole", {"schema_version": 1})
LibraryStore._write_document = crash
campaign.library.add("sr5", "Half", {"schema_version": 1})
"""


def test_a_crash_in_the_middle_of_an_add_leaves_no_half_written_template(tmp_path: Path) -> None:
    path = tmp_path / "crash.gmtool"
    Campaign.create(path).close()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", CRASH_SCRIPT, str(path)], capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )
    assert done.returncode == 9, done.stderr
    assert done.stdout.startswith("inserted 2")  # the row was in the table when the process died
    assert path.with_name(path.name + "-wal").exists()  # killed without closing
    reopened = Campaign.open(path, keep_backups=0)
    try:
        assert names(reopened.library.templates()) == ["Whole"]
        assert reopened.library.get(reopened.library.templates()[0].id).document == {"schema_version": 1}
    finally:
        reopened.close()
    assert raw_counts(path) == (1, 1)


def test_documents_are_stored_as_compact_json(campaign: Campaign) -> None:
    template_id = campaign.library.add("sr5", "名前", document("名前"))
    conn = sqlite3.connect(campaign.path)
    try:
        (text,) = conn.execute(
            "SELECT document FROM npc_template_documents WHERE template_id = ?", (template_id,)
        ).fetchone()
    finally:
        conn.close()
    assert json.loads(text) == document("名前")
    assert "名前" in text and " " not in text
