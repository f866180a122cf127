"""The refusals of :mod:`gmtool.core.user_files` as the GM reads them: each names the file, its kind and
the exact reason, with the figure that explains it (the line, the encoding, the depth, the number).

Regular files and in-memory data only (no pipe, socket or device: ``tests/test_user_files.py`` has
those), so the mutation runs (``make mutate``) can run these: each test here pins a boundary or a
word of the message that a changed line of the reader would break.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.core.user_files import (
    MAP,
    MAX_DEPTH,
    FileKind,
    UserFileError,
    check_size,
    decode_text,
    file_kind,
    json_members,
    load_json,
    parse_json,
    parse_toml,
    read_bytes,
    read_head,
    read_text,
    unreadable,
    wide_encoding,
)

TINY = FileKind("map", 100)  # a map's words, a limit a test can reach


def refused(call: Callable[[], object]) -> UserFileError:
    with pytest.raises(UserFileError) as caught:
        call()
    return caught.value


def nested(levels: int) -> str:
    """A JSON array ``levels`` deep: ``[[...]]``."""
    return "[" * levels + "]" * levels


# -- size -------------------------------------------------------------------------------------------------
def test_data_exactly_at_the_kinds_limit_is_read_one_byte_more_is_not() -> None:
    check_size(b"x" * 100, TINY, "full.json")  # the limit itself is allowed
    problem = refused(lambda: check_size(b"x" * 101, TINY, "over.json"))
    assert problem.reason == "too_large"
    assert problem.message() == "over.json (map) was not read: too large: 0.0 MB, the limit for a map is 0.0001 MB."


# -- reading ---------------------------------------------------------------------------------------------
def test_a_missing_file_is_refused_as_missing_with_its_kind(tmp_path: Path) -> None:
    problem = refused(lambda: read_bytes(tmp_path / "gone.json", MAP))
    assert (problem.reason, problem.kind) == ("missing", MAP)
    assert problem.message() == "gone.json (map) was not read: it does not exist."


def test_a_forbidden_file_is_refused_as_denied() -> None:
    problem = unreadable(MAP, "locked.json", PermissionError(errno.EACCES, "Permission denied"))
    assert (problem.reason, problem.kind) == ("denied", MAP)
    assert problem.message() == "locked.json (map) was not read: you may not read it (permission denied)."


def test_load_json_reads_and_parses_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "small.json"
    path.write_text('{"name": "Ridge", "hexes": [1, 2]}', encoding="utf-8")
    assert load_json(path, MAP) == {"name": "Ridge", "hexes": [1, 2]}


# -- text ------------------------------------------------------------------------------------------------
def test_utf32_without_a_bom_is_told_by_its_three_nuls() -> None:
    assert wide_encoding('{"a"'.encode("utf-32-le")) == "UTF-32"  # 7B 00 00 00 ...
    assert wide_encoding('{"a"'.encode("utf-32-be")) == "UTF-32"  # 00 00 00 7B ...
    assert wide_encoding('{"a"'.encode("utf-16-le")) == "UTF-16"  # 7B 00 22 00
    assert wide_encoding(b"a\x01\x00\x00") is None  # one NUL pair after two characters: neither pattern


def test_wide_text_is_refused_naming_its_encoding() -> None:
    problem = refused(lambda: decode_text('{"a": 1}'.encode("utf-32-le"), MAP, "wide.json"))
    assert (problem.reason, problem.kind) == ("wide_encoding", MAP)
    assert problem.message() == ("wide.json (map) was not read: it is UTF-32 text, which gmtool does not read: "
                                 "save it as UTF-8.")


def test_nul_bytes_are_refused_as_binary() -> None:
    problem = refused(lambda: decode_text(b"abc\x00def", MAP, "blob.json"))
    assert (problem.reason, problem.kind) == ("binary", MAP)
    assert problem.message() == "blob.json (map) was not read: it holds NUL bytes, so it is not a text file."


def test_not_utf8_names_the_line_counting_a_newline_in_the_first_byte() -> None:
    problem = refused(lambda: decode_text(b"\nab\xff", MAP, "latin.json"))  # the bad byte is on line 2
    assert problem.reason == "not_utf8"
    assert problem.message() == "latin.json (map) was not read: it is not UTF-8 text (line 2): save it as UTF-8."


# -- JSON ------------------------------------------------------------------------------------------------
def test_json_nested_to_the_limit_is_read_one_level_more_is_not() -> None:
    assert parse_json(nested(MAX_DEPTH), MAP, "deep.json") is not None
    problem = refused(lambda: parse_json(nested(MAX_DEPTH + 1), MAP, "deeper.json"))
    assert problem.reason == "too_deep"
    assert problem.message() == "deeper.json (map) was not read: it is nested too deeply (more than 64 levels)."


def test_a_json_constant_that_is_no_number_is_named() -> None:
    problem = refused(lambda: parse_json('{"range": NaN}', MAP, "nan.json"))
    assert (problem.reason, problem.kind) == ("bad_number", MAP)
    assert problem.message() == "nan.json (map) was not read: it holds NaN, which is not a number gmtool reads."


@pytest.mark.parametrize("text", ['["\\ud800"]', '{"rows": {"\\udc00": 1}}'], ids=["value", "key"])
def test_half_a_surrogate_pair_is_refused_in_a_value_or_a_key(text: str) -> None:
    problem = refused(lambda: parse_json(text, MAP, "pair.json"))
    assert (problem.reason, problem.kind) == ("lone_surrogate", MAP)
    assert problem.message().startswith("pair.json (map) was not read: it holds text that is not Unicode")


def test_streamed_json_refuses_a_bad_number_naming_the_file() -> None:
    text = '{"name": "x", "items": [1, NaN]}'
    problem = refused(lambda: list(json_members(text, MAP, "lib.json", "items")))
    assert (problem.reason, problem.kind) == ("bad_number", MAP)
    assert problem.message() == "lib.json (map) was not read: it holds NaN, which is not a number gmtool reads."


def test_streamed_json_past_the_parsers_own_depth_is_too_deep() -> None:
    text = '{"items": [' + nested(100_000) + "]}"  # the decoder recurses: RecursionError, the same refusal
    problem = refused(lambda: list(json_members(text, MAP, "abyss.json", "items")))
    assert (problem.reason, problem.kind) == ("too_deep", MAP)
    assert problem.message() == "abyss.json (map) was not read: it is nested too deeply (more than 64 levels)."


# -- TOML ------------------------------------------------------------------------------------------------
def test_toml_past_the_parsers_own_depth_is_too_deep() -> None:
    text = "a = " + nested(5_000)
    problem = refused(lambda: parse_toml(text, MAP, "deep.toml"))
    assert (problem.reason, problem.kind) == ("too_deep", MAP)
    assert problem.message() == "deep.toml (map) was not read: it is nested too deeply (more than 64 levels)."


def test_a_toml_error_at_the_end_of_the_document_names_the_last_line() -> None:
    problem = refused(lambda: parse_toml("a = 1\nb = 2\nc = ", MAP, "rules.toml"))
    assert problem.reason == "syntax"
    assert problem.message() == "rules.toml (map) was not read: it is not valid TOML (line 3: Invalid value)."


def test_toml_bytes_that_are_not_utf8_name_the_file() -> None:
    problem = refused(lambda: parse_toml(b"a = '\xff'", MAP, "rules.toml"))
    assert problem.message() == "rules.toml (map) was not read: it is not UTF-8 text (line 1): save it as UTF-8."


# -- kinds -----------------------------------------------------------------------------------------------
def test_a_kind_declared_twice_with_two_limits_is_a_programming_error_naming_it() -> None:
    with pytest.raises(ValueError, match="two kinds of user file named map"):
        file_kind("map", MAP.limit + 1)


# -- more of the reader: folders, sizes, the system's own failures ----------------------------------------
def test_a_folder_is_refused_as_one(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    problem = refused(lambda: read_bytes(folder, MAP))
    assert (problem.reason, problem.kind) == ("not_regular", MAP)
    assert problem.message() == "maps (map) was not read: it is a folder, not a regular file."


def test_a_file_over_its_kind_s_limit_names_both_sizes_in_mb(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * 2_500_000)  # a map's limit is 2 MB
    problem = refused(lambda: read_bytes(path, MAP))
    assert problem.message() == "huge.json (map) was not read: too large: 2.5 MB, the limit for a map is 2 MB."


def test_text_and_head_of_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_text(path, MAP) == '{"a": 1}'  # the BOM dropped
    assert read_head(path, MAP, 4) == b'\xef\xbb\xbf{'  # bytes as they are, only the first ones


@pytest.mark.parametrize(("error", "words"), [
    (OSError(errno.EIO, "Input/output error"), "the system could not read it (Input/output error)"),
    (OSError(), "the system could not read it (OSError)"),  # no words from the system: the error's kind
    (FileNotFoundError(errno.ENOENT, "No such file"), "it does not exist"),
    (PermissionError(errno.EPERM, "Operation not permitted"), "you may not read it (permission denied)"),
])
def test_what_the_system_said_is_told_in_the_gm_s_words(error: OSError, words: str) -> None:
    assert unreadable(MAP, "x.json", error).message() == f"x.json (map) was not read: {words}."


# -- more of JSON and TOML: syntax with its line, numbers at the limit ----------------------------------
def test_json_syntax_names_the_line_and_the_parser_s_words() -> None:
    problem = refused(lambda: parse_json('{"a": 1,\n "b": }', MAP, "s.json"))
    assert problem.message() == "s.json (map) was not read: it is not valid JSON (line 2: Expecting value)."


@pytest.mark.parametrize("parse", [parse_json, parse_toml], ids=["json", "toml"])
def test_a_number_of_a_hundred_digits_is_read_one_more_is_not(parse: Callable[..., object]) -> None:
    hundred = "9" * 100
    text = f"[{hundred}, -{hundred}]" if parse is parse_json else f"a = {hundred}\nb = -{hundred}"
    read = parse(text, MAP, "n")
    assert list(read.values() if isinstance(read, dict) else read) == [int(hundred), -int(hundred)]
    longer = f"[{hundred}9]" if parse is parse_json else f"a = -{hundred}9"
    problem = refused(lambda: parse(longer, MAP, "n"))
    assert problem.message() == "n (map) was not read: it holds a number longer than 100 digits."


def test_toml_past_python_s_own_integer_limit_is_a_long_number() -> None:
    problem = refused(lambda: parse_toml("a = " + "9" * 5000, MAP, "l.toml"))
    assert (problem.reason, problem.args_for_message["digits"]) == ("long_number", 100)


def test_an_infinite_json_number_is_named() -> None:
    problem = refused(lambda: parse_json("[1e400]", MAP, "i.json"))
    assert problem.message() == "i.json (map) was not read: it holds 1e400, which is not a number gmtool reads."


def test_json_text_with_a_bom_is_read() -> None:
    assert parse_json('\ufeff{"a": 1}', MAP, "bom.json") == {"a": 1}


def test_streamed_json_counts_the_levels_from_the_file_s_top() -> None:
    # the object is level 1, a member's value level 2, an item of the streamed array level 3
    item = "[" * 62 + "]" * 62  # an item whose innermost array is level 3 + 61 = 64
    assert len(list(json_members('{"items": [' + item + "]}", MAP, "m.json", "items"))) == 2
    problem = refused(lambda: list(json_members('{"items": [[' + item + "]]}", MAP, "m.json", "items")))
    assert problem.reason == "too_deep"
    member = "[" * 63 + "]" * 63  # a member's value whose innermost array is level 2 + 62 = 64
    assert len(list(json_members('{"x": ' + member + "}", MAP, "m.json", "items"))) == 1
    assert refused(lambda: list(json_members('{"x": [' + member + "]}", MAP, "m.json", "items"))).reason == "too_deep"


def test_a_file_exactly_at_its_kind_s_limit_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "full.json"
    path.write_bytes(b"x" * 100)
    assert read_bytes(path, TINY) == b"x" * 100


def test_a_file_whose_size_lies_is_judged_on_what_is_read() -> None:
    # /proc files say they are empty (st_size 0) and hold far more than 10 bytes
    status = Path("/proc/self/status")
    problem = refused(lambda: read_bytes(status, FileKind("map", 10)))
    assert problem.message() == "status (map) was not read: too large: 0.0 MB, the limit for a map is 1e-05 MB."


def test_streamed_json_syntax_names_the_file_and_the_line() -> None:
    problem = refused(lambda: list(json_members('{"a": 1,\n "b": }', MAP, "s.json", "items")))
    assert problem.message() == "s.json (map) was not read: it is not valid JSON (line 2: Expecting value)."


def test_a_device_is_refused_before_it_is_opened() -> None:
    problem = refused(lambda: read_bytes(Path("/dev/null"), MAP))
    assert problem.message() == "null (map) was not read: it is a device, not a regular file."


def test_a_file_the_system_fails_to_read_is_refused_with_the_system_s_words() -> None:
    # /proc/self/mem is a regular file whose first page is no mapped memory: reading it fails (EIO)
    problem = refused(lambda: read_bytes(Path("/proc/self/mem"), MAP))
    assert (problem.reason, problem.kind) == ("unreadable", MAP)
    assert problem.message() == "mem (map) was not read: the system could not read it (Input/output error)."
