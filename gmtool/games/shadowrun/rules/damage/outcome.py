"""The opposed attack test's outcome (SR4-R4, SR4-M3, SR5-A1/A2).

The defender ties or wins → miss; the attacker wins → net hits = attack − defence.
The hits compared are the counted ones (SR5: after the limit). SR4-R1: full
defence is declared with the attack, so the record carries it. A tie is kept
as a fact (SR5 p. 173 calls it a graze: contact, but no damage).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.damage.terms import check_hits


@dataclass(frozen=True)
class Outcome:
    attack_hits: int  # rolled
    attack_counted: int  # after the limit (SR5-A1); = attack_hits without one
    defence_hits: int  # rolled
    defence_counted: int
    full_defence: bool  # declared with the attack (SR4-R1) / Full Defence in force (SR5-N6)

    @property
    def hit(self) -> bool:
        return self.attack_counted > self.defence_counted

    @property
    def miss(self) -> bool:
        return not self.hit

    @property
    def tie(self) -> bool:
        return self.attack_counted == self.defence_counted

    @property
    def net_hits(self) -> int:
        """The attacker's net hits; 0 on a miss."""
        return max(0, self.attack_counted - self.defence_counted)


def capped(hits: int, limit: int | None) -> int:
    return hits if limit is None else min(hits, limit)


def opposed_outcome(
    attack_hits: int,
    defence_hits: int,
    full_defence: bool = False,
    attack_limit: int | None = None,
    defence_limit: int | None = None,
) -> Outcome:
    """Compare the hits; a limit caps its side's hits first."""
    check_hits(attack_hits, "attack_hits")
    check_hits(defence_hits, "defence_hits")
    return Outcome(
        attack_hits=attack_hits,
        attack_counted=capped(attack_hits, attack_limit),
        defence_hits=defence_hits,
        defence_counted=capped(defence_hits, defence_limit),
        full_defence=full_defence,
    )
