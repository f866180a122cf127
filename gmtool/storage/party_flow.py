"""The party's ways in and out of encounters, through the game's ``carry`` (no Qt, no game named).

- :func:`make_member`: a new member from a library template, as the template is;
- :func:`bring_party`: every member of the encounter's game not yet in it joins, each by the game's own
  commands (journaled), and the combatant it became is remembered (``party_links``);
- :func:`carry_back_plan`: member by member, what changed in the encounter (the game's words), or why a
  member cannot be carried back (removed from the party, no longer in the encounter …: said, nothing lost);
- :func:`carry_back`: the confirmed states written in one transaction with the party log;
- :func:`act_between`: a between-encounters action (heal, reload …, reset) on some members, one batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gmtool.core.capabilities import Carry
from gmtool.core.declared import carry_of_game
from gmtool.core.errors import GmtoolError, StorageError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.party import RESET, CarriedState, ChangeLine
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_store import REDO, UNDO, Carried, MemberChange, PartyMember
from gmtool.storage.templates import load_template

CARRY_BACK, EDIT = "carry_back", "edit"  # the party log's words for these changes


def carry_for(game: str) -> Carry[object]:
    """The game's carry, or a translated refusal: the game carries nothing over."""
    found = carry_of_game(game)
    if found is None:
        raise StorageError("party.error.no_carry")
    return found


def stored(carrying: Carry[object], value: CarriedState) -> Carried:
    """A carried state as the store keeps it: its document (a core CarriedState's) and the game's version."""
    return Carried(carrying.carry_version, value.document())


def state_of(carrying: Carry[object], member: PartyMember) -> CarriedState:
    """A member's carried state, read by its game (FileFormatError: newer or damaged)."""
    return carrying.read_carried(member.carried.document, member.carried.version)


def template_of(campaign: Campaign, member: PartyMember) -> object | None:
    """The member's template, or None when it is gone (deleted from the library, or unreadable)."""
    if member.template_id is None:
        return None
    try:
        return load_template(campaign.library, member.template_id)[1]
    except GmtoolError:
        return None


def make_member(campaign: Campaign, game: str, template_id: int) -> int:
    """A member made from a library template of ``game``, as the template is; its id."""
    carrying = carry_for(game)
    record = campaign.library.get(template_id)
    template = load_template(campaign.library, template_id)[1]
    return campaign.party.add(game, record.name, template_id, stored(carrying, carrying.fresh(template)))


@dataclass
class Brought:
    """What adding the party did: who joined, who was already there, and who could not (with why)."""

    joined: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # "name: reason", translated


def bring_party(campaign: Campaign, encounter_id: int, game: str, execute: Callable[[Command], bool],
                roster: Callable[[], tuple[tuple[str, str], ...]]) -> Brought:
    """Every member not yet in the encounter joins as it is now; ``execute`` runs one command (False:
    refused, said by the caller), ``roster`` is the encounter's roster now."""
    carrying = carry_for(game)
    links = campaign.party.links(encounter_id)
    present = {cid for cid, _name in roster()}
    outcome = Brought()
    for member in campaign.party.members(game):
        if links.get(member.id) in present:
            outcome.already.append(member.name)
            continue
        template = template_of(campaign, member)
        if template is None:
            outcome.refused.append(tr("party.refused.template_gone", name=member.name))
            continue
        try:
            commands = carrying.bring(template, state_of(carrying, member), member.name)
        except GmtoolError as exc:
            outcome.refused.append(tr("party.refused.because", name=member.name, reason=exc.message()))
            continue
        before = {cid for cid, _name in roster()}
        if not all(execute(command) for command in commands):
            outcome.refused.append(tr("party.refused.command", name=member.name))
            continue
        new = [cid for cid, _name in roster() if cid not in before]
        if new:  # the member first; what it brings along (a bound spirit) after it
            campaign.party.link(encounter_id, member.id, new[0])
            outcome.joined.append(member.name)
    return outcome


@dataclass(frozen=True)
class MemberOutcome:
    """One member's part of a carry-back: its state before and after, the changes in words, or the
    reason it cannot be carried back (``problem``; nothing of it is then changed)."""

    member: PartyMember
    before: CarriedState | None
    after: CarriedState | None
    changes: tuple[ChangeLine, ...] = ()
    problem: str = ""


def carry_back_plan(campaign: Campaign, encounter_id: int, game: str, state: object,
                    roster: tuple[tuple[str, str], ...]) -> list[MemberOutcome]:
    """What carrying the encounter's party members back would change, member by member."""
    carrying = carry_for(game)
    members = {m.id: m for m in campaign.party.members(game)}
    present = {cid for cid, _name in roster}
    plan = []
    for member_id, combatant in campaign.party.links(encounter_id).items():
        member = members.get(member_id)
        if member is None:
            continue  # taken out of the party since: it has nothing to carry back to
        try:
            before = state_of(carrying, member)
        except GmtoolError as exc:
            plan.append(MemberOutcome(member, None, None, problem=exc.message()))
            continue
        after = carrying.carried(state, combatant) if combatant in present else None
        if after is None:
            plan.append(MemberOutcome(member, before, None, problem=tr("party.problem.not_in_encounter")))
            continue
        plan.append(MemberOutcome(member, before, after, carrying.describe_changes(before, after)))
    return plan


def carry_back(campaign: Campaign, game: str, plan: Sequence[MemberOutcome], encounter: str) -> int | None:
    """Write the plan's new states (members with a problem are left as they are), one transaction."""
    carrying = carry_for(game)
    changes = [MemberChange(o.member.id, stored(carrying, o.after)) for o in plan if o.after is not None and not o.problem]
    return campaign.party.change(game, CARRY_BACK, changes, encounter)


def act_between(campaign: Campaign, game: str, member_ids: Sequence[int], action: str) -> tuple[int | None, list[str]]:
    """A between-encounters action on some members, one batch; (batch, each member it could not do, why)."""
    carrying = carry_for(game)
    changes, refused = [], []
    for member in campaign.party.members(game):
        if member.id not in member_ids:
            continue
        template = template_of(campaign, member)
        if template is None:
            refused.append(tr("party.refused.template_gone", name=member.name))
            continue
        try:
            acted = carrying.act_between(state_of(carrying, member), action, template)
        except GmtoolError as exc:
            refused.append(tr("party.refused.because", name=member.name, reason=exc.message()))
            continue
        changes.append(MemberChange(member.id, stored(carrying, acted)))
    return campaign.party.change(game, action, changes), refused


def edit_member(campaign: Campaign, member: PartyMember, state: CarriedState) -> int | None:
    """A member's state set by hand (the GM's Edit…), one batch."""
    carrying = carry_for(member.game)
    return campaign.party.change(member.game, EDIT, [MemberChange(member.id, stored(carrying, state))])


def what_words(game: str, what: str) -> str:
    """The party log's word for a change, in the active language (a game's action by its own label; an
    undo or redo line: "undone: …", "redone: …")."""
    for prefix, key in ((UNDO, "party.log.undo_of"), (REDO, "party.log.redo_of")):
        if what.startswith(prefix):
            return tr(key, what=what_words(game, what.removeprefix(prefix)))
    fixed = {CARRY_BACK: "party.log.carry_back", EDIT: "party.log.edit", RESET: "party.log.reset",
             "joined": "party.log.joined", "left": "party.log.left"}
    if what in fixed:
        return tr(fixed[what])
    carrying = carry_of_game(game)
    labels = {a.key: a.label for a in carrying.between_actions()} if carrying is not None else {}
    return labels.get(what, what)


def party_rows(campaign: Campaign, game: str, players: bool = False) -> list[tuple[str, str]]:
    """(member, its state now in words) for each member of ``game``'s party; ``players``: only the lines
    the players may see (a game's public ones)."""
    carrying = carry_for(game)
    rows = []
    for member in campaign.party.members(game):
        try:
            lines = carrying.state_lines(state_of(carrying, member))
            words = " · ".join(f"{s.label} {s.value}" for s in lines if s.public or not players)
        except GmtoolError as exc:
            words = exc.message()
        rows.append((member.name, words))
    return rows


def between_encounters(campaign: Campaign, encounter_id: int) -> bool:
    """No member of the party is in this encounter (its stored state is the party's state now)."""
    return not campaign.party.links(encounter_id)
