"""What the shell's window asks of a game's GUI: one small protocol, the adapter named in the manifest.

A game's view adapter (``GameManifest.view``) is built with the encounter's rules; the window asks it
for whose turn it is and for its window parts (docks, actions, menus, the fight bar), and the
shortcuts page for its ``action_specs``. :func:`view_for` imports the adapter of the encounter's game
only, so a window of one game never loads another's code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol, cast

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import active_language

if TYPE_CHECKING:
    from gmtool.core.game import OpaqueRules
    from gmtool.ui.actions import ActionSpec
    from gmtool.ui.main_window import MainWindow
    from gmtool.ui.window_parts import WindowParts


class GameView(Protocol):
    """A game's adapter as the shell sees it (the game's own panels see more of it)."""

    key: str
    action_specs: tuple[ActionSpec, ...]  # the game's own actions
    features: frozenset[str]  # what its panels offer (names the game chooses; the bridge's ``has``)

    def current_actor(self, state: object) -> object | None: ...  # whose turn it is (None: nobody's)

    def window_parts(self, window: MainWindow) -> WindowParts: ...  # the game's docks, actions and menus


def games() -> tuple[tuple[str, str], ...]:
    """Every registered game: (key, name in the active language), in the registry's order."""
    from gmtool.core.registry import registry

    language = active_language()
    return tuple((manifest.key, manifest.name(language)) for manifest in registry().manifests())


def game_name(ruleset_key: str) -> str:
    """The game's name in the active language (the key itself for an unknown game)."""
    return dict(games()).get(ruleset_key, ruleset_key)


def _view_factory(ruleset_key: str) -> Callable[..., object]:
    from gmtool.core.entry_points import load_object
    from gmtool.core.registry import registry

    dotted = registry().manifest(ruleset_key).view
    make = load_object(dotted) if dotted is not None else None
    if not callable(make):
        raise FileFormatError("error.unknown_ruleset", ruleset=ruleset_key)
    return make


def view_for(ruleset_key: str, ruleset: OpaqueRules | None = None) -> GameView:
    """The adapter of a game (imported on demand); given the encounter's ``ruleset``, the adapter's
    panels decide with the same rule readings as the ruleset (what a panel plans is what is decided)."""
    make = _view_factory(ruleset_key)
    return cast(GameView, make(ruleset))  # cast: imported by the manifest's name, a GameView by the contract


def game_view_classes() -> Iterator[tuple[str, GameView]]:
    """Each registered game's key and adapter class (imported now: for the shortcuts page, not at start-up).
    A game whose adapter cannot be imported is left out (opening its encounter says why)."""
    from gmtool.core.registry import registry

    for manifest in registry().manifests():
        if manifest.view is None:
            continue
        try:
            yield manifest.key, cast(GameView, _view_factory(manifest.key))
        except (ImportError, AttributeError, FileFormatError):  # a broken game: its keys are not offered
            continue
