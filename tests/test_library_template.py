"""NPC templates: every field validated with a translated message per field, and template → combat sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.core.i18n import catalogue, choose_plurals, set_language
from gmtool.games.shadowrun.library.documents import (
    TEMPLATE_VERSION,
    store_fields,
    template_from_document,
)
from gmtool.games.shadowrun.library.exchange import EncounterEntry, EncounterPlan
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template, monitor_sizes
from gmtool.games.shadowrun.library.to_sheet import (
    entry_sheets,
    member_names,
    monitor_bonus,
    plan_sheets,
    to_sheet,
)
from gmtool.games.shadowrun.library.validation import (
    CONTEXT_FIELDS,
    GENERIC_KEY,
    MESSAGE_KEYS,
    validate_template,
)
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet as SR4Sheet
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet as SR5Sheet

ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}


def ganger(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "edition": "SR5", "name": "Halloweener", "metatype": "ork", "attributes": dict(ATTRS),
        "monitors": {"physical_boxes": 10, "stun_boxes": 10},
        "skills": [{"name": "Clubs", "rating": 3, "attribute": "AGI", "group": "Close Combat",
                    "specialisations": ["Batons"]}],
        "weapons": [{"name": "Club", "melee": True, "reach": 1, "damage": "(STR+3)P", "ap": "-", "accuracy": "4"}],
        "spells": [], "professional_rating": 1, "tags": ["gang", "Redmond"],
    }
    data.update(changes)
    return data


def test_a_valid_template_has_no_messages() -> None:
    template, messages = validate_template(ganger())
    assert messages == {}
    assert isinstance(template, SR5Template)
    assert template.weapons[0].damage == "(STR+3)P"
    assert template.edge == 2


@pytest.mark.parametrize(
    ("changes", "field", "key"),
    [
        ({"name": "   "}, "name", "library.invalid.too_short"),
        ({"name": "x" * 61}, "name", "library.invalid.too_long"),
        ({"metatype": "dragon"}, "metatype", "library.invalid.choice"),
        ({"attributes": {"BOD": 4}}, "attributes", "library.invalid.attributes_incomplete"),
        ({"attributes": dict(ATTRS, STR=0)}, "attributes", "library.invalid.attribute_range"),
        ({"attributes": dict(ATTRS, AGI="four")}, "attributes.AGI", "library.invalid.not_integer"),
        ({"professional_rating": 7}, "professional_rating", "library.invalid.too_large"),
        ({"essence": -0.5}, "essence", "library.invalid.too_small"),
        ({"essence": float("nan")}, "essence", "library.invalid.not_number"),
        ({"initiative_dice": 6}, "initiative_dice", "library.invalid.too_large"),
        ({"tags": ["gang", "GANG"]}, "tags", "library.invalid.duplicate"),
        ({"monitors": {"physical_boxes": 10, "stun_boxes": 10, "stun_filled": 11}}, "monitors",
         "library.invalid.filled_range"),
        ({"monitors": {"physical_boxes": 10, "stun_boxes": 10, "physical_filled": 16}}, "template",
         "library.invalid.filled_range"),
        ({"weapons": [{"name": "Club", "melee": True, "damage": ""}]}, "weapons.0.damage", "library.invalid.too_short"),
        ({"weapons": [{"name": "Gun", "melee": False, "damage": "8P", "modes": ["SA", "XX"]}]}, "weapons.0.modes.1",
         "library.invalid.choice"),
        ({"skills": [{"name": "Clubs", "rating": 99}]}, "skills.0.rating", "library.invalid.too_large"),
        ({"spells": [{"name": "Manabolt", "type": "Q"}]}, "spells.0.type", "library.invalid.choice"),
        ({"favourite_colour": "red"}, "favourite_colour", "library.invalid.unknown_field"),
        ({"monitors": None}, "monitors", "library.invalid.shape"),
        ({"edition": "SR6"}, "template", "library.invalid.edition"),
    ],
)
def test_each_invalid_field_gets_its_own_translated_message(changes: dict[str, Any], field: str, key: str) -> None:
    template, messages = validate_template(ganger(**changes))
    assert template is None
    assert field in messages, messages
    set_language("ja")
    try:
        _, japanese = validate_template(ganger(**changes))
    finally:
        set_language("en")
    assert re.fullmatch(as_pattern(catalogue("en").messages[key]), messages[field]), messages[field]
    assert re.fullmatch(as_pattern(catalogue("ja").messages[key]), japanese[field]), japanese[field]


def as_pattern(text: str) -> str:
    """A catalogue text as a regular expression, each ``{field}`` matching any value."""
    return ".+".join(re.escape(part) for part in re.split(r"\{\w+(?:\|[^{}|]*\|[^{}|]*)?\}", text))


def test_every_message_key_exists_in_both_languages_with_its_fields() -> None:
    keys = set(MESSAGE_KEYS.values()) | {GENERIC_KEY}
    for language in ("en", "ja"):
        messages = catalogue(language).messages
        for key in keys:
            fields = CONTEXT_FIELDS.get(key, ())
            values = {f: 1 for f in fields}
            assert choose_plurals(messages[key], values).format(**values)


def test_messages_carry_the_limits() -> None:
    _, messages = validate_template(ganger(professional_rating=9))
    assert messages == {"professional_rating": "Must be 6 or less."}
    _, messages = validate_template(ganger(attributes=dict(ATTRS, EDG=-1)))
    assert messages == {"attributes": "Edge must be between 0 and 20."}


def test_an_sr4_template_has_ballistic_and_impact_and_passes() -> None:
    template, messages = validate_template(ganger(edition="SR4", weapons=[], initiative_passes=3,
                                                  armour={"ballistic": 6, "impact": 4}))
    assert messages == {}
    assert isinstance(template, SR4Template)
    assert (template.armour.ballistic, template.armour.impact, template.initiative_passes) == (6, 4, 3)
    _, messages = validate_template(ganger(edition="SR4", armour={"value": 6}))
    assert "armour.value" in messages  # SR5's single value is not an SR4 field


@pytest.mark.rule("SR5-A6")
@pytest.mark.rule("SR4-MT8")
@given(st.integers(1, 20), st.integers(1, 20))
@settings(max_examples=50)
def test_standard_monitor_sizes_round_up(body: int, willpower: int) -> None:
    physical, stun = monitor_sizes(body, willpower)
    assert physical == 8 + -(-body // 2) and stun == 8 + -(-willpower // 2)
    assert monitor_sizes(body, willpower, 2, -1) == (physical + 2, stun - 1)


# -- to the combat sheet ------------------------------------------------------------------------------------
def test_an_sr5_template_becomes_an_sr5_npc_sheet() -> None:
    template, _ = validate_template(ganger(initiative_dice=2, initiative_bonus=1,
                                           monitors={"physical_boxes": 10, "stun_boxes": 10, "physical_filled": 3}))
    assert template is not None
    sheet = to_sheet(template)
    assert isinstance(sheet, SR5Sheet)
    assert (sheet.name, sheet.metatype, sheet.is_npc) == ("Halloweener", "ork", True)
    assert sheet.attributes == ATTRS
    assert (sheet.initiative_dice, sheet.initiative_bonus, sheet.edge_points, sheet.physical_damage) == (2, 1, 2, 3)
    assert sheet.physical_boxes == template.monitors.physical_boxes
    assert monitor_bonus(template) == (0, 0)


def test_an_sr4_template_becomes_an_sr4_sheet_with_its_passes() -> None:
    template, _ = validate_template(ganger(edition="SR4", initiative_passes=2,
                                           monitors={"physical_boxes": 12, "stun_boxes": 10}))
    assert template is not None
    sheet = to_sheet(template, name="Runner", is_npc=False)
    assert isinstance(sheet, SR4Sheet)
    assert (sheet.name, sheet.is_npc, sheet.initiative_passes) == ("Runner", False, 2)
    assert monitor_bonus(template) == (2, 0)  # the sheet has no bonus boxes: the caller keeps them


def test_a_template_beyond_the_metatype_limits_is_refused_by_the_sheet() -> None:
    template, _ = validate_template(ganger(metatype="human", attributes=dict(ATTRS, STR=12)))
    assert template is not None
    with pytest.raises(RulesError) as caught:
        to_sheet(template)
    assert caught.value.args_for_message["field"] == "attr.STR"


def test_encounter_entries_become_numbered_sheets() -> None:
    template, _ = validate_template(ganger())
    runner, _ = validate_template(ganger(name="Kestrel", metatype="elf", attributes=dict(ATTRS, CHA=5)))
    assert template is not None and runner is not None
    assert member_names(template, 1) == ["Halloweener"]
    sheets = entry_sheets(EncounterEntry(template=template, count=3, grunt_group=True, professional_rating=1))
    assert [s.name for s in sheets] == ["Halloweener 1", "Halloweener 2", "Halloweener 3"]
    plan = EncounterPlan(name="Dock", edition="SR5", entries=[EncounterEntry(template=template, count=2)],
                         runners=[runner])
    runners, npcs = plan_sheets(plan)
    assert [(s.name, s.is_npc) for s in runners] == [("Kestrel", False)]
    assert len(npcs) == 2 and all(s.is_npc for s in npcs)


def test_the_store_document_round_trips() -> None:
    template, _ = validate_template(ganger())
    assert template is not None
    fields = store_fields(template)
    assert (fields["game"], fields["name"], fields["tags"], fields["professional_rating"]) == (
        "sr5", "Halloweener", ("gang", "Redmond"), 1)
    assert template_from_document(fields["document"], TEMPLATE_VERSION) == template
