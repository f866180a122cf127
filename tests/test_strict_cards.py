"""Issue 29 (part 3): cards validated strictly — every kind checks its version, integers are integers,
names are one plain line, and values make sense by the rules; every refusal names the file, its kind,
the card, the field and the reason, in the GM's language. (Each test here failed before the change:
a gear cards file's version was never read, lax pydantic read ``true`` as 1 and ``"4"`` as 4, names
took any character, and a top speed below cruising or a negative speed modifier went through.)"""

from __future__ import annotations

import json

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import set_language
from gmtool.games.aura_battler.library.kind import LIBRARY as AURA
from gmtool.games.aura_battler.library.kind import MACHINES_KIND
from gmtool.games.aura_battler.rules.cards import demo_duel
from gmtool.games.badlands_rally.library.kind import GEARS_KIND, VERSION
from gmtool.games.badlands_rally.library.kind import LIBRARY as RALLY
from gmtool.games.badlands_rally.library.templates import GearCard
from gmtool.games.shadowrun.library.validation import validate_template


def _gears_file(version: object = 1, **card: object) -> bytes:
    gear = GearCard(name="Hopper").model_dump(mode="json") | card
    return json.dumps({"kind": GEARS_KIND, "version": version, "gears": [gear]}).encode()


def _machine() -> dict[str, object]:
    duel = demo_duel()
    return {"kind": "machine", "machine": duel.machines[0].model_dump(mode="json"),
            "pilot": duel.pilots[0].model_dump(mode="json"), "tags": [], "notes": ""}


def _machines_file(version: object = 1, **machine: object) -> bytes:
    card = _machine()
    card["machine"] = dict(card["machine"], **machine)  # type: ignore[call-overload]
    return json.dumps({"kind": MACHINES_KIND, "version": version, "machines": [card]}).encode()


# -- versions ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("version", [2, 0, -1, True, "1", 1.0, None])
def test_a_gear_cards_file_checks_its_version_as_machine_cards_do(version: object) -> None:
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(_gears_file(version), "gears.json")
    assert refused.value.message().startswith("gears.json (a gear cards file) is refused: ")


@pytest.mark.parametrize("version", [2, 0, True, "1", 1.5])
def test_a_machine_cards_file_refuses_any_version_but_a_whole_number_it_reads(version: object) -> None:
    with pytest.raises(FileFormatError) as refused:
        AURA.import_file(_machines_file(version), "hangar.json")
    assert refused.value.message().startswith("hangar.json (a machine cards file) is refused: ")


def test_a_version_refusal_says_what_the_version_is_and_what_gmtool_reads() -> None:
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(_gears_file(True), "gears.json")
    assert refused.value.message() == ("gears.json (a gear cards file) is refused: The gear cards file gives its "
                                       "format version as true: a version is a whole number from 1, and this gmtool "
                                       "reads up to 1.")
    with pytest.raises(FileFormatError) as newer:
        RALLY.import_file(_gears_file(2), "gears.json")
    assert "newer gmtool (format version 2; this gmtool reads up to 1)" in newer.value.message()
    assert RALLY.import_file(_gears_file(VERSION), "gears.json").templates == (GearCard(name="Hopper"),)


# -- integers are integers -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "shown"), [(True, "true"), ("4", '"4"'), (4.0, "4.0")])
def test_a_gear_card_number_must_be_written_as_a_whole_number(value: object, shown: str) -> None:
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(_gears_file(attack=value), "gears.json")
    assert refused.value.message() == (
        "gears.json (a gear cards file) is refused: The gear card no. 1 (“Hopper”) has an invalid value at attack "
        f"(Attack (n+)): Must be a whole number written as one (not {shown}).")


@pytest.mark.parametrize("field", ["durability", "armour", "evasion"])
def test_a_machine_card_number_must_be_written_as_a_whole_number(field: str) -> None:
    with pytest.raises(FileFormatError) as refused:
        AURA.import_file(_machines_file(**{field: "3"}), "hangar.json")
    assert f"at machine.{field} (" in refused.value.message() and '(not "3")' in refused.value.message()


def test_a_machine_card_flag_must_be_true_or_false() -> None:
    with pytest.raises(FileFormatError) as refused:
        AURA.import_file(_machines_file(carrier=1), "hangar.json")
    assert refused.value.message().endswith("at machine.carrier (Wing Caliber (carries a battler)): Must be true or "
                                            "false (not 1).")


# -- values that make sense -----------------------------------------------------------------------------------
@pytest.mark.rule("BR-8")
def test_a_gears_top_speed_is_at_least_its_cruising_speed() -> None:
    """Digest 002 【スピード】: a gear declares cruising or top speed for its activation; top speed pays for
    turns and rough ground and earns +1D6 on special moves, so it is the faster of the two: cruising 6 MR
    with top 5 MR is a typing slip, top = cruising is the least a card can say."""
    with pytest.raises(FileFormatError) as refused:
        RALLY.read(GearCard(name="Hopper").model_dump() | {"cruising_mr": 6, "top_mr": 5}, VERSION)
    assert refused.value.message() == ("The gear card has an invalid value at top_mr (Top MR): The top speed must be "
                                       "at least the cruising speed (6 MR), not 5 MR.")
    assert RALLY.read(GearCard(name="Hopper").model_dump() | {"cruising_mr": 6, "top_mr": 6}, VERSION).top_mr == 6


@pytest.mark.rule("BR-10")
def test_a_weapons_maximum_range_is_at_least_its_optimal_range() -> None:
    """BR-10: up to the optimal range no modifier, beyond it −1D6, beyond the maximum the attack fails:
    optimal 6 with maximum 4 would fail inside its own optimal range."""
    gun = {"name": "Gun", "optimal": 6, "maximum": 4, "power": 7}
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(_gears_file(weapons=[gun]), "gears.json")
    assert refused.value.message().endswith("at weapons.0.maximum (Max): The maximum range must be at least the optimal "
                                            "range (6), not 4.")


@pytest.mark.rule("AB-14")
@pytest.mark.parametrize("table", [[0, 1, -1], [-2]])
def test_a_machines_speed_modifiers_are_never_negative(table: list[int]) -> None:
    """AB-14 (digest 003 14.1): the hit value is reduced by the attacker's speed modifier, read from its
    card by current thrust (15.1): moving never helps the aim, so a negative entry is refused."""
    with pytest.raises(FileFormatError) as refused:
        AURA.import_file(_machines_file(speed_table=table), "hangar.json")
    index = table.index(min(table))
    assert (f"at machine.speed_table.{index} (Speed modifiers by thrust 0…): Must be 0 or more (not {min(table)})."
            in refused.value.message())


def test_a_sword_parry_arc_names_each_sector_once() -> None:
    sword = {"name": "Sword", "accuracy": 1, "power": 5, "parry_arc": ["FF", "FR", "FF"]}
    with pytest.raises(FileFormatError) as refused:
        AURA.import_file(_machines_file(sword=sword), "hangar.json")
    assert refused.value.message() == ("hangar.json (a machine cards file) is refused: The machine card no. 1 "
                                       "(“Demo Lark”) has an invalid value at machine.sword.parry_arc (Parry arc): "
                                       "FF is listed twice.")


# -- names --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("char", "code"), [("\x00", "U+0000"), ("\t", "U+0009"), ("\x1b", "U+001B"),
                                            ("\u202e", "U+202E"), ("\x85", "U+0085"), ("\u2028", "U+2028")])
def test_names_hold_no_control_characters(char: str, code: str) -> None:
    with pytest.raises(FileFormatError) as gear:
        RALLY.import_file(_gears_file(name=f"Hop{char}per"), "gears.json")
    assert f"at name (Name): Holds the control character {code}; a name is one plain line." in gear.value.message()
    pilot = _machine()
    pilot["pilot"] = dict(pilot["pilot"], name=f"Aya{char}")  # type: ignore[call-overload]
    with pytest.raises(FileFormatError) as machine:
        AURA.read(pilot, 1)
    assert f"at pilot.name (Name): Holds the control character {code}" in machine.value.message()
    with pytest.raises(FileFormatError):
        RALLY.import_file(_gears_file(tags=[f"x{char}"]), "gears.json")


def ganger(name: str) -> dict[str, object]:
    """A made-up SR5 NPC template's document, named ``name``."""
    attributes = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
    return {"edition": "SR5", "name": name, "metatype": "ork", "attributes": attributes,
            "monitors": {"physical_boxes": 10, "stun_boxes": 10}}


def test_an_npcs_name_holds_no_control_characters_and_says_so_in_both_languages() -> None:
    template, messages = validate_template(ganger("Ganger\u202eevil"))
    assert template is None and messages["name"] == ("Holds the control character U+202E; a name is one plain "
                                                      "line.")
    set_language("ja")
    try:
        _, japanese = validate_template(ganger("Ganger\x07"))
    finally:
        set_language("en")
    assert japanese["name"] == "制御文字U+0007が含まれています。名前は1行の普通の文字列にしてください。"
    assert validate_template(ganger("ガンガー・一号"))[0] is not None  # Japanese names are plain


# -- limits ---------------------------------------------------------------------------------------------------
def test_a_file_of_too_many_cards_is_refused_naming_the_limit() -> None:
    gear = GearCard(name="G").model_dump(mode="json")
    data = json.dumps({"kind": GEARS_KIND, "version": 1, "gears": [gear] * 1001}).encode()
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(data, "garage.json")
    assert refused.value.message() == ("garage.json (a gear cards file) is refused: The gear cards file holds 1001 "
                                       "cards; gmtool reads at most 1000 from one file.")


# -- the GM's language -----------------------------------------------------------------------------------------
def test_refusals_read_in_japanese_with_the_digest_terms() -> None:
    set_language("ja")
    try:
        with pytest.raises(FileFormatError) as refused:
            RALLY.import_file(_gears_file(cruising_mr=6, top_mr=5), "gears.json")
        message = refused.value.message()
    finally:
        set_language("en")
    assert message == ("gears.json（ギア・カードのファイル）は読み込めません：ギア・カード1枚目（「Hopper」）の"
                       "top_mr（トップMR）の値が正しくありません：トップMRはクルーズMR（6）以上にしてください（5ではなく）。")


@pytest.mark.rule("BR-8")
def test_a_gear_typed_in_the_race_keeps_the_same_rule_as_a_library_card() -> None:
    import random

    from gmtool.core.errors import RulesError
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules.demo import demo_course
    from gmtool.games.badlands_rally.rules.race import RallyRules

    rules, rng = RallyRules(), random.Random(0)
    state = rules.initial_state()
    for event in rules.decide(state, m.SetCourse(course=demo_course()), rng):
        rules.apply(state, event)
    gear = {"name": "Hopper", "seat": "Aiko", "attack": 4, "defence": 4, "armour": 6, "hull": 2, "structure": 2}
    with pytest.raises(RulesError) as refused:
        rules.decide(state, m.AddGear(**gear, cruising_mr=6, top_mr=5), rng)
    assert refused.value.message() == "Hopper: the top speed (5 MR) must be at least the cruising speed (6 MR)."
    assert rules.decide(state, m.AddGear(**gear, cruising_mr=6, top_mr=6), rng)


def test_a_card_file_with_a_byte_order_mark_is_read_and_one_not_in_utf8_is_refused_naming_it(tmp_path) -> None:  # noqa: ANN001
    """Found by the user-file fuzzer: a machine cards file saved with a UTF-8 byte-order mark was claimed
    (its JSON says what it is) and then failed to parse, shown as "something gmtool did not expect". UTF-8
    with or without the mark is read (issue 29); a file in another encoding is refused, naming it."""
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.import_report_dialog import import_path

    marked, latin = tmp_path / "hangar.json", tmp_path / "latin.json"
    marked.write_bytes(b"\xef\xbb\xbf" + _machines_file())
    latin.write_bytes(_machines_file().replace(b'{"kind"', b'{"note": "caf\xe9", "kind"', 1))  # Latin-1
    workspace = Workspace.open_default()
    try:
        read, refused = import_path(workspace.campaign, marked), import_path(workspace.campaign, latin)
    finally:
        workspace.close()
    assert read.ok and read.lines == ["1 machine card from hangar.json"]
    assert not refused.ok
    assert refused.lines[1].startswith("latin.json (file to import) was not read: it is not UTF-8 text (line ")


def test_a_course_hidden_among_gear_cards_is_refused_naming_the_field() -> None:
    with pytest.raises(FileFormatError) as refused:
        RALLY.import_file(_gears_file(kind="course"), "gears.json")
    assert refused.value.message() == ("gears.json (a gear cards file) is refused: The gear card no. 1 (“Hopper”) has "
                                       "an invalid value at kind: Must be one of: 'gear' (not \"course\").")
