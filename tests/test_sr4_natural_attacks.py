"""Spirits, critters and drones of an SR4 fight have their natural attacks (issue 31).

Before, a summoned spirit joined with no weapon and its attack was refused ("has no such
weapon"). The natural attacks are made up for gmtool (``resources/sr4/natural_weapons.json``
says so; the digest gives none); the attack itself follows the digest (000 §3.3-3.4, SR4-M1..M3):
Agility + the weapon's skill (Unarmed Combat for natural weapons) against Reaction + Dodge, DV +
net hits, soaked with Body + impact armour. Faces are typed (X-2), a hit is a 5 or a 6.
"""

from __future__ import annotations

import pytest

from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.natural_weapons import natural_for, spirit_weapons
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from tests.test_sr4_magic import Fight, faces, kinds


def resolved(events):  # noqa: ANN001, ANN201
    return next(e for e in events if e.kind == "attack_resolved")


@pytest.mark.rule("SR4-S6")
@pytest.mark.rule("SR4-M1")
def test_a_summoned_spirit_attacks_with_its_natural_weapon() -> None:
    fight = Fight()  # the mage c1 (Magic 4), the goon c2 (Body 4, Reaction 3, no armour)
    events = fight.run(mm.SummonSpirit(combatant="c1", spirit="fire", force=3, skill=3, faces=faces(4, 7),
                                       spirit_faces=faces(1, 3), drain_faces=faces(0, 9)))
    spirit = kinds(events, "spirit_summoned")[0].spirit
    sheet = fight.sheet(spirit)
    assert [w.key for w in sheet.weapons] == ["spirit_sear"] and sheet.weapons[0].melee
    assert sheet.skills["unarmed_combat"] == 3 and sheet.skills["dodge"] == 3  # at its Force
    fight.run(cmd.StartTurn())
    hit = resolved(fight.run(Attack(attacker=spirit, target="c2", weapon=0, charge_action=False,
                                    attack_faces=faces(3, 6), defence_faces=faces(0, 3), soak_faces=faces(0, 4))))
    # Agility 3 (= Force) + Unarmed Combat 3 = 6 dice against Reaction 3 + Dodge 0 = 3 dice.
    assert (hit.attack.pool, hit.defence.pool) == (6, 3)
    # Searing touch (STR/2)P: Strength 3 (= Force) → 1.5, rounded up 2; + 3 net hits = 5 > armour 0 → physical;
    # Body 4 + armour 0 = 4 soak dice, no hit: 5 boxes.
    assert (hit.dv, hit.track, hit.soak.pool, hit.applied) == (5, "physical", 4, 5)


def test_every_spirit_type_has_a_natural_attack() -> None:
    from gmtool.games.shadowrun.sr4.rules.magic_catalogue import catalogue

    for kind in catalogue().spirits:
        weapons = spirit_weapons(kind)
        assert weapons and all(w.melee and w.category == "Natural" and w.name_ja for w in weapons), kind


@pytest.mark.rule("SR4-M1")
def test_a_critter_joining_without_weapons_bites_and_claws() -> None:
    fight = Fight()
    values = {a: 4 for a in ATTRIBUTES} | {"STR": 5}
    (added,) = fight.run(cmd.AddCombatant(sheet=Sheet(name="Demo hound", metatype="critter", attributes=values,
                                                     edge_points=4, skills={"unarmed_combat": 4})))
    hound = fight.sheet(added.combatant)
    assert [w.key for w in hound.weapons] == ["critter_bite", "critter_claws"]
    fight.run(cmd.StartTurn())
    hit = resolved(fight.run(Attack(attacker=added.combatant, target="c2", weapon=0, charge_action=False,
                                    attack_faces=faces(2, 8), defence_faces=faces(1, 3), soak_faces=faces(1, 4))))
    # Agility 4 + Unarmed Combat 4 = 8 dice; 2 hits against 1: 1 net hit. Bite (STR/2+1)P, Strength 5:
    # 2.5 + 1 = 3.5 → 4, + 1 = 5 physical; 4 soak dice, 1 hit: 4 boxes.
    assert (hit.attack.pool, hit.net_hits, hit.dv, hit.track, hit.applied) == (8, 1, 5, "physical", 4)


def test_a_person_keeps_only_its_own_weapons() -> None:
    assert natural_for("human") == () and natural_for("troll") == ()
    fight = Fight()
    (added,) = fight.run(cmd.AddCombatant(sheet=Sheet(name="Bystander", attributes=dict.fromkeys(ATTRIBUTES, 3),
                                                     edge_points=3)))
    assert fight.sheet(added.combatant).weapons == ()
