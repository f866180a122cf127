"""The conformance kit: does a game keep every promise of gmtool's game contract?

``check_game(key)`` (a pytest helper: it raises ``AssertionError`` listing every broken promise) takes
the game registered under ``key`` (:func:`gmtool.core.registry.registry`) and, in English and in
Japanese:

- imports every part its manifest names (rules, view, demo, house rules, library, their editor) and
  finds its message fragments in both languages;
- replays its demo encounter, then plays on with what the game itself offers (its enabled offers and
  sheet edits, picked at random with a fixed seed);
- after every command, undo and redo checks the ``Touched`` oracle: the rows and sheets of
  combatants the change does not name are unchanged (but rank and current mark when it names
  "order"), nobody joins or leaves without "roster";
- checks every event is described (non-empty words), names only combatants of the fight in
  ``involved`` (each once), survives its codec's round trip, and that every command does too;
- checks the players' snapshot never holds what the GM's marks as not public, and that every disabled
  offer says why;
- undoes every command back to the empty fight and redoes them all, each moment equal to the same
  moment the first time;
- checks every message key the game asked for exists in English and in Japanese;
- for a game declaring ``"carry"``: what it carries survives storing, and comes back out unchanged from
  an encounter it was brought into (:mod:`gmtool.testing.carry_check`).

It reads the game only through the contract (no Qt, no game imported by name), so a plug-in author
runs it on their own game: ``check_game("my_game")`` with the game registered (an installed entry
point, or ``registry().register(MANIFEST)`` inside ``use_registry``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from importlib.resources import files

from gmtool.core.encounter import Change, Encounter
from gmtool.core.entry_points import load_object
from gmtool.core.errors import GmtoolError
from gmtool.core.game import GameDemo, GameManifest, OpaqueRules
from gmtool.core.i18n import LANGUAGES, catalogue, in_language, keys_heard
from gmtool.core.messages import Command
from gmtool.core.registry import get_ruleset, registry
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.testing.moments import (
    Moment,
    masked_on_players_screen,
    moment,
    moment_differences,
    untouched_differences,
)
from gmtool.testing.play import events_problems, offers_problems, pick_command

SHOWN = 40  # findings listed in the failure message at most
Rules = OpaqueRules
Moves = Callable[[object, random.Random], Command | None]  # (state, rng) -> a command of the game's own, or None


def check_game(key: str, steps: int = 40, seed: int = 1, moves: Moves | None = None,
               languages: tuple[str, ...] = LANGUAGES) -> None:
    """Raise ``AssertionError`` listing every promise of the contract the game ``key`` breaks.

    ``moves``: commands of the game's own the random play mixes in, one pick in three (start a turn,
    next phase …: what no offer of a combatant covers); ``languages``: the languages played in."""
    found = conformance_problems(key, steps, seed, moves, languages)
    if found:
        more = f"\n… and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
        raise AssertionError(f"the game {key!r} breaks the game contract:\n- " + "\n- ".join(found[:SHOWN]) + more)


def conformance_problems(key: str, steps: int = 40, seed: int = 1, moves: Moves | None = None,
                         languages: tuple[str, ...] = LANGUAGES) -> list[str]:
    """Every broken promise found, in words (empty: the game conforms)."""
    manifest = registry().manifest(key)
    found = parts_problems(manifest)
    if found:
        return found  # a game whose parts do not import cannot be played
    for language in languages:
        with in_language(language), keys_heard() as heard:
            found += [f"[{language}] {problem}" for problem in _play(manifest, language, steps, seed, moves)]
        found += missing_keys(heard)
    return list(dict.fromkeys(found))


def parts_problems(manifest: GameManifest) -> list[str]:
    """Each dotted name of the manifest that does not import, and message fragments not found."""
    found = []
    named = {"rules": manifest.rules, "view": manifest.view, "demo": manifest.demo, "house_rules": manifest.house_rules,
             "library": manifest.library, "library_gui": manifest.library_gui}
    for part, dotted in named.items():
        if dotted is None:
            continue
        try:
            load_object(dotted)
        except Exception as exc:  # noqa: BLE001 - whatever a plug-in's import raises is reported
            found.append(f"the manifest's {part} {dotted!r} does not import: {type(exc).__name__}: {exc}")
    if manifest.demo is None:
        found.append("the manifest names no demo: the kit replays the demo encounter")
    if manifest.messages is not None:
        package, _, folder = manifest.messages.partition(":")
        for language in LANGUAGES:
            if not files(package).joinpath(folder, f"{language}.json").is_file():
                found.append(f"the manifest's messages {manifest.messages!r} have no {language}.json")
    return found


def missing_keys(heard: set[str]) -> list[str]:
    """The message keys asked for that a language lacks."""
    return [f"the message key {key!r} is missing in {language}"
            for key in sorted(heard) for language in LANGUAGES if key not in catalogue(language).messages]



def _play(manifest: GameManifest, language: str, steps: int, seed: int, moves: Moves | None) -> list[str]:
    rules = get_ruleset(manifest.key)
    make_demo = load_object(manifest.demo or "")
    demo = make_demo(language) if callable(make_demo) else None
    if not isinstance(demo, GameDemo):
        return [f"the demo {manifest.demo!r} gave no GameDemo for {language!r}"]
    walk = Walk(rules, Encounter(rules, demo.seed))
    for command in demo.commands:
        walk.do(partial(_given, command), demo=True)
    rng = random.Random(seed)
    for _step in range(steps):
        pick = moves if moves is not None and rng.random() < 1 / 3 else None
        walk.do(partial(_next_command, walk, rng, pick))
    walk.undo_and_redo_everything()
    from gmtool.testing.carry_check import carry_problems

    return walk.found + carry_problems(manifest, rules, walk.encounter.state, demo.commands)


def _given(command: Command) -> Command:
    return command


def _next_command(walk: Walk, rng: random.Random, pick: Moves | None) -> Command | None:
    """The game's own move (``pick``), else any command the rules offer now."""
    state = walk.encounter.state
    return pick(state, rng) if pick else pick_command(walk.rules, state, rng)


class Walk:
    """One encounter played through the session, every change checked as it happens."""

    def __init__(self, rules: Rules, encounter: Encounter) -> None:
        self.rules, self.encounter = rules, encounter
        self.session = EncounterSession(encounter, MemoryStore(), 1)
        self.found: list[str] = []
        self.moments: list[Moment] = [self.now()]  # the fight after each command in effect, from the empty one

    def now(self) -> Moment:
        return moment(self.rules, self.encounter.state)

    def do(self, command: Callable[[], Command | None], demo: bool = False) -> None:
        """Run a command (a demo's must be accepted; a picked one may be refused) and check the change."""
        try:
            chosen = command()
            if chosen is None:
                return
            change = self._checked(lambda: self.session.execute(chosen), chosen.kind)
        except GmtoolError as exc:
            if demo:
                self.found.append(f"the demo's command {command()!r} is refused: {exc.message()}")
            return
        self.moments.append(self.now())
        self.found += events_problems(self.rules, change, self.moments[-2], self.moments[-1])
        self.found += offers_problems(self.rules, self.encounter.state, self.moments[-1])
        self.found += self._round_trip(chosen)

    def _checked(self, run: Callable[[], Change], what: str) -> Change:
        before = self.now()
        change = run()
        after = self.now()
        self.found += [f"{what}: {problem}" for problem in untouched_differences(before, after, change.touched)]
        self.found += [f"{what}: {problem}" for problem in masked_on_players_screen(after)]
        return change

    def _round_trip(self, command: Command) -> list[str]:
        if self.rules.commands.decode(command.to_record()) != command:
            return [f"the command {command.kind!r} is not the same after its codec's round trip"]
        return []

    def undo_and_redo_everything(self) -> None:
        """Undo back to the empty fight, then redo to the end: each moment as it was the first time."""
        done = len(self.moments) - 1
        for back in range(done, 0, -1):
            self._checked(self.session.undo, "undo")
            self.found += moment_differences(self.moments[back - 1], self.now(), f"undo to command {back - 1}")
        for forth in range(1, done + 1):
            self._checked(self.session.redo, "redo")
            self.found += moment_differences(self.moments[forth], self.now(), f"redo of command {forth}")
