"""SR4 spell defence and dispelling as the GM reads them in the log (SR4-S4, SR4-S5).

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``) §4; the fighters are test_sr4_magic's: the mage
(c1, Magic 4), the goon (c2), Hedge (c3: Magic 3, Willpower 3, Logic 3, hermetic). Faces are typed (X-2).
"""

from __future__ import annotations

import pytest

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from tests.test_sr4_magic import Fight, cast, faces


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("SR4-S4")
def test_the_log_says_whom_a_spell_defence_guards_and_when_it_ends() -> None:
    # 000 §4.2 line 206: declared beforehand for those in sight, who add the defender's Counterspelling (3 here).
    fight = Fight()
    [declared] = fight.run(mm.DeclareSpellDefence(combatant="c3", protects=("c2", "c1"), counterspelling=3))
    assert describe(declared) == "Hedge guards Goon, Mage with spell defence (Counterspelling 3)"
    [ended] = fight.run(mm.DeclareSpellDefence(combatant="c3", protects=()))
    assert describe(ended) == "Hedge ends the spell defence"


@pytest.mark.rule("SR4-S5")
def test_the_dispelling_roll_reads_counterspelling_plus_magic_against_force_plus_the_casters_magic() -> None:
    # 000 line 212: Counterspelling 2 + Magic 3 = 5 dice against Force 3 + the caster's Magic 4 = 7 dice;
    # 3 hits against 1: 2 net hits, each removing one of the spell's 3 hits: 1 left.
    fight = Fight()
    cast(fight, spell="invisibility", force=3, targets=(), faces=faces(3, 7), drain_faces=faces(9, 9))
    kept = next(iter(fight.state.magic.sustained.values()))
    said = [describe(e) for e in fight.run(mm.DispelSpell(combatant="c3", spell=kept.id, skill=2, faces=faces(3, 5),
                                                          opponent_faces=faces(1, 7), drain_faces=faces(0, 6)))]
    assert said[:3] == [
        "Hedge — Invisibility (opposed): Magic +3 Counterspelling +2 = 5 dice vs 0: [6 6 6 2 2] (typed) → 3 hits, "
        "hits counted",
        "Opponent resists — Invisibility: Force + caster's Magic +7 = 7 dice vs 0: [6 2 2 2 2 2 2] (typed) → 1 hit, "
        "hits counted",
        "Hedge dispels Invisibility: 2 net hits, 1 of its hits left"]


def test_the_log_filter_finds_the_defender_and_everyone_a_spell_defence_guards() -> None:
    # The log's filter by combatant and Undo's words: the one who declares first, then those guarded, by name.
    from gmtool.core.game import Involved

    fight = Fight()
    [declared] = fight.run(mm.DeclareSpellDefence(combatant="c3", protects=("c2", "c1"), counterspelling=3))
    assert fight.session.encounter.ruleset.involved(declared) == (
        Involved("c3", "Hedge"), Involved("c2", "Goon"), Involved("c1", "Mage"))
