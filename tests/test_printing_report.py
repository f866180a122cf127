"""The turn-log report without Qt: turns, snapshots, events with breakdowns, HTML and Markdown, export.

The fights are the benchmark's scripted ones (:mod:`benchmarks.print_pdf`) on the
SR5 and SR4 demo encounters. Snapshots are checked against an independent
replay: the core ``Encounter`` rebuilt from the journal up to the entry that
started the turn.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

import pytest

from benchmarks.print_pdf import events_in_effect, sr4_fight, sr5_fight
from gmtool.core.encounter import Encounter
from gmtool.core.errors import StorageError
from gmtool.core.i18n import active_language
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Event
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.rules.breakdown import roll_facts, word_breakdown
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.printing.export import export_report
from gmtool.printing.html import render_html
from gmtool.printing.markdown import md_escape, render_markdown
from gmtool.printing.report import Report, ReportOptions, build_report, effective_entries, round_numbers
from gmtool.storage import atomic as atomic_module


@pytest.fixture(scope="module")
def sr5() -> Encounter:
    return sr5_fight(400)


@pytest.fixture(scope="module")
def sr4() -> Encounter:
    return sr4_fight(120)


def _demo_session() -> EncounterSession:
    demo = demo_definition()
    session = EncounterSession(Encounter(get_ruleset("sr5"), demo.seed), MemoryStore(), 1)
    for sheet in demo.combatants:
        session.execute(cmd.AddCombatant(sheet=sheet))
    return session


def _replayed_to(encounter: Encounter, seq: int) -> Encounter:
    """The core's own replay of the journal up to entry ``seq``."""
    return Encounter(encounter.ruleset, encounter.seed, encounter.entries[:seq])


def _check_snapshots(encounter: Encounter, report: Report, queries: Any) -> int:
    checked = 0
    for section in report.rounds:
        if section.number == 0:
            assert section.snapshot == ()
            continue
        start = section.events[0]
        assert start.kind == "turn_started"
        state = _replayed_to(encounter, start.seq).state
        order = queries.pass_order(state)
        assert [row.name.removesuffix(" (NPC)") for row in section.snapshot] == [c.sheet.name for c in order]
        scores = [queries.effective_score(state, c) for c in order]
        assert [row.score for row in section.snapshot] == [str(s) if s is not None else "—" for s in scores]
        actor = queries.current_actor(state)
        assert [row.current for row in section.snapshot] == [actor is not None and c.id == actor.id for c in order]
        for row, c in zip(section.snapshot, order, strict=False):
            sheet = c.sheet
            passes_, physical, stun, edge = row.cells  # the layout: passes, physical, stun, Edge
            assert physical == f"{sheet.physical_damage}/{sheet.physical_boxes}"
            assert stun == f"{sheet.stun_damage}/{sheet.stun_boxes}"
            assert edge == f"{sheet.edge_points}/{sheet.attributes['EDG']}"
        checked += 1
    return checked


def test_sr5_report_has_one_section_per_turn_each_with_the_state_at_its_start(sr5: Encounter) -> None:
    from gmtool.games.shadowrun.sr5.rules import turn as initiative

    class Queries:
        pass_order = staticmethod(initiative.pass_order)
        effective_score = staticmethod(initiative.effective_score)
        current_actor = staticmethod(initiative.current_actor)

    report = build_report(sr5, "Demo")
    numbers = [s.number for s in report.rounds]
    assert numbers == round_numbers(sr5) and numbers[0] == 0 and len(numbers) > 3
    assert numbers[1:] == sorted(numbers[1:]) and len(set(numbers)) == len(numbers)
    assert {line.kind for line in report.rounds[0].events} == {"combatant_added"}
    assert _check_snapshots(sr5, report, Queries) == len(numbers) - 1
    for section in report.rounds[1:]:
        assert section.events[0].text == f"— Combat turn {section.number} —"


def test_sr4_report_snapshots_show_the_passes_each_acts_in(sr4: Encounter) -> None:
    from gmtool.games.shadowrun.sr4.rules import turn

    class Queries:
        pass_order = staticmethod(turn.pass_order)
        effective_score = staticmethod(turn.effective_score)
        current_actor = staticmethod(turn.current_actor)

    report = build_report(sr4, "SR4 demo")
    assert _check_snapshots(sr4, report, Queries) == len(report.rounds) - 1 >= 3
    kinds = {line.kind for line in report.rounds[0].events}
    assert {"surprise_rolled", "surprise_decided"} <= kinds  # the surprise test came before turn 1
    first = report.rounds[1]
    state = _replayed_to(sr4, first.events[0].seq).state
    for row, c in zip(first.snapshot, turn.pass_order(state), strict=False):
        passes = ", ".join(str(p) for p in range(1, turn.passes_this_turn(c) + 1))
        assert row.cells[0] == f"{passes} ({turn.passes_left(state, c)} left)"


def test_the_report_holds_exactly_the_events_in_effect(sr5: Encounter) -> None:
    report = build_report(sr5, "Demo")
    done, undone = effective_entries(sr5.entries)
    printed = [(line.seq, line.kind) for section in report.rounds for line in section.events]
    assert printed == [(entry.seq, event.kind) for entry in done for event in entry.events]
    assert report.event_count == events_in_effect(sr5)
    assert undone > 0 and f"{undone} undone commands" in report.subtitle


def test_an_undone_command_is_left_out_and_a_turn_end_belongs_to_its_turn() -> None:
    session = _demo_session()
    session.execute(cmd.StartTurn())
    session.execute(cmd.EditSheet(combatant="c1", field="physical_damage", value=3))
    session.undo()
    session.execute(cmd.StartTurn())  # a new turn now: turn 1 ends in the same entry
    report = build_report(session.encounter, "Demo")
    texts = [line.text for section in report.rounds for line in section.events]
    assert not any("Physical damage 0 → 3" in t for t in texts)
    turn1, turn2 = report.rounds[1], report.rounds[2]
    assert turn1.events[-1].kind == "turn_ended" and turn2.events[0].kind == "turn_started"
    assert turn1.events[-1].seq == turn2.events[0].seq  # one entry, split at turn_started
    assert "1 undone command " in report.subtitle


def test_a_range_of_turns(sr5: Encounter) -> None:
    numbers = round_numbers(sr5)
    low, high = numbers[2], numbers[3]
    report = build_report(sr5, "Demo", ReportOptions(first_round=low, last_round=high))
    assert [s.number for s in report.rounds] == [low, high]
    assert [s.number for s in build_report(sr5, "Demo", ReportOptions(last_round=0)).rounds] == [0]


def test_japanese_report_and_the_language_is_restored(sr5: Encounter) -> None:
    report = build_report(sr5, "デモ", ReportOptions(language="ja"))
    assert active_language() == "en"
    assert report.title == "ターンログ — デモ" and report.rounds[1].title == "戦闘ターン 1"
    assert report.labels.columns[1] == "名前"
    texts = [line.text for line in report.rounds[1].events]
    assert texts[0] == "— 戦闘ターン 1 —" and any("イニシアティブ" in t for t in texts)
    assert "肉体" in report.labels.columns and "精神" in report.labels.columns


@pytest.mark.rule("X-1")
def test_the_seed_and_every_die_face_are_printed(sr5: Encounter) -> None:
    report = build_report(sr5, "Demo")
    assert f"dice seed {sr5.seed}" in report.subtitle
    done, _ = effective_entries(sr5.entries)
    rolled = {(e.seq, ev.combatant): ev.faces for e in done for ev in e.events if ev.kind == "initiative_rolled"}
    lines = [line for s in report.rounds for line in s.events if line.kind == "initiative_rolled"]
    assert len(lines) == len(rolled) > 10
    for line in lines:
        assert line.breakdown is not None
        assert line.breakdown.dice in {" ".join(map(str, faces)) for (seq, _c), faces in rolled.items() if seq == line.seq}
    markdown = render_markdown(report)
    for faces in list(rolled.values())[:20]:
        assert f"Dice: {' '.join(map(str, faces))}" in markdown


@pytest.mark.rule("X-2")
def test_faces_typed_at_the_table_are_marked_in_the_report() -> None:
    session = _demo_session()
    session.execute(cmd.StartTurn())
    session.execute(cmd.EnterInitiativeDice(combatant="c1", faces=(6, 6, 6)))
    lines = [line for s in build_report(session.encounter, "Demo").rounds for line in s.events]
    typed = [line for line in lines if line.kind == "initiative_rolled" and line.seq == len(session.encounter.entries)]
    assert len(typed) == 1 and "6 6 6" in typed[0].text
    assert typed[0].text.endswith("(typed).")


@pytest.mark.rule("X-3")
def test_a_tests_pool_terms_threshold_faces_and_hits_are_printed() -> None:
    session = _demo_session()
    session.execute(cmd.StartTurn())
    session.execute(cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=4, modifier=-2, threshold=2))
    event = session.encounter.entries[-1].events[0]
    assert event.kind == "test_rolled"
    line = [line for s in build_report(session.encounter, "Demo").rounds for line in s.events][-1]
    assert line.breakdown is not None
    pool = line.breakdown.pool
    for _label_key, value in event.terms:
        assert f"{value:+d}".replace("-", "−") in pool
    assert f"= {event.pool} dice · threshold {event.threshold}" in pool
    assert line.breakdown.dice.startswith(" ".join(map(str, event.faces)))
    assert f"{event.hits} hits" in line.breakdown.dice


class ModifiedRoll(Event):
    """An event shaped as the report's contract says (modifiers from tables, odds recorded)."""

    kind: Literal["modified_roll"] = "modified_roll"
    terms: tuple[tuple[str, int], ...]
    pool: int
    threshold: int
    limit: int | None
    modifiers: tuple[dict[str, Any], ...]
    faces: tuple[int, ...]
    hits: int
    glitch: bool
    critical_glitch: bool
    odds: dict[str, float]


class RulesetWithModifiedRolls:
    """The SR5 ruleset, plus the made-up event above (folds to nothing)."""

    def __init__(self) -> None:
        self._inner = get_ruleset("sr5")
        self.key = "sr5"

    def __getattr__(self, name: str) -> Any:  # the display queries and anything else: SR5's own
        return getattr(self._inner, name)

    def initial_state(self) -> Any:
        return self._inner.initial_state()

    def apply(self, state: Any, event: Event) -> None:
        if event.kind != "modified_roll":
            self._inner.apply(state, event)

    def describe(self, event: Event) -> str:
        return "A modified roll" if event.kind == "modified_roll" else self._inner.describe(event)


def _modified_encounter() -> Encounter:
    roll = ModifiedRoll(
        terms=(("attr.AGI", 5), ("pool.skill", 4), ("text:Smartlink", 2)), pool=9, threshold=0, limit=6,
        modifiers=({"label": "text:Light cover", "value": -2, "table": "text:Ranged combat", "page": 178},
                   {"label": "pool.wound_modifier", "value": -1}),
        faces=(6, 5, 5, 1, 1, 2, 3, 4, 1), hits=3, glitch=False, critical_glitch=False,
        odds={"success": 0.8123, "glitch": 0.0417, "expected_hits": 3.0},
    )
    return Encounter(RulesetWithModifiedRolls(), 1, [JournalEntry(seq=1, action="do", events=(roll,))])  # type: ignore[arg-type]


@pytest.mark.rule("X-3")
def test_modifiers_print_with_their_table_and_page() -> None:
    report = build_report(_modified_encounter(), "Range")
    breakdown = report.rounds[0].events[0].breakdown
    assert breakdown is not None
    assert breakdown.pool == "Agility +5 · Skill +4 · Smartlink +2 = 9 dice · threshold 0 · limit 6"
    assert [(m.label, m.value, m.source) for m in breakdown.modifiers] == [
        ("Light cover", "−2", "Ranged combat, p. 178"), ("Wound modifier", "−1", ""),
    ]
    html = render_html(report)
    assert "Modifier: Light cover −2 (Ranged combat, p. 178)" in html
    ja = build_report(_modified_encounter(), "Range", ReportOptions(language="ja")).rounds[0].events[0].breakdown
    assert ja is not None and ja.modifiers[0].source == "Ranged combat、178 ページ"


@pytest.mark.rule("X-4")
def test_odds_recorded_at_the_roll_are_printed() -> None:
    breakdown = build_report(_modified_encounter(), "Range").rounds[0].events[0].breakdown
    assert breakdown is not None
    assert breakdown.odds == "success 81.2 % · glitch 4.2 % · expected hits 3.00"
    assert "Odds before the roll: success 81.2 %" in render_markdown(build_report(_modified_encounter(), "Range"))


def test_events_without_a_roll_have_no_breakdown_and_movement_limits_are_not_dice_limits() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as sr4
    from gmtool.games.shadowrun.sr4.rules.demo import sr4_demo_definition
    from gmtool.games.shadowrun.sr4.rules.turn import current_actor

    demo = sr4_demo_definition()
    session = EncounterSession(Encounter(get_ruleset("sr4"), demo.seed), MemoryStore(), 1)
    for sheet in demo.combatants:
        session.execute(sr4.AddCombatant(sheet=sheet))
    session.execute(sr4.StartTurn())
    actor = current_actor(session.encounter.state)
    assert actor is not None
    session.execute(sr4.Move(combatant=actor.id, mode="run", metres=5))
    sprinted = session.execute(sr4.Sprint(combatant=actor.id, running_skill=2)).events[-1]
    assert sprinted.kind == "sprinted"
    added = session.encounter.entries[0].events[0]
    assert word_breakdown(roll_facts(added)) is None
    facts = roll_facts(sprinted)
    assert facts.limit is None and facts.pool == sprinted.pool and facts.faces == sprinted.faces
    line = build_report(session.encounter, "SR4").rounds[-1].events[-1]
    assert line.kind == "sprinted" and line.breakdown is not None and "limit" not in line.breakdown.pool


def test_markdown_escapes_markup_in_names() -> None:
    assert md_escape("*Boss* | [x]_1 #2") == r"\*Boss\* \| \[x\]\_1 \#2"
    session = _demo_session()
    session.execute(cmd.EditSheet(combatant="c1", field="name", value="*Star* | <b>"))
    session.execute(cmd.StartTurn())
    report = build_report(session.encounter, "A|B")
    markdown = render_markdown(report)
    assert r"\*Star\* \| \<b\>" in markdown and "*Star*" not in markdown.replace(r"\*Star\*", "")
    table = [line for line in markdown.splitlines() if "Star" in line and line.startswith("|")]
    assert table and all(line.count(" | ") == 7 for line in table)  # eight cells: the name's pipe is escaped
    html = render_html(report)
    assert "&lt;b&gt;" in html and "<b>" not in html


def test_html_is_one_document_in_the_report_language(sr5: Encounter) -> None:
    html = render_html(build_report(sr5, "デモ", ReportOptions(language="ja", last_round=1)))
    assert html.startswith("<!DOCTYPE html>") and '<html lang="ja">' in html and '<meta charset="utf-8">' in html
    assert html.count("<table") == 1 and "Noto Sans CJK JP" in html
    assert len(re.findall(r'<p class="event', html)) == sum(1 for _ in re.finditer(r"#\d+</span>", html))


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_export_writes_the_file_atomically(tmp_path: Path, sr5: Encounter, fmt: str) -> None:
    report = build_report(sr5, "Demo", ReportOptions(last_round=1))
    target = tmp_path / f"log.{fmt}"
    assert export_report(report, target, fmt) == target
    text = target.read_text(encoding="utf-8")
    assert text == (render_html(report) if fmt == "html" else render_markdown(report))
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]  # no temp file left


def test_a_failed_export_keeps_the_old_file_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sr5: Encounter
) -> None:
    target = tmp_path / "log.md"
    target.write_text("old", encoding="utf-8")

    def refuse(_src: str, _dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic_module.os, "replace", refuse)  # the atomic writer export uses
    with pytest.raises(StorageError) as caught:
        export_report(build_report(sr5, "Demo"), target, "md")
    assert "No space left on device" in caught.value.message()
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["log.md"]
    monkeypatch.undo()
    assert os.replace is not refuse


def test_the_report_and_its_text_renderers_need_no_qt() -> None:
    """product.md: computing apart from Qt; only the PDF module may import it."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import sys

        class QtBlocker:
            def find_spec(self, fullname, path=None, target=None):
                if fullname.split(".")[0] in ("PySide6", "shiboken6"):
                    raise ImportError("Qt is blocked: " + fullname)
                return None

        sys.meta_path.insert(0, QtBlocker())
        from benchmarks.print_pdf import sr4_fight
        from gmtool.printing.markdown import render_markdown
        from gmtool.printing.html import render_html
        from gmtool.printing.export import export_report
        from gmtool.printing.report import ReportOptions, build_report

        report = build_report(sr4_fight(30), "SR4", ReportOptions(language="ja"))
        text = render_markdown(report) + render_html(report)
        assert "戦闘ターン 1" in text
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6")))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[1],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_sr4_snapshots_list_effects_with_their_time_left() -> None:
    """Both editions keep effects alike; the SR4 report shows them as the SR5 one does."""
    from gmtool.games.shadowrun.rules.effect_messages import AddEffect
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
    session = EncounterSession(Encounter(get_ruleset("sr4"), 3), MemoryStore(), 1)
    session.execute(cmd.AddCombatant(sheet=Sheet(name="Wren", attributes={a: 3 for a in ATTRIBUTES})))
    session.execute(cmd.StartTurn())
    session.execute(AddEffect(combatant="c1", key="full_defence", modifier=3))
    (row,) = session.encounter.ruleset.snapshot(session.encounter.state).rows
    assert tuple(badge.text for badge in row.badges) == ("Full Defence +3 (this turn)",)
