"""A sheet and the sheets made from it by the GM's choices find their rows once (issue 30's key
presses: the attack panel values every row of two sheets after each attack), with the same answers
as a sheet built afresh (SR4-MT7)."""

from __future__ import annotations

import pytest

from gmtool.core.tables.engine import build_sheet, row_key
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.tables.models import Table


@pytest.mark.rule("SR4-MT7")
def test_a_ticked_sheet_shares_the_rows_that_apply_and_values_them_alike(monkeypatch) -> None:
    context = ActionContext(game="sr4", action="ranged_attack", distance_m=30, range_bands=(5.0, 20.0, 50.0, 100.0))
    sheet = build_sheet(context)
    asked: list[int] = []
    real = Table.row_applies
    monkeypatch.setattr(Table, "row_applies", lambda self, row, action: (asked.append(1), real(self, row, action))[1])
    keys = [row_key(t.id, r.id) for t in sheet.tables for r in sheet.rows(t)]
    for key in keys:  # every row valued: what the modifier table does after each attack
        sheet.row_value(key)
    first = len(asked)
    assert 0 < first <= 2 * len(keys)  # each row's table asked once to list it and once to find it by key
    ticked = sheet.tick(next(k for k in keys if k.endswith("attacker_running")))
    for key in keys:
        ticked.row_value(key)
    assert len(asked) == first  # the rows that apply found once, for this sheet and the one ticked from it
    monkeypatch.undo()
    fresh = build_sheet(context).with_choices(ticked.choices)
    assert [ticked.row_value(k) for k in keys] == [fresh.row_value(k) for k in keys]
    assert ticked.breakdown() == fresh.breakdown() and ticked.total() == fresh.total() == -4  # running −2, long range −2
    assert ticked == fresh  # what it shares is not part of its value
