"""From a library template to the edition's combat sheet, so an encounter can be built from it.

The sheet keeps what the tracker needs (attributes, initiative, Edge, damage
already taken); the template keeps the rest. The sheet computes its monitors
from Body and Willpower (SR4-MT8, SR5-A6) and has no field for bonus boxes, so
a template whose monitors differ from the standard size keeps them in
:func:`monitor_bonus` for the caller (see the report to the lead). A template
that breaks the sheet's own checks (e.g. an attribute beyond the metatype's
augmented maximum) raises the sheet's RulesError, naming the field.
"""

from __future__ import annotations

from gmtool.library.exchange import EncounterEntry, EncounterPlan
from gmtool.library.template import (
    AnyTemplate,
    SR4Template,
    SR5Template,
    standard_monitors,
)
from gmtool.rulesets.shadowrun import NAME_MAX
from gmtool.rulesets.sr4 import sheet as sr4_sheet
from gmtool.rulesets.sr5 import sheet as sr5_sheet

AnySheet = sr4_sheet.Sheet | sr5_sheet.Sheet


def _common(template: AnyTemplate, name: str | None, is_npc: bool) -> dict[str, object]:
    return {
        "name": (name or template.name)[:NAME_MAX],
        "metatype": template.metatype,
        "is_npc": is_npc,
        "attributes": dict(template.attributes),
        "initiative_bonus": template.initiative_bonus,
        "edge_points": template.attributes["EDG"],
        "physical_damage": template.monitors.physical_filled,
        "stun_damage": template.monitors.stun_filled,
    }


def to_sr5_sheet(template: SR5Template, *, name: str | None = None, is_npc: bool = True) -> sr5_sheet.Sheet:
    sheet = sr5_sheet.Sheet(**_common(template, name, is_npc), initiative_dice=template.initiative_dice)
    sr5_sheet.check_sheet(sheet)
    return sheet


def to_sr4_sheet(template: SR4Template, *, name: str | None = None, is_npc: bool = True) -> sr4_sheet.Sheet:
    sheet = sr4_sheet.Sheet(**_common(template, name, is_npc), initiative_passes=template.initiative_passes)
    sr4_sheet.check_sheet(sheet)
    return sheet


def to_sheet(template: AnyTemplate, *, name: str | None = None, is_npc: bool = True) -> AnySheet:
    """The combat sheet of the template's edition (RulesError if the sheet refuses it)."""
    if isinstance(template, SR5Template):
        return to_sr5_sheet(template, name=name, is_npc=is_npc)
    return to_sr4_sheet(template, name=name, is_npc=is_npc)


def monitor_bonus(template: AnyTemplate) -> tuple[int, int]:
    """Boxes the template has beyond (or below) the standard monitors: (physical, stun)."""
    standard = standard_monitors(template.attributes["BOD"], template.attributes["WIL"])
    return (template.monitors.physical_boxes - standard.physical_boxes,
            template.monitors.stun_boxes - standard.stun_boxes)


def member_names(template: AnyTemplate, count: int) -> list[str]:
    """``Ganger 1`` … ``Ganger n`` for several copies; the plain name for one."""
    if count == 1:
        return [template.name]
    return [f"{template.name[: NAME_MAX - 4]} {i}" for i in range(1, count + 1)]


def entry_sheets(entry: EncounterEntry) -> list[AnySheet]:
    """One sheet per member of an encounter entry."""
    return [to_sheet(entry.template, name=n) for n in member_names(entry.template, entry.count)]


def plan_sheets(plan: EncounterPlan) -> tuple[list[AnySheet], list[AnySheet]]:
    """The runners' sheets (not NPCs) and the opposition's sheets, in the plan's order."""
    runners = [to_sheet(t, is_npc=False) for t in plan.runners]
    npcs = [sheet for entry in plan.entries for sheet in entry_sheets(entry)]
    return runners, npcs
