"""The mutation scores that ``make mutate`` (tools/mutate.py) last wrote, for ``make bench`` to print.

Mutation testing takes about 30 minutes, so ``make bench`` does not run it: it reads
``benchmarks/mutation_scores.json`` (``mutation_score_core``, ``mutation_score_shadowrun``,
``mutation_score_badlands_rally``, ``mutation_score_aura_battler`` and the counts behind them).
"""

from __future__ import annotations

import json
from pathlib import Path

SCORES = Path(__file__).with_name("mutation_scores.json")


def measure_mutation_scores() -> dict[str, object]:
    if not SCORES.exists():
        return {"mutation_scores": "not measured (make mutate)"}
    return json.loads(SCORES.read_text(encoding="utf-8"))
