"""All SR4 Matrix and technomancer command handlers, for the dispatch (:mod:`.decide`)."""

from __future__ import annotations

from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import matrix_combat, matrix_decide, matrix_hacking, matrix_resonance
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

HANDLERS: dict[str, Handler[EncounterState]] = {**matrix_decide.HANDLERS, **matrix_hacking.HANDLERS, **matrix_combat.HANDLERS, **matrix_resonance.HANDLERS}
