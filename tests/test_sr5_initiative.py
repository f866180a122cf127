"""SR5 initiative: scores, tie-breaks, passes, Seize the Initiative, Blitz, phase budget.

Rules SR5-I1 to SR5-I6 of rules.md. Dice are typed in with EnterInitiativeDice
wherever a test needs exact scores, so no test depends on what a seed rolls.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import catalogue, tr
from gmtool.core.messages import Command, Event
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.describe import describe
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import current_actor, effective_score, pass_order, passes_left


class Fight:
    """A small driver: named combatants, commands, and the questions tests ask."""

    def __init__(self, seed: int = 1) -> None:
        self.session = EncounterSession(Encounter(SR5Ruleset(), seed), MemoryStore(), 1)
        self.ids: dict[str, str] = {}

    @property
    def state(self) -> EncounterState:
        return self.session.encounter.state  # type: ignore[no-any-return]

    def add(
        self,
        name: str,
        *,
        dice: int = 1,
        bonus: int = 0,
        edge_points: int = 0,
        physical: int = 0,
        stun: int = 0,
        **attributes: int,
    ) -> str:
        values = {a: 3 for a in ATTRIBUTES}
        values.update(attributes)
        sheet = Sheet(
            name=name,
            attributes=values,
            initiative_dice=dice,
            initiative_bonus=bonus,
            edge_points=edge_points,
            physical_damage=physical,
            stun_damage=stun,
        )
        events = self.do(cmd.AddCombatant(sheet=sheet))
        combatant_id = events[0].combatant  # type: ignore[attr-defined]
        self.ids[name] = combatant_id
        return combatant_id

    def do(self, command: Command) -> tuple[Event, ...]:
        return self.session.execute(command).events

    def refused(self, command: Command, key: str) -> RulesError:
        """The command is refused with ``key``, a message in both languages, and nothing changes."""
        entries = len(self.session.encounter.entries)
        with pytest.raises(RulesError) as info:
            self.session.execute(command)
        error = info.value
        assert error.key == key
        for language in ("en", "ja"):
            assert key in catalogue(language).messages, f"{key} missing from {language}.json"
        assert error.message() != key  # formats with its own arguments
        assert len(self.session.encounter.entries) == entries
        return error

    def c(self, name: str) -> Combatant:
        return self.state.combatants[self.ids[name]]

    def score(self, name: str) -> int | None:
        return effective_score(self.state, self.c(name))

    def type_dice(self, name: str, *faces: int) -> tuple[Event, ...]:
        return self.do(cmd.EnterInitiativeDice(combatant=self.ids[name], faces=faces))

    def order(self) -> list[str]:
        return [c.sheet.name for c in pass_order(self.state)]

    def actor(self) -> str | None:
        actor = current_actor(self.state)
        return actor.sheet.name if actor else None

    def next(self) -> tuple[Event, ...]:
        return self.do(cmd.NextPhase())

    def act(self, name: str, action: str) -> tuple[Event, ...]:
        return self.do(cmd.TakeAction(combatant=self.ids[name], action=action))  # type: ignore[arg-type]

    def actors_until_pass_ends(self) -> list[str]:
        """End phases until the pass changes; the names that acted, in order."""
        start = (self.state.turn, self.state.pass_number)
        names = []
        while (self.state.turn, self.state.pass_number) == start:
            names.append(self.actor())
            self.next()
        return names  # type: ignore[return-value]


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def three_fighters(scores: tuple[int, int, int] = (25, 14, 8)) -> Fight:
    """Ann, Bob and Cy with base 6 (REA 3 + INT 3), 2 Edge points each, and typed dice
    giving ``scores`` (each has just enough initiative dice for its score)."""
    fight = Fight()
    names = ("Ann", "Bob", "Cy")
    dice = {name: max(1, -(-(score - 6) // 6)) for name, score in zip(names, scores, strict=False)}
    for name in names:
        fight.add(name, dice=dice[name], edge_points=2)
    fight.do(cmd.StartTurn())
    for name, score in zip(names, scores, strict=False):
        fight.type_dice(name, *_faces_for(score - 6, dice[name]))
        assert fight.score(name) == score
    return fight


def _faces_for(total: int, count: int) -> tuple[int, ...]:
    assert count <= total <= 6 * count
    faces = [1] * count
    rest = total - count
    for i in range(count):
        add = min(5, rest)
        faces[i] += add
        rest -= add
    return tuple(faces)


# -- SR5-I1: the score ----------------------------------------------------------------
@pytest.mark.rule("SR5-I1")
def test_score_is_initiative_attribute_plus_the_dice() -> None:
    fight = Fight(seed=11)
    fight.add("Ann", dice=1, REA=5, INT=4)
    fight.add("Bob", dice=3, bonus=2, REA=2, INT=3)
    fight.add("Cy", dice=5, REA=6, INT=6, bonus=1)
    events = fight.do(cmd.StartTurn())
    rolls = {e.name: e for e in events if isinstance(e, ev.InitiativeRolled)}
    assert set(rolls) == {"Ann", "Bob", "Cy"}
    for name, base, dice in (("Ann", 9, 1), ("Bob", 7, 3), ("Cy", 13, 5)):
        roll = rolls[name]
        assert roll.base == base
        assert len(roll.faces) == dice
        assert all(1 <= f <= 6 for f in roll.faces)
        assert fight.score(name) == base + sum(roll.faces)
        assert not roll.typed
    assert kinds(events)[0] == "turn_started" and kinds(events)[-1] == "pass_started"
    assert fight.state.turn == 1 and fight.state.pass_number == 1


@pytest.mark.rule("SR5-I1")
def test_typed_dice_replace_the_roll() -> None:
    fight = Fight()
    fight.add("Ann", dice=2, REA=4, INT=5)
    fight.do(cmd.StartTurn())
    (roll,) = fight.type_dice("Ann", 6, 2)
    assert isinstance(roll, ev.InitiativeRolled) and roll.typed
    assert fight.score("Ann") == 9 + 8
    assert "(typed)" in describe(roll)
    fight.refused(cmd.EnterInitiativeDice(combatant=fight.ids["Ann"], faces=(6,)), "error.faces_count")
    fight.refused(cmd.EnterInitiativeDice(combatant=fight.ids["Ann"], faces=(6, 7)), "error.faces_range")


@pytest.mark.rule("SR5-I1")
@pytest.mark.parametrize(("field", "value", "delta"), [("attr.REA", 5, 2), ("attr.INT", 1, -2), ("initiative_bonus", 3, 3)])
def test_a_change_to_the_initiative_attribute_applies_at_once(field: str, value: int, delta: int) -> None:
    fight = three_fighters((12, 11, 10))
    before = fight.score("Cy")
    events = fight.do(cmd.EditSheet(combatant=fight.ids["Cy"], field=field, value=value))
    assert fight.score("Cy") == before + delta
    adjusted = [e for e in events if isinstance(e, ev.ScoreAdjusted)]
    assert [(e.delta, e.reason) for e in adjusted] == [(delta, "initiative_attribute")]
    if delta > 0:
        assert fight.order()[0] == "Cy"  # the order follows at once
        assert fight.actor() == "Cy"


@pytest.mark.rule("SR5-I1")
def test_initiative_dice_edits_wait_for_the_next_roll() -> None:
    fight = three_fighters()
    events = fight.do(cmd.EditSheet(combatant=fight.ids["Ann"], field="initiative_dice", value=2))
    assert kinds(events) == ["sheet_changed"]
    assert fight.score("Ann") == 25


@pytest.mark.rule("SR5-I1")
def test_adjust_initiative() -> None:
    fight = three_fighters((12, 11, 10))
    (event,) = fight.do(cmd.AdjustInitiative(combatant=fight.ids["Cy"], delta=5))
    assert isinstance(event, ev.ScoreAdjusted) and event.reason == "manual"
    assert fight.score("Cy") == 15
    assert fight.order() == ["Cy", "Ann", "Bob"]
    fight.do(cmd.AdjustInitiative(combatant=fight.ids["Cy"], delta=-7))
    assert fight.score("Cy") == 8
    assert fight.order() == ["Ann", "Bob", "Cy"]
    fight.refused(cmd.AdjustInitiative(combatant=fight.ids["Cy"], delta=0), "error.no_change")
    fight.refused(cmd.AdjustInitiative(combatant="c99", delta=1), "error.no_such_combatant")


def test_adjust_initiative_needs_a_rolled_score() -> None:
    fight = Fight()
    fight.add("Ann")
    fight.refused(cmd.AdjustInitiative(combatant=fight.ids["Ann"], delta=2), "error.no_initiative")
    fight.do(cmd.StartTurn())
    fight.add("Late")  # joins mid-turn with a score already
    assert fight.score("Late") is not None


# -- SR5-I2: order and ties ------------------------------------------------------------------
@pytest.mark.rule("SR5-I2")
def test_phases_go_in_descending_score() -> None:
    fight = three_fighters((8, 25, 14))
    assert fight.order() == ["Bob", "Cy", "Ann"]
    assert fight.actors_until_pass_ends() == ["Bob", "Cy", "Ann"]


def _tied_pair(first: dict[str, int], second: dict[str, int]) -> Fight:
    """Two combatants with equal scores (typed dice) and the given attributes."""
    fight = Fight()
    fight.add("First", dice=1, **first)
    fight.add("Second", dice=1, **second)
    fight.do(cmd.StartTurn())
    base_first = first.get("REA", 3) + first.get("INT", 3)
    base_second = second.get("REA", 3) + second.get("INT", 3)
    target = max(base_first, base_second) + 1
    fight.type_dice("First", target - base_first)
    fight.type_dice("Second", target - base_second)
    assert fight.score("First") == fight.score("Second")
    return fight


@pytest.mark.rule("SR5-I2")
@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ({"EDG": 4}, {"EDG": 3}),  # Edge first
        ({"EDG": 3, "REA": 4, "INT": 2}, {"EDG": 3, "REA": 3, "INT": 3}),  # then Reaction
        ({"EDG": 3, "REA": 3, "INT": 4}, {"EDG": 3, "REA": 3, "INT": 3}),  # then Intuition
        ({"EDG": 5, "REA": 2, "INT": 2}, {"EDG": 4, "REA": 4, "INT": 4}),  # Edge outranks the rest
    ],
)
def test_ties_by_edge_then_reaction_then_intuition(winner: dict[str, int], loser: dict[str, int]) -> None:
    for first, second, expected in ((winner, loser, "First"), (loser, winner, "Second")):
        fight = _tied_pair(first, second)
        assert fight.order()[0] == expected
        assert fight.actor() == expected
        logged = [e for e in fight.session.encounter.entries for e in e.events if e.kind == "ties_drawn"]
        assert logged == []  # decided by attributes: no draw to log


@pytest.mark.rule("SR5-I2")
def test_a_full_tie_goes_to_the_random_draw_which_is_logged() -> None:
    fight = _tied_pair({}, {})
    entries = fight.session.encounter.entries
    ties = [e for e in entries[-1].events if isinstance(e, ev.TiesDrawn)]
    assert len(ties) == 1, "the typed dice that create a full tie log the draw"
    (tie,) = ties
    first, second = fight.c("First"), fight.c("Second")
    assert sorted(tie.names) == ["First", "Second"]
    assert list(tie.draws) == sorted(tie.draws, reverse=True)
    assert dict(zip(tie.names, tie.draws, strict=False)) == {"First": first.tiebreak, "Second": second.tiebreak}
    assert fight.order() == list(tie.names)  # the draw decides the order
    text = describe(tie)
    assert all(f"{name} ({draw})" in text for name, draw in zip(tie.names, tie.draws, strict=False))


@pytest.mark.rule("SR5-I2")
def test_full_ties_at_the_start_of_a_turn_log_the_draw() -> None:
    """Find (deterministically) a seed whose first roll ties two identical combatants."""
    for seed in range(200):
        fight = Fight(seed=seed)
        fight.add("Twin A")
        fight.add("Twin B")
        fight.add("Other", REA=5)
        events = fight.do(cmd.StartTurn())
        if fight.score("Twin A") == fight.score("Twin B"):
            break
    else:  # pragma: no cover - 200 seeds without a 1-in-6 tie
        pytest.fail("no tie found")
    ties = [e for e in events if isinstance(e, ev.TiesDrawn)]
    assert len(ties) == 1
    assert set(ties[0].names) == {"Twin A", "Twin B"}
    assert kinds(events).index("ties_drawn") < kinds(events).index("pass_started")
    assert [n for n in fight.order() if n.startswith("Twin")] == list(ties[0].names)


@pytest.mark.rule("SR5-I2")
def test_no_draw_is_logged_without_a_tie() -> None:
    fight = three_fighters((20, 15, 10))
    last = fight.session.encounter.entries[-1]  # Cy's typed dice: 10, nobody else there
    assert kinds(last.events) == ["initiative_rolled"]


# -- SR5-I3: passes --------------------------------------------------------------------------
@pytest.mark.rule("SR5-I3")
def test_passes_minus_ten_until_everyone_is_at_zero() -> None:
    fight = three_fighters((25, 14, 8))
    assert [passes_left(fight.state, fight.c(n)) for n in ("Ann", "Bob", "Cy")] == [3, 2, 1]
    assert fight.actors_until_pass_ends() == ["Ann", "Bob", "Cy"]
    assert (fight.state.turn, fight.state.pass_number) == (1, 2)
    assert [fight.score(n) for n in ("Ann", "Bob", "Cy")] == [15, 4, -2]
    assert fight.actors_until_pass_ends() == ["Ann", "Bob"]
    assert (fight.state.turn, fight.state.pass_number) == (1, 3)
    assert [fight.score(n) for n in ("Ann", "Bob", "Cy")] == [5, -6, -12]
    # Those at 0 or below stay listed, last, and never act.
    assert fight.order() == ["Ann", "Bob", "Cy"]
    assert fight.actor() == "Ann"
    events = fight.next()
    assert kinds(events)[:3] == ["action_phase_ended", "turn_ended", "turn_started"]
    assert kinds(events)[-1] == "pass_started"
    assert (fight.state.turn, fight.state.pass_number) == (2, 1)
    rolled = [e for e in events if isinstance(e, ev.InitiativeRolled)]
    assert sorted(e.name for e in rolled) == ["Ann", "Bob", "Cy"]
    for e in rolled:  # fresh initiative, nothing carried over
        assert fight.score(e.name) == 6 + sum(e.faces)
        assert not fight.c(e.name).acted


@pytest.mark.rule("SR5-I3")
def test_the_reduction_is_logged_once_per_pass() -> None:
    fight = three_fighters((25, 14, 8))
    fight.next()
    fight.next()
    events = fight.next()
    assert kinds(events) == ["action_phase_ended", "scores_reduced", "pass_started"]
    assert events[1].amount == 10  # type: ignore[attr-defined]
    assert (events[2].turn, events[2].pass_number) == (1, 2)  # type: ignore[attr-defined]


@pytest.mark.rule("SR5-I3")
def test_a_score_of_exactly_ten_does_not_act_in_the_second_pass() -> None:
    fight = three_fighters((10, 11, 7))
    fight.actors_until_pass_ends()
    assert fight.state.pass_number == 2
    assert fight.score("Ann") == 0
    assert fight.actor() == "Bob"
    assert fight.actors_until_pass_ends() == ["Bob"]
    assert (fight.state.turn, fight.state.pass_number) == (2, 1)


@pytest.mark.rule("SR5-I3")
def test_start_turn_mid_turn_starts_the_next_turn() -> None:
    fight = three_fighters()
    fight.next()
    events = fight.do(cmd.StartTurn())
    assert kinds(events)[:2] == ["turn_ended", "turn_started"]
    assert events[0].turn == 1 and events[1].turn == 2  # type: ignore[attr-defined]
    assert (fight.state.turn, fight.state.pass_number) == (2, 1)
    assert not any(c.acted for c in fight.state.combatants.values())


@pytest.mark.rule("SR5-I3")
def test_scores_at_zero_or_below_are_listed_but_never_current() -> None:
    fight = three_fighters((12, 11, 10))
    fight.do(cmd.AdjustInitiative(combatant=fight.ids["Bob"], delta=-11))
    fight.do(cmd.AdjustInitiative(combatant=fight.ids["Cy"], delta=-15))
    assert fight.score("Bob") == 0 and fight.score("Cy") == -5
    assert fight.order() == ["Ann", "Bob", "Cy"]
    assert passes_left(fight.state, fight.c("Bob")) == 0
    assert fight.actors_until_pass_ends() == ["Ann"]
    assert (fight.state.turn, fight.state.pass_number) == (1, 2)
    assert fight.actor() == "Ann"  # 12 − 10 = 2; Bob and Cy are further below 0


@pytest.mark.rule("SR5-I3")
def test_a_combatant_added_mid_turn_rolls_minus_ten_per_pass_over() -> None:
    fight = three_fighters((25, 14, 8))
    fight.actors_until_pass_ends()
    assert fight.state.pass_number == 2
    events = fight.do(
        cmd.AddCombatant(sheet=Sheet(name="Late", attributes={a: 3 for a in ATTRIBUTES}, initiative_dice=2))
    )
    assert kinds(events)[:2] == ["combatant_added", "initiative_rolled"]
    roll = events[1]
    assert isinstance(roll, ev.InitiativeRolled)
    assert roll.reduction == 10 and len(roll.faces) == 2
    fight.ids["Late"] = roll.combatant
    assert fight.score("Late") == 6 + sum(roll.faces) - 10
    assert "−10" in describe(roll)
    # Typed dice for the late joiner keep the reduction.
    fight.type_dice("Late", 6, 6)
    assert fight.score("Late") == 6 + 12 - 10


def test_a_combatant_added_before_the_first_turn_has_no_score() -> None:
    fight = Fight()
    fight.add("Ann")
    assert fight.score("Ann") is None
    assert fight.actor() is None
    fight.refused(cmd.NextPhase(), "error.no_initiative")
    fight.refused(cmd.TakeAction(combatant=fight.ids["Ann"], action="free"), "error.no_initiative")


def test_start_turn_needs_combatants() -> None:
    Fight().refused(cmd.StartTurn(), "error.no_combatants")


# -- delaying ------------------------------------------------------------------------------
def test_delay_then_act_now() -> None:
    fight = three_fighters((25, 14, 8))
    fight.do(cmd.DelayPhase(combatant=fight.ids["Ann"]))
    assert fight.c("Ann").delayed
    assert fight.actor() == "Bob"
    fight.next()  # Bob acts
    assert fight.actor() == "Cy"
    fight.do(cmd.ActNow(combatant=fight.ids["Ann"]))  # Ann interrupts before Cy
    assert fight.actor() == "Ann"
    fight.act("Ann", "complex")
    fight.next()
    assert fight.c("Ann").acted and not fight.c("Ann").delayed
    assert fight.actor() == "Cy"
    fight.next()
    assert fight.state.pass_number == 2


def test_a_delayed_combatant_acts_at_the_end_of_the_pass_if_it_never_stepped_in() -> None:
    fight = three_fighters((25, 14, 8))
    fight.do(cmd.DelayPhase(combatant=fight.ids["Ann"]))
    assert fight.actors_until_pass_ends() == ["Bob", "Cy", "Ann"]


def test_delay_refusals() -> None:
    fight = three_fighters((25, 14, 8))
    fight.refused(cmd.DelayPhase(combatant=fight.ids["Bob"]), "error.delay_not_current")
    fight.refused(cmd.ActNow(combatant=fight.ids["Bob"]), "error.not_delayed")
    fight.do(cmd.DelayPhase(combatant=fight.ids["Ann"]))
    fight.do(cmd.DelayPhase(combatant=fight.ids["Bob"]))
    fight.refused(cmd.DelayPhase(combatant=fight.ids["Cy"]), "error.delay_nobody_left")
    fight.do(cmd.ActNow(combatant=fight.ids["Ann"]))
    fight.refused(cmd.ActNow(combatant=fight.ids["Bob"]), "error.someone_acting_now")
    fight.refused(cmd.DelayPhase(combatant=fight.ids["Ann"]), "error.already_delayed")


# -- wound modifier on initiative (SR5 p. 169, a rule option) ---------------------------------
@pytest.mark.rule("SR5-I1")
def test_wound_modifier_lowers_the_score_while_the_option_is_on() -> None:
    fight = three_fighters((12, 11, 10))
    fight.do(cmd.EditSheet(combatant=fight.ids["Ann"], field="physical_damage", value=3))
    assert fight.score("Ann") == 11
    fight.do(cmd.EditSheet(combatant=fight.ids["Ann"], field="stun_damage", value=6))
    assert fight.score("Ann") == 9  # −1 physical, −2 stun
    assert fight.order() == ["Bob", "Cy", "Ann"]
    (event,) = fight.do(cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False))
    assert isinstance(event, ev.RuleOptionChanged) and event.old is True and event.new is False
    assert fight.score("Ann") == 12
    assert fight.order() == ["Ann", "Bob", "Cy"]
    fight.refused(cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False), "error.no_change")
    fight.refused(cmd.SetRuleOption(option="no_such_option", value=True), "error.unknown_option")
    fight.do(cmd.SetRuleOption(option="wound_modifier_on_initiative", value=True))
    assert fight.score("Ann") == 9


@pytest.mark.rule("SR5-I3")
def test_wounds_count_when_deciding_who_acts_in_the_next_pass() -> None:
    fight = three_fighters((12, 11, 25))
    fight.do(cmd.EditSheet(combatant=fight.ids["Ann"], field="physical_damage", value=6))  # −2
    assert fight.score("Ann") == 10
    fight.actors_until_pass_ends()
    assert fight.state.pass_number == 2
    assert fight.actors_until_pass_ends() == ["Cy", "Bob"]  # Ann: 12 − 2 − 10 = 0


# -- SR5-I4: Seize the Initiative -------------------------------------------------------------
@pytest.mark.rule("SR5-I4")
def test_seize_spends_an_edge_point_and_acts_first_in_every_pass() -> None:
    fight = three_fighters((25, 22, 21))
    events = fight.do(cmd.SeizeInitiative(combatant=fight.ids["Cy"]))
    assert kinds(events) == ["edge_spent", "initiative_seized"]
    spent = events[0]
    assert isinstance(spent, ev.EdgeSpent)
    assert (spent.purpose, spent.before, spent.after) == ("seize", 2, 1)
    assert fight.c("Cy").sheet.edge_points == 1
    assert fight.actors_until_pass_ends() == ["Cy", "Ann", "Bob"]
    assert fight.actors_until_pass_ends() == ["Cy", "Ann", "Bob"]
    assert fight.state.pass_number == 3


@pytest.mark.rule("SR5-I4")
def test_several_seizers_keep_their_normal_order() -> None:
    fight = three_fighters((25, 14, 12))
    fight.do(cmd.SeizeInitiative(combatant=fight.ids["Cy"]))
    fight.do(cmd.SeizeInitiative(combatant=fight.ids["Bob"]))
    assert fight.order() == ["Bob", "Cy", "Ann"]
    assert fight.actors_until_pass_ends() == ["Bob", "Cy", "Ann"]
    # Pass 2: only Ann (15), Bob (4) and Cy (2) are above 0; the seizers still go first.
    assert fight.actors_until_pass_ends() == ["Bob", "Cy", "Ann"]


@pytest.mark.rule("SR5-I4")
def test_seize_refusals_and_reset_next_turn() -> None:
    fight = three_fighters((25, 14, 8))
    cy = fight.ids["Cy"]
    fight.do(cmd.SeizeInitiative(combatant=cy))
    fight.refused(cmd.SeizeInitiative(combatant=cy), "error.already_seized")
    fight.do(cmd.StartTurn())
    assert not fight.c("Cy").seized
    fight.do(cmd.SeizeInitiative(combatant=cy))  # the last Edge point
    assert fight.c("Cy").sheet.edge_points == 0
    fight.do(cmd.StartTurn())
    error = fight.refused(cmd.SeizeInitiative(combatant=cy), "error.no_edge")
    assert "Cy" in error.message()


def test_seize_needs_a_turn() -> None:
    fight = Fight()
    fight.add("Ann", edge_points=1)
    fight.refused(cmd.SeizeInitiative(combatant=fight.ids["Ann"]), "error.no_initiative")


# -- SR5-I5: Blitz ---------------------------------------------------------------------------
# 001 digest ・エッジ/電撃戦/Blitz: "5D6のイニシアティブダイスを1戦闘ターンに振ることができます" — the dice
# of the turn's roll, so it is declared before that roll, never after seeing it (issue 12).
@pytest.mark.rule("SR5-I5")
def test_blitz_declared_before_the_first_roll_spends_edge_and_rolls_five_dice() -> None:
    fight = Fight()
    fight.add("Cy", edge_points=2)
    cy = fight.ids["Cy"]
    events = fight.do(cmd.Blitz(combatant=cy))  # before Ctrl+I: no turn yet
    assert kinds(events) == ["edge_spent", "blitz_declared"]
    assert isinstance(events[0], ev.EdgeSpent) and events[0].purpose == "blitz" and events[0].after == 1
    fight.refused(cmd.Blitz(combatant=cy), "error.already_blitzed")
    started = fight.do(cmd.StartTurn())
    roll = next(e for e in started if isinstance(e, ev.InitiativeRolled))
    assert roll.blitz and len(roll.faces) == 5  # 5D6, whatever the sheet's dice
    assert fight.c("Cy").blitzed and not fight.c("Cy").blitz_declared
    assert "5d6" in describe(roll)
    # Typed dice for a blitzing combatant need five faces.
    fight.refused(cmd.EnterInitiativeDice(combatant=cy, faces=(1, 1, 1, 1)), "error.faces_count")


@pytest.mark.rule("SR5-I5")
def test_blitz_during_a_turn_is_for_the_next_roll_never_this_one() -> None:
    fight = three_fighters((25, 14, 8))
    before = fight.score("Bob")
    events = fight.do(cmd.Blitz(combatant=fight.ids["Bob"]))
    assert not any(isinstance(e, ev.InitiativeRolled) for e in events)  # this turn's roll was seen: kept
    assert fight.score("Bob") == before
    new_turn = fight.do(cmd.StartTurn())
    bob = next(e for e in new_turn if isinstance(e, ev.InitiativeRolled) and e.name == "Bob")
    others = [e for e in new_turn if isinstance(e, ev.InitiativeRolled) and e.name != "Bob"]
    assert bob.blitz and len(bob.faces) == 5
    assert all(not e.blitz and len(e.faces) == fight.c(e.name).sheet.initiative_dice for e in others)


@pytest.mark.rule("SR5-I5")
def test_blitz_refused_without_edge() -> None:
    broke = Fight()
    broke.add("Broke", edge_points=0)
    broke.refused(cmd.Blitz(combatant=broke.ids["Broke"]), "error.no_edge")


@pytest.mark.rule("SR5-I5")
def test_blitz_lasts_one_turn() -> None:
    fight = three_fighters((25, 14, 8))
    fight.do(cmd.Blitz(combatant=fight.ids["Cy"]))
    fight.do(cmd.StartTurn())  # the blitzed turn
    assert fight.c("Cy").blitzed
    events = fight.do(cmd.StartTurn())  # and the one after: the sheet's dice again
    roll = next(e for e in events if isinstance(e, ev.InitiativeRolled) and e.name == "Cy")
    assert len(roll.faces) == fight.c("Cy").sheet.initiative_dice == 1 and not roll.blitz
    assert not fight.c("Cy").blitzed


# -- SR5-I6: the phase budget ------------------------------------------------------------------
@pytest.mark.rule("SR5-I6")
def test_one_complex_action_per_phase() -> None:
    fight = three_fighters((25, 14, 8))
    fight.act("Ann", "complex")
    fight.refused(cmd.TakeAction(combatant=fight.ids["Ann"], action="complex"), "error.phase_budget_spent")
    fight.refused(cmd.TakeAction(combatant=fight.ids["Ann"], action="simple"), "error.phase_budget_spent")
    fight.act("Ann", "free")  # a free action still fits


@pytest.mark.rule("SR5-I6")
def test_two_simple_actions_per_phase() -> None:
    fight = three_fighters((25, 14, 8))
    (event,) = fight.act("Ann", "simple")
    assert isinstance(event, ev.ActionTaken) and event.action == "simple"
    fight.refused(cmd.TakeAction(combatant=fight.ids["Ann"], action="complex"), "error.phase_budget_spent")
    fight.act("Ann", "simple")
    fight.refused(cmd.TakeAction(combatant=fight.ids["Ann"], action="simple"), "error.phase_budget_spent")


@pytest.mark.rule("SR5-I6")
def test_simple_and_complex_actions_only_in_ones_own_phase() -> None:
    fight = three_fighters((25, 14, 8))
    for action in ("simple", "complex"):
        fight.refused(cmd.TakeAction(combatant=fight.ids["Bob"], action=action), "error.not_your_phase")  # type: ignore[arg-type]


@pytest.mark.rule("SR5-I6")
def test_one_free_action_between_own_phases() -> None:
    fight = three_fighters((25, 14, 8))
    fight.act("Cy", "free")  # in Ann's phase
    fight.refused(cmd.TakeAction(combatant=fight.ids["Cy"], action="free"), "error.free_action_used")
    fight.next()  # Ann's phase ends
    fight.refused(cmd.TakeAction(combatant=fight.ids["Cy"], action="free"), "error.free_action_used")
    fight.next()  # Bob's phase ends: Cy's own phase
    assert fight.actor() == "Cy"
    fight.refused(cmd.TakeAction(combatant=fight.ids["Cy"], action="free"), "error.free_action_used")
    fight.act("Cy", "complex")
    fight.next()  # Cy's phase ends: a new free action is available
    fight.act("Cy", "free")


@pytest.mark.rule("SR5-I6")
def test_the_budget_resets_in_the_next_own_phase() -> None:
    fight = three_fighters((25, 14, 8))
    fight.act("Ann", "complex")
    fight.next()
    fight.next()
    fight.next()  # pass 2: Ann again
    assert fight.state.pass_number == 2 and fight.actor() == "Ann"
    fight.act("Ann", "simple")
    fight.act("Ann", "simple")
    assert fight.c("Ann").simple_actions == 2
    fight.next()
    assert fight.c("Ann").simple_actions == 0 and not fight.c("Ann").complex_action


def test_unknown_combatants_are_refused_everywhere() -> None:
    fight = three_fighters()
    for command in (
        cmd.RemoveCombatant(combatant="c99"),
        cmd.EditSheet(combatant="c99", field="name", value="X"),
        cmd.DelayPhase(combatant="c99"),
        cmd.ActNow(combatant="c99"),
        cmd.SeizeInitiative(combatant="c99"),
        cmd.Blitz(combatant="c99"),
        cmd.EnterInitiativeDice(combatant="c99", faces=(1,)),
        cmd.TakeAction(combatant="c99", action="free"),
        cmd.RollSimpleTest(combatant="c99", attribute="AGI", skill=1, modifier=0, threshold=1),
    ):
        fight.refused(command, "error.no_such_combatant")


def test_every_event_of_a_fight_reads_in_both_languages() -> None:
    from gmtool.core.i18n import set_language

    fight = three_fighters()
    fight.do(cmd.SeizeInitiative(combatant=fight.ids["Cy"]))
    fight.do(cmd.Blitz(combatant=fight.ids["Bob"]))
    fight.act("Cy", "simple")
    fight.do(cmd.EditSheet(combatant=fight.ids["Ann"], field="attr.REA", value=4))
    fight.do(cmd.AdjustInitiative(combatant=fight.ids["Ann"], delta=-1))
    fight.actors_until_pass_ends()
    fight.do(cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False))
    fight.do(cmd.RemoveCombatant(combatant=fight.ids["Bob"]))
    events = [e for entry in fight.session.encounter.entries for e in entry.events]
    for language in ("en", "ja"):
        set_language(language)
        for event in events:
            text = describe(event)
            assert text and not text.startswith(("log.", "edge.", "action.", "option.", "field."))
    set_language("en")
    assert tr("edge.seize") in describe(next(e for e in events if isinstance(e, ev.EdgeSpent)))


@pytest.mark.rule("SR5-I1")
def test_a_reroll_in_the_same_turn_keeps_earlier_score_changes() -> None:
    """Typed dice or Blitz replace the dice, not the effects already applied this turn."""
    from gmtool.core.encounter import Encounter
    from gmtool.core.registry import get_ruleset
    from gmtool.games.shadowrun.sr5.rules import commands as c
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition

    enc = Encounter(get_ruleset("sr5"), 5)
    for sheet in demo_definition().combatants:
        enc.commit(enc.prepare(c.AddCombatant(sheet=sheet)))
    enc.commit(enc.prepare(c.StartTurn()))
    brick = enc.state.combatants["c2"]
    enc.commit(enc.prepare(c.AdjustInitiative(combatant="c2", delta=-5)))
    enc.commit(enc.prepare(c.EditSheet(combatant="c2", field="attr.REA", value=5)))  # +1 at once
    enc.commit(enc.prepare(c.EnterInitiativeDice(combatant="c2", faces=(4,))))
    assert brick.score == brick.sheet.initiative_attribute + 4 - 5
    enc.commit(enc.prepare(c.Blitz(combatant="c2")))
    assert brick.score == brick.sheet.initiative_attribute + sum(brick.faces) - 5
    enc.commit(enc.prepare(c.StartTurn()))
    assert brick.score == brick.sheet.initiative_attribute + sum(brick.faces)


def test_an_edit_that_changes_nothing_is_refused_not_journaled() -> None:
    from gmtool.core.encounter import Encounter
    from gmtool.core.errors import RulesError
    from gmtool.core.registry import get_ruleset
    from gmtool.games.shadowrun.sr5.rules import commands as c
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition

    enc = Encounter(get_ruleset("sr5"), 5)
    enc.commit(enc.prepare(c.AddCombatant(sheet=demo_definition().combatants[0])))
    agility = enc.state.combatants["c1"].sheet.attributes["AGI"]
    with pytest.raises(RulesError) as refused:
        enc.prepare(c.EditSheet(combatant="c1", field="attr.AGI", value=agility))
    assert refused.value.key == "error.no_change"


@pytest.mark.rule("SR5-I3")
def test_the_pass_ladder_follows_the_score_down_ten_per_pass() -> None:
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
    from gmtool.games.shadowrun.sr5.rules.turn import pass_ladder

    enc = Encounter(SR5Ruleset(), seed=4)
    sheet = demo_definition().combatants[0]
    for _ in range(2):
        enc.commit(enc.prepare(cmd.AddCombatant(sheet=sheet)))
    enc.commit(enc.prepare(cmd.StartTurn()))
    for cid, total in (("c1", 25), ("c2", 8)):
        c = enc.state.combatants[cid]
        enc.commit(enc.prepare(cmd.AdjustInitiative(combatant=cid, delta=total - effective_score(enc.state, c))))
    fast, slow = enc.state.combatants["c1"], enc.state.combatants["c2"]
    assert pass_ladder(enc.state, fast) == ("acting", "later", "later", "off")
    assert pass_ladder(enc.state, slow) == ("due", "off", "off", "off")
    enc.commit(enc.prepare(cmd.NextPhase()))
    enc.commit(enc.prepare(cmd.NextPhase()))
    assert enc.state.pass_number == 2
    assert pass_ladder(enc.state, fast) == ("past", "acting", "later", "off")
    assert pass_ladder(enc.state, slow) == ("past", "off", "off", "off")
