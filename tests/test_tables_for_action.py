"""Which modifier tables an attack opens (SR4-R2, SR4-M1, SR5-A1), and where a house-rule file's values are.

000 = the SR4 digest: a ranged attack takes the ranged modifiers (SR4-MT1), visibility (MT2) and recoil (MT6); a
melee attack the melee modifiers (MT3) and visibility. 001 = the SR5 digest: the attacker's modifiers and the
environment (SR5-T3) with the equipment that shifts it (SR5-T4).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.games.shadowrun.rules.tables.loader import load_tables
from gmtool.games.shadowrun.rules.tables.toml_lines import value_lines


def ids(tables: tuple) -> list[str]:
    return [t.id for t in tables]


@pytest.mark.rule("SR4-R2")
@pytest.mark.rule("SR4-M1")
@pytest.mark.rule("SR5-A1")
def test_each_attack_opens_its_editions_tables(tmp_path: Path) -> None:
    tables = load_tables(tmp_path / "no house rules")
    assert ids(tables.for_action("sr4", "ranged_attack")) == ["sr4.ranged", "sr4.recoil", "sr4.visibility"]
    assert ids(tables.for_action("sr4", "melee_attack")) == ["sr4.melee", "sr4.visibility"]
    assert ids(tables.for_action("sr5", "ranged_attack")) == ["sr5.attacker", "sr5.environment",
                                                              "sr5.environment_equipment"]


def test_a_house_rule_files_keys_are_found_on_their_lines() -> None:
    # Bare keys whatever letter they start with, quoted keys, and an array of tables' entries.
    text = 'X = 1\nvalue = 2\n"quoted key" = 3\n[[rows]]\nXid = "a"\n'
    assert value_lines(text) == {("X",): 1, ("value",): 2, ("quoted key",): 3, ("rows",): 4, ("rows", 0): 4,
                                 ("rows", 0, "Xid"): 5}
