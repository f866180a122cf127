"""What a Shadowrun event may have changed (:class:`gmtool.core.game.Touched`), both editions.

Most events concern the combatants they name (``combatant``, ``attacker``, ``target``,
``actor``/``opponent``, ``shared_with`` for a shared grunt monitor): their rows and sheets, and
with the events that pass a phase, score or Edge, the order and the heading. A new turn or pass,
initiative, surprise, groups, zones and rule options change the whole order: everything.
``tests/test_touched.py`` checks it against the rows themselves (the oracle).
"""

from __future__ import annotations

from gmtool.core.game import EVERYTHING, Part, Touched
from gmtool.core.messages import Event

ROW: frozenset[Part] = frozenset({"tracks", "badges", "sheet", "effects"})
ORDER: frozenset[Part] = frozenset({"order", "heading"})

# Events that change only the combatants they name (and with ``ORDER_KINDS`` the order and heading).
LOCAL_KINDS = frozenset({
    "attack_resolved", "called_shot_resolved", "rounds_fired", "reloaded", "action_taken", "sheet_changed",
    "damage_applied", "effect_added", "effect_ended", "edge_spent", "edge_refreshed", "edge_burnt", "moved",
    "sprinted", "dice_test_rolled", "test_rolled", "opposed_test_resolved", "retry_counted", "retries_cleared",
    "full_defence_declared", "interrupt_declared", "score_adjusted", "blitz_declared", "initiative_seized",
    "action_phase_ended", "phase_started", "phase_delayed", "delayed_action_taken", "extra_pass_gained",
    "first_in_pass", "suppression_tested", "extended_test_started",
    # SR4 spells: a spell's outcome and its drain change nothing a row shows (their damage comes as
    # damage_applied), a signature is the casting tab's; a cast among 200 combatants reads two rows.
    "spell_resolved", "drain_resisted", "astral_signature_left", "astral_signature_erased",
})
# Of those, the ones that may move a combatant in the order, change the current mark or the heading.
ORDER_KINDS = frozenset({
    "action_phase_ended", "phase_started", "phase_delayed", "delayed_action_taken", "score_adjusted",
    "interrupt_declared", "full_defence_declared", "extra_pass_gained", "first_in_pass", "initiative_seized",
    "blitz_declared", "action_taken", "edge_spent", "edge_burnt", "edge_refreshed", "called_shot_resolved",
    "sheet_changed", "attack_resolved", "damage_applied", "suppression_tested", "effect_added", "effect_ended",
})
NAMING_FIELDS = ("combatant", "attacker", "target", "actor", "opponent", "shooter", "caster")


def named_combatants(event: Event) -> frozenset[str]:
    """The combatants an event names (and those sharing a grunt group's monitor with them)."""
    ids = {value for name in NAMING_FIELDS if isinstance(value := getattr(event, name, None), str)}
    ids.update(getattr(event, "shared_with", ()) or ())
    return frozenset(ids)


def touched(event: Event) -> Touched:
    """What ``event`` may have changed."""
    if event.kind == "combatant_added" or event.kind == "combatant_removed":
        return Touched(named_combatants(event), frozenset({"roster", "order", "heading"}))
    if event.kind not in LOCAL_KINDS:
        return EVERYTHING
    parts = ROW | ORDER if event.kind in ORDER_KINDS else ROW
    return Touched(named_combatants(event), parts)
