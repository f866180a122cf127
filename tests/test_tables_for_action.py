"""Where a house-rule file's values are (the line of each key), for the messages that point at them.

(The tables each attack opens were asked of ``TableSet.for_action``, which nothing in gmtool called and which
went with the typing of the games; the attack planner's own choice of tables is tested with the attacks.)
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.tables.toml_lines import value_lines


def test_a_house_rule_files_keys_are_found_on_their_lines() -> None:
    # Bare keys whatever letter they start with, quoted keys, and an array of tables' entries.
    text = 'X = 1\nvalue = 2\n"quoted key" = 3\n[[rows]]\nXid = "a"\n'
    assert value_lines(text) == {("X",): 1, ("value",): 2, ("quoted key",): 3, ("rows",): 4, ("rows", 0): 4,
                                 ("rows", 0, "Xid"): 5}
