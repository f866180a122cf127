"""What the GM reads of the race setup (BR-4, BR-20): the pole position's chances before the roll (and none
once the race runs), a Twins gear's sheet and badges, the setup refusals, and the names in Japanese."""

from __future__ import annotations

import pytest

from gmtool.core.display import Badge
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.setup_view import pole_odds_text
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import run
from tests.test_badlands_setup import gear, setup

RIFLE = WeaponCard(name="Rifle", optimal=3, maximum=9, power=7)


@pytest.mark.rule("BR-4")
def test_the_pole_odds_are_shown_before_the_roll_and_not_after() -> None:
    # Two gears alike, 2D6 at 4+: a tie is rolled again (no gear is ahead at the start), so each 1/2.
    rules, state = setup(gear("A", "0106"), gear("B", "0206"))
    assert pole_odds_text(state, rules.readings) == "Pole position before the roll: A 50.0% · B 50.0%"
    run(rules, state, s.RollPolePosition(faces={"g1": (6, 2), "g2": (6, 5)}))
    assert state.round == 1 and pole_odds_text(state, rules.readings) == ""


@pytest.mark.rule("BR-4")
def test_a_pole_check_typed_for_some_gears_only_is_refused() -> None:
    rules, state = setup(gear("A", "0106"), gear("B", "0206"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.RollPolePosition(faces={"g1": (6, 2)}))  # nothing typed for B
    assert refused.value.key == "error.faces_count"


@pytest.mark.rule("BR-20")
def test_a_twins_gear_shows_its_upgrade_and_its_weapon() -> None:
    # Twins (digest lines 648-652): two of one weapon (Vibro Blade, Autocannon or Rifle).
    rules, state = setup(m.AddGear(name="A", seat="Aiko", attack=4, defence=4, armour=6, hull=2, structure=2,
                                   cruising_mr=5, top_mr=8, hex="0106", weapons=(RIFLE,)))
    run(rules, state, s.GiveUpgrade(gear="g1", die=6), s.ChooseTwins(gear="g1", weapon=0))
    sheet = rules.sheet(state, "g1")
    assert sheet is not None
    upgrade = next(f for f in sheet.fields if f.key == "upgrade")
    assert (upgrade.label, upgrade.value) == ("Upgrade", "Twins, twin Rifle ×2")
    twins, seat = rules.order(state)[0].badges  # the good news first, the player after
    assert seat == Badge("seat", "Aiko", "neutral", "Player: Aiko")
    assert (twins.key, twins.text, twins.tone) == ("upgrade_twins", "Twins", "good")


def test_a_gear_given_to_no_gear_is_refused_by_name() -> None:
    rules, state = setup(gear("A", "0106", "Aiko"), s.SetPlayers(players=("Aiko",)))
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.AssignGear(gear="g9", player="Aiko"))
    assert (refused.value.key, refused.value.message()) == ("error.br_no_gear", "There is no gear g9 in this race.")


@pytest.mark.rule("BR-19")
@pytest.mark.rule("BR-20")
def test_the_scenario_and_the_special_rules_are_named_in_japanese() -> None:
    # Digest line 580: 出目3「グラッジ マッチ / 怨恨試合」; line 662: ★ハイテク.
    from gmtool.games.badlands_rally.rules.scenarios import scenario_for
    from gmtool.games.badlands_rally.rules.special_words import special_name

    set_language("ja")
    assert "グラッジ" in scenario_for(3).name("ja") and special_name("high_tech") == "ハイテク"
    rules, state = setup()
    (chosen,) = run(rules, state, m.ChooseScenario(scenario=3))
    assert "グラッジ" in rules.describe(chosen)
    set_language("en")
    assert scenario_for(3).name("en") == "Grudge match" and special_name("high_tech") == "High-Tech"


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-4")
def test_the_pole_check_counts_the_dice_with_the_option() -> None:
    # A 6 1 and B 4 4 at 4+: counted A 1, B 2 — B takes the pole; the digest's reading A 6, B 5 — A does.
    from gmtool.core.readings import RuleReadings
    from gmtool.games.badlands_rally.rules.race import RallyRules
    from tests.test_badlands_setup import COURSE

    for book, pole in (({"br_check_count"}, "g2"), (set(), "g1")):
        rules = RallyRules(RuleReadings(book_for=frozenset(book)))
        state = rules.initial_state()
        run(rules, state, m.SetCourse(course=COURSE), gear("A", "0106"), gear("B", "0206"))
        rolled, _started = run(rules, state, s.RollPolePosition(faces={"g1": (6, 1), "g2": (4, 4)}))
        assert rolled.winner == pole
