"""Rule readings: where a game's digest and its published rulebook disagree, a campaign picks one.

The digest's reading is the default; the book's is a named option the GM turns on per campaign
(Preferences → Rules), stored in the campaign file. Each game lists its options in its manifest
(:class:`ReadingOption`: key, rule ID, the book's page; the words are the messages
``readings.<key>.name|digest|book``); the campaign keeps one :class:`RuleReadings` for all games,
and each game's rules read the keys that are theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

Reading = Literal["digest", "book"]
READINGS: tuple[Reading, ...] = ("digest", "book")


class ReadingOption(BaseModel):
    """One rule where digest and book disagree: its key, its rule ID and the book's page."""

    model_config = ConfigDict(frozen=True)

    key: str
    rule: str
    page: int


class RuleReadings(BaseModel):
    """A campaign's choices: the book's reading where chosen, the digest's everywhere else."""

    model_config = ConfigDict(frozen=True)

    book_for: frozenset[str] = frozenset()  # the option keys read as the book does

    def reading(self, key: str) -> Reading:
        return "book" if key in self.book_for else "digest"

    def book(self, key: str) -> bool:
        return key in self.book_for

    def to_data(self) -> dict[str, str]:
        """What the campaign file stores: the options read as the book does."""
        return {key: "book" for key in sorted(self.book_for)}

    @classmethod
    def of(cls, choices: dict[str, Reading]) -> RuleReadings:
        return cls(book_for=frozenset(key for key, reading in choices.items() if reading == "book"))

    @classmethod
    def from_data(cls, data: object, known: Iterable[str]) -> RuleReadings:
        """From stored data; keys not in ``known`` and values that are not a reading are left out."""
        if not isinstance(data, dict):
            return cls()
        keys = set(known)
        return cls(book_for=frozenset(k for k, v in data.items() if k in keys and v == "book"))
