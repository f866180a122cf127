"""Foundry VTT actor import speed (issue 34): 100 actors in one file, from the file into the library.

The hand-made fixture actors (``tests/fixtures/foundry``: the three SR5 layouts and SR4) are
repeated, each copy with a name of its own, into one JSON array of 100 actors and one of 200. Each
file is imported as File → Import does (:func:`gmtool.ui.import_report_dialog.import_path`: the
guarded read, the library that claims it, every actor read, every template stored in one
transaction) into a fresh campaign; the best of ``ROUNDS`` runs is kept. ``import_foundry_ratio_200_100``
is the 200-actor time over the 100-actor time: about 2 when the import grows linearly.

Run alone: ``python -m benchmarks.import_foundry``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "foundry"
ACTORS = ("sr5_v36_kestrel.json", "sr5_v31_marrow.json", "sr5_v27_pell.json", "sr4_dace.json")
ROUNDS = 3


def actors_file(count: int) -> bytes:
    """A JSON array of ``count`` actors: the fixtures in turn, each named ``<name> <n>``."""
    originals = [json.loads((FIXTURES / name).read_text(encoding="utf-8")) for name in ACTORS]
    actors = []
    for number in range(count):
        actor = dict(originals[number % len(originals)])
        actor["name"] = f"{actor['name'][:40]} {number + 1}"
        actors.append(actor)
    return json.dumps(actors).encode("utf-8")


def _import_seconds(data: bytes, folder: Path, rounds: int) -> float:
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.import_report_dialog import import_path

    path = folder / "actors.json"
    path.write_bytes(data)
    best = float("inf")
    for run in range(rounds):
        workspace = Workspace.create(folder / f"bench{len(data)}_{run}.gmtool")
        try:
            start = time.perf_counter()
            outcome = import_path(workspace.campaign, path)
            best = min(best, time.perf_counter() - start)
            if not outcome.ok:
                raise RuntimeError("\n".join(outcome.lines))
        finally:
            workspace.close()
    return best


def measure_import_foundry(rounds: int = ROUNDS) -> dict[str, float]:
    """``import_foundry_100_actors_s``, ``import_foundry_200_actors_s`` and their ratio."""
    with tempfile.TemporaryDirectory() as folder:
        _import_seconds(actors_file(4), Path(folder), 1)  # warm-up: caches (range tables, pydantic schemas)
        hundred = _import_seconds(actors_file(100), Path(folder), rounds)
        two_hundred = _import_seconds(actors_file(200), Path(folder), rounds)
    return {
        "import_foundry_100_actors_s": hundred,
        "import_foundry_200_actors_s": two_hundred,
        "import_foundry_ratio_200_100": two_hundred / hundred,
    }


def main() -> None:
    for name, value in measure_import_foundry().items():
        sys.stdout.write(f"{name}: {value:.3f}\n")


if __name__ == "__main__":
    main()
