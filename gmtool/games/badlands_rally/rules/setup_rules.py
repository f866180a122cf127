"""The race setup (BR-4), from the digest's プレイの手順 1–3: the players at the table clockwise, each with
one or two gears (a two-player game: two gears each); the order they choose their gears in — each
player rolls 1D6, the highest chooses first, the tied roll again among themselves; the upgrades
(:mod:`.setup_upgrades`) and the pole position (:mod:`.setup_pole`).

The gears' clockwise order with players named: :mod:`.seats`.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterator

from gmtool.core.dice import roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.seats import GEARS_PER_PLAYER

REROLLS_MAX = 100


def decide(state: RaceState, command: Command, rng: random.Random, readings: RuleReadings) -> tuple[Event, ...]:
    if state.round > 0:
        raise RulesError("error.br_setup_over")
    if isinstance(command, s.SetPlayers):
        return (_players(state, command),)
    if isinstance(command, s.AssignGear):
        return (_assigned(state, command),)
    if isinstance(command, s.RollChoiceOrder):
        return (choice_order(state, command, rng),)
    if isinstance(command, s.SetUpgradeMode):
        if command.mode == state.upgrade_mode:
            raise RulesError("error.no_change")
        return (s.UpgradeModeSet(mode=command.mode, before=state.upgrade_mode),)
    if isinstance(command, s.GiveUpgrade | s.ChooseTwins):
        from gmtool.games.badlands_rally.rules.setup_upgrades import choose_twins, give_upgrade

        return (give_upgrade(state, command, rng) if isinstance(command, s.GiveUpgrade) else choose_twins(state, command),)
    if isinstance(command, s.RollPolePosition):
        from gmtool.games.badlands_rally.rules.setup_pole import roll_pole

        return roll_pole(state, command, rng, readings)
    raise RulesError("error.unknown_command", kind=command.kind)


def _players(state: RaceState, command: s.SetPlayers) -> s.PlayersSet:
    """The players clockwise: each named once (the same name in another case or width is the same
    player), and each racing a gear already (プレイの手順 1: every player races one or two gears; give
    the gear its player on its card first)."""
    names = tuple(p.strip() for p in command.players)
    if any(not p or len(p) > 40 for p in names):
        raise RulesError("error.br_name")
    seen: dict[str, str] = {}
    for name in names:
        if _same_name(name) in seen:
            raise RulesError("error.br_player_twice", player=name)
        seen[_same_name(name)] = name
    if names == state.players:
        raise RulesError("error.no_change")
    _every_player_races(state, names)
    return s.PlayersSet(players=names, before=state.players)


def _same_name(name: str) -> str:
    """A player's name as compared: "Aiko", "aiko" and "ａｉｋｏ" are one player."""
    return unicodedata.normalize("NFKC", name).casefold()


def _every_player_races(state: RaceState, players: tuple[str, ...]) -> None:
    """Refused while a player named holds no gear (nobody rolls for a gear that is not in the race)."""
    seats = {gear.seat for gear in state.gears.values()}
    idle = [p for p in players if p not in seats]
    if idle:
        raise RulesError("error.br_player_without_gear", players=", ".join(idle), count=len(idle))


def _assigned(state: RaceState, command: s.AssignGear) -> s.GearAssigned:
    gear = state.gears.get(command.gear)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=command.gear)
    if command.player not in state.players:
        raise RulesError("error.br_no_player", player=command.player)
    if gear.seat == command.player:
        raise RulesError("error.no_change")
    held = [g.name for g in state.gears.values() if g.seat == command.player]
    if len(held) >= GEARS_PER_PLAYER:
        raise RulesError("error.br_two_gears", player=command.player, gears=", ".join(held))
    return s.GearAssigned(gear=gear.id, name=gear.name, player=command.player, before=gear.seat)


def choice_order(state: RaceState, command: s.RollChoiceOrder, rng: random.Random) -> s.ChoiceOrderRolled:
    """Each player's 1D6, the highest first; each group of tied players rolls again among themselves."""
    if not state.players:
        raise RulesError("error.br_no_players")
    _every_player_races(state, state.players)  # a gear given to another player may have left one with none
    draw = _typed_draw(command.faces) if command.faces is not None else (lambda _p: roll_d6(rng, 1)[0])
    rolls: list[tuple[s.PlayerDie, ...]] = []
    order = _settle(list(state.players), draw, rolls)
    return s.ChoiceOrderRolled(rolls=tuple(rolls), order=tuple(order))


def _typed_draw(faces: dict[str, tuple[int, ...]]) -> Callable[[str], int]:
    left: dict[str, Iterator[int]] = {p: iter(dice) for p, dice in faces.items()}

    def draw(player: str) -> int:
        die = next(left.get(player, iter(())), None)
        if die is None:
            raise RulesError("error.br_choice_tie", player=player)
        if not 1 <= die <= 6:
            raise RulesError("error.faces_range")
        return die

    return draw


def _settle(group: list[str], draw: Callable[[str], int], rolls: list[tuple[s.PlayerDie, ...]]) -> list[str]:
    """``group`` ranked by its dice, highest first; each tie settled by its players rolling again."""
    for _ in range(REROLLS_MAX):
        dice = {p: draw(p) for p in group}
        rolls.append(tuple(s.PlayerDie(player=p, die=d) for p, d in dice.items()))
        if len(group) == 1 or len(set(dice.values())) > 1:
            break
    else:  # pragma: no cover - a hundred ties in a row
        raise RulesError("error.br_choice_tie", player=", ".join(group))
    order: list[str] = []
    for value in sorted(set(dice.values()), reverse=True):
        tied = [p for p in group if dice[p] == value]
        order += tied if len(tied) == 1 else _settle(tied, draw, rolls)
    return order
