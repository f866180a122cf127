"""Surprise in SR5 encounters (the SR4 digest's rule, SR4-C9, as the SR5 digest has none)."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules import effect_messages as em
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.surprise import SurpriseEntry, SurpriseTest


def run(enc: Encounter, command):  # noqa: ANN001, ANN201
    entry = enc.prepare(command)
    enc.commit(entry)
    return entry.events


def fight(seed: int) -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=seed)
    for sheet in demo_definition().combatants:
        run(enc, cmd.AddCombatant(sheet=sheet))
    run(enc, cmd.StartTurn())
    return enc


def surprised_case() -> tuple[Encounter, list]:  # noqa: ANN401
    for seed in range(1, 200):
        enc = fight(seed)
        entries = [SurpriseEntry(combatant=f"c{i}", side="a", awareness="ambush") for i in (1, 2, 3)]
        entries += [SurpriseEntry(combatant=f"c{i}", side="b") for i in (4, 5, 6)]
        events = run(enc, SurpriseTest(entries=tuple(entries)))
        if any(e.kind == "surprised" and e.combatant == "c4" for e in events):
            return enc, events
    raise AssertionError("no seed gave a surprise")


@pytest.mark.rule("SR4-C9")
def test_surprise_rolls_reaction_and_intuition_with_the_ambush_bonus() -> None:
    enc, events = surprised_case()
    rolls = {e.combatant: e for e in events if e.kind == "dice_test_rolled"}
    assert set(rolls) == {f"c{i}" for i in range(1, 7)}
    assert ("pool.ambushing", 6) in rolls["c1"].terms and all(label != "pool.ambushing" for label, _ in rolls["c4"].terms)
    for e in events:
        if e.kind == "surprised":
            for by in e.by:
                assert rolls[by].counted_hits > rolls[e.combatant].counted_hits  # ties surprise nobody
    c4 = enc.state.combatants["c4"]
    assert c4.surprised_by


@pytest.mark.rule("SR4-C9")
def test_the_surprised_cannot_act_against_surprisers_or_interrupt_in_the_first_pass() -> None:
    enc, _events = surprised_case()
    c4 = enc.state.combatants["c4"]
    surpriser = c4.surprised_by[0]
    with pytest.raises(RulesError) as info:
        enc.prepare(tc.RollOpposedTest(combatant="c4", pool=tc.PoolSpec(attribute="AGI", skill=3), opponent=surpriser,
                                       opponent_pool=tc.PoolSpec(attribute="REA")))
    assert info.value.key == "error.surprised_by_target"
    run(enc, cmd.AdjustInitiative(combatant="c4", delta=20))
    with pytest.raises(RulesError) as info:
        enc.prepare(em.DeclareInterrupt(combatant="c4", interrupt="dodge"))
    assert info.value.key == "error.surprised_no_interrupt"
    while enc.state.pass_number == 1:
        run(enc, cmd.NextPhase())
    assert not enc.state.combatants["c4"].surprised_by  # surprise ends with the first pass


def test_a_combatant_cannot_be_on_both_sides() -> None:
    enc = fight(1)
    with pytest.raises(RulesError) as info:
        enc.prepare(SurpriseTest(entries=(SurpriseEntry(combatant="c1", side="a"), SurpriseEntry(combatant="c1", side="b"))))
    assert info.value.key == "error.surprise_sides"
    with pytest.raises(RulesError) as info:
        enc.prepare(SurpriseTest(entries=(SurpriseEntry(combatant="c1", side="a"), SurpriseEntry(combatant="c2", side="a"))))
    assert info.value.key == "error.surprise_two_sides"
