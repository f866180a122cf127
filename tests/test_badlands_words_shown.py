"""The rally's words a GM reads (log lines, refusals, badges, the sheet, what a carried gear shows) where a
mutation run found them unchecked (issue 36): each the exact text, or the refusal's key and names."""

from __future__ import annotations

import pytest

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import in_language
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.carry import RallyCarry
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.special_messages import PyrotechnicsRallied
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import AXE, gear
from tests.test_badlands_reaction import race
from tests.test_badlands_specials import gear as special_gear
from tests.test_badlands_specials import race as special_race
from tests.test_badlands_upgrades_race import BLADE, RIFLE, upgraded
from tests.test_badlands_upgrades_race import gear as armed


class Unknown(Event):
    kind: str = "nothing_of_the_rally"


def test_an_event_the_rally_does_not_know_has_no_log_line() -> None:
    assert RallyRules().describe(Unknown()) == ""


def test_the_pyrotechnics_line_names_the_gear_that_rallies() -> None:
    event = PyrotechnicsRallied(gear="g1", name="Cobra", other="Hunter", tokens=2)
    assert RallyRules().describe(event) == "Pyrotechnics: Hunter took a rally token, Cobra rallies (2 tokens)."


@pytest.mark.rule("BR-20")
def test_a_special_moves_line_says_the_dice_its_specials_added() -> None:
    # Jump Jets (digest line 681): +2D6 to the jump; the line shows it.
    rules, state = special_race(special_gear("A", "0306", "jump_jets"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 1, 1, 1), specials=("jump_jets",)))
    assert "[Jump jets +2D6]" in rules.describe(made)


def test_a_special_the_gear_lacks_is_refused_by_its_datacard_name() -> None:
    rules, state = special_race(special_gear("A", "0306"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.SpecialMove(gear="g1", move="jump", specials=("jump_jets",)))
    assert refused.value.message() == "A cannot add Jump Jets to this roll."
    with in_language("ja"):  # the datacard's name in the GM's language
        with pytest.raises(RulesError) as refused:
            run(rules, state, m.SpecialMove(gear="g1", move="jump", specials=("jump_jets",)))
        assert refused.value.message() == "Aはこのロールに ジャンプジェット を加えられない。"


def test_a_gear_with_no_hits_left_is_told_by_name_to_recover() -> None:
    rules, state = special_race(special_gear("A", "0306"))
    run(rules, state, m.EditGear(gear="g1", field="hull", value=0), m.EditGear(gear="g1", field="structure", value=0))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5, 5)))
    assert refused.value.message() == "A has no hits left: it must recover first."


def test_a_reaction_from_a_gear_not_offered_one_names_it() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)),
                 gear("C", "0106", weapons=(AXE,)))
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, r.React(gear="g3", weapon=0))
    assert refused.value.message() == "C has no reaction offered now."


def test_a_gear_without_a_melee_weapon_offers_no_melee_reaction() -> None:
    # Condition A (digest line 530) needs a melee weapon's reach: B has none, A steps away unasked.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3))
    assert [e.kind for e in run(rules, state, m.StepGear(gear="g1", step="ahead"))] == ["br_stepped"]


def test_the_sheets_edits_keep_to_their_bounds_and_say_them() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"))
    (edited,) = run(rules, state, m.EditGear(gear="g1", field="seat", value="  Aiko "))
    assert (edited.old, edited.new) == ("A", "Aiko")
    (edited,) = run(rules, state, m.EditGear(gear="g1", field="attack", value=6))  # a rating from 2 to 6
    assert edited.new == 6
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.EditGear(gear="g1", field="attack", value=7))
    assert refused.value.message() == "A value from 2 to 6."
    seat = next(f for f in rules.sheet(state, "g1").fields if f.key == "seat")
    assert (seat.kind, seat.value) == ("text", "Aiko")


def test_the_finished_badge_is_good_news() -> None:
    from gmtool.games.badlands_rally.rules.race_view import _badges

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"))
    (finished,) = [b for b in _badges(state.gears["g1"], finished=True) if b.key == "finished"]
    assert (finished.text, finished.tone) == ("Finished", "good")


def test_the_same_players_again_change_nothing() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"), gear("B", "0305"),
        m.EditGear(gear="g1", field="seat", value="Aiko"), m.EditGear(gear="g2", field="seat", value="Ben"),
        s.SetPlayers(players=("Aiko", "Ben")))
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.SetPlayers(players=("Aiko", "Ben")))
    assert refused.value.key == "error.no_change"


def test_twins_of_a_weapon_the_gear_lacks_are_refused() -> None:
    rules, state = upgraded(("g1", 6), gears=(armed("A", "0505", weapons=(BLADE, RIFLE)), armed("B", "0304")),
                            start=False)
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.ChooseTwins(gear="g1", weapon=2))
    assert refused.value.key == "error.br_no_weapon"


def test_a_carried_gear_shows_its_hits_and_upgrades_and_what_changed() -> None:
    from gmtool.games.badlands_rally.library.templates import GearCard

    carry = RallyCarry()
    fresh = carry.fresh(GearCard(name="Hunter", hull=3, structure=4))
    hurt = fresh.model_copy(update={"hull": 0, "structure": 3, "upgrades": ("speed_demon",)})
    assert [(line.key, line.value) for line in carry.state_lines(hurt)] == [
        ("hull", "0/3"), ("structure", "3/4"), ("upgrades", "Speed Demon")]
    assert [(c.what, c.before, c.after) for c in carry.describe_changes(fresh, hurt)] == [
        ("Hull", "3/3", "0/3"), ("Structure", "4/4", "3/4"), ("Upgrades", "none", "Speed Demon")]
    with pytest.raises(FileFormatError) as refused:
        carry.read_carried({}, carry.carry_version + 1)
    assert f"this gmtool reads up to {carry.carry_version}" in refused.value.message()
