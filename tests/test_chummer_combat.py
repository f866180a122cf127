"""What a Chummer character brings to the fight (issue 12), checked on the shared fixtures: natural
weapons use Unarmed Combat, reflex augmentations give their initiative, Killing Hands makes unarmed
attacks physical, bonus monitor boxes reach the combat sheet. Every expected value is read by hand
from the named XML element of the fixture, never from the importer."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.games.shadowrun.importers.dispatch import import_chummer_file
from gmtool.games.shadowrun.library.to_sheet import to_sheet
from gmtool.games.shadowrun.rules.attack.skills import weapon_skill

SHARED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"
pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason=f"Chummer fixtures not found at {SHARED}")


def sheet_of(edition: str, name: str):  # noqa: ANN201
    return to_sheet(import_chummer_file(SHARED / edition / name).template)


def sheet_weapon(sheet, name: str):  # noqa: ANN001, ANN201
    return next(w for w in sheet.weapons if w.name == name)


def test_natural_weapons_use_unarmed_combat() -> None:
    # Skink.chum5 <weapon><name>Fangs</name><category>Quality</category><useskill>Unarmed Combat</useskill>
    skink = sheet_of("sr5", "Skink.chum5")
    assert weapon_skill(sheet_weapon(skink, "Fangs")) == "unarmed_combat"
    # prime.chum5 Retractable Fangs (Bio-Weapon), <category>Bio-Weapon</category>, <useskill>Unarmed Combat</useskill>;
    # Spurs <category>Blades</category> but <useskill>Unarmed Combat</useskill> (cyber implant weapons)
    prime = sheet_of("sr5", "prime.chum5")
    assert weapon_skill(sheet_weapon(prime, "Retractable Fangs (Bio-Weapon)")) == "unarmed_combat"
    assert weapon_skill(sheet_weapon(prime, "Spurs")) == "unarmed_combat"
    # Gentle Earthquake.chum5 Goring Horns: <useskill>Exotic Melee Weapon</useskill> — Chummer's word wins
    horns = sheet_weapon(sheet_of("sr5", "Gentle Earthquake.chum5"), "Goring Horns")
    assert weapon_skill(horns) == "exotic_melee_weapon"
    # SR4 Street Samurai.chum: Spur, <category>Cyberware</category>, no useskill: Unarmed Combat (SR4 p. 331)
    samurai = sheet_of("sr4", "Street Samurai.chum")
    assert weapon_skill(sheet_weapon(samurai, "Spur")) == "unarmed_combat"


def test_the_fangs_attack_rolls_the_unarmed_combat_skill_not_defaulting() -> None:
    from gmtool.core.encounter import Encounter
    from gmtool.games.shadowrun.rules.attack.messages import Attack
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    skink = sheet_of("sr5", "Skink.chum5")
    encounter = Encounter(SR5Ruleset(), 3)
    for command in (cmd.AddCombatant(sheet=skink), cmd.AddCombatant(sheet=Sheet(name="Target", attributes=dict(skink.attributes))),
                    cmd.StartTurn()):
        encounter.commit(encounter.prepare(command))
    fangs = [w.name for w in skink.weapons].index("Fangs")
    entry = encounter.prepare(Attack(attacker="c1", target="c2", weapon=fangs))
    resolved = next(e for e in entry.events if e.kind == "attack_resolved")
    labels = {t.label: t.value for t in resolved.attack.terms}
    assert labels.get("damage.term.melee_skill") == skink.skills["unarmed_combat"] > 0
    assert not any("default" in label for label in labels)


def test_killing_hands_makes_unarmed_attacks_physical() -> None:
    # Skink.chum5 <improvement><improvementttype>UnarmedDVPhysical</improvementttype> (Killing Hands)
    unarmed = sheet_weapon(sheet_of("sr5", "Skink.chum5"), "Unarmed Attack")
    assert unarmed.damage.damage_type == "P"
    # Apex Predator.chum5 has no such improvement: its unarmed attack stays stun
    assert sheet_weapon(sheet_of("sr5", "Apex Predator.chum5"), "Unarmed Attack").damage.damage_type == "S"


def test_reflex_augmentations_give_their_initiative() -> None:
    # Soma.chum5 <improvementttype>InitiativeDice</improvementttype><val>3</val>: 1 + 3 = 4D6
    assert sheet_of("sr5", "Soma.chum5").initiative_dice == 4
    # Skink.chum5 InitiativeDice <val>1</val>: 2D6
    assert sheet_of("sr5", "Skink.chum5").initiative_dice == 2
    # SR4 Street Samurai.chum: Wired Reflexes Rating 2, <improvementttype>InitiativePass</improvementttype><val>2</val>: 3 passes
    assert sheet_of("sr4", "Street Samurai.chum").initiative_passes == 3


def test_bonus_monitor_boxes_reach_the_combat_sheet() -> None:
    # BLUE.chum5: BOD <totalvalue>4</totalvalue> → 8 + 2 = 10, four PhysicalCM <val>1</val> improvements → 14
    blue = sheet_of("sr5", "BLUE.chum5")
    assert blue.physical_boxes == 14 and blue.physical_bonus == 4
    # Skink.chum5: BOD 3 → 8 + 2 = 10, PhysicalCM <val>-2</val> → 8
    assert sheet_of("sr5", "Skink.chum5").physical_boxes == 8
    # SR4 Street Samurai.chum: BOD <value>4</value> → 10, two PhysicalCM <val>1</val> → 12
    assert sheet_of("sr4", "Street Samurai.chum").physical_boxes == 12
    # SR4 Lone Star Police Squad Lieutenant: BOD <totalvalue>3</totalvalue> → 10, one PhysicalCM → 11
    assert sheet_of("sr4", "Lone Star Police Squad Lieutenant (Human).chum").physical_boxes == 11


@pytest.mark.rule("SR5-A6")
def test_the_bonus_boxes_count_in_the_fight_damage_and_wounds() -> None:
    from gmtool.games.shadowrun.rules.damage.monitors import apply_damage, monitor_of

    blue = sheet_of("sr5", "BLUE.chum5")  # 14 physical boxes, overflow Body 4
    after = apply_damage(monitor_of(blue), "physical", 14, 2).after
    assert after.physical == 14 and not after.dead  # a full monitor, not yet into the overflow
    assert apply_damage(monitor_of(blue), "physical", 14 + 4 + 1, 2).after.dead  # past the overflow: dead

