"""Custom item-data roles, one constant each (``UserRole + n``), and :data:`Index`, the index a model is given.

The shell's roles, in words of no game. A game's own roles live in the game's package; the numbers
``USER + 5 … 7`` and ``USER + 13 … 17`` are taken there, so a new role here takes another."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex  # what a model's methods are given (a view passes either)
USER = int(Qt.ItemDataRole.UserRole)

COMBATANT_ID = USER + 1  # str: the combatant's id
ORDER = USER + 2  # int: rank in this pass's order (0 = first)
IS_CURRENT = USER + 3  # bool: whose action phase it is
SCORE = USER + 4  # int | None: effective initiative score
SEQ = USER + 8  # int: the journal entry a log line belongs to
EVENT_KIND = USER + 9  # str: the event kind of a log line
FIELD = USER + 10  # str: the sheet field a row edits
TERM_VALUE = USER + 11  # int: a pool term's value
IS_NPC = USER + 12  # bool
ENCOUNTER_ID = USER + 18  # int: a campaign encounter's id
RULESET = USER + 19  # str: an encounter's game key
CHOICES = USER + 20  # tuple[tuple[str, str], ...]: (key, label) an editable cell can take
EVENT_NUMBER = USER + 21  # int: a log line's place among its entry's events (-1: not an event)
COMBATANTS = USER + 22  # tuple[str, ...]: the combatant ids a log line concerns (attacker and target, members …)
CELL_LOOK = USER + 23  # viewmodels.cell_look.CellLook: the roles painting a cell reads, at once
CELL_KEY = USER + 60  # Hashable | None: all a cell shows, as a key (None: seen once); see ui.cell_pixmaps
CELL_KIND = USER + 24  # str: what an order cell shows ("name", "score", "track:<key>", "badges")
BADGE_LIST = USER + 25  # tuple[tuple[str, str], ...]: a row's badges as (text, tone), in the game's order
NOTE = USER + 26  # str: the game's short line under a name (a race's standing), "" for none
ORDER_CELL = USER + 61  # Hashable: all an order cell shows (its row as read and its column), for copies of it
