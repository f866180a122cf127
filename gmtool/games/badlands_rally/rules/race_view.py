"""What the shell draws of the race: the heading, the activation order with hull, structure and
MR left, a gear's sheet (its card values, typed by the GM), and what the active gear may do now."""

from __future__ import annotations

from gmtool.core.display import (
    Audience,
    Badge,
    Heading,
    Offer,
    OrderLayout,
    OrderRow,
    SheetField,
    SheetView,
    Snapshot,
    Track,
    for_players,
)
from gmtool.core.hex.coords import label
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_view, setup_view
from gmtool.games.badlands_rally.rules.off_balance import off_balance
from gmtool.games.badlands_rally.rules.race_reaction_words import reaction_heading
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.race_words import facing_name, speed_name
from gmtool.games.badlands_rally.rules.special_words import special_names
from gmtool.games.badlands_rally.rules.standings import standings
from gmtool.games.badlands_rally.rules.standings_words import standing_text
from gmtool.games.badlands_rally.rules.weapons import WeaponCard


def heading(state: RaceState, readings: RuleReadings | None = None) -> Heading:
    if state.winner is not None:
        return Heading(tr("br.heading.won", name=state.gears[state.winner].name))
    if state.contest:
        return Heading(tr("br.heading.contest", names=", ".join(state.gears[g].name for g in state.contest)))
    if state.current is None:
        odds = initiative_odds(state, readings or RuleReadings())
        if state.round == 0:
            return Heading(tr("br.heading.not_started"), odds)
        return Heading(tr("br.heading.round_over", round=state.round), odds)
    gear = state.gears[state.current]
    if state.reaction is not None:
        return Heading(*reaction_heading(state))
    return Heading(tr("br.heading.round", round=state.round, name=gear.name),
                   tr("br.heading.mr", mr=gear.mr_left) if gear.speed else tr("br.heading.declare"))


def initiative_odds(state: RaceState, readings: RuleReadings) -> str:
    """Before the initiative check: each gear's exact chance to win it."""
    from gmtool.games.badlands_rally.rules.race_initiative import preview

    chances = preview(state, readings)
    if not chances:
        return ""
    return tr("br.heading.initiative_odds", odds=" · ".join(f"{name} {float(p):.1%}" for name, p in chances))


def order_layout() -> OrderLayout:
    """Compact headers (the list shares a laptop's width with the map): MR left, hull, structure, state."""
    return OrderLayout(tr("br.column.mr_short"), (("hull", tr("br.column.hull")), ("structure", tr("br.column.structure"))),
                       tr("br.column.state"))


def _tracks(gear: RaceGear) -> tuple[Track, ...]:
    return (Track("hull", tr("br.field.hull"), "boxes", gear.hull, gear.hull_max, "armour", "left"),
            Track("structure", tr("br.field.structure"), "boxes", gear.structure, gear.structure_max, "harm", "left"))


URGENCY = {"harm": 0, "warning": 1, "good": 2}  # badges a GM acts on first: never the ones cut off


def _badges(gear: RaceGear, finished: bool = False, state: RaceState | None = None,
            readings: RuleReadings | None = None) -> tuple[Badge, ...]:
    """The gear's states, those a GM acts on first (knocked out, a spin-out waiting, off balance,
    rattled …), then the speed and actions of its activation, then its player, upgrades and tokens."""
    found = []
    if gear.speed is not None:
        found.append(Badge("speed", tr(f"br.badge.speed_{gear.speed}"), "good" if gear.speed == "top" else "neutral",
                           tr("br.badge.speed_tip", speed=speed_name(gear.speed), mr=gear.mr_left)))
        left = gear.actions - gear.actions_used
        found.append(Badge("actions", tr("br.badge.actions", n=left, of=gear.actions), "neutral" if left else "warning",
                           tr("br.badge.actions_tip", n=left, of=gear.actions)))
    elif gear.reacted and not gear.activated:  # BR-18: its action went on a reaction attack
        found.append(Badge("reacted", tr("br.badge.reacted"), "warning", tr("br.badge.reacted_tip")))
    if finished:
        found.append(Badge("finished", tr("br.badge.finished"), "good"))
    if gear.rattle.token:
        found.append(Badge("rattled", tr("br.badge.rattled", count=gear.rattle.count), "warning",
                           tr("br.badge.rattled_tip", count=gear.rattle.count)))
    if gear.out:
        found.append(Badge("out", tr("br.badge.knocked_out"), "harm"))
    if state is not None and any(g == gear.id for g, _excess in state.pending):  # BR-15: resolve it first
        found.append(Badge("spin_waiting", tr("br.badge.spin_waiting"), "harm", tr("br.badge.spin_waiting_tip")))
    elif gear.spun:  # BR-15: once per activation
        found.append(Badge("spun", tr("br.badge.spun"), "warning", tr("br.badge.spun_tip")))
    if off_balance(gear, readings):  # BR-15: attacks spin it out again until it recovers
        found.append(Badge("off_balance", tr("br.badge.off_balance"), "harm"))
    found += [*setup_view.badges(gear), *(scenario_view.badges(state, gear) if state is not None else ())]
    return tuple(sorted(found, key=lambda badge: URGENCY.get(badge.tone, len(URGENCY))))


def _rows_in_order(state: RaceState) -> list[RaceGear]:
    ranked = [state.gears[g] for g in state.order if g in state.gears]
    return ranked + [g for g in state.gears.values() if g.id not in state.order]


def order(state: RaceState, readings: RuleReadings | None = None) -> tuple[OrderRow, ...]:
    table = standings(state)
    return tuple(
        OrderRow(g.id, g.name, rank, str(g.mr_left) if g.speed else ("✓" if g.activated else ""),
                 g.id == state.current, g.out, False, _badges(g, g.id in state.finished, state, readings), _tracks(g),
                 standing_text(table[g.id]) if g.id in table else "")
        for rank, g in enumerate(_rows_in_order(state))
    )


def sheet(state: RaceState, gear_id: str) -> SheetView | None:
    gear = state.gears.get(gear_id)
    if gear is None:
        return None
    number = [
        ("attack", 2, 6), ("defence", 2, 6), ("initiative", 2, 6), ("armour", 0, 30),
        ("hull", 0, gear.hull_max), ("structure", 0, gear.structure_max), ("cruising_mr", 1, 30), ("top_mr", 1, 40),
    ]
    fields = (
        SheetField("name", tr("br.field.name"), "text", gear.name),
        SheetField("seat", tr("br.field.seat"), "text", gear.seat),
        *(SheetField(key, tr(f"br.field.{key}"), "number", getattr(gear, key), low, high) for key, low, high in number),
        SheetField("where", tr("br.field.where"), "text",
                   tr("br.where", hex=label(gear.hex), facing=facing_name(gear.facing)), editable=False),
        SheetField("rattles", tr("br.field.rattles"), "text", str(gear.rattle.count), editable=False),
        SheetField("actions_left", tr("br.field.actions_left"), "text",
                   f"{gear.actions - gear.actions_used}/{gear.actions}", editable=False),
        *(SheetField(f"weapon_{n}", tr("br.field.weapon", number=n + 1), "text", weapon_text(w), editable=False)
          for n, w in enumerate(gear.weapons)),
        SheetField("specials", tr("br.field.specials"), "text", special_names(gear.specials), editable=False),
        *scenario_view.fields(state, gear),
        *setup_view.fields(gear),
    )
    return SheetView(gear.id, gear.name, fields, _tracks(gear))


def weapon_text(weapon: WeaponCard) -> str:
    """A weapon in one line: name, ranges, power, dice, burst and traits."""
    extras = [f"{weapon.dice:+d}D6"] if weapon.dice else []
    extras += [tr("br.weapon.burst", burst=weapon.burst)] if weapon.burst else []
    extras += [tr(f"br.trait.{t}") for t in weapon.traits]
    return tr("br.weapon.line", name=weapon.name, optimal=weapon.optimal, maximum=weapon.maximum,
              power=weapon.power, extras=(" · " + ", ".join(extras)) if extras else "")


def edit(gear_id: str, field: str, value: int | str | bool) -> Command:
    return m.EditGear(gear=gear_id, field=field, value=value)


def offers(state: RaceState, gear_id: str) -> tuple[Offer, ...]:
    gear = state.gears.get(gear_id)
    if gear is None:
        return ()
    if state.current != gear_id:
        reason = tr("error.br_not_active", name=gear.name)
        return tuple(Offer(key, tr(f"br.offer.{key}"), False, reason) for key in ("cruising", "top", "end"))
    declared = gear.speed is not None
    why_declared = tr("error.br_speed_declared", name=gear.name) if declared else ""
    top_reason = why_declared or (tr("error.br_rattled_no_top_speed") if gear.rattle.token else "")
    return (Offer("cruising", tr("br.offer.cruising"), not declared, why_declared),
            Offer("top", tr("br.offer.top"), not top_reason, top_reason),
            Offer("end", tr("br.offer.end"), True))


def take(state: RaceState, gear_id: str, offer: str) -> Command:
    if offer == "end":
        return m.EndActivation(gear=gear_id)
    return m.DeclareSpeed(gear=gear_id, speed="top" if offer == "top" else "cruising")


def roster(state: RaceState) -> tuple[tuple[str, str], ...]:
    return tuple((g.id, g.name) for g in state.gears.values())


def snapshot(state: RaceState, audience: Audience = "gm", readings: RuleReadings | None = None) -> Snapshot:
    shot = Snapshot(heading(state, readings), order_layout(), order(state, readings))
    return for_players(shot) if audience == "players" else shot
