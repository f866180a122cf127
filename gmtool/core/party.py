"""The players' characters between encounters: what of a combatant carries over, as a game declares it.

A game whose rules declare the capability ``"carry"`` (:class:`gmtool.core.capabilities.Carry`) says,
for one combatant of a fight, what goes on to the next encounter: a :class:`CarriedState` of its own
(a frozen pydantic value: damage, Edge points, rounds left per weapon, lasting effects …), JSON-able
and versioned (``Carry.carry_version``). The campaign keeps a party per game (its members: a name, the
library template it was made from, the current carried state); the shell only stores these values, shows
their :class:`StateLine` s, and hands them back to the game:

- ``bring`` turns a member into the commands that add it to an encounter as it is now (journaled
  like any command: the journal is the truth);
- ``carried`` reads the member back out of the fight's state at its end;
- ``describe_changes`` says what changed, member by member (:class:`ChangeLine`), for the GM to confirm,
  edit or decline;
- ``between_actions`` / ``act_between`` are what the GM may do between encounters (heal, refresh
  Edge, reload, end lasting effects; ``"reset"``, back to the template, every game has);
- ``fields`` / ``with_field`` edit a carried state by hand.

Nothing here imports Qt or a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

RESET = "reset"  # the between-encounters action every game has: the member as its template is


class CarriedState(BaseModel):
    """What of one member carries over (a game subclasses it with its own fields)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def document(self) -> dict[str, object]:
        """The value as JSON data (what the campaign stores beside the game's ``carry_version``)."""
        return self.model_dump(mode="json")


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One thing that changed for a member, in the active language: what, before and after."""

    what: str
    before: str
    after: str

    def text(self) -> str:
        return f"{self.what}: {self.before} → {self.after}"


@dataclass(frozen=True, slots=True)
class StateLine:
    """One line of a member's carried state as the library, the player view and the report show it.

    ``key`` pairs the line with the template's line of the same key (the library shows them side by
    side); ``public``: the players may see it (their own characters' monitors, Edge, ammunition)."""

    key: str
    label: str
    value: str
    public: bool = True


@dataclass(frozen=True, slots=True)
class BetweenAction:
    """What the GM may do to a member between encounters (``key``: the game's own, or :data:`RESET`)."""

    key: str
    label: str


def state_pairs(now: tuple[StateLine, ...], template: tuple[StateLine, ...]) -> tuple[tuple[str, str, str], ...]:
    """(label, now, template value) for each line of the current state, the template's by the same key
    ("" when the template has no such line): the library's two columns."""
    by_key = {line.key: line.value for line in template}
    return tuple((line.label, line.value, by_key.get(line.key, "")) for line in now)
