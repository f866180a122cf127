"""gmtool's entry-point reader finds what ``importlib.metadata`` finds (issue 19: it spares the start
importing ``importlib.metadata``). Made-up distributions: ``tests/test_entry_points_made_up.py``."""

from __future__ import annotations

import importlib.metadata

import pytest

from gmtool.core.entry_points import entry_points


def _theirs(group: str) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in importlib.metadata.entry_points(group=group)]


def _ours(group: str) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in entry_points(group)]


@pytest.mark.parametrize("group", ["gmtool.games", "console_scripts", "pydantic", "pytest11"])
def test_the_running_environment_reads_as_importlib_metadata_reads_it(group: str) -> None:
    assert _ours(group) == _theirs(group)


def test_gmtool_finds_its_four_games() -> None:
    assert {name for name, _value in _ours("gmtool.games")} == {"sr5", "sr4", "badlands_rally", "aura_battler"}
