"""The Foundry import benchmark's harness runs and gives sane figures (never compared with a target)."""

from __future__ import annotations

import json
import math

import pytest

from benchmarks.import_foundry import actors_file, measure_import_foundry


def test_the_actors_file_holds_as_many_actors_each_named_apart() -> None:
    actors = json.loads(actors_file(9))
    assert len(actors) == 9 and len({a["name"] for a in actors}) == 9
    assert {a["_stats"]["systemId"] for a in actors} == {"shadowrun5e", "shadowrun4e"}


@pytest.mark.slow
def test_the_harness_returns_positive_finite_figures() -> None:
    result = measure_import_foundry(rounds=1)
    assert set(result) == {"import_foundry_100_actors_s", "import_foundry_200_actors_s", "import_foundry_ratio_200_100"}
    assert all(math.isfinite(v) and v > 0 for v in result.values()), result
