"""SR4's split pool with two weapons (SR4-MT1 "two weapons at once"), the other weapon named by its place.

000 digest, 射撃戦闘修正表: "2つの武器を同時使用 ダイスプールを分割する". The fighters are those of
``tests/test_attack_flow.py``: Shooter (Agility 5, Pistols 4) with an Ares Predator IV (weapon 0) and a
knife (weapon 1).
"""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import Attack, TableChoices
from tests.test_attack_flow import blanks, resolved, run, sr4_fight

TWO_GUNS = TableChoices(ticked=("sr4.ranged/two_weapons",))


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def shot(**fields: object) -> Attack:
    return Attack(**({"attacker": "c1", "target": "c2", "weapon": 0, "mode": "SA", "distance": 4,
                      "attack_choices": TWO_GUNS} | fields))


@pytest.mark.rule("SR4-MT1")
def test_two_weapons_with_the_other_weapon_named_split_agility_plus_pistols() -> None:
    enc = sr4_fight()
    # The pistol's pool is Agility 5 + Pistols 4 = 9, the knife's Agility 5 + Blades 3 = 8; the pool split is the
    # smaller of the two (Attack.paired_weapon's reading): 8 split between two attacks, 4 + 4
    first = resolved(run(enc, shot(paired_weapon=1, attack_faces=blanks(4))))
    assert first.attack.pool == 4


@pytest.mark.rule("SR4-MT1")
def test_two_weapons_refuse_a_weapon_the_sheet_lacks_and_the_same_weapon_twice() -> None:
    enc = sr4_fight()
    with pytest.raises(RulesError) as missing:
        enc.prepare(shot(paired_weapon=2))  # the sheet has two weapons: 0 and 1
    assert missing.value.key == "error.attack_no_weapon"
    assert missing.value.message() == ("Shooter has no such weapon: choose one of the sheet's weapons "
                                       "(add weapons in the library).")
    with pytest.raises(RulesError) as same:
        enc.prepare(shot(paired_weapon=0))
    assert same.value.key == "weapons.refusal.multiple_same_weapon"
