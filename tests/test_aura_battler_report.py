"""The printed turn log of a duel reads as a duel report (issue 17): "Turn n" sections with the state at
each turn's start, the PP allocations and their reveal, every attack in words with its hit value term by
term, English and Japanese, in the PDF too."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.demo import demo
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.printing.report import Report, ReportOptions, build_report
from tests.test_aura_battler_duel import HORNET, LARK, SPLITS


def duel_encounter() -> Encounter:
    """The demo duel's turn 1: splits made and shown, the Lark shoots the Hornet (typed dice)."""
    session = EncounterSession(Encounter(AuraRules(), 17), MemoryStore(), 1)
    commands = (*demo().commands, *(m.AllocatePP(unit=u, points=p) for u, p in SPLITS.items()), m.RevealAllocations(),
                m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(1, 2), damage_faces=(6, 3)),
                m.StartTurn())
    for command in commands:
        session.execute(command)
    return session.encounter


def lines(report: Report) -> list[str]:
    return [line.text for section in report.rounds for line in section.events]


@pytest.mark.rule("AB-22")
@pytest.mark.rule("AB-14")
def test_the_duel_report_has_turns_allocations_and_attacks_in_both_languages() -> None:
    encounter = duel_encounter()
    report = build_report(encounter, "Cloud duel", ReportOptions(maps=False))
    assert report.title == "Duel report — Cloud duel"
    assert [s.title for s in report.rounds] == ["Before the first turn", "Turn 1", "Turn 2"]
    assert report.rounds[1].snapshot_title == "At the start of turn 1 (PP reset, before the allocation)"
    text = lines(report)
    assert "Turn 1: the PP allocations are shown to the players." in text
    # 14.1 on the demo map (tests/test_aura_battler_duel.py): value 5; 1 + 2 = 3 hits. 17.2, 18.2: 6 rolls
    # again (shooting, power PP 1 = barrier PP 1), 6 + 3 = 9; 6 + 9 − 3 (the Hornet's armour) = 12
    attack = next(t for t in text if t.startswith("Demo Lark attacks Demo Hornet"))
    assert "Hit roll 1 2 against 5" in attack and "= 12; damage 12/18" in attack
    assert "Demo Hornet is heavily damaged." in attack  # 12 > 18 / 2 (19.1)
    ja = build_report(encounter, "雲上の決闘", ReportOptions(language="ja", maps=False))
    assert ja.title == "戦闘レポート — 雲上の決闘"
    assert [s.title for s in ja.rounds] == ["最初のターンの前", "ターン1", "ターン2"]
    assert "ターン1：PP配分をプレイヤーに公開。" in lines(ja)


@pytest.mark.rule("AB-14")
@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_duel_report_pdf_reads_turn_by_turn(tmp_path: Path, language: str) -> None:
    from gmtool.printing.pdf import pdf_bytes

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "duel.pdf"
    source.write_bytes(pdf_bytes(build_report(duel_encounter(), "Cloud duel", ReportOptions(language=language))))
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True, check=True,
                          timeout=60).stdout.decode("utf-8")
    text = unicodedata.normalize("NFKC", text).replace("\n", " ")
    expected = {"en": ("Duel report — Cloud duel", "Before the first turn", "Turn 1", "Starting positions",
                       "Demo Lark attacks Demo Hornet", "Hit value 5"),
                "ja": ("戦闘レポート — Cloud duel", "最初のターンの前", "ターン1", "初期配置", "命中判定値 5")}
    for words in expected[language]:
        assert words in text, words
