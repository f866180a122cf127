"""The attack resolution in words, in both languages; every key family the log builds exists."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.core.i18n import catalogue, set_language
from gmtool.games.shadowrun.rules.damage.damage_value import TrackReason
from gmtool.games.shadowrun.rules.damage.describe import describe_resolution
from gmtool.games.shadowrun.rules.damage.inputs import Attacker, SR4AttackInputs, SR4Defender, Weapon
from gmtool.games.shadowrun.rules.damage.monitors import Monitor, MonitorState
from gmtool.games.shadowrun.rules.damage.resolve import resolve_attack_sr4

SHOT = SR4AttackInputs(
    kind="ranged",
    attacker=Attacker(4, 5),
    defender=SR4Defender(body=4, reaction=4, ballistic_armour=8, dodge=3),
    weapon=Weapon(dv=5, ap=-1),
    full_defence=True,
    monitor=Monitor(10, 10, 4),
)


@pytest.mark.rule("X-3")
def test_a_hit_in_english() -> None:
    lines = describe_resolution(resolve_attack_sr4(SHOT, attack_hits=6, defence_hits=2, soak_hits=3))
    assert lines[0] == "Attack: 9 dice (Agility +4 Firearm skill +5)"
    assert lines[1] == "Defence: 7 dice (Reaction +4 Full defence +3)"
    assert lines[2] == "Full defence declared"
    assert lines[3] == "Hit: 6 hits against 2, 4 net hits"
    assert "Modified DV 9" in lines[4] and "modified armour 7" in lines[4] and "physical" in lines[4]
    assert "11 dice" in lines[5] and "6 boxes of physical damage" in lines[5]
    assert lines[6] == "Knocked down"
    assert lines[7].startswith("Physical 6/10")


@pytest.mark.rule("X-3")
def test_a_miss_in_japanese() -> None:
    set_language("ja")
    lines = describe_resolution(resolve_attack_sr4(replace(SHOT, full_defence=False), 2, 2, None))
    assert lines[-1] == "攻撃失敗：ヒット2対2"
    assert lines[0] == "攻撃：ダイス9個（敏捷力 +4 射撃技能 +5）"
    assert len(lines) == 3


def test_key_families_exist_in_both_languages() -> None:
    reasons = TrackReason.__args__  # type: ignore[attr-defined]
    keys = {f"damage.reason.{r}" for r in reasons} | {f"damage.state.{s.value}" for s in MonitorState}
    for language in ("en", "ja"):
        missing = keys - set(catalogue(language).messages)
        assert missing == set()
