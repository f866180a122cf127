"""How a Shadowrun log reads: turns and passes head it; the families the GM filters it by."""

from __future__ import annotations

from gmtool.core.display import LogShape
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.turn_events import SheetChanged

# A kind may be in several families (an attack is a test and deals damage).
LOG_SHAPE = LogShape(
    families=(
        ("initiative", frozenset({
            "turn_started", "pass_started", "turn_ended", "initiative_rolled", "ties_drawn", "scores_reduced",
            "score_adjusted", "phase_started", "action_phase_ended", "phase_delayed", "delayed_action_taken",
            "initiative_seized", "first_in_pass", "extra_pass_gained", "surprise_rolled", "surprise_decided",
            "surprise_ended", "surprised", "blitz_declared",
        })),
        ("actions", frozenset({
            "action_taken", "delayed_action_taken", "moved", "sprinted", "interrupt_declared", "rounds_fired",
            "reloaded", "full_defence_declared", "suppressive_fire_started",
        })),
        ("tests", frozenset({
            "test_rolled", "dice_test_rolled", "opposed_test_resolved", "retry_counted", "retries_cleared",
            "extended_test_started", "extended_test_progressed", "extended_test_ended", "attack_resolved",
            "sprinted", "surprise_rolled", "called_shot_resolved", "suppression_tested",
        })),
        ("damage", frozenset({"damage_applied", "attack_resolved"})),
        ("effects", frozenset({
            "effect_added", "effect_ended", "interrupt_declared", "full_defence_declared", "suppressive_fire_started",
            "suppressive_fire_ended", "zone_marked",
        })),
        ("edge", frozenset({
            "edge_spent", "edge_burnt", "edge_refreshed", "initiative_seized", "first_in_pass", "extra_pass_gained",
            "blitz_declared",
        })),
    ),
    headings=(("turn_started", 0), ("pass_started", 1)),
)
# A sheet edit belongs to a family by the field it edits (a GM typing damage or Edge by hand).
FIELD_FAMILIES = {"physical_damage": "damage", "stun_damage": "damage", "edge_points": "edge"}


def log_families(event: Event) -> frozenset[str]:
    """The filter families of an event's log line: its kind's, and a hand edit's by the field it edits."""
    found = LOG_SHAPE.families_of(event.kind)
    if isinstance(event, SheetChanged) and event.field in FIELD_FAMILIES:
        return found | {FIELD_FAMILIES[event.field]}
    return found
