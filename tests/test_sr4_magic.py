"""SR4 magic through the SR4 encounter's journal (issue 18, magic: SR4-S1..S9).

Expected values are worked out by hand from the SR4 digest ``shared/seeds/000_85eb82309217704e.txt``
§4 (lines 176-253), faces typed at the table (X-2) so the dice are known; a hit is a 5 or a 6 (§1).
Where the digest is open the book's reading is named (combat spell damage = Force + net hits).
The mage: Willpower 4, Logic 5, Charisma 2, Magic 4 (hermetic: drain with WIL + LOG = 9 dice).
The goon: Willpower 3, Body 4 (physical monitor 8 + 2 = 10).
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import catalogue, drain_value, spell
from gmtool.games.shadowrun.sr4.rules.magic_pools import cast_odds
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet

MISS = 2
HIT = 6


def faces(hits: int, dice: int) -> tuple[int, ...]:
    return (HIT,) * hits + (MISS,) * (dice - hits)


def sheet(name: str, magic: int = 0, tradition: str = "hermetic", **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | attributes
    return Sheet(name=name, attributes=values, edge_points=values["EDG"], magic=magic, tradition=tradition)


class Fight:
    """The mage (c1), the goon (c2), a second mage (c3: Magic 3)."""

    def __init__(self) -> None:
        self.session = EncounterSession(Encounter(SR4Ruleset(), 7), MemoryStore(), 1)
        self.run(cmd.AddCombatant(sheet=sheet("Mage", magic=4, WIL=4, LOG=5, CHA=2)))
        self.run(cmd.AddCombatant(sheet=sheet("Goon", WIL=3, BOD=4)))
        self.run(cmd.AddCombatant(sheet=sheet("Hedge", magic=3, WIL=3, LOG=3)))

    def run(self, command):  # noqa: ANN001, ANN201 - the events of the command
        return self.session.execute(command).events

    @property
    def state(self):  # noqa: ANN201
        return self.session.encounter.state

    def sheet(self, cid: str) -> Sheet:
        return self.state.combatants[cid].sheet


def kinds(events, kind: str) -> list:  # noqa: ANN001
    return [e for e in events if e.kind == kind]


def cast(fight: Fight, **more):  # noqa: ANN003, ANN201
    values = {"combatant": "c1", "spell": "manabolt", "force": 4, "targets": ("c2",), "skill": 3} | more
    return fight.run(mm.CastSpell(**values))


@pytest.mark.rule("SR4-S1")
def test_force_is_at_most_magic_times_two_and_a_mundane_casts_nothing() -> None:
    fight = Fight()
    # §4.1 line 181: フォースは【魔力】×2まで: Magic 4 → Force 8 at most.
    with pytest.raises(RulesError) as refused:
        cast(fight, force=9)
    assert refused.value.key == "error.sr4_force_range"
    assert kinds(cast(fight, force=8, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(9, 9)),
                 "spell_resolved")
    with pytest.raises(RulesError) as mundane:
        cast(fight, combatant="c2", targets=("c1",))
    assert mundane.value.key == "error.sr4_not_awakened"


@pytest.mark.rule("SR4-S1")
def test_the_pool_takes_foci_visibility_and_minus_two_per_sustained_spell() -> None:
    fight = Fight()
    # §4.1 lines 183, 185: Magic 4 + Spellcasting 3 + foci 2 − visibility 2 = 7 dice.
    events = cast(fight, foci=2, visibility=-2, faces=faces(0, 7), target_faces=(faces(0, 3),),
                  drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[0].pool == 7
    # A sustained spell (Invisibility, no target) leaves −2 on the caster's tests: 4 + 3 − 2 = 5.
    cast(fight, spell="invisibility", force=2, targets=(), faces=faces(1, 7), drain_faces=faces(9, 9))
    assert len(fight.state.magic.sustained) == 1
    events = cast(fight, faces=faces(0, 5), target_faces=(faces(0, 3),), drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[0].pool == 5


@pytest.mark.rule("SR4-S2")
def test_hits_count_up_to_the_force_and_a_combat_spell_deals_force_plus_net_hits() -> None:
    fight = Fight()
    # Line 186: ヒットはフォースまで: 7 hits at Force 2 count 2; the goon's 1 hit leaves 1 net hit.
    # Line 191: more hits for the caster → the effect grows with net hits: 2 + 1 = 3 physical boxes.
    events = cast(fight, force=2, faces=faces(7, 7), target_faces=(faces(1, 3),), drain_faces=faces(9, 9))
    result = kinds(events, "spell_resolved")[0]
    assert (result.hits, result.resisted_hits, result.net_hits, result.outcome) == (2, 1, 1, "effect")
    assert (result.damage, result.track) == (3, "physical")
    assert fight.sheet("c2").physical_damage == 3  # through the damage command's path
    assert kinds(events, "damage_applied")[0].combatant == "c2"


@pytest.mark.rule("SR4-S2")
def test_the_target_winning_or_a_tie_gives_no_effect_unless_the_gm_allows_the_minimal_one() -> None:
    fight = Fight()
    # Line 189: the target has more hits → no effect.
    events = cast(fight, faces=faces(1, 7), target_faces=(faces(2, 3),), drain_faces=faces(9, 9))
    assert kinds(events, "spell_resolved")[0].outcome == "resisted" and not kinds(events, "damage_applied")
    # Line 190: a tie → the minimal effect or none: none by default ...
    events = cast(fight, faces=faces(2, 7), target_faces=(faces(2, 3),), drain_faces=faces(9, 9))
    assert kinds(events, "spell_resolved")[0].outcome == "resisted"
    # ... the minimal effect when the GM says so: Force 4 + 0 net hits = 4 boxes.
    events = cast(fight, faces=faces(2, 7), target_faces=(faces(2, 3),), drain_faces=faces(9, 9),
                  tie_takes_effect=True)
    assert kinds(events, "spell_resolved")[0].outcome == "minimal"
    assert fight.sheet("c2").physical_damage == 4


@pytest.mark.rule("SR4-S3")
def test_drain_is_resisted_with_willpower_and_the_traditions_attribute_stun_up_to_magic() -> None:
    fight = Fight()
    # Manabolt Force 4: drain 4 ÷ 2 = 2. Line 192: WIL 4 + LOG 5 = 9 dice; 1 hit → 1 box.
    # Line 194: Force 4 ≤ Magic 4 → stun.
    events = cast(fight, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(1, 9))
    drain = kinds(events, "drain_resisted")[0]
    assert (drain.drain_value, drain.hits, drain.boxes, drain.track) == (2, 1, 1, "stun")
    assert kinds(events, "dice_test_rolled")[-1].pool == 9
    assert fight.sheet("c1").stun_damage == 1


@pytest.mark.rule("SR4-S3")
def test_force_above_magic_drains_physical_and_wounds_and_sustaining_do_not_count() -> None:
    fight = Fight()
    fight.run(cmd.ApplyDamage(combatant="c1", track="stun", boxes=3))  # wound modifier −1
    cast(fight, spell="invisibility", force=2, targets=(), faces=faces(1, 6), drain_faces=faces(9, 9))
    # Force 5 > Magic 4 → physical (line 195); drain 5 ÷ 2 = 2; 0 hits → 2 boxes.
    # Line 195: wound and sustaining modifiers do not touch the drain test: still 9 dice.
    events = cast(fight, force=5, faces=faces(0, 4), target_faces=(faces(0, 3),), drain_faces=faces(0, 9))
    assert kinds(events, "dice_test_rolled")[-1].pool == 9
    drain = kinds(events, "drain_resisted")[0]
    assert (drain.drain_value, drain.boxes, drain.track) == (2, 2, "physical")
    assert fight.sheet("c1").physical_damage == 2


@pytest.mark.rule("SR4-S3")
def test_a_shamanic_mage_drains_with_willpower_and_charisma() -> None:
    fight = Fight()
    # Line 192: 【意志力】+ the tradition's attribute; shamanic: CHA: 4 + 2 = 6 dice.
    events = cast(fight, tradition="shamanic", faces=faces(0, 7), target_faces=(faces(0, 3),),
                  drain_faces=faces(0, 6))
    assert kinds(events, "dice_test_rolled")[-1].pool == 6


@pytest.mark.rule("SR4-S4")
def test_spell_defence_adds_counterspelling_to_the_protected_resistance() -> None:
    fight = Fight()
    # §4.2 line 206: the protected add Counterspelling: Willpower 3 + 3 = 6 dice.
    fight.run(mm.DeclareSpellDefence(combatant="c3", protects=("c2",), counterspelling=3))
    events = cast(fight, faces=faces(0, 7), target_faces=(faces(0, 6),), drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[1].pool == 6
    fight.run(mm.DeclareSpellDefence(combatant="c3", protects=()))  # the defence ends
    events = cast(fight, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[1].pool == 3


@pytest.mark.rule("SR4-S5")
def test_dispelling_removes_a_hit_per_net_hit_and_the_dispeller_resists_drain() -> None:
    fight = Fight()
    cast(fight, spell="invisibility", force=3, targets=(), faces=faces(3, 7), drain_faces=faces(9, 9))
    kept = next(iter(fight.state.magic.sustained.values()))
    assert kept.hits == 3
    # Line 212: Counterspelling 2 + Magic 3 = 5 dice against Force 3 + the caster's Magic 4 = 7 dice.
    events = fight.run(mm.DispelSpell(combatant="c3", spell=kept.id, skill=2, faces=faces(3, 5),
                                      opponent_faces=faces(1, 7), drain_faces=faces(0, 6)))
    rolled = kinds(events, "dice_test_rolled")
    assert (rolled[0].pool, rolled[1].pool) == (5, 7)
    assert kinds(events, "spell_weakened")[0].hits_after == 1  # 3 − (3 − 1)
    # Line 214: the dispeller resists drain: Invisibility Force 3: 3 ÷ 2 + 1 = 2; Force 3 ≤ Magic 3 → stun.
    drain = kinds(events, "drain_resisted")[0]
    assert (drain.drain_value, drain.boxes, drain.track) == (2, 2, "stun")
    events = fight.run(mm.DispelSpell(combatant="c3", spell=kept.id, skill=2, faces=faces(1, 5),
                                      opponent_faces=faces(0, 7), drain_faces=faces(6, 6)))
    assert kinds(events, "spell_ended") and not fight.state.magic.sustained
    assert not [e for e in fight.state.effects.values() if e.holder == "c1"]  # its −2 is gone


@pytest.mark.rule("SR4-S1")
def test_dropping_a_sustained_spell_ends_its_minus_two() -> None:
    fight = Fight()
    cast(fight, spell="levitate", force=2, targets=("c2",), faces=faces(2, 7), target_faces=(faces(0, 4),),
         drain_faces=faces(9, 9))
    kept = next(iter(fight.state.magic.sustained.values()))
    assert [e.modifier for e in fight.state.effects.values() if e.holder == "c1"] == [-2]
    fight.run(mm.DropSpell(spell=kept.id))
    assert not fight.state.magic.sustained and not fight.state.effects


@pytest.mark.rule("SR4-S6")
def test_summoning_net_hits_are_services_and_the_spirit_joins_with_a_force_sheet() -> None:
    fight = Fight()
    # §4.3 line 224: Magic 4 + Summoning 3 = 7 dice against Force 3 dice; 4 against 1 → 3 services (line 228).
    events = fight.run(mm.SummonSpirit(combatant="c1", spirit="fire", force=3, skill=3, faces=faces(4, 7),
                                       spirit_faces=faces(1, 3), drain_faces=faces(0, 9)))
    summoned = kinds(events, "spirit_summoned")[0]
    assert summoned.services == 3
    spirit = fight.sheet(summoned.spirit)
    assert spirit.metatype == "spirit" and spirit.attributes["BOD"] == 3 and spirit.attributes["EDG"] == 1
    # Line 230: drain = the spirit's hits × 2, at least 2: 1 × 2 = 2; Force 3 ≤ Magic 4 → stun.
    drain = kinds(events, "drain_resisted")[0]
    assert (drain.drain_value, drain.boxes, drain.track) == (2, 2, "stun")
    # Line 218: one summoned spirit at a time.
    with pytest.raises(RulesError) as second:
        fight.run(mm.SummonSpirit(combatant="c1", spirit="air", force=2, skill=3))
    assert second.value.key == "error.sr4_one_spirit"
    fight.run(mm.UseService(spirit=summoned.spirit))
    assert fight.state.magic.spirits[summoned.spirit].services == 2
    fight.run(mm.ReleaseSpirit(spirit=summoned.spirit))
    assert summoned.spirit not in fight.state.combatants and not fight.state.magic.spirits


@pytest.mark.rule("SR4-S6")
def test_a_tie_summons_nothing_and_drain_follows_the_spirits_hits() -> None:
    fight = Fight()
    # Line 227: a tie → not summoned; the spirit's 3 hits → drain 3 × 2 = 6 (line 230).
    events = fight.run(mm.SummonSpirit(combatant="c1", spirit="earth", force=6, skill=3, faces=faces(3, 7),
                                       spirit_faces=faces(3, 6), drain_faces=faces(1, 9)))
    assert kinds(events, "summoning_failed") and not kinds(events, "spirit_summoned")
    drain = kinds(events, "drain_resisted")[0]
    # Force 6 > Magic 4 → physical (line 233); 6 − 1 hit = 5 boxes.
    assert (drain.drain_value, drain.boxes, drain.track) == (6, 5, "physical")
    # No hits for the spirit: drain is still 2 (minimum, line 230). The 5 physical boxes cost −1: 6 dice.
    events = fight.run(mm.SummonSpirit(combatant="c1", spirit="earth", force=2, skill=3, faces=faces(1, 6),
                                       spirit_faces=faces(0, 2), drain_faces=faces(9, 9)))
    assert kinds(events, "drain_resisted")[0].drain_value == 2


@pytest.mark.rule("SR4-S7")
def test_astral_perception_takes_two_dice_from_tests() -> None:
    fight = Fight()
    # §4.4 line 241: while perceiving, physical actions −2: Agility 3 + skill 2 − 2 = 3 dice.
    fight.run(AddEffect(combatant="c1", key="astral_perception"))
    events = fight.run(tc.RollTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=2), faces=faces(0, 3)))
    assert kinds(events, "dice_test_rolled")[0].pool == 3


@pytest.mark.rule("SR4-S8")
def test_projection_lasts_up_to_magic_hours() -> None:
    fight = Fight()
    # §4.5 line 245: up to Magic hours: Magic 4 → 5 hours refused, 4 allowed.
    with pytest.raises(RulesError) as long:
        fight.run(mm.AstralProjection(combatant="c1", hours=5))
    assert long.value.key == "error.sr4_projection_hours"
    fight.run(mm.AstralProjection(combatant="c1", hours=4))
    assert fight.state.magic.projecting == {"c1": 4}
    fight.run(mm.AstralProjection(combatant="c1", hours=0))
    assert fight.state.magic.projecting == {}


@pytest.mark.rule("SR4-S9")
def test_a_signature_lasts_force_hours_and_force_complex_actions_erase_it() -> None:
    fight = Fight()
    events = cast(fight, force=3, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(9, 9))
    left = kinds(events, "astral_signature_left")[0]
    assert left.force == 3  # §4.6 line 253: lasts Force hours
    fight.run(mm.EraseSignature(combatant="c1", signature=left.signature, actions=2))
    assert fight.state.magic.signatures[left.signature].erased_actions == 2
    events = fight.run(mm.EraseSignature(combatant="c1", signature=left.signature))
    assert kinds(events, "astral_signature_erased")[0].gone and not fight.state.magic.signatures  # 3 = Force


def test_the_catalogue_marks_rulebook_spells_and_the_gms_own() -> None:
    book = catalogue()
    categories = {s.category for s in book.spells.values() if s.source == "rulebook"}
    assert categories == {"combat", "detection", "health", "illusion", "manipulation"}
    assert any(s.source == "gm" for s in book.spells.values())
    assert drain_value(spell("powerball"), 6) == 6  # 6 ÷ 2 + 3


@pytest.mark.rule("SR4-S2")
def test_the_odds_before_the_roll_match_icepool() -> None:
    # 6 dice, hits capped at Force 3, against 4 dice; drain 2 against 5 dice.
    hit = icepool.Die({0: 4, 1: 2})
    caster, target = (6 @ hit).map(lambda hits: min(hits, 3)), 4 @ hit
    win = (caster > target).probability(True)
    tie = (caster == target).probability(True)
    odds = cast_odds(6, 3, (("attr.WIL", 4),), 5, 2)
    assert odds.effect == pytest.approx(float(Fraction(win)))
    assert odds.tie == pytest.approx(float(Fraction(tie)))
    drained = (5 @ hit >= 2).probability(True)
    assert odds.no_drain == pytest.approx(float(Fraction(drained)))


def test_magic_replays_from_the_journal() -> None:
    fight = Fight()
    cast(fight, spell="invisibility", force=2, targets=(), faces=faces(2, 7), drain_faces=faces(9, 9))
    fight.run(mm.SummonSpirit(combatant="c1", spirit="man", force=2, skill=3, faces=faces(3, 5),
                              spirit_faces=faces(0, 2), drain_faces=faces(9, 9)))
    replayed = Encounter(SR4Ruleset(), 7)
    for entry in fight.session.encounter.entries:
        for event in entry.events:
            replayed.ruleset.apply(replayed.state, event)
    assert replayed.state.magic == fight.state.magic
    fight.session.undo()
    assert not fight.state.magic.spirits and len(fight.state.magic.sustained) == 1


def test_the_log_reads_in_the_digests_japanese_words() -> None:
    fight = Fight()
    events = cast(fight, faces=faces(3, 7), target_faces=(faces(1, 3),), drain_faces=faces(1, 9))
    set_language("ja")
    try:
        lines = [SR4Ruleset().describe(e) for e in events]
    finally:
        set_language("en")
    text = "\n".join(lines)
    # §4.1: フォース (line 181), 純ヒット (line 191), ドレイン (line 192), 精神ダメージ (line 194).
    assert "マナボルト（フォース4）" in text and "純ヒット2" in text and "ドレイン2に抵抗" in text


@pytest.mark.rule("SR4-S1")
def test_in_a_combat_turn_casting_takes_a_complex_action_of_the_casters_phase() -> None:
    fight = Fight()
    fight.run(cmd.StartTurn())
    while fight.state.actor not in ("c1", "c3"):
        fight.run(cmd.NextPhase())
    caster = fight.state.actor
    other = "c3" if caster == "c1" else "c1"
    # Not its phase: refused while the action is charged (SR4-C2), allowed when the GM unticks it.
    with pytest.raises(RulesError) as elsewhere:
        cast(fight, combatant=other, force=1)
    assert elsewhere.value.key == "error.not_your_phase"
    assert kinds(cast(fight, combatant=other, force=1, charge_action=False), "spell_resolved")
    paid = kinds(cast(fight, combatant=caster, force=1), "action_taken")
    assert [(e.action_kind, e.paid) for e in paid] == [("complex", "complex")]
    with pytest.raises(RulesError) as spent:  # one complex action per phase
        cast(fight, combatant=caster, force=1)
    assert spent.value.key == "error.phase_budget_spent"
