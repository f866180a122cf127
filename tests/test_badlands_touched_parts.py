"""What the rally's events tell the views to redraw beyond the rows of the gears they name (the parts and
the game's own docks), each for what the GM would otherwise see stale: the order list's upgrade badge, the
actions dock's last roll, the map after a speed is declared."""

from __future__ import annotations

from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.special_messages import OffRoadRolled


def test_an_upgrade_redraws_the_order_list_and_the_actions_dock() -> None:
    # The order list's row shows the upgrade's badge; the actions dock its weapons and dice (a Whacker, Twins).
    touched = RallyRules().touched(s.UpgradeGiven(gear="g1", name="A", die=5, rolled=False, key="whacker"))
    assert touched.combatants == {"g1"} and {"order", "badges", "sheet"} <= touched.parts
    assert "br_attack" in touched.extra


def test_an_off_road_roll_shows_in_the_actions_dock() -> None:
    # The actions dock's moves page shows the last roll of the moves it makes (off-road among them).
    event = OffRoadRolled(gear="g1", name="A", round=1, dice=2, rating=4, faces=(5, 1), successes=1, odds="55.6%")
    touched = RallyRules().touched(event)
    assert touched.combatants == {"g1"} and {"sheet", "badges"} <= touched.parts and "br_attack" in touched.extra


def test_a_declared_speed_redraws_the_map() -> None:
    # The map redraws its overlays and targets for the gear now active at its speed.
    touched = RallyRules().touched(m.SpeedDeclared(gear="g1", name="A", speed="top", mr=8))
    assert "map" in touched.parts
