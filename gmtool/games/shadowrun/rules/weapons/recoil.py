"""Recoil for both editions as pure trackers.

**SR5 (core p.175, progressive recoil).** A character's recoil compensation is
``1 + ⌈Strength/3⌉ + the weapon's RC``. Rounds fired add up over consecutive shots;
an attack's recoil modifier is ``−(rounds fired so far, this attack included − RC)``, never
above 0. The count carries over from action phase to action phase until the character
takes an action without firing (``other_action``) or the combat turn ends
(``end_turn``). Suppressive fire ignores recoil (SR5-F8): it neither takes a modifier nor
adds to the count.

**SR4 (SR4-MT6, digest 000 p.151-152).** Within one action phase every round after the
first adds 1 point of recoil; the digest's rows follow from that: semi-auto −1 on the
2nd shot, short burst −2 then −5, long burst −5 then −11, full burst −9. Recoil
compensation (and a gyro mount's rating) cancels that many points; heavy weapons and
burst-firing shotguns double the uncompensated recoil. The count starts afresh each
action phase.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError


def recoil_compensation_sr5(strength: int, weapon_rc: int = 0) -> int:
    """SR5 recoil compensation: 1 + ⌈Strength/3⌉ + the weapon's RC (p.175)."""
    if strength < 0:
        raise RulesError("weapons.error.strength_negative", strength=strength)
    return 1 + math.ceil(strength / 3) + weapon_rc


def _check_rounds(rounds: int) -> None:
    if rounds < 0:
        raise RulesError("weapons.error.rounds_negative", rounds=rounds)


class RecoilTracker(BaseModel):
    """SR5 progressive recoil of one character: rounds fired since the count last reset."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int = Field(default=0, ge=0)

    def modifier(self, rounds: int, compensation: int) -> int:
        """The dice-pool modifier an attack of ``rounds`` would take now (≤ 0)."""
        _check_rounds(rounds)
        return -max(0, self.rounds + rounds - compensation)

    def fire(self, rounds: int, compensation: int, ignores_recoil: bool = False) -> tuple[RecoilTracker, int]:
        """(tracker after the attack, its recoil modifier); suppressive fire: (unchanged, 0)."""
        _check_rounds(rounds)
        if ignores_recoil:
            return self, 0
        return RecoilTracker(rounds=self.rounds + rounds), self.modifier(rounds, compensation)

    def other_action(self) -> RecoilTracker:
        """The character took a simple or complex action without firing: recoil resets."""
        return RecoilTracker()

    def end_turn(self) -> RecoilTracker:
        """The combat turn ended: recoil resets."""
        return RecoilTracker()


class PhaseRecoilSR4(BaseModel):
    """SR4 recoil within one action phase: rounds already fired in it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int = Field(default=0, ge=0)

    def modifier(self, rounds: int, compensation: int = 0, heavy: bool = False, gyro: int = 0) -> int:
        """The recoil modifier for an attack of ``rounds`` now (≤ 0): uncompensated recoil, doubled if heavy."""
        _check_rounds(rounds)
        if rounds == 0:
            return 0
        recoil = self.rounds + rounds - 1
        uncompensated = max(0, recoil - max(0, compensation) - max(0, gyro))
        return -(uncompensated * 2 if heavy else uncompensated)

    def fire(
        self, rounds: int, compensation: int = 0, heavy: bool = False, gyro: int = 0
    ) -> tuple[PhaseRecoilSR4, int]:
        """(tracker after the attack, its recoil modifier)."""
        return PhaseRecoilSR4(rounds=self.rounds + rounds), self.modifier(rounds, compensation, heavy, gyro)

    def new_phase(self) -> PhaseRecoilSR4:
        """A new action phase: recoil starts afresh."""
        return PhaseRecoilSR4()
