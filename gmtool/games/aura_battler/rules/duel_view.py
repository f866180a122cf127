"""What the shell draws of the duel: the heading (turn, allocation phase), the order with PP left,
the durability track and the heavy-damage badge, a unit's sheet, and the players' snapshot (the PP
split and the aura power left stay the GM's until the GM reveals the turn's allocations, AB-22)."""

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
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel_fold import as_tuple
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.games.aura_battler.rules.duel_words import facing_name, points_text


def heading(state: DuelState) -> Heading:
    if state.turn == 0:
        return Heading(tr("ab.heading.not_started"))
    waiting = state.allocating
    if waiting:
        return Heading(tr("ab.heading.allocation", turn=state.turn),
                       tr("ab.heading.waiting", names=", ".join(u.name for u in waiting)))
    notes = [tr("ab.heading.table_mode")] if state.table_mode else []
    if not state.revealed:
        notes.append(tr("ab.heading.not_revealed"))
    return Heading(tr("ab.heading.combat", turn=state.turn), " · ".join(notes))


def player_line(state: DuelState) -> str:
    """The player view's line under the heading: who still allocates, or whether the splits are shown."""
    if state.turn == 0:
        return ""
    if state.allocating:
        return tr("ab.heading.waiting", names=", ".join(u.name for u in state.allocating))
    return tr("ab.players.revealed" if state.revealed else "ab.players.hidden")


def order_layout() -> OrderLayout:
    """A compact list beside the map: action PP left, durability, the state (the split is the Machine
    tab's and the allocation panel's; the players' view draws the action PP as a meter once revealed)."""
    return OrderLayout(tr("ab.column.action_pp"), (("durability", tr("ab.column.durability")),), tr("ab.column.state"))


def _hidden(state: DuelState) -> bool:
    """The split stays off the players' screen until the GM reveals it (AB-22; Duel → Reveal allocations)."""
    return not state.revealed


def tracks(unit: DuelUnit, hidden: bool = False) -> tuple[Track, ...]:
    durability = unit.machine.durability
    heavy = durability // 2 + 1  # the first damage above half (19.1)
    return (Track("durability", tr("ab.field.durability"), "boxes", unit.damage, durability, "harm", "taken",
                  marks=(heavy,), tooltip=tr("ab.tip.heavy_at", damage=heavy)),
            Track("pp", tr("ab.column.pp_split"), "meter", unit.points.action, unit.pilot.base_pp, "resource", "left",
                  detail=points_text(as_tuple(unit.points)), public=not hidden))


def badges(unit: DuelUnit, hidden: bool = False, carrier: str = "") -> tuple[Badge, ...]:
    """Destroyed or heavily damaged first (the states the GM acts on: never cut in the order list),
    then aboard, carrier, aura power and thrust."""
    found = []
    if unit.destroyed:
        found.append(Badge("destroyed", tr("ab.badge.destroyed"), "harm", tr("ab.tip.destroyed"), urgent=True))
    elif unit.heavily_damaged:
        found.append(Badge("heavy", tr("ab.badge.heavy"), "warning", tr("ab.tip.heavy"), urgent=True))
    if carrier:
        found.append(Badge("aboard", tr("ab.badge.aboard", carrier=carrier)))
    if unit.machine.carrier:
        found.append(Badge("carrier", tr("ab.badge.carrier")))
    if unit.aura:
        found.append(Badge("aura", tr("ab.badge.aura", aura=unit.aura), "resource", public=not hidden))
    found.append(Badge("thrust", tr("ab.badge.thrust", thrust=unit.thrust)))
    return tuple(found)


def order(state: DuelState, players: bool = False) -> tuple[OrderRow, ...]:
    """Every unit in the order it joined; for the players, no PP while the split is hidden."""
    hidden = _hidden(state)
    return tuple(
        OrderRow(u.id, u.name, rank, "…" if players and hidden else str(u.points.action), False,
                 u.destroyed, False, badges(u, hidden, _carrier_name(state, u)), tracks(u, hidden))
        for rank, u in enumerate(state.units.values())
    )


def _carrier_name(state: DuelState, unit: DuelUnit) -> str:
    return state.units[unit.carried_by].name if unit.carried_by in state.units else ""


def sheet(state: DuelState, unit_id: str) -> SheetView | None:
    unit = state.units.get(unit_id)
    if unit is None:
        return None
    card = unit.machine
    shown = (("pilot", unit.pilot.name), ("side", unit.side),
             ("where", tr("ab.where", hex=label(unit.hex), facing=facing_name(unit.facing))),
             ("thrust", f"{unit.thrust}/{card.top_thrust}"), ("points", points_text(as_tuple(unit.points))),
             ("aura", f"{unit.aura}/{unit.pilot.aura}"), ("evasion", str(card.evasion)), ("parry", str(card.parry)),
             ("armour", str(card.armour)), ("speed_table", " ".join(map(str, card.speed_table))))
    arms = [tr("ab.gun.line", name=g.name, accuracy=g.accuracy, power=g.power) for g in card.guns]
    if card.sword:
        arms.append(tr("ab.sword.line", name=card.sword.name, accuracy=card.sword.accuracy, power=card.sword.power,
                       arc=" ".join(card.sword.parry_arc)))
    fields = (
        SheetField("name", tr("ab.field.name"), "text", unit.name),
        SheetField("damage", tr("ab.field.damage"), "number", unit.damage, 0, card.durability),
        *(SheetField(key, tr(f"ab.field.{key}"), "text", value, editable=False) for key, value in shown),
        *(SheetField(f"arm_{n}", tr("ab.field.arm", number=n + 1), "text", text, editable=False)
          for n, text in enumerate(arms)),
    )
    return SheetView(unit.id, unit.name, fields, tracks(unit))


def edit(unit_id: str, field: str, value: int | str | bool) -> Command:
    return m.EditUnit(unit=unit_id, field=field, value=value)


def offers(state: DuelState, unit_id: str) -> tuple[Offer, ...]:
    return ()  # the duel's actions are its panels (allocation, attack) and the map


def take(state: DuelState, unit_id: str, offer: str) -> Command:
    raise KeyError(offer)


def roster(state: DuelState) -> tuple[tuple[str, str], ...]:
    return tuple((u.id, u.name) for u in state.units.values())


def snapshot(state: DuelState, audience: Audience = "gm") -> Snapshot:
    shot = Snapshot(heading(state), order_layout(), order(state, players=audience == "players"))
    return for_players(shot) if audience == "players" else shot
