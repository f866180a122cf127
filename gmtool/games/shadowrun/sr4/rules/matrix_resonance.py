"""SR4 technomancers (000 §6): threading (SR4-T1), resonance signatures (T2), sprites (T3, T4).

Threading: Resonance + Software; each hit raises the complex form's rating by 1, up to Resonance × 2;
fading = the rise, resisted by Willpower + Resonance (no wound or sustaining modifiers), stun when
the rating is at most Resonance, else physical; a sustained thread is a −2 effect on the user.
Compiling: Resonance + Compiling against the sprite's Rating in dice; net hits = tasks owed; fading =
the sprite's hits × 2 (at least 2); one compiled (unregistered) sprite at a time, rating ≤ Resonance × 2.
Each use of Resonance leaves a signature: one hour per point of the attribute used. In a combat turn
threading, compiling and each action of erasing a signature are complex actions of the technomancer's
phase (:mod:`.matrix_phase`).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.decide_sheet import apply_damage
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.matrix_phase import action_events
from gmtool.games.shadowrun.sr4.rules.matrix_pools import (
    hits_of,
    icon,
    is_technomancer,
    matrix,
    owner,
    situation_terms,
    skill_term,
)
from gmtool.games.shadowrun.sr4.rules.matrix_state import Icon
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

RATING_FACTOR = 2  # SR4-T1, T4: Resonance × 2
MIN_COMPILE_FADING = 2  # SR4-T4: the sprite's hits × 2, at least 2
THREAD_EFFECT = "sustained_thread"  # resources/sr4/effects.json: −2 to all tests (SR4-T1)


def technomancer(state: EncounterState, icon_id: str) -> tuple[Icon, Combatant]:
    i = icon(state, icon_id)
    user = owner(state, i)
    if not is_technomancer(i) or user is None:
        raise RulesError("error.matrix_not_technomancer", name=i.sheet.name)
    return i, user


def resonance_terms(state: EncounterState, i: Icon, skill: str) -> Terms:
    return (("matrix.attr.resonance", i.sheet.resonance), skill_term(state, i, skill), *situation_terms(state, i))


def fading_terms(i: Icon, user: Combatant) -> Terms:
    """Willpower + Resonance; wound and sustaining modifiers do not apply (000 §6.1 step 5)."""
    return (("attr.WIL", user.sheet.attributes["WIL"]), ("matrix.attr.resonance", i.sheet.resonance))


def fading_track(i: Icon, rating: int) -> str:
    return "stun" if rating <= i.sheet.resonance else "physical"


def _check_pool(terms: Terms) -> None:
    if pool_of(terms) <= 0:
        raise RulesError("error.pool_empty", pool=pool_of(terms))


def fade(state: EncounterState, i: Icon, user: Combatant, fading: int, track: str, rng: random.Random,
         faces: tuple[int, ...] | None, events: list[Event]) -> tuple[int, int, list[Event]]:
    """Roll the fading resistance; (hits, boxes, the damage events to add after the deed's own)."""
    if fading <= 0:
        return 0, 0, []
    resisted = hits_of(user.sheet.name, "matrix.test.fading", "test", fading_terms(i, user), rng, faces, events)
    boxes = max(0, fading - resisted)
    if not boxes:
        return resisted, 0, []
    return resisted, boxes, list(apply_damage(state, cmd.ApplyDamage(combatant=user.id, track=track, boxes=boxes), rng))


def signature(state: EncounterState, i: Icon) -> mx.SignatureLeft:
    """SR4-T2: the attribute used was Resonance: that many hours."""
    return mx.SignatureLeft(signature=matrix(state).next_signature, icon=i.id, name=i.sheet.name,
                            rating=i.sheet.resonance)


def thread(state: EncounterState, command: mx.ThreadForm, rng: random.Random) -> list[Event]:
    i, user = technomancer(state, command.icon)
    top = i.sheet.resonance * RATING_FACTOR
    if command.rating > top:
        raise RulesError("error.matrix_rating_cap", name=i.sheet.name, limit=top)
    terms = resonance_terms(state, i, "software")
    _check_pool(terms)
    events: list[Event] = action_events(state, i, command.charge_action, rng)
    hits = hits_of(i.sheet.name, "matrix.test.threading", "test", terms, rng, command.faces, events)
    rating = min(top, command.rating + hits)
    fading, track = rating - command.rating, fading_track(i, rating)
    resisted, boxes, damage = fade(state, i, user, fading, track, rng, command.fading_faces, events)
    effect = None
    if command.sustain:
        added = effect_rules.new_effect(effect_table(), state, user, state.actor == user.id, THREAD_EFFECT,
                                        label=command.form)
        effect = added.effect
    events.append(mx.FormThreaded(
        icon=i.id, name=i.sheet.name, form=command.form, base=command.rating, rating=rating, fading=fading,
        resist_hits=resisted, boxes=boxes, track=track,
        thread=matrix(state).next_thread if command.sustain else None, effect=effect,
    ))
    if command.sustain:
        events.append(added)
    return events + damage + [signature(state, i)]


def drop_thread(state: EncounterState, command: mx.DropThread, rng: random.Random) -> list[Event]:
    t = matrix(state).threads.get(command.thread)
    if t is None:
        raise RulesError("error.matrix_no_thread", thread=command.thread)
    events: list[Event] = [mx.ThreadDropped(thread=t.id, name=icon(state, t.icon).sheet.name, form=t.form)]
    if t.effect is not None and t.effect in state.effects:
        events.extend(effect_rules.removal(state, t.effect))
    return events


def compiled_sprite(state: EncounterState, user: Combatant) -> Icon | None:
    return next((s for s in matrix(state).icons.values()
                 if s.sheet.kind == "sprite" and s.sheet.owner == user.id and not s.registered), None)


def compile_sprite(state: EncounterState, command: mx.CompileSprite, rng: random.Random) -> list[Event]:
    i, user = technomancer(state, command.icon)
    top = i.sheet.resonance * RATING_FACTOR
    if command.rating > top:
        raise RulesError("error.matrix_rating_cap", name=i.sheet.name, limit=top)
    if command.sprite_kind not in mx.SPRITES:
        raise RulesError("error.matrix_unknown_sprite", sprite=command.sprite_kind)
    existing = compiled_sprite(state, user)
    if existing is not None:
        raise RulesError("error.matrix_one_sprite", name=i.sheet.name, sprite=existing.sheet.name)
    terms = resonance_terms(state, i, "compiling")
    _check_pool(terms)
    events: list[Event] = action_events(state, i, command.charge_action, rng)
    hits = hits_of(i.sheet.name, "matrix.test.compiling", "actor", terms, rng, command.faces, events)
    sprite_hits = hits_of("", "matrix.test.sprite", "opponent", (("matrix.term.rating", command.rating),), rng,
                          command.sprite_faces, events)
    compiled = hits > sprite_hits  # a tie: not compiled
    fading = max(MIN_COMPILE_FADING, sprite_hits * 2)
    track = fading_track(i, command.rating)
    resisted, boxes, damage = fade(state, i, user, fading, track, rng, command.fading_faces, events)
    tasks = hits - sprite_hits if compiled else 0
    events.append(mx.SpriteCompiled(
        name=i.sheet.name, sprite_kind=command.sprite_kind, rating=command.rating, hits=hits,
        sprite_hits=sprite_hits, compiled=compiled, tasks=tasks, fading=fading, resist_hits=resisted, boxes=boxes,
        track=track,
    ))
    if compiled:
        events.append(sprite_added(state, i, user, command.sprite_kind, command.rating, tasks))
    return events + damage + [signature(state, i)]


def sprite_added(state: EncounterState, i: Icon, user: Combatant, kind: str, rating: int, tasks: int) -> mx.IconAdded:
    """The sprite joins as an icon: its Matrix attributes are its Rating (at most 10)."""
    value = min(rating, 10)
    sheet = mx.IconSheet(
        name=tr("matrix.sprite_name", sprite=tr(f"matrix.sprite.{kind}"), rating=rating, name=user.sheet.name), kind="sprite", owner=user.id, response=value, system=value,
        firewall=value, signal=value, rating=rating, sprite_kind=kind,
    )
    return mx.IconAdded(icon=f"m{matrix(state).next_icon}", name=sheet.name, sheet=sheet, tasks=tasks)


def register_sprite(state: EncounterState, command: mx.RegisterSprite, rng: random.Random) -> list[Event]:
    s = icon(state, command.icon)
    if s.sheet.kind != "sprite" or s.registered:
        raise RulesError("error.matrix_not_compiled_sprite", name=s.sheet.name)
    return [mx.SpriteRegistered(icon=s.id, name=s.sheet.name)]


def erase_signature(state: EncounterState, command: mx.EraseSignature, rng: random.Random) -> list[Event]:
    sig = matrix(state).signatures.get(command.signature)
    if sig is None:
        raise RulesError("error.matrix_no_signature", signature=command.signature)
    maker = matrix(state).icons.get(sig.icon)
    paid = action_events(state, maker, command.charge_action, rng) if maker is not None else []
    return [*paid, mx.SignatureErased(signature=sig.id, name=sig.name, rating=sig.rating)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "thread_form": thread, "drop_thread": drop_thread, "compile_sprite": compile_sprite,
    "register_sprite": register_sprite, "erase_signature": erase_signature,
}
