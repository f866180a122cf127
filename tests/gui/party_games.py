"""A party member of each game that carries something over (issue 35), for the party's GUI tests: a main
window on an encounter of the game, and a library template the member is made from.

- SR5 and SR4: an ork runner (Body 4, Willpower 3, Edge 2: physical and stun 10 boxes, SR5-A6 / SR4-MT8)
  with an Ares Predator of 15 rounds (SR4: Magic 4, a caster);
- the rally: a gear of hull 3 and structure 4 (the demo's course already set);
- the duel: the library's blank machine (durability 10), in the demo's sky.
"""

from __future__ import annotations

from typing import Any

from gmtool.storage.workspace import Workspace

GAMES = ("sr5", "sr4", "badlands_rally", "aura_battler")
ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
PREDATOR = {"name": "Ares Predator", "category": "Heavy Pistols", "melee": False, "damage": "8P", "ap": "-1",
            "modes": ["SA"], "rc": "", "ammo": "15(c)", "accuracy": "5(7)"}
FRESH = {  # the member's state as its template is, in the party's words (English)
    "sr5": "Physical 0/10 · Stun 0/10 · Edge points 2/2 · Rounds: Ares Predator 15/15",
    "sr4": "Physical 0/10 · Stun 0/10 · Edge points 2/2 · Rounds: Ares Predator 15/15",
    "badlands_rally": "Hull 3/3 · Structure 4/4 · Upgrades none",
    "aura_battler": "Damage 0/10",
}


def game_workspace(workspace: Workspace, game: str) -> Workspace:
    """The demo campaign at an encounter of ``game``: the hex games' demos (their map set), a new SR one."""
    if game in ("sr5", "sr4"):
        return workspace.with_new_encounter(f"Loading dock {game}", game)
    return workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == game))


def template_document(game: str, name: str) -> tuple[dict[str, Any], int]:
    """A library document of ``game`` named ``name`` and its document version."""
    if game in ("sr5", "sr4"):
        from gmtool.games.shadowrun.library.kind import LIBRARY
        from gmtool.games.shadowrun.library.validation import parse_template

        extra = {"armour": {"value": 9}} if game == "sr5" else {"armour": {"ballistic": 6, "impact": 4}, "magic": 4}
        template = parse_template({"edition": game.upper(), "name": name, "metatype": "ork", "attributes": dict(ATTRS),
                                   "monitors": {"physical_boxes": 10, "stun_boxes": 10}, "weapons": [PREDATOR],
                                   **extra})
        return LIBRARY.document(template), LIBRARY.version
    if game == "badlands_rally":
        from gmtool.games.badlands_rally.library.kind import LIBRARY as RALLY
        from gmtool.games.badlands_rally.library.templates import GearCard
        from gmtool.games.badlands_rally.rules.weapons import WeaponCard

        card = GearCard(name=name, hull=3, structure=4,
                        weapons=(WeaponCard(name="Autocannon", optimal=4, maximum=8, power=8),))
        return card.model_dump(mode="json"), RALLY.version
    from gmtool.games.aura_battler.library.kind import LIBRARY as AURA

    return AURA.blank(game, name), AURA.version


def add_member(window: Any, game: str, name: str) -> int:
    """A library template of ``game`` and a party member made from it (through the party window); its id."""
    document, version = template_document(game, name)
    template_id = window.workspace.campaign.library.add(game, name, document, document_version=version)
    party = window.party_actions.show_party()
    party.game_box.setCurrentIndex(party.game_box.findData(game))
    party.add(template_id)
    party.close()
    return next(m.id for m in window.workspace.campaign.party.members(game) if m.name == name)
