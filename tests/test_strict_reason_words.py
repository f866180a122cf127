"""A pydantic refusal gmtool has no words of its own for is told with pydantic's own detail
(:func:`gmtool.core.strict.reason`), cut to 200 characters: the GM still reads what was wrong."""

from __future__ import annotations

from gmtool.core.strict import reason


def test_an_unknown_kind_of_refusal_shows_pydantic_s_words() -> None:
    assert reason({"type": "weird", "msg": "it is odd", "input": 3}) == "Not valid (it is odd)."
    assert reason({"type": "weird", "msg": "x" * 300, "input": 3}) == f"Not valid ({'x' * 200})."
