"""What the hex games' adapters share (issue 32): the report's words under each game's prefix, and the
delegation to the game's fold, words and involved modules."""

from __future__ import annotations

import pytest

from gmtool.core.adapter import RulesAdapter
from gmtool.core.capabilities import REPORT_KEYS, PrefixedReportWords
from gmtool.core.declared import report_words
from gmtool.core.display import LogShape
from gmtool.core.game import Involved, Touched
from gmtool.core.messages import Event
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.badlands_rally.rules.race import RallyRules


@pytest.mark.parametrize(("rules", "prefix"), [(AuraRules(), "ab"), (RallyRules(), "br")])
def test_each_hex_game_reports_in_its_own_words(rules: AuraRules | RallyRules, prefix: str) -> None:
    declared = report_words(rules)
    assert declared is not None
    assert dict(declared.report_words()) == {key: f"{prefix}.{key}" for key in REPORT_KEYS}


def test_a_prefixed_game_gives_every_report_key_its_prefix() -> None:
    class Made(PrefixedReportWords):
        report_prefix = "zz"

    assert Made().report_words()["report.round"] == "zz.report.round"
    assert len(Made().report_words()) == len(REPORT_KEYS)


class _Fold:
    """A made-up fold module: the state is the list of the events' kinds."""

    @staticmethod
    def apply(state: list[str], event: Event) -> None:
        state.append(event.kind)

    @staticmethod
    def touched(event: Event) -> Touched:
        return Touched(combatants=frozenset({event.kind}))


class _Words:
    @staticmethod
    def describe(event: Event) -> str:
        return f"said {event.kind}"

    @staticmethod
    def log_shape() -> LogShape:
        return LogShape(headings=(("made_up_turn", 0),))


class _Involved:
    @staticmethod
    def involved(event: Event) -> tuple[Involved, ...]:
        return (Involved(event.kind, "Who"),)


def test_the_adapter_answers_through_the_games_fold_words_and_involved_modules() -> None:
    class Made(RulesAdapter[list[str]]):
        fold, words, involvement = _Fold(), _Words(), _Involved()

    rules, state, event = Made(), ["start"], Event(kind="made_up_turn")
    rules.apply(state, event)
    assert state == ["start", "made_up_turn"]
    assert rules.touched(event) == Touched(combatants=frozenset({"made_up_turn"}))
    assert rules.describe(event) == "said made_up_turn"
    assert rules.log_shape().headings == (("made_up_turn", 0),)
    assert rules.involved(event) == (Involved("made_up_turn", "Who"),)


def test_a_hex_view_keeps_the_encounters_rules_or_makes_the_games_own() -> None:
    from gmtool.games.aura_battler.gui.view import AuraView
    from gmtool.games.badlands_rally.gui.view import RallyView

    given = RallyRules()
    assert RallyView(given).rules is given
    assert isinstance(AuraView().rules, AuraRules) and isinstance(RallyView().rules, RallyRules)
    assert AuraView().features == RallyView().features == frozenset()  # the map: the manifest's capability
