"""Commands for dice tests and Edge bookkeeping, both editions (SR4: sr4/rules/decide_tests.py, SR5: sr5/rules/decide_tests.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse

LimitKind = Literal["none", "physical", "mental", "social", "custom"]


class PoolSpec(BaseModel):
    """How a pool is formed from a sheet: attribute + skill (0 = defaulting), or two attributes."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    attribute: str
    second_attribute: str | None = None  # SR4-D7: attribute-only test
    skill: int = Field(default=0, ge=0, le=20)
    modifier: int = Field(default=0, ge=-50, le=50)
    limit: LimitKind = "none"
    custom_limit: int = Field(default=0, ge=0, le=30)


class RollTest(Command):
    """A success test (threshold ≥ 1) or a plain count of hits (threshold 0)."""

    kind: Literal["roll_test"] = "roll_test"
    combatant: str
    pool: PoolSpec
    threshold: int = Field(default=0, ge=0, le=30)
    edge_use: EdgeUse = EdgeUse.NONE
    buy_hits: bool = False
    retry: bool = False  # apply (and count) the cumulative retry penalty for this test
    label: str = Field(default="", max_length=60)
    faces: tuple[int, ...] | None = None
    reroll_faces: tuple[int, ...] | None = None


class UseEdgeAfter(Command):
    """Edge after the roll on the combatant's last test: add dice, Second Chance or Close Call."""

    kind: Literal["use_edge_after"] = "use_edge_after"
    combatant: str
    edge_use: EdgeUse
    faces: tuple[int, ...] | None = None  # typed faces of the new dice (added or rerolled)


class RollOpposedTest(Command):
    """SR4-D5: the actor against an opponent (another combatant's pool or a plain number of dice)."""

    kind: Literal["roll_opposed_test"] = "roll_opposed_test"
    combatant: str
    pool: PoolSpec
    opponent: str | None = None
    opponent_pool: PoolSpec | None = None
    opponent_dice: int = Field(default=0, ge=0, le=60)  # when there is no opponent combatant
    edge_use: EdgeUse = EdgeUse.NONE
    label: str = Field(default="", max_length=60)
    faces: tuple[int, ...] | None = None
    opponent_faces: tuple[int, ...] | None = None


class TeamHelper(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    combatant: str
    pool: PoolSpec


class RollTeamworkTest(Command):
    """SR4-D10: each helper rolls; the leader's pool gains the helpers' hits."""

    kind: Literal["roll_teamwork_test"] = "roll_teamwork_test"
    combatant: str
    pool: PoolSpec
    helpers: tuple[TeamHelper, ...] = Field(min_length=1, max_length=12)
    threshold: int = Field(default=0, ge=0, le=30)
    edge_use: EdgeUse = EdgeUse.NONE
    label: str = Field(default="", max_length=60)


class StartExtendedTest(Command):
    """SR4-D6: hits accumulate over intervals up to a roll limit (default: the starting pool)."""

    kind: Literal["start_extended_test"] = "start_extended_test"
    combatant: str
    pool: PoolSpec
    threshold: int = Field(ge=1, le=99)
    interval_minutes: int = Field(default=1, ge=1, le=60 * 24 * 30)
    roll_limit: int | None = Field(default=None, ge=1, le=99)
    label: str = Field(default="", max_length=60)


class RollExtendedTest(Command):
    kind: Literal["roll_extended_test"] = "roll_extended_test"
    test: int
    edge_use: EdgeUse = EdgeUse.NONE
    faces: tuple[int, ...] | None = None


class EndExtendedTest(Command):
    kind: Literal["end_extended_test"] = "end_extended_test"
    test: int


class ClearRetries(Command):
    kind: Literal["clear_retries"] = "clear_retries"
    combatant: str


class BurnEdge(Command):
    """SR4-E1: burning lowers the Edge attribute for good (and the points with it)."""

    kind: Literal["burn_edge"] = "burn_edge"
    combatant: str


class RefreshEdge(Command):
    """SR4-E1: Edge points come back at the GM's call (one combatant, or everyone)."""

    kind: Literal["refresh_edge"] = "refresh_edge"
    combatant: str | None = None


TEST_COMMAND_CLASSES = (
    RollTest,
    UseEdgeAfter,
    RollOpposedTest,
    RollTeamworkTest,
    StartExtendedTest,
    RollExtendedTest,
    EndExtendedTest,
    ClearRetries,
    BurnEdge,
    RefreshEdge,
)
