"""Issue 29: a house-rule file can never stop the start. Deep, huge, unreadable, a pipe named
``tables/pipe.toml``, a folder named ``x.toml``, not UTF-8, a number of 5,000 digits: each is listed
as broken with its reason, and the other files load. Every load runs under a deadline, so a pipe that
blocks fails the test instead of hanging the run; each case failed before the reader (a
``RecursionError`` or ``ValueError`` escaped the loader, or the pipe blocked it)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.games.shadowrun.rules.tables.loader import TableSet, load_tables
from tests.special_files import fifo, link, within
from tests.test_tables_house_rules import GOOD, write


def _deep(folder: Path) -> Path:
    write(folder, "deep.toml", "schema_version = 1\nvalue = " + "[" * 50_000 + "]" * 50_000 + "\n")
    return folder / "deep.toml"


def _huge(folder: Path) -> Path:
    write(folder, "huge.toml", "schema_version = 1\n" + "# a long comment\n" * 600_000)  # 10.2 MB
    return folder / "huge.toml"


def _failing(folder: Path) -> Path:
    return link(folder / "mem.toml", "/proc/self/mem")  # a regular file whose first page cannot be read


def _dangling(folder: Path) -> Path:
    (folder / "gone.toml").symlink_to(folder / "nowhere.toml")
    return folder / "gone.toml"


def _pipe(folder: Path) -> Path:
    return fifo(folder / "pipe.toml")


def _folder(folder: Path) -> Path:
    (folder / "x.toml").mkdir()
    return folder / "x.toml"


def _latin1(folder: Path) -> Path:
    (folder / "latin1.toml").write_bytes('schema_version = 1\n\n# Café\n'.encode("latin-1"))
    return folder / "latin1.toml"


def _utf16(folder: Path) -> Path:
    (folder / "utf16.toml").write_bytes("schema_version = 1\n".encode("utf-16"))
    return folder / "utf16.toml"


def _long_number(folder: Path) -> Path:
    write(folder, "number.toml", "schema_version = " + "1" * 5000 + "\n")
    return folder / "number.toml"


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "deep": (_deep, "it is nested too deeply (more than 64 levels)"),
    "huge": (_huge, "too large: 10.2 MB, the limit for a house-rule table is 8 MB"),
    "unreadable": (_failing, "the system could not read it (Input/output error)"),
    "dangling link": (_dangling, "it does not exist"),
    "pipe": (_pipe, "it is a pipe (FIFO), not a regular file"),
    "folder": (_folder, "it is a folder, not a regular file"),
    "not UTF-8": (_latin1, "it is not UTF-8 text (line 3): save it as UTF-8"),
    "UTF-16": (_utf16, "it is UTF-16 text, which gmtool does not read: save it as UTF-8"),
    "5000 digits": (_long_number, "it holds a number longer than 100 digits"),
}


def _load(folder: Path, pipes: tuple[Path, ...]) -> TableSet:
    return within(lambda: load_tables(folder), pipes=pipes)


@pytest.mark.parametrize("case", list(CASES))
def test_a_file_that_cannot_be_read_is_listed_and_the_rest_loads(tmp_path: Path, case: str) -> None:
    make, reason = CASES[case]
    write(tmp_path, "a.toml", GOOD)
    broken = make(tmp_path)
    tables = _load(tmp_path, (broken,) if case == "pipe" else ())
    assert tables.get("house.weather") is not None  # a.toml, read before and after the broken one, is in use
    assert [p.args_for_message["file"] for p in tables.problems] == [broken.name]
    assert tables.problems[0].message() == f"{broken.name} (house-rule table) was not read: {reason}."


def test_all_of_them_at_once_are_each_listed(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    made = [make(tmp_path) for make, _reason in CASES.values()]
    pipes = tuple(path for path in made if path.name == "pipe.toml")
    tables = _load(tmp_path, pipes)
    assert tables.get("house.weather") is not None
    assert sorted(p.args_for_message["file"] for p in tables.problems) == sorted(path.name for path in made)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_reload_after_the_pipe_is_gone_reads_the_folder_again(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    pipe = fifo(tmp_path / "pipe.toml")
    assert len(_load(tmp_path, (pipe,)).problems) == 1
    pipe.unlink()
    assert _load(tmp_path, ()).problems == ()
