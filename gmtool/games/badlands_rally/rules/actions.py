"""Badlands Rally's special moves and special actions (BR-9, BR-17), from the digest's 特殊移動,
バーンラバー, ジャンプ, リカバリー and ラリーザクラウド sections.

Special moves (1 action) are rolls against the gear's Defence with 2D6, −1D6 rattled, +1D6 at top
speed, +1D6 from equipment; all dice showing 1 spins the gear out and it skids 1D6. **Burn rubber**:
+1 MR per success. **Jump**: at most as many dice as MR left; the gear flies straight ahead over as
many hexes as successes (race course, level 1 terrain, gears) and lands on the next, paying one MR
per hex moved (rough costs nothing while flying, but counts where it lands); it must go as far as
the successes and its MR allow; landing on level 1 terrain or a gear stops it just before, spun out,
both taking an impact. Level 2 terrain and structures cannot be jumped.

**Recovery** (cruising only): 1D6 hits back, never above the gear's maximum; a gear at 0 hits must
recover, and on a 6 gets its action back; a gear that spent its action before its activation
(a reaction attack) recovers 1 hit only. **Rally the crowd**: no test, +1 die on the next
initiative check (tokens stack).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gmtool.core.hex.coords import Hex, ahead

BASE_DICE = 2


def special_move_dice(rattled: bool, top_speed: bool, equipment: bool) -> int:
    """The dice of a burn-rubber or jump roll (バーンラバーとジャンプ ロールの修正表)."""
    return BASE_DICE - int(rattled) + int(top_speed) + int(equipment)


def jump_dice(allowed: int, mr_left: int) -> int:
    """A jump rolls no more dice than the MR left."""
    return max(0, min(allowed, mr_left))


@dataclass(frozen=True)
class Jump:
    """Where the jump ends, the MR it costs, whether it came down on an obstacle (then the gear spins
    out and both take an impact: ``obstacle`` is what it hit)."""

    hex: Hex
    cost: int
    obstacle: Hex | None


def jump(start: Hex, facing: int, successes: int, mr_left: int, can_fly_over: Callable[[Hex], bool],
         blocks_landing: Callable[[Hex], bool], landing_cost: Callable[[Hex], int]) -> Jump:
    """``successes`` hexes flown over straight ahead, landing on the next — or nearer, as far as the MR
    allows (the gear must go as far as both allow).

    ``can_fly_over``: race course, level 1 terrain or a gear (not level 2, not a structure);
    ``blocks_landing``: level 1 terrain or a gear; ``landing_cost``: the MR of the landing hex (rough
    counts there). Landing ``k`` hexes ahead costs ``k − 1`` for the hexes flown over plus the
    landing hex's cost."""
    if successes <= 0:
        return Jump(start, 0, None)  # no success: no jump (判定に成功した場合 only)
    line = [ahead(start, facing, k) for k in range(1, successes + 2)]

    def cost(k: int) -> int:
        return 0 if k == 0 else k - 1 + landing_cost(line[k - 1])

    reach = 0
    for k in range(1, len(line) + 1):
        if not can_fly_over(line[k - 1]):
            return Jump(line[reach - 1] if reach else start, cost(reach), line[k - 1])  # ends before it
        if cost(k) > mr_left:
            break
        reach = k
    if reach and blocks_landing(line[reach - 1]):
        return Jump(line[reach - 2] if reach > 1 else start, cost(reach - 1), line[reach - 1])
    return Jump(line[reach - 1] if reach else start, cost(reach), None)


@dataclass(frozen=True)
class Recovery:
    hits: int
    action_back: bool


def recover(hits: int, maximum: int, die: int | None, action_spent_before: bool) -> Recovery:
    """BR-17: ``die`` hits back (1 only if the action was spent before the activation), up to the
    maximum; a gear that was at 0 gets its action back on a 6."""
    gained = 1 if action_spent_before or die is None else die
    return Recovery(min(maximum, hits + gained), hits == 0 and die == 6 and not action_spent_before)


def initiative_dice(rally_tokens: int, rattled: bool) -> int:
    """The initiative check's dice: 2D6, +1 per rally-the-crowd token, −1 rattled (BR-6, BR-17)."""
    return BASE_DICE + rally_tokens - int(rattled)
