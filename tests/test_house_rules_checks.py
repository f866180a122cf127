"""Issue 13: the house-rule loader bounds every number (vision rows included), refuses duplicate
table ids in one file, unknown ``see``/``shifted_by`` targets and tables pointing at each other in
a circle — each with its file and line — finds lines inside inline arrays, and merges 10,000 rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.tables.loader import load_tables

HEADER = 'schema_version = 1\n'


def table(table_id: str, rows: str, extra: str = "") -> str:
    return (f'\n[[tables]]\nid = "{table_id}"\ngame = "sr5"\napplies_to = ["ranged_attack"]\n'
            f'title = {{ en = "T", ja = "表" }}\n{extra}{rows}')


def row(row_id: str, value: str = "value = -1", extra: str = "") -> str:
    return f'\n[[tables.rows]]\nid = "{row_id}"\nlabel = {{ en = "R", ja = "行" }}\n{value}\n{extra}'


def problems(folder: Path, text: str) -> list[tuple[str, int, str]]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text(text, encoding="utf-8")
    loaded = load_tables(folder)
    assert loaded.get("house.a") is None or not loaded.problems  # a refused file adds nothing
    return [(p.key, p.args_for_message["line"], p.message()) for p in loaded.problems]


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line containing ``needle`` (the expected line, by hand)."""
    hits = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    return hits[occurrence - 1]


VISION = ('rule = "vision_mode"\nby_vision = { normal = 0, low_light = -1, thermographic = -2, '
          'ultrasound = 900000000000 }')


@pytest.mark.parametrize(("value", "needle"), [
    (VISION, "by_vision"),
    ('rule = "friends_in_melee"\ncap = 1000000000', "cap"),
    ("value = 100", "value = 100"),
    ("value = -99999999999999999999", "value = -9999"),
])
def test_every_number_is_bounded_vision_rows_included(tmp_path: Path, value: str, needle: str) -> None:
    text = HEADER + table("house.a", row("r1", value))
    found = problems(tmp_path, text)
    assert [(key, line) for key, line, _ in found] == [("error.house_rule_schema", line_of(text, needle))]


def test_environment_shifts_are_bounded(tmp_path: Path) -> None:
    shift = '\n[[tables.rows.shifts]]\ncondition = "light"\nmap = { 1 = 7 }\nwithin_metres = inf\n'
    text = HEADER + table("house.a", row("r1", 'rule = "environment_shift"', shift))
    found = problems(tmp_path, text)
    assert {key for key, _line, _ in found} == {"error.house_rule_schema"}
    assert {line for _key, line, _ in found} == {line_of(text, "map ="), line_of(text, "within_metres")}


def test_a_table_id_twice_in_one_file_is_refused_at_the_second(tmp_path: Path) -> None:
    text = HEADER + table("house.a", row("r1")) + table("house.a", row("r2"))
    found = problems(tmp_path, text)
    assert [(key, line) for key, line, _ in found] == [
        ("error.house_rule_duplicate_table", line_of(text, 'id = "house.a"', 2))]
    assert "house.a" in found[0][2] and "twice" in found[0][2]


def test_the_same_row_added_twice_in_one_file_is_refused(tmp_path: Path) -> None:
    extra = '\n[[rows]]\ntable = "sr5.attacker"\nid = "glare"\nlabel = { en = "G", ja = "G" }\nvalue = -1\n'
    text = HEADER + extra + extra
    found = problems(tmp_path, text)
    assert [(key, line) for key, line, _ in found] == [("error.house_rule_duplicate_row", line_of(text, "glare", 2))]


def test_unknown_see_and_shifted_by_targets_are_refused_with_their_lines(tmp_path: Path) -> None:
    text = HEADER + table("house.a", row("r1", 'rule = "see_table"\nsee = "house.nowhere"'),
                          extra='shifted_by = "sr5.nothing"\n')
    found = problems(tmp_path, text)
    assert sorted((key, line) for key, line, _ in found) == [
        ("error.house_rule_unknown_target", line_of(text, "shifted_by")),
        ("error.house_rule_unknown_target", line_of(text, "see =")),
    ]
    set_language("ja")
    assert "house.nowhere" in load_tables(tmp_path).problems[-1].message() or "sr5.nothing" in found[0][2]


def test_tables_pointing_at_each_other_in_a_circle_are_refused(tmp_path: Path) -> None:
    text = (HEADER + table("house.a", row("to_b", 'rule = "see_table"\nsee = "house.b"'))
            + table("house.b", row("to_a", 'rule = "see_table"\nsee = "house.a"')))
    found = problems(tmp_path, text)
    assert found and {key for key, _l, _m in found} == {"error.house_rule_recursion"}
    assert line_of(text, 'see = "house.b"') in {line for _k, line, _m in found}
    assert any("house.a → house.b → house.a" in message for _k, _l, message in found)


def test_a_table_pointing_at_itself_is_a_circle(tmp_path: Path) -> None:
    text = HEADER + table("house.a", row("me", 'rule = "see_table"\nsee = "house.a"') + row("r2"))
    found = problems(tmp_path, text)
    assert [(key, line) for key, line, _ in found] == [("error.house_rule_recursion", line_of(text, "see ="))]


def test_a_shipped_table_may_be_pointed_at_without_a_circle(tmp_path: Path) -> None:
    text = HEADER + table("house.a", row("env", 'rule = "see_table"\nsee = "sr5.environment"') + row("r2"))
    assert problems(tmp_path, text) == []


INLINE = """\
schema_version = 1
tables = [
  { id = "house.a", game = "sr5", applies_to = ["ranged_attack"], title = { en = "A", ja = "A" }, rows = [
      { id = "fine", label = { en = "F", ja = "F" }, value = 1 },
      { id = "bad", label = { en = "B", ja = "B" }, value = 500 },
  ] },
]
rows = [
  { table = "sr5.attacker", id = "x", label = { en = "X", ja = "X" }, value = 1 },
  { table = "sr5.attacker", id = "y", label = { en = "Y", ja = "Y" }, value = "two" },
]
"""


def test_lines_inside_inline_arrays_are_the_lines_the_values_are_on(tmp_path: Path) -> None:
    found = problems(tmp_path, INLINE)
    # by hand: the bad value 500 is on line 5, the row with value "two" on line 10
    assert sorted((key, line) for key, line, _ in found) == [("error.house_rule_schema", 5),
                                                             ("error.house_rule_schema", 10)]


def test_ten_thousand_house_rows_merge_into_a_table(tmp_path: Path) -> None:
    rows = "".join(f'\n[[rows]]\ntable = "sr5.attacker"\nid = "h{n}"\nlabel = {{ en = "H{n}", ja = "H{n}" }}\n'
                   f'value = {n % 5 - 2}\n' for n in range(10_000))
    replaced = '\n[[rows]]\ntable = "sr5.attacker"\nid = "environment"\nlabel = { en = "E", ja = "E" }\nvalue = -3\n'
    (tmp_path / "big.toml").write_text(HEADER + rows + replaced, encoding="utf-8")
    shipped = load_tables().get("sr5.attacker")
    merged = load_tables(tmp_path).get("sr5.attacker")
    assert merged is not None and shipped is not None
    assert len(merged.rows) == len(shipped.rows) + 10_000
    position = [r.id for r in shipped.rows].index("environment")
    assert merged.rows[position].id == "environment" and merged.rows[position].value == -3  # replaced in place
    assert merged.rows[-1].id == "h9999" and merged.rows[-1].source == "house"


def test_megabytes_of_blank_lines_and_comments_are_skipped_at_once_and_lines_stay_right(tmp_path: Path) -> None:
    """Issue 29 (found by the user-file fuzzer): the line finder stepped over blank space one character
    at a time, 6 µs each: a 6 MB house-rule file of blank lines held the start for about 35 s."""
    import time

    blank = "\n" * 200_000 + "# a comment\n   \t\n" * 50_000 + " " * 800_000 + "\n"
    text = HEADER + blank + table("house.a", row("glare") + row("bad", "value = 100"))
    started = time.process_time()  # CPU time: the work itself, whatever else the machine runs
    found = problems(tmp_path / "tables", text)
    seconds = time.process_time() - started
    assert [(key, line) for key, line, _ in found] == [("error.house_rule_schema", line_of(text, "value = 100"))]
    assert seconds < 3.0, seconds  # before: about 12 s for these 2 MB
