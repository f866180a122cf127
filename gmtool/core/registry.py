"""The one list of games: built from the ``gmtool.games`` entry points, reached through :func:`registry`.

The entry points are read by :mod:`gmtool.core.entry_points` (``importlib.metadata`` costs the
start ~5 ms); tests may give a registry any objects with ``name``, ``value`` and ``load()``.

Start-up reads the manifests only (each a small data module); a game's rules are imported when
an encounter of it is opened (:meth:`GameRegistry.new_rules`). A game that fails to load, names
itself differently from its entry point, or declares another API version is left out and
recorded in :meth:`GameRegistry.problems`; it never stops the program. Tests swap the registry
with :func:`use_registry` (and may add a toy game through :meth:`GameRegistry.register`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Protocol, cast

from pydantic import ValidationError

from gmtool.core.capabilities import lacking
from gmtool.core.entry_points import entry_points, load_object
from gmtool.core.errors import FileFormatError
from gmtool.core.game import GAME_API, GameManifest, OpaqueRules
from gmtool.core.i18n import add_game_messages, drop_game_messages
from gmtool.core.readings import ReadingOption

GROUP = "gmtool.games"


@dataclass(frozen=True)
class GameProblem:
    """A game that could not be registered, and why (shown, never raised): its entry point (``source``),
    the game (the entry point's name) and, for a manifest gmtool refuses, the manifest key at fault."""

    source: str
    reason: str
    game: str = ""
    key: str = ""


def manifest_problems(source: str, game: str, error: ValidationError) -> list[GameProblem]:
    """One problem per manifest key pydantic refused: unknown, missing or of the wrong kind."""
    found = []
    for detail in error.errors():
        key = ".".join(str(part) for part in detail["loc"])
        if detail["type"] == "extra_forbidden":
            reason = f"the manifest of {game!r} has an unknown key {key!r}"
        elif detail["type"] == "missing":
            reason = f"the manifest of {game!r} lacks the key {key!r}"
        else:
            reason = f"the manifest of {game!r} has a bad {key!r}: {detail['msg']}"
        found.append(GameProblem(source, reason, game, key))
    return found


class EntryPoint(Protocol):
    """What the registry asks of an entry point (:class:`gmtool.core.entry_points.EntryPoint`,
    or ``importlib.metadata``'s in tests)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> object: ...


def _installed() -> Iterable[EntryPoint]:
    return entry_points(GROUP)


class GameRegistry:
    """The games known to this process, by key."""

    def __init__(self, source: Callable[[], Iterable[EntryPoint]] = _installed) -> None:
        self._source = source
        self._manifests: dict[str, GameManifest] | None = None
        self._problems: list[GameProblem] = []
        self._message_folders: list[Path] = []

    # -- discovery -----------------------------------------------------------------------------
    def _loaded(self) -> dict[str, GameManifest]:
        if self._manifests is None:
            self._manifests = {}
            for point in self._source():
                self._add(point)
        return self._manifests

    def _add(self, point: EntryPoint) -> None:
        assert self._manifests is not None
        source = f"{point.name} = {point.value}"
        try:
            manifest = point.load()
        except ValidationError as exc:  # the manifest module built a GameManifest gmtool refuses
            self._problems.extend(manifest_problems(source, point.name, exc))
            return
        except Exception as exc:  # noqa: BLE001 - a broken game is reported, the others load
            self._problems.append(GameProblem(source, f"{type(exc).__name__}: {exc}"))
            return
        if not isinstance(manifest, GameManifest):
            self._problems.append(GameProblem(source, "not a GameManifest", point.name))
        elif manifest.key != point.name:
            self._problems.append(GameProblem(source, f"the manifest says its key is {manifest.key!r}", point.name, "key"))
        elif manifest.api != GAME_API:
            self._problems.append(GameProblem(source, f"written for game API {manifest.api}, this gmtool has {GAME_API}",
                                              point.name, "api"))
        elif manifest.key in self._manifests and self._manifests[manifest.key] != manifest:
            self._problems.append(GameProblem(source, f"a second game with the key {manifest.key!r}", point.name, "key"))
        else:
            self._manifests[manifest.key] = manifest
            if manifest.messages is not None:
                self._add_messages(source, manifest.messages)

    def _add_messages(self, source: str, dotted: str) -> None:
        """The game's own message fragments join the translation layer (its package is imported, not its rules)."""
        package, _, folder = dotted.partition(":")
        try:
            path = Path(str(files(package).joinpath(folder)))
        except (ImportError, TypeError, ValueError) as exc:
            self._problems.append(GameProblem(source, f"messages {dotted!r}: {exc}"))
            return
        self._message_folders.append(path)
        add_game_messages(path)

    def forget_messages(self) -> None:
        """Take this registry's games' messages out of the translation layer again."""
        for path in self._message_folders:
            drop_game_messages(path)

    # -- questions -----------------------------------------------------------------------------
    def manifests(self) -> tuple[GameManifest, ...]:
        """Every game, in its manifest's order."""
        return tuple(sorted(self._loaded().values(), key=lambda m: (m.order, m.key)))

    def keys(self) -> tuple[str, ...]:
        return tuple(manifest.key for manifest in self.manifests())

    def manifest(self, key: str) -> GameManifest:
        """The game registered under ``key``; an unknown key is a file this gmtool cannot read."""
        found = self._loaded().get(key)
        if found is None:
            raise FileFormatError("error.unknown_ruleset", ruleset=key)
        return found

    def new_rules(self, key: str, readings: object = None) -> object:
        """A new rules object of the game (its modules imported now, on first use), deciding with
        the campaign's rule ``readings`` (the game's defaults when None)."""
        manifest = self.manifest(key)
        factory = load_object(manifest.rules)
        if not callable(factory):
            raise FileFormatError("error.unknown_ruleset", ruleset=key)
        rules = factory(readings)
        missing = lacking(manifest.capabilities, rules)
        if missing:
            raise FileFormatError("error.game_lacks_capability", game=key, capability=", ".join(missing))
        return rules

    def reading_options(self) -> tuple[tuple[GameManifest, ReadingOption], ...]:
        """Every game's rule-reading options, game by game (Preferences → Rules)."""
        return tuple((manifest, option) for manifest in self.manifests() for option in manifest.readings)

    def problems(self) -> tuple[GameProblem, ...]:
        self._loaded()
        return tuple(self._problems)

    def register(self, manifest: GameManifest) -> Callable[[], None]:
        """Add a game directly (tests, tools), its messages too; returns the function that removes it again."""
        loaded = self._loaded()
        loaded[manifest.key] = manifest
        folders = len(self._message_folders)
        if manifest.messages is not None:
            self._add_messages(f"{manifest.key} (registered)", manifest.messages)
        added = self._message_folders[folders:]

        def unregister() -> None:
            loaded.pop(manifest.key, None)
            for path in added:
                if path in self._message_folders:
                    self._message_folders.remove(path)
                drop_game_messages(path)

        return unregister


_CURRENT: list[GameRegistry] = [GameRegistry()]


def get_ruleset(key: str, readings: object = None) -> OpaqueRules:
    """A new rules object of the game ``key`` deciding with ``readings`` (:meth:`GameRegistry.new_rules`).
    An unknown key raises ``FileFormatError("error.unknown_ruleset")``."""
    # cast: the factory is imported by name at run time, its result known to be a game's rules only by the manifest
    return cast("OpaqueRules", registry().new_rules(key, readings))


def registry() -> GameRegistry:
    """The registry in use (the one accessor: never copy its list of games into a constant)."""
    return _CURRENT[-1]


@contextmanager
def use_registry(replacement: GameRegistry) -> Iterator[GameRegistry]:
    """Use ``replacement`` inside the block (tests)."""
    _CURRENT.append(replacement)
    try:
        yield replacement
    finally:
        _CURRENT.remove(replacement)
        replacement.forget_messages()
