"""The selected combatant's effects as a list model, and the intents on them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QObject,
    Qt,
    Signal,
)

from gmtool.core.effects import Duration, Effect
from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.state_badges import held_states
from gmtool.games.shadowrun.rules import effect_messages as em
from gmtool.games.shadowrun.rules.effect_rules import holder_effects
from gmtool.games.shadowrun.rules.grunt_groups import group_of
from gmtool.games.shadowrun.rules.shared_describe import effect_badge
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.rows_model import RowsModel


def group_badge(state: Any, combatant_id: str) -> tuple[str, ...]:
    group = group_of(state, combatant_id)
    if group is None:
        return ()
    shared = tr("flag.group_shared") if group.shared_monitor else ""
    return (tr("flag.group", name=group.name, rating=group.professional_rating) + shared,)


def _by_holder(state: Any) -> dict[str, list[Effect]]:
    effects: dict[str, list[Effect]] = {}
    for effect in state.effects.values():
        effects.setdefault(effect.holder, []).append(effect)
    return effects


def combatant_badges(state: Any, apart: frozenset[str] = frozenset()) -> dict[str, tuple[str, ...]]:
    """Group and effect badges by combatant (effects with their time left), either edition; effects
    whose key is in ``apart`` are left out (the pass order shows those as state badges)."""
    effects = _by_holder(state)
    if not effects and not state.groups:
        return {}
    return {
        cid: group_badge(state, cid)
        + tuple(effect_badge(e, state.turn) for e in effects.get(cid, ()) if e.key not in apart)
        for cid in state.combatants
    }


def combatant_states(state: Any) -> dict[str, tuple[tuple[str, str], ...]]:
    """The effects a GM acts on (full defence, prone …) by holder: (key, badge with the time left)."""
    effects = _by_holder(state)
    if not effects:
        return {}
    found = {cid: held_states(held, lambda e: effect_badge(e, state.turn)) for cid, held in effects.items()}
    return {cid: held for cid, held in found.items() if held}


class EffectsModel(RowsModel[Effect]):
    """Rows: the selected combatant's active effects."""

    refused = Signal(str)

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__([], parent)
        self._bridge = bridge
        self._rows = self._read()
        bridge.selectionChanged.connect(lambda _c: self._refresh())
        bridge.changed.connect(self._on_change)

    def _read(self) -> list[Effect]:
        cid = self._bridge.selected
        return holder_effects(self._bridge.state, cid) if cid else []

    def _refresh(self) -> None:
        self.beginResetModel()
        self._rows = self._read()
        self.endResetModel()

    def _on_change(self, change: Change) -> None:
        fresh = self._read()
        if [e.id for e in fresh] != [e.id for e in self._rows]:
            self._refresh()
        elif fresh and (change.events or change.entry.action == "undo"):
            self._rows = fresh  # time left may have changed with the turn
            self.dataChanged.emit(self.index(0), self.index(len(fresh) - 1), [int(Qt.ItemDataRole.DisplayRole)])

    def effect_id(self, row: int) -> int:
        return self._rows[row].id

    # -- intents ---------------------------------------------------------------
    def _run(self, command: Command) -> bool:
        message = self._bridge.attempt(command)
        if message is not None:
            self.refused.emit(message)
            return False
        return True

    def add(self, key: str, label: str, modifier: int | None, duration: Duration | None, turns: int) -> bool:
        cid = self._bridge.selected
        if cid is None:
            self.refused.emit(tr("error.select_combatant"))
            return False
        return self._run(em.AddEffect(combatant=cid, key=key, label=label, modifier=modifier, duration=duration, turns=turns))

    def remove(self, row: int) -> bool:
        return 0 <= row < len(self._rows) and self._run(em.RemoveEffect(effect=self._rows[row].id))

    # -- Qt model API ----------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        effect = self.row_at(index)
        if effect is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return effect_badge(effect, self._bridge.state.turn)
        if role == sr_roles.EFFECT_ID:
            return effect.id
        return None
