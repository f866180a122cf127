"""gmtool's entry-point reader on made-up distributions (issue 19): the order of the folders, names
written differently, egg-info folders and unzipped eggs, comments, other groups, unreadable files.

Apart from ``tests/test_entry_points.py`` (which compares the running environment with
``importlib.metadata`` and is left out of the mutation runs, where the environment is mutmut's): these
build their own folders, so ``make mutate`` runs them against the mutants of the reader.
"""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest

from gmtool.core.entry_points import EntryPoint, entry_points, load_object, normalized, parse_group


def _theirs(group: str) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in importlib.metadata.entry_points(group=group)]


def _ours(group: str) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in entry_points(group)]


def _dist(folder: Path, stem: str, entry_points_text: str | None) -> None:
    meta = folder / stem
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {stem.split('-')[0]}\nVersion: 1\n", encoding="utf-8")
    if entry_points_text is not None:
        (meta / "entry_points.txt").write_text(entry_points_text, encoding="utf-8")


@pytest.fixture
def made_up_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Two folders of made-up distributions: a name twice (the first folder's wins), names written
    differently, an egg-info, comments, other groups, one without entry points, one unreadable."""
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "Coin_Game-1.0.dist-info", "# a comment\n[gmtool.games]\ncoin = coin.manifest:MANIFEST\n\n[other]\nx = y:z\n")
    _dist(first, "quiet-2.0.dist-info", None)
    _dist(second, "coin.game-3.0.dist-info", "[gmtool.games]\ncoin = old.manifest:MANIFEST\n")
    _dist(second, "dice_pack-0.1.egg-info", "[gmtool.games]\n dice = dice.pack:MANIFEST [extra]\nsecond = dice.two:M\n")
    _dist(second, "broken-1.dist-info", None)
    (second / "broken-1.dist-info" / "entry_points.txt").write_bytes(b"[gmtool.games]\nbad = \xff\xfe:x\n")
    paths = [str(first), str(tmp_path / "missing"), str(second)]
    monkeypatch.setattr(sys, "path", paths)
    importlib.invalidate_caches()
    return paths


def test_made_up_distributions_read_as_importlib_metadata_reads_them(made_up_path: list[str]) -> None:
    expected = [  # worked out by hand from the fixture
        ("coin", "coin.manifest:MANIFEST"),  # the first folder's "Coin_Game" hides "coin.game"
        ("dice", "dice.pack:MANIFEST [extra]"),
        ("second", "dice.two:M"),
    ]
    assert _ours("gmtool.games") == expected
    # importlib.metadata gives up on the undecodable file with an error; ours leaves it out
    with pytest.raises(UnicodeDecodeError):
        _theirs("gmtool.games")


def test_without_the_unreadable_file_both_agree(made_up_path: list[str]) -> None:
    (Path(made_up_path[2]) / "broken-1.dist-info" / "entry_points.txt").unlink()
    assert _ours("gmtool.games") == _theirs("gmtool.games")
    assert _ours("other") == _theirs("other") == [("x", "y:z")]


def test_names_are_compared_as_importlib_metadata_compares_them() -> None:
    assert normalized("Coin_Game") == normalized("coin.game") == normalized("COIN--game") == "coin_game"


def test_a_group_is_the_lines_of_its_own_section() -> None:
    text = "[a]\nx = m:x\n[b]\n# y = m:y\ny = m:y\nz=m:z\n"
    assert parse_group(text, "b") == [EntryPoint("y", "m:y", "b"), EntryPoint("z", "m:z", "b")]
    assert parse_group(text, "c") == []


def test_loading_imports_the_module_and_follows_the_attribute_path() -> None:
    assert EntryPoint("p", "pathlib:Path.home", "g").load() == Path.home
    assert EntryPoint("p", "pathlib:Path [extra]", "g").load() is Path
    assert load_object("pathlib") is sys.modules["pathlib"]


def test_an_unzipped_egg_s_metadata_folder_counts(tmp_path: Path) -> None:
    egg = tmp_path / "Dice_Pack-1.0-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "entry_points.txt").write_text("[gmtool.games]\ndice = dice.pack:MANIFEST\n", encoding="utf-8")
    assert [(p.name, p.value) for p in entry_points("gmtool.games", [str(egg)])] == [("dice", "dice.pack:MANIFEST")]


def test_an_unzipped_egg_earlier_on_the_path_hides_the_same_distribution_later(tmp_path: Path) -> None:
    egg = tmp_path / "Dice_Pack-1.0-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "entry_points.txt").write_text("[gmtool.games]\ndice = dice.pack:MANIFEST\n", encoding="utf-8")
    later = tmp_path / "site"
    _dist(later, "dice.pack-0.9.dist-info", "[gmtool.games]\ndice = dice.old:MANIFEST\n")
    found = entry_points("gmtool.games", [str(egg), str(later)])
    assert [(p.name, p.value) for p in found] == [("dice", "dice.pack:MANIFEST")]  # the egg's name is "dice_pack"
