"""SR4 sustained spells go on to the next encounter as the spells themselves (issue 35): which spell, its
Force and hits, its −2 (SR4 p. 173, the effect table's ``sustained_spell``; the digest's 4.1 step 4: the
dice pool takes the sustained spells' modifier), still dispellable there; and the SR4 template's Magic
reaches the combat sheet (it was lost by ``library.to_sheet``)."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import in_language
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.library.to_sheet import to_sheet
from gmtool.games.shadowrun.library.validation import parse_template
from gmtool.games.shadowrun.rules.carried_effects import CarriedSpell
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm

ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}


def mage(magic: int | None = 4) -> Any:
    extra = {} if magic is None else {"magic": magic}
    return parse_template({"edition": "SR4", "name": "Ayla", "metatype": "ork", "attributes": dict(ATTRS),
                           "monitors": {"physical_boxes": 10, "stun_boxes": 10},
                           "armour": {"ballistic": 6, "impact": 4}, **extra})


def joined(carried: Any) -> tuple[Any, EncounterSession, str]:
    rules = get_ruleset("sr4")
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    for command in rules.bring(mage(), carried, "Ayla"):  # type: ignore[attr-defined]
        session.execute(command)
    ((cid, _name),) = rules.roster(session.encounter.state)
    return rules, session, cid


@pytest.mark.rule("SR4-S1")
def test_the_sr4_templates_magic_reaches_the_sheet() -> None:
    assert to_sheet(mage(4)).magic == 4
    assert to_sheet(mage(None)).magic == 0  # no Magic: mundane
    with pytest.raises(RulesError) as raised:
        to_sheet(mage(13))  # the template allows 20, the sheet 12
    assert raised.value.key == "sr.library.error.magic_range"


@pytest.mark.rule("SR4-S1")
@pytest.mark.rule("SR4-S5")
def test_a_sustained_spell_goes_on_as_the_spell_with_its_minus_two() -> None:
    rules, session, cid = joined(get_ruleset("sr4").fresh(mage()))  # type: ignore[attr-defined]
    assert session.encounter.state.combatants[cid].sheet.magic == 4  # the template's, not a hand edit
    # Magic 4 + Spellcasting 3 = 7 dice, three of them 5 or 6: 3 hits (Force 3 caps at 3), on herself
    # (her Body 4 dice resist with no hit: 3 net hits);
    # drain (F3 ÷ 2 + 2 = 3) against WIL 3 + LOG 2 = 5 dice, all hits: none
    session.execute(mm.CastSpell(combatant=cid, spell="increase_reflexes", force=3, targets=(cid,), skill=3,
                                 charge_action=False, faces=(5, 5, 6, 1, 2, 3, 4), target_faces=((1, 1, 1, 1),),
                                 drain_faces=(6, 6, 6, 6, 6)))
    carried = rules.carried(session.encounter.state, cid)  # type: ignore[attr-defined]
    assert carried.spells == (CarriedSpell(spell="increase_reflexes", force=3, hits=3, on_self=True),)
    assert carried.effects == ()  # its −2 goes with the spell, not a second time as an effect
    with in_language("en"):
        changes = [c.text() for c in rules.describe_changes(rules.fresh(mage()), carried)]  # type: ignore[attr-defined]
        assert changes == ["Sustained spells: none → Increase Reflexes F3 (−2)"]
    with in_language("ja"):
        assert [line.value for line in rules.state_lines(carried) if line.key == "spells"] == [  # type: ignore[attr-defined]
            "インクリース・リフレックス フォース3 (−2)"]
    rules, again, new_id = joined(carried)
    (kept,) = again.encounter.state.magic.sustained.values()
    assert (kept.caster, kept.spell, kept.force, kept.hits, kept.target) == (new_id, "increase_reflexes", 3, 3, new_id)
    (effect,) = again.encounter.state.effects.values()
    assert (effect.id, effect.holder, effect.key, effect.modifier) == (kept.effect, new_id, "sustained_spell", -2)
    assert rules.carried(again.encounter.state, new_id) == carried  # type: ignore[attr-defined]
    again.execute(mm.DropSpell(spell=kept.id))  # still the spell: its caster can drop it
    assert not again.encounter.state.effects and not again.encounter.state.magic.sustained
    assert rules.act_between(carried, "end_effects", mage()).spells == ()  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-S1")
def test_a_carried_spell_beyond_the_casters_magic_is_refused() -> None:
    rules = get_ruleset("sr4")
    fresh = rules.fresh(mage())  # type: ignore[attr-defined]
    too_strong = fresh.model_copy(update={"spells": (CarriedSpell(spell="levitate", force=9, hits=2),)})
    with pytest.raises(RulesError) as raised:  # Force up to Magic 4 × 2 = 8 (SR4-S1)
        joined(too_strong)
    assert raised.value.key == "error.sr4_force_range"
    instant = fresh.model_copy(update={"spells": (CarriedSpell(spell="manabolt", force=2, hits=1),)})
    with pytest.raises(RulesError) as raised:
        joined(instant)
    assert raised.value.key == "sr.carry.error.not_sustained"


def test_sr5_refuses_a_carried_spell() -> None:
    from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant

    rules = get_ruleset("sr5")
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    sheet = to_sheet(parse_template({"edition": "SR5", "name": "Ayla", "metatype": "ork", "attributes": dict(ATTRS),
                                     "monitors": {"physical_boxes": 10, "stun_boxes": 10}, "armour": {"value": 9}}))
    with pytest.raises(RulesError) as raised:
        session.execute(AddCombatant(sheet=sheet, spells=(CarriedSpell(spell="levitate", force=2, hits=1),)))
    assert raised.value.key == "sr.carry.error.no_spells"
