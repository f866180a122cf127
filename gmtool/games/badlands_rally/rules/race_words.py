"""The race's events in words for the log (the active language), and the log's shape."""

from __future__ import annotations

from functools import cache

from gmtool.core.display import Breakdown, LogShape, ModifierLine
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_words as scenario_rule_words
from gmtool.games.badlands_rally.rules import special_words
from gmtool.games.badlands_rally.rules.push_messages import GearPushed
from gmtool.games.badlands_rally.rules.push_words import area_words, push_words
from gmtool.games.badlands_rally.rules.race_reaction_words import reaction_words

SIDES = ("n", "ne", "se", "s", "sw", "nw")


def facing_name(facing: int) -> str:
    return tr(f"br.facing.{SIDES[facing % 6]}")


def speed_name(speed: str) -> str:
    return tr(f"br.speed.{speed}")


def describe(event: Event) -> str:
    if isinstance(event, m.CourseSet):
        return tr("br.event.course", name=event.course.name, columns=event.course.columns, rows=event.course.rows)
    if isinstance(event, m.GearAdded):
        return tr("br.event.added", name=event.name, seat=event.seat, hex=event.hex, facing=facing_name(event.facing))
    if isinstance(event, m.RoundStarted):
        return tr("br.event.round", round=event.round)
    if isinstance(event, m.SpeedDeclared):
        return tr("br.event.speed", name=event.name, speed=speed_name(event.speed), mr=event.mr)
    if isinstance(event, m.GearStepped):
        return _stepped(event)
    if isinstance(event, m.GearPlaced):
        if event.before == event.after:
            return tr("br.event.gm_turned", name=event.name, facing=facing_name(event.facing))
        return tr("br.event.placed", name=event.name, before=event.before, after=event.after,
                  facing=facing_name(event.facing)) + _passed(event)
    if isinstance(event, m.ActivationEnded):
        ended = tr("br.event.ended", name=event.name, mr=event.mr_unused)
        return f"{ended} {tr('br.event.this_is_a_race', name=event.name)}" if event.against_course else ended
    if isinstance(event, m.AttackMade):
        return attack_words(event)
    if isinstance(event, m.InitiativeRolled):
        return initiative_words(event)
    if isinstance(event, m.SpinResolved):
        return spin_words(event)
    if isinstance(event, m.SpecialMoveMade):
        return move_words(event)
    if isinstance(event, m.ScenarioChosen):
        return scenario_words(event)
    if isinstance(event, m.VictoryContested):
        return scenario_rule_words.contested(event) if event.derby else tr("br.event.contested", names=", ".join(event.names))
    if isinstance(event, m.RaceWon):
        return won_words(event)
    if isinstance(event, m.Recovered):
        words = tr("br.event.recovered", name=event.name, die=event.die, hull_before=event.hull_before,
                   hull=event.hull, structure_before=event.structure_before, structure=event.structure)
        return f"{words} {tr('br.event.action_back')}" if event.action_back else words
    if isinstance(event, m.CrowdRallied):
        return tr("br.event.rallied", name=event.name, tokens=event.tokens)
    if isinstance(event, m.TableModeSet):
        return tr("br.event.table_mode_on" if event.on else "br.event.table_mode_off")
    if isinstance(event, m.GearEdited):
        return tr("br.event.edited", field=tr(f"br.field.{event.field}"), old=event.old, new=event.new)
    if isinstance(event, GearPushed):
        return push_words(event)
    return special_words.describe(event) or scenario_rule_words.describe(event) or reaction_words(event)


def _stepped(event: m.GearStepped) -> str:
    if event.step in ("left", "right"):
        return tr(f"br.event.turned_{event.step}", name=event.name, facing=facing_name(event.facing),
                  cost=event.cost, left=event.mr_left)
    return tr(f"br.event.moved_{event.step}", name=event.name, before=event.before, after=event.after,
              cost=event.cost, left=event.mr_left) + _passed(event)


def _passed(event: m.GearStepped | m.GearPlaced) -> str:
    if event.lap is not None:
        return " " + tr("br.event.lap", name=event.name, lap=event.lap)
    if event.checkpoint is not None:
        return " " + tr("br.event.checkpoint", name=event.name, number=event.checkpoint + 1)
    return ""


@cache
def log_shape() -> LogShape:
    moves = frozenset({"br_stepped", "br_placed", "br_speed_declared", "br_special_move_made"})
    return LogShape(families=(("br_moves", moves), ("br_attacks", frozenset({"br_attack_made", "br_spin_resolved", "br_reaction_offered", "br_reaction_chosen", "br_reactions_resolved", "br_pushed"}))), headings=(("br_round_started", 0), ("br_speed_declared", 1)))


def faces_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) if faces else "—"


def attack_words(event: m.AttackMade) -> str:
    """The attack in one line: who, with what, the check, the damage and what it did."""
    head = tr("br.event.attack", name=event.attacker_name, target=event.name, weapon=event.weapon,
              range=event.range, side=tr(f"br.side.{event.side}"))
    if event.margin is None:
        check = tr("br.event.attack_auto_fail")
    else:
        check = tr("br.event.attack_check", attack=faces_text(event.attack_faces), a=event.attack_value,
                   defence=faces_text(event.defence_faces), d=event.defence_value, margin=event.margin)
    parts = [head, check]
    if event.damage_dice:
        key = "br.event.blast" if event.blast else "br.event.damage"
        parts.append(tr(key, dice=event.damage_dice, faces=faces_text(event.damage_faces), hits=event.hits))
        parts.append(tr("br.event.hull_structure", hull_before=event.hull_before, hull=event.hull,
                        structure_before=event.structure_before, structure=event.structure))
    if event.rattled:
        parts.append(tr("br.event.rattled", name=event.name))
    if event.spins_out:
        parts.append(tr("br.event.spins_out", name=event.name, excess=event.excess))
    if event.area:
        parts.append(area_words(event))
    return " ".join(parts) + special_words.attack_extra(event)


def spin_words(event: m.SpinResolved) -> str:
    """The spin-out in one line: the turn, the skid, the collision and its damage."""
    if event.skipped:
        return tr("br.event.spin_skipped", name=event.name)
    way = tr("br.spin.clockwise" if event.clockwise else "br.spin.anticlockwise")
    move = tr("br.setup.event.the_move", first=event.die, second=event.second_die) + " " if event.second_die else ""
    if event.recovered:
        key = "br.event.spin_recovered" if event.token else "br.setup.event.the_move_recovered"
        return move + tr(key, name=event.name, way=way)
    parts = [move + tr("br.event.spin", name=event.name, die=max(event.die, event.second_die), way=way, facing=facing_name(event.facing),
                skid_die=event.skid_die, distance=event.distance, before=event.before, after=event.after)]
    if event.hit:
        parts.append(tr(f"br.event.collision_{event.hit}", hex=event.hit_hex))
    for hit in event.collisions:
        parts.append(tr("br.event.collision_damage", name=hit.name, dice=hit.dice, faces=faces_text(hit.faces),
                        hits=hit.hits, hull=hit.hull, structure=hit.structure))
        if hit.rattled:
            parts.append(tr("br.event.rattled", name=hit.name))
        if hit.spins_out:
            parts.append(tr("br.event.spins_in_turn", name=hit.name))
    return " ".join(parts)


def attack_breakdown(event: m.AttackMade) -> Breakdown:
    """The attack for the report: both pools term by term, every die, the odds before the roll."""
    lines = [ModifierLine(tr("br.breakdown.attack", term=tr(key)), f"{dice:+d}D6", "") for key, dice in event.attack_terms]
    lines += [ModifierLine(tr("br.breakdown.defence", term=tr(key)), f"{dice:+d}D6", "")
              for key, dice in event.defence_terms]
    pool = tr("br.breakdown.pool", attack=len(event.attack_faces), rating=event.attack_rating,
              defence=len(event.defence_faces), defence_rating=event.defence_rating)
    dice = tr("br.breakdown.dice", attack=faces_text(event.attack_faces), defence=faces_text(event.defence_faces),
              damage=faces_text(event.damage_faces))
    return Breakdown(pool=pool, modifiers=tuple(lines), dice=dice, odds=event.odds)


def initiative_words(event: m.InitiativeRolled) -> str:
    rolls = ["; ".join(tr("br.event.initiative_check", name=c.name, faces=faces_text(c.faces), value=c.value)
                       for c in checks) for checks in event.rolls]
    text = tr("br.event.initiative", rolls=tr("br.event.reroll_joiner").join(rolls))
    key = "br.event.initiative_ahead" if event.by_position else "br.event.initiative_won"
    won = tr(key, name=event.name)
    return f"{text} {won}" + (" " + tr("br.event.initiative_odds", odds=event.odds) if event.odds else "")


def move_words(event: m.SpecialMoveMade) -> str:
    """A burn rubber or a jump: the roll, then what it did."""
    parts = [tr(f"br.event.{event.move}", name=event.name, dice=event.dice, rating=event.rating,
                faces=faces_text(event.faces), successes=event.successes, odds=event.odds)]
    if event.equipment:
        parts.append(tr("br.setup.event.equipment"))
    if event.spins_out:
        parts.append(tr("br.event.move_all_ones", name=event.name))
    elif event.move == "burn_rubber":
        parts.append(tr("br.event.mr_now", before=event.mr_before, mr=event.mr_left))
    elif event.before != event.after:
        parts.append(tr("br.event.jumped", before=event.before, after=event.after, mr=event.mr_left))
    if event.obstacle:
        parts.append(tr("br.event.jump_obstacle", name=event.name, hex=event.obstacle))
    return " ".join(parts) + special_words.move_extra(event)


def scenario_words(event: m.ScenarioChosen) -> str:
    from gmtool.core.i18n import active_language
    from gmtool.games.badlands_rally.rules.scenarios import scenario_for

    scenario = scenario_for(event.die)
    language = active_language()
    key = "br.event.scenario_rolled" if event.rolled else "br.event.scenario_chosen"
    return tr(key, die=event.die, name=scenario.name(language), laps=event.laps, rule=scenario.rule(language))


def won_words(event: m.RaceWon) -> str:
    if not event.checks:
        return scenario_rule_words.derby_won(event) if event.derby else tr("br.event.won", name=event.name)
    checks = "; ".join(tr("br.event.contest_check", name=c.name, faces=faces_text(c.faces), value=c.value, score=s)
                       for c, s in zip(event.checks, event.scores, strict=True))
    key = "br.event.won_contest_ahead" if event.by_position else "br.event.won_contest"
    return tr(key, checks=checks, name=event.name)
