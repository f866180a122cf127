"""Where a GM's house-rule tables live: ``<data folder>/tables``. Its own module so that
opening a campaign can look for the folder without importing the table rules."""

from __future__ import annotations

from pathlib import Path

HOUSE_FOLDER = "tables"


def house_rules_folder(data_dir: Path) -> Path:
    """Where a GM's house-rule tables live inside the user data folder."""
    return data_dir / HOUSE_FOLDER
