""":mod:`gmtool.core.json_stream` on its own: the members of a hand-written document one by one, and each
refusal with the words and the place ``json.loads`` gives (the GM reads them in "it is not valid JSON
(line n: …)"), and the property tests over made-up documents (from ``tests/test_import_steps.py``).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.json_stream import Member, object_members

DOCUMENT = '\t{ "kind" : "gmtool.npcs",\r\n  "npcs" : [ {"name": "Rat"} ,\n [1, 2] ] , "tail": 3.5 }  \n'


def test_members_come_one_by_one_the_streamed_array_item_by_item() -> None:
    assert list(object_members(DOCUMENT, "npcs")) == [
        Member("kind", "gmtool.npcs"),
        Member("npcs", []),  # the start marker, then each item
        Member("npcs", {"name": "Rat"}, item=True),
        Member("npcs", [1, 2], item=True),
        Member("tail", 3.5),
    ]


def test_an_array_not_streamed_is_one_member_and_an_empty_streamed_one_has_no_items() -> None:
    assert list(object_members('{"a": [1, 2], "npcs": [ ]}', "npcs")) == [
        Member("a", [1, 2]), Member("npcs", []),
    ]
    assert list(object_members(" { } ", "npcs")) == []


def test_the_streamed_key_holding_no_array_is_an_ordinary_member() -> None:
    assert list(object_members('{"npcs": {"a": 1}}', "npcs")) == [Member("npcs", {"a": 1})]


def test_the_hooks_read_the_numbers() -> None:
    members = list(object_members('{"n": [1, 2.5]}', "n", parse_int=lambda t: f"int {t}",
                                  parse_float=lambda t: f"float {t}"))
    assert [m.value for m in members] == [[], "int 1", "float 2.5"]


@pytest.mark.parametrize("text", [
    '{"npcs": [1 2]}',  # two items without a comma
    '{"npcs": [1, 2}',  # the array closed by a brace
    '{"a": 1 "b": 2}',  # two members without a comma
    '{"a" 1}',  # no colon
    '{"a": 1, }',  # a comma, then no name
    '{"a": 1, 2: 3}',  # a name that is no string
    '{"a": 1}  x',  # something after the object
    '{3: 1}',  # the first name no string
])
def test_refusals_say_what_and_where_as_json_loads_does(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as got:
        list(object_members(text, "npcs"))
    assert (got.value.msg, got.value.lineno, got.value.colno) == (expected.value.msg, expected.value.lineno,
                                                                  expected.value.colno)


# -- core.json_stream ------------------------------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


def rebuilt(text: str, streamed: str) -> dict[str, object]:
    """The object as object_members hands it over, put together again."""
    result: dict[str, object] = {}
    for member in object_members(text, streamed):
        if member.item:
            result[member.key].append(member.value)  # type: ignore[union-attr]
        else:
            result[member.key] = member.value
    return result


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["npcs", "kind", "a", "b"]), JSON_VALUES, max_size=4),
       st.sampled_from([None, 0, 1, 2]))
def test_members_put_together_are_what_json_reads(document: dict[str, object], indent: int | None) -> None:
    text = json.dumps(document, indent=indent)
    assert rebuilt(text, "npcs") == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["npcs", "kind", "a"]), JSON_VALUES, min_size=1, max_size=3),
       st.data())
def test_a_cut_or_changed_text_is_refused_where_json_refuses_it(document: dict[str, object], data: st.DataObject) -> None:
    text = json.dumps(document)
    position = data.draw(st.integers(0, len(text)))
    broken = data.draw(st.sampled_from([text[:position], text[:position] + "]" + text[position:],
                                        text[:position] + "," + text[position:], text + " x"]))
    try:
        expected = json.loads(broken)
    except ValueError:
        expected = ValueError
    try:
        got: object = rebuilt(broken, "npcs")
    except ValueError:
        got = ValueError
    if isinstance(expected, dict):
        assert got == expected
    else:
        assert got is ValueError


def test_a_key_given_twice_counts_its_last_value_as_json_does() -> None:
    text = '{"npcs": [1, 2], "kind": "x", "npcs": [3]}'
    assert rebuilt(text, "npcs") == json.loads(text) == {"npcs": [3], "kind": "x"}


@pytest.mark.parametrize("text", ["X}", "[1]", ""])
def test_a_text_that_is_no_object_is_refused_at_its_start(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as refused:
        list(object_members(text, "npcs"))
    assert (refused.value.msg, refused.value.pos) == ("Expecting '{'", 0)


def test_compact_json_with_no_space_after_a_comma_is_read_whole() -> None:
    # written by json.dumps(separators=(",", ":")) and other programs: the next key follows the comma at once
    assert list(object_members('{"a":1,"npcs":[{"n":1},{"n":2}],"b":2}', "npcs")) == [
        Member("a", 1), Member("npcs", []), Member("npcs", {"n": 1}, item=True),
        Member("npcs", {"n": 2}, item=True), Member("b", 2),
    ]
