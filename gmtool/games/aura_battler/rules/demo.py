"""The demo duel (made-up data, not official cards): gmtool's own demo sky, two made-up battlers and
one made-up Wing Caliber with made-up pilots (``resources/aura_battler/demo_duel.json``), named in the
window's language, turn 1's PP allocation phase begun. The GM types real cards."""

from __future__ import annotations

from gmtool.core.game import GameDemo
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.cards import demo_duel
from gmtool.games.aura_battler.rules.terrain import demo_sky


def demo(language: str = "en") -> GameDemo:
    """The demo duel as the storage adds it, its names in ``language``."""
    duel = demo_duel(language)
    units = tuple(m.AddUnit(machine=duel.machine(u.machine), pilot=duel.pilot(u.pilot), side=u.side, hex=u.hex,
                            facing=u.facing, thrust=u.thrust) for u in duel.units)
    sky = demo_sky().model_copy(update={"name": duel.sky})
    return GameDemo(name=duel.name, seed=duel.seed, commands=(m.SetSky(sky=sky), *units, m.StartTurn()))
