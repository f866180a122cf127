"""Which combatants a Shadowrun event concerns (the log's filter by combatant, the names of Undo and Redo).

Both editions' events name combatants by the same fields (SR4 and SR5 messages share their words):
an id field and, beside it, the field with that combatant's name. The doer's fields come first, so the
first combatant named is who acted ("attack by Kestrel").
"""

from __future__ import annotations

from gmtool.core.game import Involved, each_once
from gmtool.core.messages import Event

# (field with a combatant id, field with its name or ""), the doer first.
ONE: tuple[tuple[str, str], ...] = (
    ("attacker", "attacker_name"), ("caster", "name"), ("summoner", "name"), ("shooter", "name"),
    ("dispeller", "name"), ("rigger", "rigger_name"), ("vehicle", "name"), ("combatant", "name"),
    ("actor", ""), ("target", "target_name"), ("opponent", ""),
)
# (field with several combatant ids, field with their names or ""): grunt group members, who surprised
# whom, a shared condition monitor, whom a counterspelling protects.
MANY: tuple[tuple[str, str], ...] = (
    ("members", ""), ("by", "by_names"), ("shared_with", ""), ("protects", "protect_names"),
)


def involved(event: Event) -> tuple[Involved, ...]:
    """The combatants ``event`` names, the doer first, each once, with the name the event gives them."""
    found = [*_one(event), *_many(event), *_marks(event)]
    renamed = _renamed(event)
    if renamed is not None:
        found.insert(0, renamed)
    name = getattr(event, "name", "")
    if not found and isinstance(name, str) and name:  # a matrix icon, an extended test …: named, no combatant id
        found.append(Involved("", name))
    return each_once(found)


def _one(event: Event) -> list[Involved]:
    found = []
    for field, name_field in ONE:
        cid = getattr(event, field, None)
        if isinstance(cid, str) and cid:
            name = getattr(event, name_field, "") if name_field else ""
            found.append(Involved(cid, name if isinstance(name, str) else ""))
    return found


def _many(event: Event) -> list[Involved]:
    found = []
    for field, names_field in MANY:
        ids = getattr(event, field, ())
        names = getattr(event, names_field, ()) if names_field else ()
        if isinstance(ids, tuple):
            named = dict(zip(ids, names, strict=False)) if isinstance(names, tuple) else {}
            found += [Involved(cid, str(named.get(cid, ""))) for cid in ids if isinstance(cid, str)]
    return found


def _marks(event: Event) -> list[Involved]:
    """A surprise test marks each combatant (SR4): its id and name on every mark."""
    marks = getattr(event, "marks", ())
    return [Involved(mark.combatant, mark.name) for mark in marks] if isinstance(marks, tuple) else []


def _renamed(event: Event) -> Involved | None:
    """A combatant joining (its whole sheet) or renamed: the name it has from now on."""
    cid = getattr(event, "combatant", None)
    if not isinstance(cid, str):
        return None
    sheet_name = getattr(getattr(event, "sheet", None), "name", None)
    renamed = getattr(event, "new", None) if getattr(event, "field", None) == "name" else None
    name = next((n for n in (renamed, sheet_name) if isinstance(n, str) and n), None)
    return None if name is None else Involved(cid, name)
