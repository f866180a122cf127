"""Issue 36: behaviour of gmtool/core that no test pinned before (each test names the mutant it kills).

Every expected value is worked out by hand (a rule value cites its rule), never computed by the code
under test."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from pydantic import BaseModel

from gmtool.core import user_files
from gmtool.core.card_library import card_in_file, card_list, cards_text
from gmtool.core.declared import carry_of_game
from gmtool.core.dice_dist import mixed_hits
from gmtool.core.display import OrderRow, Track
from gmtool.core.entry_points import parse_group
from gmtool.core.errors import FileFormatError, ResourceError, RulesError
from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_file import read_map
from gmtool.core.hex.on_map import MapAdapter
from gmtool.core.hex.sight import Ground
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.core.registry import GROUP, GameRegistry, use_registry
from gmtool.core.resources import load_model
from gmtool.core.strict import _shown
from gmtool.core.user_files import MAP, UserFileError, file_kind, parse_json, read_text
from tests.test_core_tables import Drive

# -- card_library ---------------------------------------------------------------------------------


def test_a_card_whose_name_is_not_text_is_named_by_a_question_mark() -> None:
    """x_card_in_file__mutmut_3: a name read as a number or null is shown as "?" (not sliced)."""
    assert card_in_file("gear card", None, 3) == "gear card no. 3 (“?”)"
    assert card_in_file("gear card", 42, 3) == "gear card no. 3 (“?”)"
    assert card_in_file("gear card", "R" * 50, 3) == f"gear card no. 3 (“{'R' * 40}”)"


def test_a_card_list_with_an_item_that_is_no_object_is_not_ours() -> None:
    """x_card_list__mutmut_3: a list holding a number is refused as the file's own not-ours key."""
    with pytest.raises(FileFormatError) as refused:
        card_list({"gear": [{"name": "A"}, 7]}, "gear", "gear card", 10, "error.gear_not_ours")
    assert refused.value.key == "error.gear_not_ours"


def test_a_cards_file_keeps_japanese_names_readable() -> None:
    """x_cards_text__mutmut_6: a GM opening the file in an editor reads the name, not \\u escapes."""
    text = cards_text("gear_cards", 1, "gear", [{"name": "赤い稲妻"}])
    assert '"name": "赤い稲妻"' in text


def test_a_card_document_is_plain_json_data() -> None:
    """xǁCardLibraryǁdocument__mutmut_1: the document (what export writes) holds lists, not tuples."""
    from gmtool.games.badlands_rally.library.kind import RallyLibrary

    library = RallyLibrary()
    template = library.read(dict(library.blank("badlands_rally", "Red"), tags=["fast", "old"]), library.version)
    assert library.document(template)["tags"] == ["fast", "old"]
    assert isinstance(library.document(template)["tags"], list)


def test_an_unknown_export_format_is_refused_naming_it(tmp_path: Path) -> None:
    """xǁCardLibraryǁexport_as__mutmut_4: the refusal names the format asked for."""
    from gmtool.games.badlands_rally.library.kind import RallyLibrary

    with pytest.raises(FileFormatError) as refused:
        RallyLibrary().export_as("csv", (), tmp_path / "out.csv")
    assert refused.value.key == "error.export_format_unknown"
    assert refused.value.args_for_message == {"format": "csv"}


# -- declared -------------------------------------------------------------------------------------


def test_a_game_declaring_carry_has_its_carry_and_one_not_declaring_has_none() -> None:
    """x_carry_of_game__mutmut_1 and _7: the rally declares "carry" (its manifest); a game declaring no
    capability (the coin duel below) has none."""
    carry = carry_of_game("badlands_rally")
    assert carry is not None and carry.between_actions()
    games = GameRegistry(source=lambda: [EntryPoint("coin", "tests.test_core_mutants_core:COIN", GROUP)])
    with use_registry(games):
        assert carry_of_game("coin") is None


# -- dice_dist ------------------------------------------------------------------------------------


@pytest.mark.rule("SR4-E2")
def test_one_exploding_die_has_the_rule_of_six_tail() -> None:
    """x_mixed_hits__mutmut_27. Digest 000 l.72 and l.80 (SR4-E2): a 6 gives another die, again on a 6.
    One die, hit on 5–6, a 6 rerolled: P(0) = 4/6;
    k ≥ 1 hits: k sixes then a miss, or k−1 sixes then a 5: (1/6)^k·4/6 + (1/6)^k = (1/6)^k·10/6."""
    got = mixed_hits(0, 1, 3)
    assert len(got) == 3
    assert got == pytest.approx([4 / 6, 10 / 36, 10 / 216])


# -- display --------------------------------------------------------------------------------------


def test_a_row_gives_the_track_asked_for_and_none_for_a_track_it_lacks() -> None:
    """xǁOrderRowǁtrack__mutmut_4."""
    edge = Track("edge", "Edge", "pips", 2, 3)
    monitor = Track("physical", "Physical", "boxes", 4, 10)
    row = OrderRow("a", "Ann", 0, None, False, False, False, tracks=(edge, monitor))
    assert row.track("physical") is monitor
    assert OrderRow("b", "Bo", 1, None, False, False, False, tracks=(edge,)).track("stun") is None


# -- entry_points ---------------------------------------------------------------------------------


def test_an_entry_point_s_name_ends_at_the_first_equals_sign() -> None:
    """x_parse_group__mutmut_23: the packaging spec's names cannot hold "=", so the first one splits."""
    found = parse_group("[gmtool.games]\ncoin = pkg.mod:MANIFEST [opt=1]\n", "gmtool.games")
    assert [(p.name, p.value) for p in found] == [("coin", "pkg.mod:MANIFEST [opt=1]")]


# -- hex ------------------------------------------------------------------------------------------


def test_the_same_hex_has_no_bearing_in_those_words() -> None:
    """x_bearing__mutmut_19 and _20: the plug-in author's error names the mistake."""
    with pytest.raises(ValueError, match=r"^the same hex has no bearing$"):
        bearing(Hex(1, -1, 0), 2, Hex(1, -1, 0))


def test_a_map_with_unknown_terrain_names_the_kinds_comma_separated() -> None:
    """x__checked__mutmut_43."""
    text = ('{"format": "gmtool-hex-map", "version": 1, "name": "Lava", "game": "aura_battler", "columns": 2,'
            ' "rows": 2, "terrain": {"0101": "lava", "0102": "ash"}}')
    with pytest.raises(FileFormatError) as refused:
        read_map(text, ("plain",))
    assert refused.value.key == "error.map_unknown_kind"
    assert refused.value.args_for_message["kinds"] == "ash, lava"


def test_the_map_adapter_passes_the_state_to_the_game_s_step() -> None:
    """xǁMapAdapterǁstep__mutmut_1: the game's map module moves the unit of the state it is given."""
    seen: list[object] = []

    class Rules:
        def step(self, state: object, unit: str, step: object) -> str:
            seen.append((state, unit, step))
            return "moved"

    adapter = MapAdapter()
    adapter.map_rules = Rules()  # type: ignore[assignment]
    state = {"fight": 1}
    assert adapter.step(state, "u1", "ahead") == "moved"  # type: ignore[arg-type]
    assert seen == [(state, "u1", "ahead")]


def test_a_hex_the_map_lists_at_no_level_is_ground_and_blocks_nothing() -> None:
    """xǁGroundǁ_blocks__mutmut_15: with hexes blocking from level 1, an unlisted hex (level 0) does not."""
    ground = Ground(levels={Hex(5, -5, 0): 1}, block_level=1)
    seen = ground.sight(Hex(0, 0, 0), Hex(2, -2, 0))  # crosses Hex(1, -1, 0), not listed
    assert seen.blockers == ()


# -- journal and messages -------------------------------------------------------------------------


class _Knock(Command):
    kind: str = "knock"
    times: int


class _Knocked(Event):
    kind: str = "knocked"


CODEC = MessageCodec((_Knock, _Knocked))


def test_a_journal_entry_with_a_command_among_its_events_is_refused_in_those_words() -> None:
    """xǁJournalEntryǁfrom_record__mutmut_38."""
    record = {"seq": 1, "action": "do", "command": {"kind": "knock", "times": 2},
              "events": [{"kind": "knock", "times": 1}], "target": None}
    with pytest.raises(FileFormatError) as refused:
        JournalEntry.from_record(record, CODEC, CODEC)
    assert refused.value.args_for_message == {"detail": "a command among the events or the reverse"}


def test_a_message_that_fails_validation_names_what_failed() -> None:
    """xǁMessageCodecǁdecode__mutmut_28: the detail is pydantic's account naming the field refused."""
    with pytest.raises(FileFormatError) as refused:
        CODEC.decode({"kind": "knock", "times": "often"})
    assert refused.value.key == "error.journal_bad_message"
    detail = str(refused.value.args_for_message["detail"])
    assert "times" in detail and "often" in detail


# -- registry -------------------------------------------------------------------------------------

COIN = GameManifest(key="coin", api=GAME_API, names={"en": "Coin duel", "ja": "コイン決闘"}, order=99,
                    rules="gmtool.games.shadowrun.sr4.rules.game:SR4Ruleset")
NOT_A_MANIFEST = "coin"


def test_a_problem_names_the_game_and_the_manifest_key_at_fault() -> None:
    """xǁGameRegistryǁ_add__mutmut_24 and _39."""
    games = GameRegistry(source=lambda: [
        EntryPoint("text", "tests.test_core_mutants_core:NOT_A_MANIFEST", GROUP),
        EntryPoint("misnamed", "tests.test_core_mutants_core:COIN", GROUP),
    ])
    assert games.keys() == ()
    assert [(p.game, p.key) for p in games.problems()] == [("text", ""), ("misnamed", "key")]


# -- repair_carry, resources, strict, tables ------------------------------------------------------


def test_the_rally_s_repair_between_encounters_is_labelled_in_the_gm_s_words() -> None:
    """xǁRepairCarryǁbetween_actions__mutmut_5."""
    carry = carry_of_game("badlands_rally")
    assert carry is not None
    assert [(a.key, a.label) for a in carry.between_actions() if a.key == "repair"] == [
        ("repair", "Repair (hull and structure whole)")]


class _Nothing(BaseModel):
    pass


def test_a_missing_resource_is_refused_with_the_resource_key() -> None:
    """x_load_model__mutmut_10."""
    with pytest.raises(ResourceError) as refused:
        load_model(_Nothing, "no_such_folder", "no_such_file.json")
    assert refused.value.key == "error.resource_invalid"
    assert refused.value.args_for_message["name"] == "no_such_folder/no_such_file.json"


def test_a_whole_number_of_thirteen_digits_is_not_printed_in_a_refusal() -> None:
    """x__shown__mutmut_16: from 10^12 up a number is shown as "…", below it in full."""
    assert _shown(10**12) == "…"
    assert _shown(-(10**12)) == "…"
    assert _shown(10**12 - 1) == "999999999999"


def test_a_count_that_is_not_a_whole_number_is_refused() -> None:
    """xǁModifierSheetǁ_counted__mutmut_4: 1.5 rivals lies within 0–20 but is no count."""
    from gmtool.core.tables.engine import build_sheet

    sheet = build_sheet(Drive(rivals=4))
    with pytest.raises(RulesError) as refused:
        sheet.set_count("race.terrain/rivals", 1.5)  # type: ignore[arg-type]
    assert refused.value.key == "error.tables_count_range"


# -- user_files -----------------------------------------------------------------------------------


def test_a_declared_kind_keeps_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """x_file_kind__mutmut_6 (the kinds declared kept apart from the real ones)."""
    monkeypatch.setattr(user_files, "KINDS", {})
    kind = file_kind("roster", 1000)
    assert (kind.key, kind.limit) == ("roster", 1000)


def test_a_text_with_a_lone_surrogate_is_read_as_given() -> None:
    """x_parse_json__mutmut_18: a text already decoded (a drop) may hold half a UTF-16 pair."""
    assert parse_json('"\ud800"', MAP, "drop.json") == "\ud800"


def test_json_nested_past_the_parser_s_bound_is_refused_as_too_deep() -> None:
    """x_parse_json__mutmut_39: past Python's own recursion bound, the same refusal naming the kind."""
    with pytest.raises(UserFileError) as refused:
        parse_json("[" * 100_000 + "]" * 100_000, MAP, "deep.json")
    assert refused.value.reason == "too_deep"
    assert refused.value.message() == "deep.json (map) was not read: it is nested too deeply (more than 64 levels)."


def test_a_file_read_as_text_is_refused_naming_its_kind(tmp_path: Path) -> None:
    """x_read_text__mutmut_2."""
    path = tmp_path / "bad.json"
    path.write_bytes(b"{}\x00")
    with pytest.raises(UserFileError) as refused:
        read_text(path, MAP)
    assert refused.value.message() == "bad.json (map) was not read: it holds NUL bytes, so it is not a text file."


def test_a_refusal_logged_without_a_catalogue_still_names_the_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """xǁUserFileErrorǁ__init____mutmut_3: when the words cannot be looked up, the log line keeps the kind."""

    def broken(key: str, **args: object) -> str:
        raise KeyError(key)

    monkeypatch.setattr(user_files, "tr", broken)
    error = UserFileError(MAP, "a.json", "binary")
    assert str(error) == "userfile.binary {'file': 'a.json', 'kind': 'map'}"
