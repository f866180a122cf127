"""The SR4 magic commands' handlers (SR4-S1..S9), loaded with the first command of the encounter."""

from __future__ import annotations

from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import magic_astral, magic_cast, magic_counter, magic_summon
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

HANDLERS: dict[str, Handler[EncounterState]] = {
    "cast_spell": magic_cast.cast_spell,
    "declare_spell_defence": magic_counter.declare_defence,
    "dispel_spell": magic_counter.dispel,
    "drop_spell": magic_counter.drop_spell,
    "summon_spirit": magic_summon.summon,
    "release_spirit": magic_summon.release,
    "use_service": magic_summon.use_service,
    "astral_projection": magic_astral.projection,
    "erase_astral_signature": magic_astral.erase_signature,
}
