"""The demo race (made-up data, not official cards): gmtool's own demo course and four made-up
gears of two players on its start zone, the first round begun. The GM types real cards."""

from __future__ import annotations

from gmtool.core.game import GameDemo
from gmtool.core.hex.map_file import HexMapFile, read_map
from gmtool.core.resources import resource_path
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race_map import kind_keys
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

# made-up weapons (not from any datacard): name, optimal, maximum, power, ±dice, burst, traits
GUN = WeaponCard(name="Demo autocannon", optimal=3, maximum=6, power=7)
ROCKETS = WeaponCard(name="Demo rocket pod", optimal=2, maximum=8, power=8, dice=-1, traits=("blast",))
FLAMER = WeaponCard(name="Demo flamer", optimal=1, maximum=2, power=6, traits=("heat",))
AXE = WeaponCard(name="Demo vibro-axe", optimal=1, maximum=1, power=3, traits=("melee",))
BURSTER = WeaponCard(name="Demo burst rifle", optimal=4, maximum=7, power=6, burst=1)
ARMS = ((GUN, AXE), (ROCKETS,), (FLAMER, AXE), (BURSTER,))

# name, seat, attack, defence, armour, hull, structure, cruising MR, top MR, hex, facing: all made up
GEARS = (
    ("Demo Sandhopper", "Aiko", 4, 3, 5, 2, 2, 6, 9, "1617", 5),
    ("Demo Dune Pig", "Ben", 4, 4, 7, 3, 2, 5, 8, "1618", 5),
    ("Demo Rustbucket", "Aiko", 5, 4, 6, 2, 3, 5, 8, "1717", 5),
    ("Demo Scrapjack", "Ben", 3, 4, 6, 2, 2, 6, 9, "1718", 5),
)


def demo_course() -> HexMapFile:
    text = resource_path("badlands_rally", "demo_course.json").read_text(encoding="utf-8")
    return read_map(text, kind_keys())


def demo() -> GameDemo:
    gears = tuple(
        m.AddGear(name=name, seat=seat, attack=attack, defence=defence, armour=armour, hull=hull, structure=structure,
                  cruising_mr=cruising, top_mr=top, hex=at, facing=facing, weapons=arms)
        for (name, seat, attack, defence, armour, hull, structure, cruising, top, at, facing), arms
        in zip(GEARS, ARMS, strict=True)
    )
    return GameDemo(names={"en": "Demo: a rally on the Dust Bowl loop (made up)",
                           "ja": "デモ：ダストボウル周回コースのラリー（架空）"},
                    seed=16, commands=(m.SetCourse(course=demo_course()), *gears, m.StartRound(first="g1")))
