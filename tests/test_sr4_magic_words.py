"""SR4 magic as the GM reads it (SR4-S1, S3, S9): the casting pool's terms, the drain line, the signature erased.

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``) §4; test_sr4_magic's mage: Magic 4, Willpower 4,
Logic 5 (hermetic: drain with Willpower + Logic = 9 dice); the goon: Willpower 3.
"""

from __future__ import annotations

import pytest

from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from tests.test_sr4_magic import Fight, cast, faces, kinds


@pytest.mark.rule("SR4-S3")
def test_the_casting_pool_and_the_drain_line() -> None:
    # Manabolt at Force 3: Magic 4 + Spellcasting 3 = 7 dice; drain 3 ÷ 2 = 1 (line 186), Force 3 ≤ Magic 4: stun
    # (SR4-S3); no drain hits: 1 box of stun.
    fight = Fight()
    events = cast(fight, force=3, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(0, 9))
    casting = kinds(events, "dice_test_rolled")[0]
    assert casting.terms == (("magic.term.magic", 4), ("magic.term.spellcasting", 3))
    assert describe(kinds(events, "drain_resisted")[0]) == "Mage resists drain 1: 0 hits, 1 box of Stun damage"


@pytest.mark.rule("SR4-S9")
def test_erasing_a_signature_counts_the_actions_then_says_it_is_gone() -> None:
    # 000 line 253: erased by spending Force complex actions: Force 3 → 1 of 3, then the last 2 erase it.
    fight = Fight()
    left = kinds(cast(fight, force=3, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(9, 9)),
                 "astral_signature_left")[0]
    first = fight.run(mm.EraseSignature(combatant="c1", signature=left.signature))
    assert describe(kinds(first, "astral_signature_erased")[0]) == "Mage erases signature #1: 1 of 3 complex actions"
    last = fight.run(mm.EraseSignature(combatant="c1", signature=left.signature, actions=2))
    assert describe(kinds(last, "astral_signature_erased")[0]) == "Mage erases signature #1 (3 complex actions)"


@pytest.mark.rule("SR4-S2")
def test_a_spell_nobody_resists_takes_effect_on_any_hit() -> None:
    # SR4-S2 with no resisting test: the effect needs one hit of 7 dice: 1 − (4/6)^7 = 2059/2187; no hit at all is
    # the tie (0 against 0), (4/6)^7 = 128/2187.
    from gmtool.games.shadowrun.sr4.rules.magic_pools import cast_odds

    odds = cast_odds(7, 4, None, 9, 2)
    assert odds.effect == pytest.approx(2059 / 2187, abs=1e-12) and odds.tie == pytest.approx(128 / 2187, abs=1e-12)


@pytest.mark.rule("SR4-S6")
def test_a_spirit_that_owes_no_more_services_is_refused_by_name() -> None:
    # 000 §4.3 line 228: net hits are services: 2 against 1 → 1 service; once used, none is owed.
    from gmtool.core.errors import RulesError

    fight = Fight()
    events = fight.run(mm.SummonSpirit(combatant="c1", spirit="fire", force=3, skill=3, faces=faces(2, 7),
                                       spirit_faces=faces(1, 3), drain_faces=faces(9, 9)))
    spirit = kinds(events, "spirit_summoned")[0].spirit
    fight.run(mm.UseService(spirit=spirit))
    with pytest.raises(RulesError) as info:
        fight.run(mm.UseService(spirit=spirit))
    assert str(info.value) == f"{fight.sheet(spirit).name} owes no more services."
