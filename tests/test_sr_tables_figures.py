"""Modifier-table figures worked out by hand (SR4-MT6 recoil cancelled only as far as it goes, SR5-N6 full defence
at Willpower) and the line a house-rule problem is reported at when a multi-line string comes before it.

000 = the SR4 digest, 001 = the SR5 combat digest (``shared/seeds/``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.tables.engine import build_sheet
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.tables.loader import load_tables
from tests.test_tables_engine import ranged4, values


@pytest.mark.rule("SR4-MT6")
def test_compensation_and_gyro_cancel_no_more_than_the_recoil_and_movement_there_are() -> None:
    # 000 lines 408, 411-413: short burst, 1st burst −2; a heavy weapon doubles the uncompensated recoil (another
    # −2); recoil compensation reduces the recoil modifier: 6 points against 4 of recoil cancel 4, not 6; the gyro
    # reduces recoil and movement: what is left is running's −2, so its 4 points cancel 2.
    context = ranged4(attacker_running=True, recoil_compensation=6, gyro=4)
    sheet = build_sheet(context)
    for row in ("short_burst_first", "heavy_weapon", "recoil_compensation", "gyro"):
        sheet = sheet.tick(f"sr4.recoil/{row}")
    assert values(sheet) == {"sr4.ranged/attacker_running": -2, "sr4.recoil/short_burst_first": -2,
                             "sr4.recoil/heavy_weapon": -2, "sr4.recoil/recoil_compensation": 4, "sr4.recoil/gyro": 2}
    assert sheet.total() == 0


@pytest.mark.rule("SR5-N6")
def test_full_defence_ticks_the_defenders_row_at_willpower() -> None:
    # 001 line 282: 全力防御 … その戦闘ターン中の全ての防御テストに対して、【意志力】分のボーナス: Willpower 4 → +4.
    sheet = build_sheet(ActionContext(game="sr5", action="ranged_defence", full_defence=4))
    assert values(sheet) == {"sr5.defender/full_defence": 4}
    assert values(build_sheet(ActionContext(game="sr5", action="ranged_defence"))) == {}


def test_a_problem_after_a_multi_line_label_is_reported_at_its_own_line(tmp_path: Path) -> None:
    # The label's English is a multi-line string holding a quote and a line that reads like a key: the value the
    # schema refuses is the one on line 9, not the words inside the label on line 7.
    text = ('schema_version = 1\n\n[[rows]]\ntable = "sr4.melee"\nid = "slick"\n'
            'label.en = """Slick "oil"\nvalue = 1"""\nlabel.ja = "油"\nvalue = "minus two"\n')
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    [problem] = load_tables(tmp_path).problems
    assert (problem.key, problem.args_for_message["line"]) == ("error.house_rule_schema", 9)
