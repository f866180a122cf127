"""The attack's events in words: one log line each, and the breakdown lines a report prints."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import active_language, term_label, tr
from gmtool.core.tables.engine import EFFECTS_TABLE, FREE_TABLE
from gmtool.games.shadowrun.rules.attack.messages import (
    AttackResolved,
    CalledShotResolved,
    FullDefenceDeclared,
    Reloaded,
    RoundsFired,
    SuppressionTested,
    SuppressiveFireEnded,
    SuppressiveFireStarted,
    TermRecord,
    TestRecord,
    ZoneMarked,
)
from gmtool.games.shadowrun.rules.shadowrun import faces_text
from gmtool.games.shadowrun.rules.tables.models import TABLE_ID_PATTERN
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import called_shot_rules

_TABLE_ID = re.compile(TABLE_ID_PATTERN)


def term_text(term: TermRecord) -> str:
    """A breakdown term in the active language, with its table or rule and page."""
    where = term_source(term)
    return f"{term_words(term)} {term.value:+d}" + (f" ({where})" if where else "")


def term_words(term: TermRecord) -> str:
    """A term's label in the active language (a table row's own Japanese words in Japanese)."""
    return term.ja if active_language() == "ja" and term.ja else term_label(term.label)


def term_source(term: TermRecord) -> str:
    """Where a term comes from, in the active language: a table row's table (a house rule said so)
    and page, the GM's own modifier, the effects in force, or the rule; "" when nothing is recorded."""
    page = tr("attack.page", page=term.page) if term.page else ""
    return ", ".join(part for part in (_where(term), page) if part)


def is_table_row(term: TermRecord) -> bool:
    """A modifier the GM ticked or typed (a table row, his own, an effect in force), not a base term."""
    if term.table_title or term.source in (FREE_TABLE, EFFECTS_TABLE):
        return True
    return _TABLE_ID.match(term.source) is not None


def _where(term: TermRecord) -> str:
    if term.source == FREE_TABLE:
        return tr("breakdown.gm_modifier")
    if not term.source or term.source.startswith(("effect:", "text:")):
        return ""
    title = _table_title(term)
    if term.house:
        return tr("breakdown.house_rule", table=title or term.source)
    return title or term.source


def _table_title(term: TermRecord) -> str:
    """The title recorded with the row; for older logs the shipped table's, found by its id."""
    if term.table_title:
        return term.table_title_ja if active_language() == "ja" and term.table_title_ja else term.table_title
    if term.source == EFFECTS_TABLE:
        return tr("tables.effects_title")
    if _TABLE_ID.match(term.source) is None:
        return ""
    from gmtool.games.shadowrun.rules.tables.loader import shipped_tables

    table = shipped_tables().get(term.source)
    return table.title.text(active_language()) if table is not None else ""


def _test(record: TestRecord) -> str:
    ignored = record.edge_use in ("add_before", "add_after")  # Push the Limit: the limit does not count
    limit = tr("attack.limit", limit=record.limit) if record.limit is not None and not ignored else ""
    typed = tr("log.typed_mark") if record.typed else ""
    glitch = tr("attack.critical_glitch") if record.critical_glitch else (tr("attack.glitch") if record.glitch else "")
    if record.glitch_negated:
        glitch = tr("attack.glitch_negated")
    return tr("attack.test", pool=record.pool, faces=faces_words(record), hits=record.hits, limit=limit) + typed + glitch


def faces_words(record: TestRecord) -> str:
    """The faces in rolling order; Edge dice and Second Chance's rerolls named where they start."""
    faces = record.faces
    first = len(faces) - record.rerolls
    text = faces_text(faces[:first])
    if record.edge_dice and record.edge_use in ("add_before", "add_after"):
        own = min(record.pool, first)
        text = faces_text(faces[:own]) + " " + tr("attack.edge_dice", faces=faces_text(faces[own:first]))
    if record.rerolls:
        text += " " + tr("attack.rerolled", faces=faces_text(faces[first:]))
    return text.strip()


def _damage(e: AttackResolved) -> str:
    if not e.hit:
        return tr("attack.miss")
    if e.no_damage:
        return tr("attack.no_damage", net=e.net_hits)
    soak = _test(e.soak) if e.soak is not None else ""
    text = tr(
        "attack.damage", net=e.net_hits, dv=e.dv, track=tr(f"attack.track.{e.track}"), armour=e.modified_armour,
        soak=soak, applied=e.applied,
    )
    if e.knockdown:
        text += tr("attack.knockdown")
    if e.condition != "conscious":
        text += tr(f"attack.condition.{e.condition}")
    return text


def ammo_label(key: str) -> str:
    """An ammunition type's name in the active language (either edition's table)."""
    from gmtool.games.shadowrun.rules.weapons.ammo import ammo_table

    for edition in ("sr5", "sr4"):
        found = ammo_table(edition).ammunition.get(key)
        if found is not None:
            return found.label.text()
    return key


def attack_line(e: AttackResolved) -> str:
    mode = f" ({e.mode})" if e.mode else ""
    distance = tr("attack.distance", metres=f"{e.distance:g}") if e.distance is not None else ""
    defence = _test(e.defence) if e.defence is not None else tr("attack.no_defence")
    return tr(
        "log.attack", attacker=e.attacker_name, target=e.target_name, weapon=e.weapon_name, mode=mode,
        distance=distance, attack=_test(e.attack), defence=defence, chance=f"{e.hit_chance:.0%}", result=_damage(e),
    )


def breakdown_lines(e: AttackResolved) -> list[str]:
    """Every term of every figure (X-3), for the report and the log's tooltip."""
    lines = [tr("attack.breakdown.attack") + " " + "; ".join(term_text(t) for t in e.attack.terms)]
    if e.defence is not None:
        lines.append(tr("attack.breakdown.defence") + " " + "; ".join(term_text(t) for t in e.defence.terms))
    if e.hit:
        lines.append(tr("attack.breakdown.dv") + " " + "; ".join(term_text(t) for t in e.damage_value))
        lines.append(tr("attack.breakdown.armour") + " " + "; ".join(term_text(t) for t in e.armour))
        if e.soak is not None:
            lines.append(tr("attack.breakdown.soak") + " " + "; ".join(term_text(t) for t in e.soak.terms))
        if e.knockdown_terms:
            lines.append(tr("attack.breakdown.knockdown") + " " + "; ".join(term_text(t) for t in e.knockdown_terms))
    if e.readings:
        lines.append(tr("attack.breakdown.readings") + " " + "; ".join(reading_text(r) for r in e.readings))
    return lines


def reading_text(recorded: str) -> str:
    """A recorded rule reading ("sr5_multiple_attacks:book") in words: the rule and the reading."""
    key, _, reading = recorded.partition(":")
    return tr("readings.applied", rule=tr(f"readings.{key}.name"), reading=tr(f"readings.{key}.{reading}"))


def called_shot_name(shot: str) -> str:
    """A called shot's name: the SR5 catalogue's words, or the SR4 options' message."""
    kinds = called_shot_rules().kinds
    return kinds[shot].label.text() if shot in kinds else tr(f"attack.called_shot.{shot}")


def called_shot_line(e: CalledShotResolved) -> str:
    fallen = tr("log.called_shot.fall", names=", ".join(e.prone)) if e.prone else ""
    fields: dict[str, Any] = {"attacker": e.attacker_name, "target": e.target_name, "fallen": fallen}
    if not e.hit:
        return tr("log.called_shot.missed", shot=called_shot_name(e.shot), **fields)
    if e.shot == "blast_out_of_hands":
        fields["metres"] = e.distance_m or 0
    elif e.shot == "knock_down":
        strength, limit = e.knock_down or (0, 0)
        fields |= {"strength": strength, "limit": limit, "fallen": fallen or tr("log.called_shot.stands")}
    elif e.shot == "shake_up":
        lost = tr("log.called_shot.loses_action") if e.loses_action else ""
        fields |= {"delta": f"{e.initiative_change:+d}", "lost": lost}
    elif e.shot == "splitting_the_damage":
        physical, stun = e.split or (0, 0)
        fields |= {"physical": physical, "stun": stun}
    elif e.shot == "trick_shot":
        fields["dice"] = e.bonus_dice
    elif e.shot in ("vitals", "sr4_damage"):
        fields["dv"] = e.extra_dv
    elif e.shot == "harder_knock":
        fields["track"] = tr("attack.track.stun" if e.stun else "attack.track.physical")
    return tr(f"log.called_shot.{e.shot}", **fields)


def zone_line(e: SuppressiveFireStarted) -> str:
    length = tr("attack.zone_length", metres=e.length_m) if e.length_m else ""
    return tr(
        "log.suppressive_fire_started", name=e.name, weapon=e.weapon_name, attack=_test(e.attack), length=length,
        turn=e.turn, hits=e.hits, dv=e.dv, type=tr(f"weapons.code.type.{e.damage_type}.sr5"), ap=e.ap,  # SR5-F8
    )


def suppression_line(e: SuppressionTested) -> str:
    if not e.hit:
        result = tr("attack.suppression_safe")
    else:
        soak = _test(e.soak) if e.soak is not None else ""
        result = tr(
            "attack.suppression_damage", dv=e.dv, track=tr(f"attack.track.{e.track}"), armour=e.modified_armour,
            soak=soak, applied=e.applied,
        )
        if e.condition != "conscious":
            result += tr(f"attack.condition.{e.condition}")
    return tr(
        "log.suppression_tested", name=e.name, shooter=e.shooter_name, test=_test(e.test), threshold=e.threshold,
        result=result,
    )


def zone_marked_line(e: ZoneMarked) -> str:
    return tr("log.zone_marked", shooter=e.shooter_name, names=", ".join(e.names), hits=e.hits)


def zone_ended_line(e: SuppressiveFireEnded) -> str:
    lifted = tr("log.zone_lifted", names=", ".join(e.lifted)) if e.lifted else ""
    return tr(f"log.suppressive_fire_ended.{e.reason}", name=e.name, lifted=lifted)


def full_defence_line(e: FullDefenceDeclared) -> str:
    return tr("log.full_defence_owed" if e.owed else "log.full_defence_now", name=e.name)


RENDERERS: dict[str, Callable[[Any], str]] = {
    "attack_resolved": attack_line,
    "rounds_fired": lambda e: tr(
        "log.round_fired" if e.rounds == 1 else "log.rounds_fired", name=e.name, weapon=e.weapon_name, rounds=e.rounds,
        left=e.left,
    ),
    "called_shot_resolved": called_shot_line,
    "suppressive_fire_started": zone_line,
    "suppression_tested": suppression_line,
    "zone_marked": zone_marked_line,
    "suppressive_fire_ended": zone_ended_line,
    "full_defence_declared": full_defence_line,
    "reloaded": lambda e: tr(
        "log.reloaded", name=e.name, weapon=e.weapon_name, rounds=e.rounds, action=tr(f"action.{e.action}"),
        ammo=ammo_label(e.ammo_type),
    ),
}

__all__ = [
    "RENDERERS", "AttackResolved", "Reloaded", "RoundsFired", "attack_line", "breakdown_lines", "called_shot_line",
    "called_shot_name", "faces_words", "is_table_row", "suppression_line", "term_source", "term_text", "term_words",
    "zone_line",
]
