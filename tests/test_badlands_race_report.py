"""The printed turn log of a race reads as a race report: "Round n" sections (not combat turns), the
scenario, attacks, spin-outs and a derby's count in words, English and Japanese, in the PDF too."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.printing.report import Report, ReportOptions, build_report
from tests.test_badlands_race import course
from tests.test_badlands_race_attack import GUN, gear


def derby_encounter() -> Encounter:
    """A derby: A's attack empties B (tests/test_badlands_spin.py's wreck), B spins out: A's first."""
    session = EncounterSession(Encounter(RallyRules(), 7), MemoryStore(), 1)
    for command in (m.ChooseScenario(scenario=6), course({}), gear("A", "0505", facing=5, weapons=(GUN,)),
                    gear("B", "0304"), m.RollInitiative(faces={"g1": (6, 6), "g2": (1, 1)}),
                    m.DeclareSpeed(gear="g1", speed="cruising"),
                    m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                                 damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)),
                    m.ResolveSpin(gear="g2", spin_die=2, skid_die=1, collision_faces=(1, 1), other_faces=(1, 1)),
                    m.EndActivation(gear="g1"), m.EndActivation(gear="g2")):
        session.execute(command)
    return session.encounter


def lines(report: Report) -> list[str]:
    return [line.text for section in report.rounds for line in section.events]


@pytest.mark.rule("BR-19")
def test_the_race_report_has_rounds_and_the_derby_in_both_languages() -> None:
    encounter = derby_encounter()
    report = build_report(encounter, "Derby", ReportOptions(maps=False))
    assert report.title == "Race report — Derby"
    assert [s.title for s in report.rounds] == ["Before the start", "Round 1"]
    assert report.rounds[1].snapshot_title == "At the start of round 1 (initiative rolled)"
    text = lines(report)
    assert any(t.startswith("Scenario chosen: Derby, 3 laps.") for t in text)
    assert any(t.startswith("A attacks B with Gun") for t in text)
    assert any(t.startswith("B spins out: 2 sides clockwise") for t in text)
    assert "Derby: A caused B's spin-out (1 of 6)." in text
    assert all("Spin-outs 0/6" in row.badges for row in report.rounds[1].snapshot)  # as the round began
    ja = build_report(encounter, "ダービー", ReportOptions(language="ja", maps=False))
    assert [s.title for s in ja.rounds] == ["スタート前", "ラウンド 1"]
    assert "ダービー：AがBをスピン・アウトさせた（1／6回）。" in lines(ja)


@pytest.mark.rule("BR-19")
@pytest.mark.usefixtures("qapp")
def test_the_race_report_pdf_reads_round_by_round(tmp_path: Path) -> None:
    from gmtool.printing.pdf import pdf_bytes

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "derby.pdf"
    source.write_bytes(pdf_bytes(build_report(derby_encounter(), "Derby", ReportOptions(maps=False))))
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True, check=True,
                          timeout=60).stdout.decode("utf-8")
    text = unicodedata.normalize("NFKC", text)
    for words in ("Race report — Derby", "Before the start", "Round 1", "Derby: A caused B's spin-out (1 of 6).",
                  "A has the initiative", "Spin-outs 0/6"):
        assert words in text, words
