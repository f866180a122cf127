"""The player view's model: this pass's order as the players may see it.

Row *n* is the *n*-th place in the current pass order (not a given combatant):
after each core change the model recomputes every place and emits
``dataChanged`` for exactly the places and roles that differ, so a new order
shows as new contents in the places that moved. More or fewer combatants are
row insertions or removals at the end.

What players see is the GM's choice (:class:`PlayerViewSettings`): an NPC's name
can be replaced by "NPC 1", "NPC 2" … (numbered in the order NPCs joined, so the
label does not follow the initiative order), and the figures (score, tracks such as the
condition monitors) of NPCs — and of player characters — can be hidden; a hidden figure
reads as ``None`` in every role (the public badges too: an NPC's effects are figures of it). Every value comes from the game's snapshot for the players
(``rules.snapshot(state, "players")``: public tracks and badges only), so any game shows here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from gmtool.core.declared import player_line
from gmtool.core.display import OrderRow
from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.tones import brush

PLAYER_VIEW_SCHEMA = 1
# Roles of this model (``UserRole + n``); the shared ones keep their meaning from :mod:`roles`.
COMBATANT_ID = roles.COMBATANT_ID  # str
IS_CURRENT = roles.IS_CURRENT  # bool
SCORE = roles.SCORE  # str | None (None: not rolled, or hidden)
TRACKS = roles.USER + 106  # tuple[(value, max, tone, kind), ...]: a bar each under the name | None when hidden
IS_NPC = roles.IS_NPC  # bool
PLACE = roles.USER + 101  # int: 1-based place in the pass order
SHOWN_NAME = roles.USER + 102  # str: the name, or "NPC n" when NPC names are hidden
NAME_HIDDEN = roles.USER + 103  # bool
DONE = roles.USER + 104  # bool: acted in this pass, or does not act in it
NOTE = roles.USER + 107  # str: the game's short line under the name (a race's standing), or ""
EFFECTS = roles.USER + 108  # tuple[str, ...]: the public badges' words (effects, states) | None when figures are hidden
DISPLAY = int(Qt.ItemDataRole.DisplayRole)

ROW_ROLES: tuple[int, ...] = (COMBATANT_ID, IS_CURRENT, SCORE, TRACKS, IS_NPC, PLACE, SHOWN_NAME, NAME_HIDDEN, DONE,
                              NOTE, EFFECTS, DISPLAY)
ROLE_NAMES = {role: QByteArray(name) for role, name in {
    COMBATANT_ID: b"combatantId", IS_CURRENT: b"isCurrent", SCORE: b"score", TRACKS: b"tracks",
    IS_NPC: b"isNpc", PLACE: b"place", SHOWN_NAME: b"shownName", NAME_HIDDEN: b"nameHidden",
    DONE: b"done", NOTE: b"note", EFFECTS: b"effects", DISPLAY: b"display",
}.items()}
SCREEN_FONT_MIN, SCREEN_FONT_MAX = 12, 96


class PlayerViewSettings(BaseModel):
    """The GM's choices for the player view (store ``model_dump()`` with the settings)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    schema_version: int = Field(default=PLAYER_VIEW_SCHEMA, ge=1, le=PLAYER_VIEW_SCHEMA)
    show_npc_names: bool = False
    show_npc_figures: bool = False
    show_pc_figures: bool = True
    hide_npcs_until_they_act: bool = False  # an NPC joins the players' list (and map) when it first acts
    font_point_size: int = Field(default=28, ge=SCREEN_FONT_MIN, le=SCREEN_FONT_MAX)
    screen: str | None = None  # QScreen.name(); None: the main window's screen
    full_screen: bool = False


class PlayerViewModel(QAbstractListModel):
    """One row per place in the current pass order."""

    statusChanged = Signal()  # the heading or the current actor's shown name changed

    def __init__(
        self, bridge: EncounterBridge, settings: PlayerViewSettings | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings or PlayerViewSettings()
        self._bridge: EncounterBridge | None = None
        self._rows: list[dict[int, Any]] = []
        self._status: tuple[str, str, str] = ("", "", "")
        self._revealed: dict[str, int] = {}  # NPC id → its number, in the order the players first saw it act
        self.attach(bridge)

    # -- inputs --------------------------------------------------------------------
    @property
    def settings(self) -> PlayerViewSettings:
        return self._settings

    def set_settings(self, settings: PlayerViewSettings) -> None:
        self._settings = settings
        self.refresh()

    def attach(self, bridge: EncounterBridge) -> None:
        """Follow another bridge (the main window was rebuilt on another encounter)."""
        if self._bridge is not None:
            self._bridge.changed.disconnect(self._on_change)
        self._bridge = bridge
        self._revealed = {}  # another encounter: its NPCs are new to the players
        bridge.changed.connect(self._on_change)
        self.refresh()

    @property
    def bridge(self) -> EncounterBridge:
        assert self._bridge is not None
        return self._bridge

    # -- recomputing -----------------------------------------------------------------
    def _snapshot(self) -> list[dict[int, Any]]:
        bridge = self.bridge
        snapshot = bridge.ruleset.snapshot(bridge.state, "players")
        listed, npc_numbers = self._listed(snapshot.rows)
        rows = []
        for place, row in enumerate(listed, 1):
            name_hidden = row.npc and not self._settings.show_npc_names
            shown = self._settings.show_npc_figures if row.npc else self._settings.show_pc_figures
            name = tr("player.npc_name", number=npc_numbers[row.id]) if name_hidden else row.name
            bars = tuple((t.value, t.max, t.tone, t.kind) for t in row.tracks if t.max > 0)  # every kind; none empty
            rows.append({
                COMBATANT_ID: row.id,
                IS_CURRENT: row.current,
                SCORE: row.score if shown else None,
                TRACKS: (bars or None) if shown else None,
                IS_NPC: row.npc,
                PLACE: place,
                SHOWN_NAME: name,
                NAME_HIDDEN: name_hidden,
                DONE: row.out,
                NOTE: row.note,
                EFFECTS: tuple(b.text for b in row.badges) if shown else None,
                DISPLAY: name,
            })
        return rows

    def _listed(self, rows: tuple[OrderRow, ...]) -> tuple[list[OrderRow], dict[str, int]]:
        """The rows the players see, in order, and each NPC's number: in the order NPCs joined; with
        ``hide_npcs_until_they_act``, only the NPCs seen acting, numbered in the order they first acted
        (so neither a gap in the places nor in the numbers tells of one still hidden). Once seen, an NPC
        stays listed (an undo does not make the players forget it)."""
        if not self._settings.hide_npcs_until_they_act:
            places = self._joined
            joined = sorted(rows, key=lambda r: places.get(r.id, len(places)))
            return list(rows), {r.id: n for n, r in enumerate((r for r in joined if r.npc), 1)}
        for row in rows:
            if row.npc and row.current and row.id not in self._revealed:
                self._revealed[row.id] = len(self._revealed) + 1
        return [r for r in rows if not r.npc or r.id in self._revealed], dict(self._revealed)

    @property
    def _joined(self) -> dict[str, int]:
        """Each combatant's place in the order they joined (NPC numbers do not follow the initiative)."""
        return {cid: n for n, (cid, _name) in enumerate(self.bridge.ruleset.roster(self.bridge.state))}

    def _on_change(self, _change: Change) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Recompute every place; signal exactly what changed."""
        fresh = self._snapshot()
        old = self._rows
        if len(fresh) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(fresh) - 1)
            self._rows = old + fresh[len(old):]
            self.endInsertRows()
        elif len(fresh) < len(old):
            self.beginRemoveRows(QModelIndex(), len(fresh), len(old) - 1)
            self._rows = old[: len(fresh)]
            self.endRemoveRows()
        before, self._rows = self._rows, fresh
        for row, (a, b) in enumerate(zip(before, fresh, strict=False)):
            changed = [role for role in ROW_ROLES if a.get(role) != b.get(role)]
            if changed:
                if set(changed) & {IS_CURRENT, DONE}:
                    changed += [int(Qt.ItemDataRole.FontRole), int(Qt.ItemDataRole.ForegroundRole)]
                index = self.index(row, 0)
                self.dataChanged.emit(index, index, sorted(changed))
        status = (self.heading(), self.current_name(), self.status_line())
        if status != self._status:
            self._status = status
            self.statusChanged.emit()

    # -- the heading -------------------------------------------------------------------
    def heading(self) -> str:
        """Where the fight stands, as the game words it ("Turn N · Pass M", or not started yet)."""
        return self.bridge.ruleset.heading(self.bridge.state).text

    def status_line(self) -> str:
        """The game's own line for when nobody acts (the ``player_line`` capability), else ''."""
        line = player_line(self.bridge.ruleset)
        return line.player_line(self.bridge.state) if line is not None else ""

    def current_name(self) -> str:
        """The current actor's name as players see it ('' when nobody acts)."""
        for row in self._rows:
            if row[IS_CURRENT]:
                return str(row[SHOWN_NAME])
        return ""

    def shown_names(self) -> dict[str, str]:
        """Each listed combatant's id → the name the list shows ("NPC n" while NPC names are hidden)."""
        return {str(row[COMBATANT_ID]): str(row[SHOWN_NAME]) for row in self._rows}

    def fully_shown(self, combatant_id: str) -> bool:
        """Whether the players see this combatant listed with its name and its figures."""
        for row in self._rows:
            if row[COMBATANT_ID] == combatant_id:
                npc = bool(row[IS_NPC])
                figures = self._settings.show_npc_figures if npc else self._settings.show_pc_figures
                return figures and not row[NAME_HIDDEN]
        return False

    def current_row(self) -> int | None:
        for row, values in enumerate(self._rows):
            if values[IS_CURRENT]:
                return row
        return None

    # -- Qt model API --------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        return {**super().roleNames(), **ROLE_NAMES}

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        role = int(role)
        if role in row:
            return row[role]
        if role == Qt.ItemDataRole.FontRole and row[IS_CURRENT]:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and row[DONE] and not row[IS_CURRENT]:
            return brush("player_done")
        return None
