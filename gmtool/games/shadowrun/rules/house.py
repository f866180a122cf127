"""The GM's house-rule modifier tables for both Shadowrun editions (``<data folder>/tables/*.toml``).

Loaded at every campaign open and on File → Reload house rules; nothing is read when the folder
does not exist (the start pays nothing). A file with problems is left out, the rest used; the
attack panels plan with the result (:func:`gmtool.games.shadowrun.rules.attack.plan.use_tables`).
"""

from __future__ import annotations

from pathlib import Path

from gmtool.core.game import HouseRulesLoaded
from gmtool.games.shadowrun.rules.tables.folder import house_rules_folder

_IN_USE = [False]  # whether house tables replaced the shipped ones in this process


def load(data_folder: Path) -> HouseRulesLoaded:
    """Plan every attack with the house-rule tables of ``data_folder`` (replacing any loaded before)."""
    folder = house_rules_folder(data_folder)
    if not folder.is_dir() and not _IN_USE[0]:
        return HouseRulesLoaded(folder)  # nothing to read, nothing to undo: no table rules imported
    from gmtool.games.shadowrun.rules.attack.plan import use_tables
    from gmtool.games.shadowrun.rules.tables.loader import load_tables

    if not folder.is_dir():
        use_tables(load_tables())  # the folder went away: back to the shipped tables
        _IN_USE[0] = False
        return HouseRulesLoaded(folder)
    tables = load_tables(folder)
    use_tables(tables)
    _IN_USE[0] = True
    house_rows = [row for table in tables for row in table.rows if row.source == "house"]
    house_tables = [table for table in tables if table.rows and all(row.source == "house" for row in table.rows)]
    return HouseRulesLoaded(folder, any(folder.glob("*.toml")), len(house_tables), len(house_rows), tables.problems)
