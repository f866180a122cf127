"""What the shell shows of the race setup (BR-4, BR-20): a gear's player and upgrade beside its name and
on its sheet, and the pole position's chances before the roll."""

from __future__ import annotations

from gmtool.core.display import Badge, SheetField
from gmtool.core.i18n import tr
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.upgrades import upgrade_for


def _upgrade(key: str) -> tuple[str, str]:
    """An upgrade's name and effect in the active language."""
    from gmtool.core.i18n import active_language

    found = next(u for u in (upgrade_for(d) for d in range(1, 7)) if u.key == key)
    return (found.ja, found.effect_ja) if active_language() == "ja" else (found.en, found.effect_en)


def badges(gear: RaceGear) -> tuple[Badge, ...]:
    """The gear's player (by name alone: the order list is narrow; "Player: …" in the tooltip), then its
    upgrade (its effect as the tooltip)."""
    found = [Badge("seat", gear.seat, "neutral", tr("br.setup.badge.seat", player=gear.seat))]
    for key in gear.upgrades:
        name, effect = _upgrade(key)
        found.append(Badge(f"upgrade_{key}", name.split(" / ")[0], "good", effect))
    return tuple(found)


def fields(gear: RaceGear) -> tuple[SheetField, ...]:
    """The sheet's upgrade line (and the Twins' weapon)."""
    names = [_upgrade(k)[0] for k in gear.upgrades]
    if gear.twins is not None:
        names.append(tr("br.setup.twins_weapon", weapon=gear.weapons[gear.twins].name))
    return (SheetField("upgrade", tr("br.setup.field.upgrade"), "text", ", ".join(names) or "—", editable=False),)


def pole_odds_text(state: RaceState, readings: RuleReadings) -> str:
    """Before the pole position's check: each gear's exact chance to take it."""
    from gmtool.games.badlands_rally.rules.setup_pole import pole_odds

    chances = pole_odds(state, readings)
    if not chances:
        return ""
    return tr("br.setup.heading.pole_odds", odds=" · ".join(f"{name} {float(p):.1%}" for name, p in chances))
