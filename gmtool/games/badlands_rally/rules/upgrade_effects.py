"""What a gear's upgrade (BR-20) changes in the race, from the digest's アップグレード種別: one more die
for Speed Demon (burn rubber), the Coiled Hydraulic Enhancer (jump) and Sponsorship Paint (every
initiative check: the round's, the pole position and the contested victory); the Twins' weapon one
better in Attack. The Move is in :mod:`.race_spin`; the Whacker and the Twins' range are in the gear's
weapons (:mod:`.setup_fold`).
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.games.badlands_rally.rules.actions import initiative_dice
from gmtool.games.badlands_rally.rules.race_state import RaceGear
from gmtool.games.badlands_rally.rules.upgrades import extra_die, twins_rating
from gmtool.games.badlands_rally.rules.victory import contested_dice

THE_MOVE = "the_move"
SPEED_DEMON = "speed_demon"
ENHANCER = "coiled_hydraulic_enhancer"
SPONSOR = "sponsorship_paint"
WHACKER = "whacker"
TWINS = "twins"
MOVE_UPGRADES = {"burn_rubber": SPEED_DEMON, "jump": ENHANCER}


def initiative_dice_of(gear: RaceGear) -> int:
    """The round's initiative check: 2D6, +1 per rally token, −1 rattled, +1 Sponsorship Paint."""
    return initiative_dice(gear.rally_tokens, gear.rattle.token) + extra_die(set(gear.upgrades), SPONSOR)


def contested_dice_of(gear: RaceGear) -> int:
    """The contested victory check: 2D6, −1 rattled, +1 Sponsorship Paint (僅差勝利の判定を含む)."""
    return contested_dice(gear.rattle.token) + extra_die(set(gear.upgrades), SPONSOR)


def pole_dice_of(gear: RaceGear) -> int:
    """The pole position's check: 2D6 (−1 rattled), +1 Sponsorship Paint (ポール・ポジションの決定を含む)."""
    return initiative_dice(0, gear.rattle.token) + extra_die(set(gear.upgrades), SPONSOR)


def move_upgrade_dice(gear: RaceGear, move: str) -> int:
    """Speed Demon: +1 die burning rubber; the Coiled Hydraulic Enhancer: +1 die jumping."""
    return extra_die(set(gear.upgrades), MOVE_UPGRADES.get(move, ""))


def armed(gear: RaceGear, weapon: int) -> RaceGear:
    """The gear as it attacks with ``weapon``: the Twins' weapon one better in Attack (4+ → 3+)."""
    if gear.twins is None or gear.twins != weapon:
        return gear
    return replace(gear, attack=twins_rating(gear.attack))
