"""All SR4 Matrix and technomancer command handlers, for the dispatch (:mod:`.decide`)."""

from __future__ import annotations

from gmtool.games.shadowrun.sr4.rules import matrix_combat, matrix_decide, matrix_hacking, matrix_resonance

HANDLERS = {**matrix_decide.HANDLERS, **matrix_hacking.HANDLERS, **matrix_combat.HANDLERS, **matrix_resonance.HANDLERS}
