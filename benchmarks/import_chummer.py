"""Chummer import speed over the fixture files: median milliseconds per file.

Each ``.chum5`` (and, for context, each ``.chum``) in ``../shared/fixtures/chummer``
is read into memory once, then imported ``ROUNDS`` times after one warm-up round
(bytes → safe XML parse → template and report, validation included). The median is
over every import of every file of the edition. Reading from disk is left out: the
figure is the importer's own work.

Run alone: ``python -m benchmarks.import_chummer``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gmtool.games.shadowrun.importers.chummer4 import import_chum
from gmtool.games.shadowrun.importers.chummer5 import import_chum5
from gmtool.games.shadowrun.importers.report import ImportResult

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"
ROUNDS = 10


def _timings(files: list[Path], importer: Callable[[bytes, str], ImportResult], rounds: int = ROUNDS) -> list[float]:
    contents = [(path.name, path.read_bytes()) for path in files]
    for name, data in contents:  # warm-up: caches (skill table, pydantic schemas)
        importer(data, name)
    timings: list[float] = []
    for _ in range(rounds):
        for name, data in contents:
            start = time.perf_counter()
            importer(data, name)
            timings.append((time.perf_counter() - start) * 1000)
    return timings


def measure_import_chummer(rounds: int = ROUNDS) -> dict[str, float]:
    """``import_chum5_ms_median`` (and ``…_max``, ``import_chum_ms_median``) over the fixture files."""
    sr5 = sorted((FIXTURES / "sr5").glob("*.chum5"))
    sr4 = sorted((FIXTURES / "sr4").glob("*.chum"))
    if not sr5:
        return {}
    chum5 = _timings(sr5, import_chum5, rounds)
    result = {
        "import_chum5_ms_median": statistics.median(chum5),
        "import_chum5_ms_max": max(chum5),
        "import_chum5_files": float(len(sr5)),
    }
    if sr4:
        result["import_chum_ms_median"] = statistics.median(_timings(sr4, import_chum, rounds))
    big = five_mib_character(sr5[0])
    start = time.perf_counter()
    import_chum5(big, "big.chum5")
    result["import_chum5_5mib_s"] = time.perf_counter() - start  # issue 13's figure (target ≤ 2 s)
    return result


def five_mib_character(path: Path) -> bytes:
    """A real character grown to 5 MiB with copies of its improvements (work must stay linear in them)."""
    import copy
    import xml.etree.ElementTree as ET

    root = ET.fromstring(path.read_bytes())
    grown = [(parent, list(parent)) for parent in (root.find("improvements"),)
             if parent is not None and len(parent)]
    target = 5 * 1024 * 1024
    size = len(ET.tostring(root))
    batch = sum(len(ET.tostring(element)) for _parent, originals in grown for element in originals[:40])
    while batch and size < target:  # the tree serialised once per round of batches, not once per batch
        for _ in range(max(1, (target - size) // batch)):
            for parent, originals in grown:
                for element in originals[:40]:
                    parent.append(copy.deepcopy(element))
        size = len(ET.tostring(root))
    return ET.tostring(root, encoding="utf-8")


def main() -> None:
    for name, value in measure_import_chummer().items():
        sys.stdout.write(f"{name}: {value:.3f}\n")


if __name__ == "__main__":
    main()
