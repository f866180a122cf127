"""Writes resources/aura_battler/demo_sky.json: gmtool's made-up demo field for the Aura Battler duel
(not an official map): 24×18 hexes of open sky with a few clouds (seeded blobs)."""

from __future__ import annotations

import random
from pathlib import Path

from gmtool.core.hex.coords import from_offset, label, to_offset, within
from gmtool.core.hex.map_file import HexMapFile, write_map

COLUMNS, ROWS = 24, 18
CLOUDS = (("0504", 2), ("1609", 2), ("0814", 1), ("2004", 1), ("1203", 1))  # centre, radius
OUT = Path(__file__).resolve().parent.parent / "resources" / "aura_battler" / "demo_sky.json"


def main() -> None:
    rng = random.Random(17)
    terrain = {}
    for centre_label, radius in CLOUDS:
        centre = from_offset(int(centre_label[:2]) - 1, int(centre_label[2:]) - 1)
        for h in within(centre, radius):
            col, row = to_offset(h)
            if 0 <= col < COLUMNS and 0 <= row < ROWS and (h == centre or rng.random() < 0.75):
                terrain[label(h)] = "cloud"
    document = HexMapFile(name="Demo: open sky with a few clouds (made up)", game="aura_battler",
                          columns=COLUMNS, rows=ROWS, terrain=terrain,
                          zones={"west": [f"01{r:02d}" for r in range(7, 12)], "east": [f"24{r:02d}" for r in range(7, 12)]})
    OUT.write_text(write_map(document), encoding="utf-8")


if __name__ == "__main__":
    main()
