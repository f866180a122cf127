"""The conformance kit's checks of a game declaring ``"carry"`` (:class:`gmtool.core.capabilities.Carry`).

For every combatant of the fight played: its carried state survives its document (stored and read back)
and nothing changed between a state and itself. With a template of the game's library (a blank one):
the template's fresh state, each between-encounters action's and each hand edit of a field, once brought
into an empty encounter by the game's own commands, is carried back out unchanged (what is carried is
what comes back); each change of an edit or action is described in words.
"""

from __future__ import annotations

from gmtool.core.capabilities import Carry
from gmtool.core.declared import carry
from gmtool.core.encounter import Encounter
from gmtool.core.entry_points import load_object
from gmtool.core.errors import GmtoolError
from gmtool.core.game import GameManifest, GameRules
from gmtool.core.messages import Command
from gmtool.core.party import RESET, CarriedState
from gmtool.core.session import EncounterSession, MemoryStore


def carry_problems(manifest: GameManifest, rules: GameRules[object], state: object,
                   setting: tuple[Command, ...] = ()) -> list[str]:
    """Every broken promise of the game's ``carry`` (empty when it conforms or does not declare it);
    ``setting``: the demo's commands, to set up an encounter a member may join (a race needs its course)."""
    carrying = carry(rules)
    if carrying is None:
        return []
    found = _stored_problems(carrying, rules, state)
    if manifest.library is None:
        return found + ["the game declares carry but has no library: its members are made from templates"]
    library = load_object(manifest.library)
    template = library.read(library.blank(manifest.key, "Kit"), library.version)  # type: ignore[attr-defined]  # the manifest names its library as text: loaded, it is untyped
    fresh = carrying.fresh(template)
    found += _brought_back(carrying, rules, template, fresh, "the template's fresh state", setting)
    for action in (*(a.key for a in carrying.between_actions()), RESET):
        acted = carrying.act_between(fresh, action, template)
        found += _brought_back(carrying, rules, template, acted, f"after {action!r}", setting)
    for field in carrying.fields(fresh):
        if field.kind != "number" or not field.editable:
            continue
        for value in {field.low, field.high} - {field.value}:
            found += _edited(carrying, rules, template, fresh, field.key, value, setting)
    return found


def _stored_problems(carrying: Carry[object], rules: GameRules[object], state: object) -> list[str]:
    found = []
    for cid, name in rules.roster(state):
        now = carrying.carried(state, cid)
        if now is None:
            found.append(f"carried({cid!r}) of {name!r}, a combatant of the roster, is None")
            continue
        again = carrying.read_carried(now.document(), carrying.carry_version)
        if again != now:
            found.append(f"the carried state of {name!r} changes when stored and read: {now!r} → {again!r}")
        if carrying.describe_changes(now, now):
            found.append(f"describe_changes of {name!r}'s state and itself is not empty")
    return found


def _edited(carrying: Carry[object], rules: GameRules[object], template: object, fresh: CarriedState,
            key: str, value: int, setting: tuple[Command, ...]) -> list[str]:
    try:
        edited = carrying.with_field(fresh, key, value)
    except GmtoolError:
        return []  # a value the game refuses with a message: nothing to carry
    found = _brought_back(carrying, rules, template, edited, f"with {key} = {value}", setting)
    lines = carrying.describe_changes(fresh, edited)
    if edited != fresh and not lines:
        found.append(f"editing {key} to {value} changed the state but describe_changes says nothing")
    found += [f"an empty line in the changes of {key} = {value}" for line in lines if not line.what.strip()]
    return found


def _brought_back(carrying: Carry[object], rules: GameRules[object], template: object, carried: CarriedState,
                  what: str, setting: tuple[Command, ...] = ()) -> list[str]:
    """Bring the member into an encounter (empty; refused there, one set up by the demo's first commands,
    ``setting``: a race needs its course) and carry it out again: the same state or a finding."""
    found = []
    for first in range(len(setting) + 1):
        encounter = Encounter(rules, 1)
        session = EncounterSession(encounter, MemoryStore(), 1)
        try:
            for command in (*setting[:first], *carrying.bring(template, carried, "Kit")):
                session.execute(command)
        except GmtoolError as exc:
            found = [f"bringing a member {what} was refused: {exc.message()}"]
            continue
        before = {cid for cid, _name in _roster_of(rules, setting[:first])}
        new = [cid for cid, _name in rules.roster(encounter.state) if cid not in before]
        if len(new) != 1:
            return [f"bringing one member {what} gave {len(new)} combatants"]
        back = carrying.carried(encounter.state, new[0])
        if back != carried:
            return [f"a member brought {what} comes back otherwise: {carried!r} → {back!r}"]
        return []
    return found


def _roster_of(rules: GameRules[object], commands: tuple[Command, ...]) -> tuple[tuple[str, str], ...]:
    session = EncounterSession(Encounter(rules, 1), MemoryStore(), 1)
    for command in commands:
        session.execute(command)
    return rules.roster(session.encounter.state)
