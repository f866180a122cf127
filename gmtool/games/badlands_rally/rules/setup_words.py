"""The race setup's events in words for the log (BR-4, BR-20)."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race_words import faces_text


def describe(event: Event) -> str:
    if isinstance(event, s.PlayersSet):
        return tr("br.setup.event.players", players=", ".join(event.players))
    if isinstance(event, s.GearAssigned):
        return tr("br.setup.event.assigned", name=event.name, player=event.player)
    if isinstance(event, s.ChoiceOrderRolled):
        rolls = ["; ".join(f"{d.player} {d.die}" for d in dice) for dice in event.rolls]
        return tr("br.setup.event.choice_order", rolls=tr("br.event.reroll_joiner").join(rolls),
                  order=", ".join(event.order))
    if isinstance(event, s.UpgradeModeSet):
        return tr("br.setup.event.upgrade_mode", mode=tr(f"br.setup.mode.{event.mode}"))
    if isinstance(event, s.UpgradeGiven):
        return upgrade_words(event)
    if isinstance(event, s.TwinsChosen):
        return tr("br.setup.event.twins", name=event.name, weapon=event.before.name, optimal=event.after.optimal,
                  maximum=event.after.maximum)
    if isinstance(event, s.PolePositionRolled):
        return pole_words(event)
    return ""


def upgrade_words(event: s.UpgradeGiven) -> str:
    from gmtool.games.badlands_rally.rules.setup_upgrades import upgrade_name

    key = "br.setup.event.upgrade_rolled" if event.rolled else "br.setup.event.upgrade_chosen"
    words = tr(key, name=event.name, die=event.die, upgrade=upgrade_name(event.key))
    if event.weapon_added is not None:
        words += " " + tr("br.setup.event.whacker", weapon=event.weapon_added.name, power=event.weapon_added.power)
    return words


def pole_words(event: s.PolePositionRolled) -> str:
    rolls = ["; ".join(tr("br.event.initiative_check", name=c.name, faces=faces_text(c.faces), value=c.value)
                       for c in checks) for checks in event.rolls]
    parts = [tr("br.setup.event.pole", rolls=tr("br.event.reroll_joiner").join(rolls), name=event.name)]
    if event.odds:
        parts.append(tr("br.event.initiative_odds", odds=event.odds))
    if event.placements:
        parts.append(tr("br.setup.event.placed", hexes=", ".join(p.after for p in event.placements)))
    return " ".join(parts)
