"""The shapes the hex games share, written once (issue 32): the counts of what `duplicates` still finds,
a shipped data file's head, the report's keys, a card library's common part and Board.same_ground."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gmtool.core.capabilities import REPORT_KEYS, report_keys
from gmtool.core.card_library import CardLibrary, card_list, cards_text, validated
from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import Board, TerrainKind
from gmtool.core.i18n import set_language
from gmtool.core.library import FileImport
from gmtool.core.resources import DataFile, unique_keys
from gmtool.games.aura_battler.rules.terrain import SkyFile
from gmtool.games.badlands_rally.library.templates import GearCard
from tools.duplicate_counts import counts, kind

TOOL_OUTPUT = """3 pairs of places (9 files read), each sharing runs of 6 or more lines
D1 games/aura_battler/rules/duel.py:10-32 ~ games/badlands_rally/rules/race.py:10-38 (+5 more runs)
D2 games/shadowrun/sr4/rules/a.py:1-9 ~ games/shadowrun/sr5/rules/a.py:1-9
D3 printing/html.py:135-149 ~ printing/markdown.py:80-93 shape
D4 games/shadowrun/gui/effects_model.py:8-28 ~ viewmodels/player_view_model.py:23-39
D5 core/game.py:22-31 ~ games/shadowrun/rules/game.py:10-19
left out: 8 runs of 6 lines that stand in more than 8 places each (too common to list)
"""


def test_the_counts_sort_the_tools_rows_by_where_they_stand() -> None:
    found = counts(TOOL_OUTPUT.splitlines())
    assert [row.split()[0] for row in found["between games"]] == ["D1"]  # SR4 and SR5: one game package
    assert [row.split()[0] for row in found["within the shell"]] == ["D3"]
    assert [row.split()[0] for row in found["game~shell"]] == ["D4"]  # D5 (core) counts in none


def test_a_pair_inside_one_game_or_touching_core_counts_nowhere() -> None:
    assert kind("games/shadowrun/sr4/x.py", "games/shadowrun/gui/y.py") is None
    assert kind("core/game.py", "ui/main_window.py") is None
    assert kind("gmtool/ui/a.py", "gmtool/storage/b.py") == "within the shell"


def test_a_data_file_refuses_another_version_and_an_unknown_key() -> None:
    kinds = [{"key": "open", "en": "Open", "ja": "空", "light": "#ffffff", "dark": "#000000"}]
    assert SkyFile.model_validate({"schema_version": 1, "source": "made up", "kinds": kinds}).kinds[0].key == "open"
    with pytest.raises(ValidationError):
        SkyFile.model_validate({"schema_version": 2, "source": "made up", "kinds": kinds})
    with pytest.raises(ValidationError):
        SkyFile.model_validate({"schema_version": 1, "source": "made up", "kinds": kinds, "veiw": 1})
    assert issubclass(SkyFile, DataFile)


def test_unique_keys_names_what_repeats_a_key() -> None:
    unique_keys(["a", "b"], "terrain kinds")
    with pytest.raises(ValueError, match="terrain kinds must have unique keys"):
        unique_keys(["a", "b", "a"], "terrain kinds")


def test_report_keys_give_every_report_word_the_games_prefix() -> None:
    words = report_keys("ab")
    assert words["report.title"] == "ab.report.title"
    assert words["report.map_end"] == "ab.report.map_end"
    assert set(words) == set(REPORT_KEYS) and len(REPORT_KEYS) == 6


class _Cards(CardLibrary[GearCard]):
    """A made-up library of the rally's gear card model, through the common part only."""

    game, version = "made_up", 1

    def blank(self, game: str, name: str) -> dict[str, object]:
        return {"name": name}

    def read(self, document: dict[str, object], version: int, what: str | None = None) -> GearCard:
        self.not_newer(version)
        return validated(GearCard, document, what or "card")

    def preview(self, template: GearCard) -> str:
        return template.name

    def renamed(self, template: GearCard, name: str) -> GearCard:
        return template.model_copy(update={"name": name})

    def is_ours(self, raw: dict[str, Any]) -> bool:
        return raw.get("kind") == "made_up.cards"

    def import_file(self, data: bytes, filename: str) -> FileImport:
        raw = json.loads(data)
        return FileImport((), tuple(self.read(c, 1) for c in card_list(raw, "cards", "cards", 2, "error.bad")))

    def export(self, templates: tuple[GearCard, ...], path: Path) -> None:
        path.write_text(cards_text("made_up.cards", 1, "cards", [self.document(t) for t in templates]))


def test_a_card_library_lists_retags_and_claims_its_own_files(tmp_path: Path) -> None:
    set_language("en")
    library = _Cards()
    card = library.read({"name": "Jäger", "tags": ["scout"]}, 1)
    assert library.game_of(card) == "made_up"
    assert (library.columns(card).name, library.columns(card).tags) == ("Jäger", ("scout",))
    assert library.retagged(card, ("fast", "red")).tags == ("fast", "red")
    library.export((card, card), tmp_path / "two.json")
    data = (tmp_path / "two.json").read_bytes()
    assert library.claims(data, "two.json") and not library.claims(b"{not json", "x.json")
    assert [c.name for c in library.import_file(data, "two.json").templates] == ["Jäger", "Jäger"]


def test_a_card_list_refuses_too_many_cards_and_what_is_no_list() -> None:
    set_language("en")
    with pytest.raises(FileFormatError) as too_many:
        card_list({"cards": [{}, {}, {}]}, "cards", "gear cards", 2, "error.bad")
    assert too_many.value.key == "error.cards_too_many"
    with pytest.raises(FileFormatError) as no_list:
        card_list({"cards": {"name": "x"}}, "cards", "gear cards", 2, "error.bad")
    assert no_list.value.key == "error.bad"
    with pytest.raises(FileFormatError) as newer:
        _Cards().read({"name": "x"}, 2)
    assert newer.value.key == "error.exchange_too_new"


def test_same_ground_is_the_size_terrain_and_kinds_not_the_units() -> None:
    kinds = (TerrainKind("open", "Open", "#ffffff", "#000000"),)
    board = Board(4, 3, kinds)
    assert board.same_ground(Board(4, 3, kinds, tokens=()))
    assert not board.same_ground(Board(4, 4, kinds))
    assert not board.same_ground(None)
