"""Rule readings: where the seed digest and the published rulebook disagree, a campaign picks one.

The digest's reading is the default; the book's is a named option the GM turns on per
campaign (Preferences → Rules; stored in the campaign file, see
:mod:`gmtool.storage.campaign`). The ruleset deciding a command reads them; the events
it writes record the reading applied (a breakdown term present or not, the track, and
:attr:`gmtool.games.shadowrun.rules.attack.messages.AttackResolved.readings`), so replaying a journal
never decides again and a later change of option never rewrites the past.

* ``sr5_multiple_attacks`` (SR5-CS9): the digest lists multiple attacks among the
  called shots, so the split pool takes the called shot's −4 first; the book (p. 196)
  makes it a free action without the −4.
* ``sr5_harder_knock`` (SR5-CS3): the digest turns physical damage into stun; the book
  (p. 195) turns a stun weapon's damage into physical (a weapon dealing physical damage
  cannot make that called shot).
* ``sr5_knockdown`` (SR5-A5): the digest knocks down when the damage applied exceeds the
  physical limit; the book (p. 194) also when 10 or more boxes are applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from gmtool.core.readings import RuleReadings

Reading = Literal["digest", "book"]
READINGS: tuple[Reading, ...] = ("digest", "book")


@dataclass(frozen=True)
class ReadingOption:
    """One rule where digest and book disagree: its key, rule ID, game and the book's page.

    Its words are the messages ``readings.<key>.name``, ``readings.<key>.digest`` and
    ``readings.<key>.book``.
    """

    key: str
    rule: str
    game: Literal["sr4", "sr5"]
    page: int


OPTIONS: tuple[ReadingOption, ...] = (
    ReadingOption("sr5_multiple_attacks", "SR5-CS9", "sr5", 196),
    ReadingOption("sr5_harder_knock", "SR5-CS3", "sr5", 195),
    ReadingOption("sr5_knockdown", "SR5-A5", "sr5", 194),
)


class Readings(BaseModel):
    """The reading a campaign uses for each option (the digest's unless the GM chose the book's)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sr5_multiple_attacks: Reading = "digest"
    sr5_harder_knock: Reading = "digest"
    sr5_knockdown: Reading = "digest"

    def book(self, key: str) -> bool:
        """Whether the campaign reads this rule as the book does."""
        return bool(getattr(self, key) == "book")

    def record(self, key: str) -> str:
        """How an event records the reading it applied: ``"<key>:<reading>"``."""
        return f"{key}:{getattr(self, key)}"

    def to_data(self) -> dict[str, str]:
        """The readings that differ from the digest (what the campaign file stores)."""
        return {o.key: getattr(self, o.key) for o in OPTIONS if self.book(o.key)}

    @classmethod
    def from_data(cls, data: Any) -> Readings:
        """Readings from stored data; unknown keys and bad values fall back to the digest's."""
        if not isinstance(data, dict):
            return cls()
        known = {o.key for o in OPTIONS}
        return cls(**{k: v for k, v in data.items() if k in known and v in READINGS})


    @classmethod
    def from_rule_readings(cls, readings: RuleReadings) -> Readings:
        """The campaign's readings (all games') as Shadowrun reads them."""
        return cls(**{o.key: readings.reading(o.key) for o in OPTIONS})


DIGEST = Readings()
