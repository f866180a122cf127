"""Count the `duplicates` tool's pairs by where they stand: between games, within the shell, game~shell.

Usage: `duplicates --repo gmtool --most 200 --seconds 120 | python tools/duplicate_counts.py`
(or give the saved output's file name as the argument). Paths are read relative to `gmtool/`.
Shadowrun 4 and 5 both live in `games/shadowrun` and count as one game package.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

SHELL = ("ui", "viewmodels", "storage", "printing")
ROW = re.compile(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+")


def place(path: str) -> str:
    """Where a path stands: `game:<name>`, `shell`, or `other` (core, start-up, testing)."""
    parts = path.removeprefix("gmtool/").split("/")
    if parts[0] == "games" and len(parts) > 1:
        return f"game:{parts[1]}"
    if parts[0] in SHELL:
        return "shell"
    return "other"


def kind(left: str, right: str) -> str | None:
    """The count a pair belongs to, or None for pairs inside one game or touching core."""
    a, b = sorted((place(left), place(right)))
    if a.startswith("game:") and b.startswith("game:") and a != b:
        return "between games"
    if a == b == "shell":
        return "within the shell"
    if a.startswith("game:") and b == "shell":
        return "game~shell"
    return None


def counts(lines: Iterable[str]) -> dict[str, list[str]]:
    """The tool's rows grouped by kind (only the three kinds the issue counts)."""
    found: dict[str, list[str]] = {"between games": [], "within the shell": [], "game~shell": []}
    for line in lines:
        row = ROW.match(line)
        if row and (which := kind(row[1], row[2])):
            found[which].append(line.rstrip())
    return found


def main(argv: list[str]) -> None:
    """Print the three counts (and each kind's rows with `-v`)."""
    verbose = "-v" in argv
    names = [a for a in argv if a != "-v"]
    text = open(names[0], encoding="utf-8").read() if names else sys.stdin.read()
    for which, rows in counts(text.splitlines()).items():
        print(f"{which}: {len(rows)}")
        if verbose:
            for row in rows:
                print(f"    {row}")


if __name__ == "__main__":
    main(sys.argv[1:])
