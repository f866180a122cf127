"""Issue 17, phase 2: table mode (sector and range typed, AB-13..AB-15), the GM's "Reveal allocations"
(AB-22: the split hidden from the players until then), and aura power beyond the attack roll (AB-20: on
response PP for a response turn, on action PP to pay a defence). Values derived by hand from the digest
(``shared/seeds/003``) and the made-up demo cards (``resources/aura_battler/demo_duel.json``)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.games.aura_battler.rules import duel_messages as m
from tests.test_aura_battler_duel import HORNET, LARK, SPLITS, Duel


@pytest.mark.rule("AB-13")
@pytest.mark.rule("AB-14")
@pytest.mark.rule("AB-15")
def test_table_mode_takes_the_typed_sector_range_and_front_row() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.SetTableMode(on=True))
    assert duel.state.table_mode
    with pytest.raises(RulesError) as untyped:
        duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert untyped.value.key == "error.ab_table_inputs"
    table = m.TableGeometry(sector="BB", range=2, front_row=True)
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0, table=table))
    # On the map the Lark is 5 hexes off in the Hornet's FR; typed: BB at 2 along the front row. 14.1:
    # 9 (wing cannon) + 2 (attack PP) − 1 (thrust 3 on the Lark's table) − 4 (evasion) − 1 (defence PP)
    # − ceil((4 − 2) / 3) = 1 (15.3) + 2 (BB, 14.3) + 1 (front row, 14.4) = 7
    assert (seen.sector, seen.range, seen.hit.value) == ("BB", 2, 7)
    assert ("ab.term.target_speed", -1) in seen.hit.terms and ("ab.term.front_row", 1) in seen.hit.terms
    assert seen.chance == Fraction(21, 36) == Fraction((icepool.d6 + icepool.d6 <= 7).probability(True))
    sword = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None, defence="parry",
                                                        table=m.TableGeometry(sector="FL", range=1, front_row=True)))
    # a sword from the Hornet's FL (its parry arc is FF FL): parry allowed, no front-row bonus (14.4)
    assert sword.defended and "ab.term.front_row" not in dict(sword.hit.terms)
    with pytest.raises(RulesError) as arc:
        duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None, defence="parry",
                                                    table=m.TableGeometry(sector="FR", range=1)))
    assert arc.value.key == "error.ab_parry_not_allowed"  # FR is outside the Hornet's arc (16.2)
    made = duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, table=table, hit_faces=(6, 1),
                             damage_faces=(2,)))[0]
    assert (made.sector, made.range, made.value, made.hit) == ("BB", 2, 7, True)
    duel.run(m.SetTableMode(on=False))
    assert duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0, table=table)).sector == "FR"


@pytest.mark.rule("AB-22")
def test_the_split_stays_hidden_from_the_players_until_the_gm_reveals_it() -> None:
    duel = Duel()
    with pytest.raises(RulesError) as early:
        duel.run(m.RevealAllocations())
    assert early.value.key == "error.ab_allocate_first"  # nobody has allocated yet

    def players() -> dict[str, tuple[str | None, set[str]]]:
        shot = duel.rules.snapshot(duel.state, "players")
        return {row.id: (row.score, {t.key for t in row.tracks} | {b.key for b in row.badges}) for row in shot.rows}

    duel.allocate()
    hidden = players()
    assert hidden[LARK][0] == "…" and "pp" not in hidden[LARK][1] and "aura" not in hidden[LARK][1]
    gm = duel.rules.snapshot(duel.state, "gm").rows[0]
    assert gm.score == "3" and gm.track("pp") is not None  # the GM sees the Lark's 3 action PP
    duel.run(m.RevealAllocations())
    shown = players()
    assert shown[LARK][0] == "3" and "pp" in shown[LARK][1] and "aura" in shown[LARK][1]  # 3 aura (Aya)
    with pytest.raises(RulesError):
        duel.run(m.RevealAllocations())  # already shown
    duel.run(m.StartTurn())  # a new turn hides again (22.2: a new split)
    assert players()[LARK][0] == "…"


@pytest.mark.rule("AB-20")
@pytest.mark.rule("AB-12")
def test_aura_power_on_response_pp_just_before_a_response_turn() -> None:
    duel = Duel()
    duel.allocate()  # the Lark gives nothing to response (SPLITS)
    with pytest.raises(RulesError) as none:
        duel.run(m.ResponseTurn(unit=LARK, sides=1))
    assert none.value.key == "error.ab_no_response_pp"
    turned = duel.run(m.ResponseTurn(unit=LARK, sides=1, aura=1))[0]
    # 20.1: aura power used like PP, allocated just before use: 0 + 1 response PP, 1 paid (12.2); aura 3 → 2
    assert (turned.response_before, turned.response, turned.aura_spent) == (0, 0, 1)
    lark = duel.state.units[LARK]
    assert (lark.aura, lark.facing, lark.points.response) == (2, 2, 0)
    assert duel.rules.describe(turned).startswith("Demo Lark puts 1 aura power on response PP.")
    with pytest.raises(RulesError) as much:
        duel.run(m.ResponseTurn(unit=LARK, sides=1, aura=3))  # only 2 left
    assert much.value.key == "error.ab_aura_left"


@pytest.mark.rule("AB-20")
@pytest.mark.rule("AB-16")
def test_aura_power_on_action_pp_pays_a_defence() -> None:
    duel = Duel()
    duel.allocate({**SPLITS, HORNET: (0, 2, 2, 1, 1, 1)})  # the Hornet keeps no action PP
    bare = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert not bare.defended  # 16.4: no action PP, evasion and defence PP count 0
    paid = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0, aura_action=1))
    # 20.1 aura on action PP: 1 action PP pays the evasion (16.3); terms −4 evasion, −2 defence PP
    assert paid.defended and ("ab.term.evasion", -4) in paid.hit.terms and ("ab.term.defence_pp", -2) in paid.hit.terms
    assert (paid.defender_points.action, paid.defender_points.defence, paid.defender_aura) == (0, 1, 3)  # Bron 4 − 1
