"""The shell's bridge and window as the Shadowrun panels see them: the edition's view adapter and window parts.

The shell holds a game's view adapter as a :class:`~gmtool.viewmodels.game_view.GameView` and its window parts
as :class:`~gmtool.ui.window_parts.WindowParts`: all it asks of any game. A Shadowrun manifest names an edition's
adapter (a :class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`), whose window parts are a
:class:`~gmtool.games.shadowrun.gui.window.ShadowrunWindow`. These say so once, for the type checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from gmtool.games.shadowrun.gui.view_protocol import RulesetView
    from gmtool.games.shadowrun.gui.window import ShadowrunWindow
    from gmtool.ui.main_window import MainWindow
    from gmtool.viewmodels.bridge import EncounterBridge


def edition_view(bridge: EncounterBridge) -> RulesetView:
    """The edition's view adapter (cast: the shell made it from the Shadowrun manifest's ``view``, as
    :func:`~gmtool.viewmodels.game_view.view_for` says, and types it by the part every game shares)."""
    return cast("RulesetView", bridge.view)


def edition_parts(window: MainWindow) -> ShadowrunWindow:
    """The window's Shadowrun parts (cast: the edition's adapter built them, ``RulesetView.window_parts``)."""
    return cast("ShadowrunWindow", window.parts)
