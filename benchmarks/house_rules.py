"""Loading and merging house-rule rows: 1,000 against 10,000 rows added to one shipped table.

Linear work gives ``house_rules_ratio_10k_1k`` near 10 (a quadratic merge gave about 100). The
file is parsed, validated, checked (ids, targets, circles) and merged, as at campaign open.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from gmtool.games.shadowrun.rules.tables.loader import load_tables

ROUNDS = 5


def _file(folder: Path, rows: int) -> Path:
    text = "schema_version = 1\n" + "".join(
        f'\n[[rows]]\ntable = "sr5.attacker"\nid = "h{n}"\nlabel = {{ en = "H{n}", ja = "H{n}" }}\nvalue = {n % 5 - 2}\n'
        for n in range(rows)
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text(text, encoding="utf-8")
    return folder


def _seconds(folder: Path) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        load_tables(folder)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure_house_rules() -> dict[str, float]:
    load_tables()  # the shipped tables, read once per process, are not what is measured
    with tempfile.TemporaryDirectory() as scratch:
        small = _seconds(_file(Path(scratch) / "1k", 1_000))
        big = _seconds(_file(Path(scratch) / "10k", 10_000))
    return {"house_rules_1k_rows_s": small, "house_rules_10k_rows_s": big, "house_rules_ratio_10k_1k": big / small}
