"""Issue 29: the guarded reader of user files (:mod:`gmtool.core.user_files`).

Only regular files are opened (a pipe, a device, a folder, a socket, or a link to one is refused, and
a pipe never blocks: every read of one runs under a deadline); the size is judged on what is read; the
text is UTF-8 (a BOM is fine, UTF-16 and UTF-32 are named); JSON and TOML are bounded in depth and
numbers; every refusal names the file, its kind and the reason, in English and Japanese.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.core.i18n import catalogue, set_language
from gmtool.core.user_files import (
    IMPORT,
    KINDS,
    MAP,
    MAX_DEPTH,
    FileKind,
    UserFileError,
    decode_text,
    file_kind,
    load_json,
    parse_json,
    parse_toml,
    read_bytes,
    read_head,
    read_text,
)
from tests.special_files import fifo, link, unix_socket, within

TINY = FileKind("map", 100)  # a map's name and messages, a limit a test can pass


def refusal(call) -> UserFileError:  # noqa: ANN001
    with pytest.raises(UserFileError) as caught:
        call()
    return caught.value


# -- what is a file ----------------------------------------------------------------------------------
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    pipe = fifo(tmp_path / "course.json")
    error = within(lambda: refusal(lambda: read_bytes(pipe, MAP)), pipes=(pipe,))
    assert error.reason == "not_regular"
    assert error.message() == "course.json (map) was not read: it is a pipe (FIFO), not a regular file."


def test_a_link_to_a_pipe_is_refused_too(tmp_path: Path) -> None:
    pipe = fifo(tmp_path / "pipe")
    named = tmp_path / "course.json"
    named.symlink_to(pipe)
    error = within(lambda: refusal(lambda: load_json(named, MAP)), pipes=(pipe,))
    assert error.reason == "not_regular" and "pipe (FIFO)" in error.message()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_link_to_a_device_is_refused(tmp_path: Path, device: str) -> None:
    named = link(tmp_path / "course.json", device)
    error = within(lambda: refusal(lambda: read_bytes(named, MAP)))
    assert error.message() == "course.json (map) was not read: it is a device, not a regular file."


def test_a_folder_and_a_socket_are_refused(tmp_path: Path) -> None:
    (tmp_path / "x.toml").mkdir()
    assert refusal(lambda: read_text(tmp_path / "x.toml", MAP)).message() == (
        "x.toml (map) was not read: it is a folder, not a regular file.")
    server = unix_socket(tmp_path / "s.json")
    try:
        assert "a socket, not a regular file" in refusal(lambda: read_bytes(tmp_path / "s.json", MAP)).message()
    finally:
        server.close()


def test_missing_and_failing_files_say_so(tmp_path: Path) -> None:
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere")
    assert refusal(lambda: read_bytes(tmp_path / "gone.json", MAP)).message() == (
        "gone.json (map) was not read: it does not exist.")
    failing = link(tmp_path / "mem.json", "/proc/self/mem")  # a regular file whose first page cannot be read
    error = refusal(lambda: read_bytes(failing, MAP))
    assert error.reason == "unreadable" and "Input/output error" in error.message()


# -- size ---------------------------------------------------------------------------------------------
def test_too_large_names_the_size_and_the_kind_s_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 9_100_000)
    assert refusal(lambda: read_bytes(big, MAP)).message() == (
        "big.json (map) was not read: too large: 9.1 MB, the limit for a map is 2 MB.")
    set_language("ja")
    assert refusal(lambda: read_bytes(big, MAP)).message() == (
        "big.json（マップ）は読み込みませんでした: 大きすぎます: 9.1 MB（マップの上限は 2 MB）。")


def test_the_size_is_judged_on_what_is_read(tmp_path: Path) -> None:
    status = link(tmp_path / "status.json", "/proc/self/status")  # says 0 bytes, holds about a kilobyte
    assert Path("/proc/self/status").stat().st_size == 0
    assert refusal(lambda: read_bytes(status, TINY)).reason == "too_large"
    assert len(read_bytes(status, FileKind("map", 1_000_000))) > TINY.limit


def test_exactly_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b"x" * TINY.limit)
    assert read_bytes(path, TINY) == b"x" * TINY.limit
    path.write_bytes(b"x" * (TINY.limit + 1))
    assert refusal(lambda: read_bytes(path, TINY)).reason == "too_large"


def test_a_header_is_read_from_a_file_of_any_size_but_not_from_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    path.write_bytes(b"h" * 1000)
    assert read_head(path, TINY, 10) == b"h" * 10
    pipe = fifo(tmp_path / "p.gmtool")
    assert within(lambda: refusal(lambda: read_head(pipe, TINY, 10)), pipes=(pipe,)).reason == "not_regular"


# -- text ---------------------------------------------------------------------------------------------
def test_utf8_with_or_without_a_bom_is_read() -> None:
    assert parse_json(b'\xef\xbb\xbf{"name": "\xe5\x9c\xb0\xe5\x9b\xb3"}', MAP, "a.json") == {"name": "地図"}
    assert parse_json('\ufeff{"a": 1}', MAP, "a.json") == {"a": 1}
    assert parse_toml(b"\xef\xbb\xbfa = 1\n", MAP, "a.toml") == {"a": 1}


@pytest.mark.parametrize(("codec", "name"), [
    ("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"), ("utf-16-be", "UTF-16"),
    ("utf-32", "UTF-32"), ("utf-32-le", "UTF-32"), ("utf-32-be", "UTF-32"),
])
def test_utf16_and_utf32_are_named(codec: str, name: str) -> None:
    error = refusal(lambda: parse_json('{"a": 1}'.encode(codec), MAP, "u.json"))
    assert error.reason == "wide_encoding"
    assert error.message() == f"u.json (map) was not read: it is {name} text, which gmtool does not read: save it as UTF-8."


def test_other_bytes_are_not_text() -> None:
    assert refusal(lambda: decode_text(b'{"a": "\xff"}', MAP, "x.json")).message() == (
        "x.json (map) was not read: it is not UTF-8 text (line 1): save it as UTF-8.")
    assert refusal(lambda: decode_text(b"PK\x03\x04\x14\x00\x00\x00", MAP, "x.json")).reason == "binary"


def test_a_json_escape_that_is_half_a_surrogate_pair_is_refused() -> None:
    """Before, such a map imported into a UnicodeEncodeError ("did not expect") when it was stored."""
    assert parse_json('{"name": "\\ud83d\\ude00 \\u00e9"}', MAP, "m.json") == {"name": "\U0001f600 é"}
    for lone in ('{"name": "\\ud800"}', '{"\\udc00": 1}', '["ok", ["\\udbff x"]]'):
        assert refusal(lambda lone=lone: parse_json(lone, MAP, "m.json")).message() == (
            "m.json (map) was not read: it holds text that is not Unicode (half of a UTF-16 surrogate pair, "
            "such as \\ud800).")


# -- depth and numbers ------------------------------------------------------------------------------
def test_50000_nested_brackets_are_refused_cleanly() -> None:
    deep = "[" * 50_000 + "]" * 50_000
    json_error = refusal(lambda: parse_json(deep, MAP, "deep.json"))
    toml_error = refusal(lambda: parse_toml("a = " + deep, MAP, "deep.toml"))
    tables = "a = 1\n" + "x = " + "{ y = " * 50_000 + "1" + " }" * 50_000 + "\n"
    inline_error = refusal(lambda: parse_toml(tables, MAP, "deep.toml"))
    assert {json_error.reason, toml_error.reason, inline_error.reason} == {"too_deep"}
    assert json_error.message() == f"deep.json (map) was not read: it is nested too deeply (more than {MAX_DEPTH} levels)."


def test_depth_is_bounded_where_the_parsers_would_not_stop() -> None:
    """65 levels parse without trouble, and are still refused; a header of 200 dotted keys makes 200
    levels of tables without any recursion in the parser."""
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, MAP, "ok.json") is not None
    assert refusal(lambda: parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), MAP, "x.json")).reason == "too_deep"
    header = "[" + ".".join(["a"] * 200) + "]\nb = 1\n"
    assert refusal(lambda: parse_toml(header, MAP, "x.toml")).reason == "too_deep"


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "9" * 5000, "9" * 101, "1" + "0" * 200 + ".5"])
def test_a_number_of_thousands_of_digits_is_refused(number: str) -> None:
    error = refusal(lambda: parse_json(f'{{"columns": {number}}}', MAP, "m.json"))
    assert error.message() == "m.json (map) was not read: it holds a number longer than 100 digits."


@pytest.mark.parametrize("number", ["9" * 5000, "9" * 101])
def test_a_toml_integer_of_thousands_of_digits_is_refused(number: str) -> None:
    assert refusal(lambda: parse_toml(f"value = {number}\n", MAP, "h.toml")).reason == "long_number"


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_json_numbers_that_are_no_numbers_are_refused(number: str) -> None:
    assert refusal(lambda: parse_json(f"[{number}]", MAP, "m.json")).message() == (
        f"m.json (map) was not read: it holds {number}, which is not a number gmtool reads.")


def test_a_hundred_digits_and_ordinary_numbers_are_read() -> None:
    assert parse_json(f'[{"9" * 100}, -3, 2.5]', MAP, "m.json") == [int("9" * 100), -3, 2.5]
    assert parse_toml(f"a = {'9' * 100}\nb = 2.5\nc = inf\n", MAP, "h.toml")["a"] == int("9" * 100)


def test_syntax_errors_name_the_line() -> None:
    assert refusal(lambda: parse_json('{\n"a": 1,\n}', MAP, "m.json")).message() == (
        "m.json (map) was not read: it is not valid JSON (line 3: Expecting property name enclosed in double quotes).")
    error = refusal(lambda: parse_toml("a = 1\nb = oops\n", MAP, "h.toml"))
    assert (error.reason, error.args_for_message["line"]) == ("syntax", 2)
    assert error.message() == "h.toml (map) was not read: it is not valid TOML (line 2: Invalid value)."


# -- kinds and messages -----------------------------------------------------------------------------
def _every_kind() -> dict[str, FileKind]:
    import gmtool.games.aura_battler.library.kind
    import gmtool.games.badlands_rally.library.kind
    import gmtool.games.shadowrun.importers.dispatch
    import gmtool.games.shadowrun.library.exchange
    import gmtool.games.shadowrun.library.foundry_fields
    import gmtool.games.shadowrun.rules.tables.house_rules
    import gmtool.storage.inspection
    import gmtool.storage.lock
    import gmtool.storage.settings  # noqa: F401 - each declares its kind of user file

    return KINDS


def test_every_kind_is_named_in_both_languages_and_fits_file_import() -> None:
    kinds = _every_kind()
    assert set(kinds) == {"import", "map", "settings", "campaign", "campaign_log", "chummer", "npc_export",
                          "house_rules", "gear_cards", "machine_cards", "foundry"}
    for language in ("en", "ja"):
        messages = catalogue(language).messages
        assert all(f"userfile.kind.{key}" in messages and f"userfile.kind_a.{key}" in messages for key in kinds)
    assert max(kind.limit for kind in kinds.values()) == IMPORT.limit  # File → Import reads any of them


def test_every_reason_is_translated_with_the_same_fields() -> None:
    reasons = {"missing", "denied", "unreadable", "not_regular", "too_large", "wide_encoding", "binary",
               "not_utf8", "lone_surrogate", "syntax", "too_deep", "long_number", "bad_number", "refused"}
    nodes = {"folder", "pipe", "device", "socket", "other"}
    en, ja = catalogue("en").messages, catalogue("ja").messages
    for key in [f"userfile.{r}" for r in reasons] + [f"userfile.node.{n}" for n in nodes]:
        assert key in en and key in ja and en[key] != ja[key]


def test_a_kind_is_declared_once() -> None:
    assert file_kind("map", MAP.limit) is MAP  # the same declaration again is the same kind …
    with pytest.raises(ValueError):
        file_kind("map", 1)  # … a second meaning of the name is not


def test_the_japanese_message_names_file_kind_and_reason(tmp_path: Path) -> None:
    set_language("ja")
    pipe = fifo(tmp_path / "pipe.toml")
    from gmtool.games.shadowrun.rules.tables.house_rules import HOUSE_RULES

    error = within(lambda: refusal(lambda: read_text(pipe, HOUSE_RULES)), pipes=(pipe,))
    assert error.message() == "pipe.toml（ハウスルールの表）は読み込みませんでした: 通常のファイルではなくパイプ（FIFO）です。"


def test_what_is_read_is_what_json_says(tmp_path: Path) -> None:
    document = {"format": "gmtool-hex-map", "name": "ループ", "columns": 3, "zones": {"start": ["0101"]}}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert load_json(path, MAP) == document


def test_the_docs_list_every_kind_with_its_limit() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "user" / "files-and-backups.md").read_text(encoding="utf-8")
    section = page.split("## Safety of files", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| Kind")}
    for key, kind in _every_kind().items():
        label = catalogue("en").messages[f"userfile.kind.{key}"]
        assert label in rows, f"the files page's table has no row for {label}"
        if key not in ("campaign", "campaign_log"):  # only their header is read here, whatever their size
            assert rows[label] == f"{kind.limit / 1_000_000:g} MB"
