"""The printed turn log carries each attack's breakdown (X-3): both tests' pool terms, every ticked
modifier row with its table and page, house-rule rows marked, the GM's own modifier, Edge, every
die (typed ones marked), hits, net hits, damage value, armour, the soak test and the boxes applied.

One SR5 and one SR4 attack, each with rows ticked from several tables, a house-rule row, a
modifier the GM typed, a called shot and Edge; the attack and defence faces are typed, the soak
dice rolled. Every figure below is derived by hand from the sheets, the rows ticked and the
digests (``../shared/seeds/001`` for SR5 combat, ``000`` for SR4); the rolled soak dice are read
from the journal, as the report must print them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest

from gmtool.core.encounter import Encounter
from gmtool.games.shadowrun.rules.attack.messages import Attack, AttackResolved, FreeTerm, TableChoices
from gmtool.games.shadowrun.rules.attack.plan import use_tables
from gmtool.games.shadowrun.rules.tables.loader import load_tables
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.printing.html import render_html
from gmtool.printing.markdown import md_escape, render_markdown
from gmtool.printing.report import EventLine, Report, ReportOptions, build_report
from gmtool.printing.scripts import has_japanese, report_has_japanese

HOUSE_RULES = """\
schema_version = 1

[[tables]]
id = "house.weather"
game = "sr5"
applies_to = ["ranged_attack"]
title = { en = "Weather", ja = "天候" }

[[tables.rows]]
id = "acid_rain"
label = { en = "Acid rain", ja = "酸性雨" }
value = -2
page = 12

[[rows]]
table = "sr4.ranged"
id = "flickering_neon"
label = { en = "Flickering neon", ja = "ちらつくネオン" }
value = -1
page = 7
"""

SR5_ATTR = {"BOD": 5, "AGI": 6, "REA": 4, "STR": 4, "WIL": 3, "LOG": 3, "INT": 3, "CHA": 3, "EDG": 3}
SR4_ATTR = {"BOD": 4, "AGI": 5, "REA": 1, "STR": 4, "WIL": 3, "LOG": 3, "INT": 1, "CHA": 3, "EDG": 3}

# SR5 attack: Agility 6 + Pistols 5; smartgun +1 (p. 178), called shot −4 (p. 195), range medium −1
# (p. 175), acid rain −2 (house, p. 12), the GM's "Bad angle" −1: 6 + 5 + 1 − 4 − 1 − 2 − 1 = 4 dice.
# Push the Limit before the roll: +Edge 3 dice, sixes rerolled (001: エッジ/限界突破, 6のルール).
SR5_ATTACK_FACES = (6, 6, 2, 2) + (6, 2, 2) + (5, 2, 1)  # 4 pool dice, 3 Edge dice, 3 for the three sixes
SR5_DEFENCE_FACES = (6, 2, 2, 2, 2, 2, 2, 2, 1)  # Reaction 4 + Intuition 3 + partial cover 2 = 9 dice


def sr5_attack() -> Attack:
    return Attack(
        attacker="c1", target="c2", weapon=0, mode="SA", distance=20, called_shot="vitals", attack_edge="add_before",
        attack_choices=TableChoices(
            ticked=("sr5.attacker/smartgun_external", "sr5.environment/range_medium", "house.weather/acid_rain"),
            free=(FreeTerm(label="Bad angle", value=-1),),
        ),
        defence_choices=TableChoices(ticked=("sr5.defender/partial_cover",)),
        attack_faces=SR5_ATTACK_FACES, defence_faces=SR5_DEFENCE_FACES,
    )


def sr4_attack() -> Attack:
    """Agility 5 + Pistols 4; smartlink +2 (p. 151), range medium −1 (p. 149), flickering neon −1 (house,
    p. 7), the GM's "Wind" −1, called shot −4 (p. 160): 5 + 4 + 2 − 1 − 1 − 1 − 4 = 4 dice."""
    return Attack(
        attacker="c1", target="c2", weapon=0, mode="SA", distance=30, called_shot="sr4_damage", soak_edge="add_before",
        attack_choices=TableChoices(
            ticked=("sr4.ranged/smartlink", "sr4.ranged/range_medium", "sr4.ranged/flickering_neon"),
            free=(FreeTerm(label="Wind", value=-1),),
        ),
        attack_faces=(6, 6, 5, 2), defence_faces=(2,),
    )


def _run(enc: Encounter, command) -> None:  # noqa: ANN001
    enc.commit(enc.prepare(command))


def sr5_encounter(attack: Attack | None = None, seed: int = 11) -> Encounter:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(), seed)
    shooter = Sheet(name="Shooter", attributes=SR5_ATTR, initiative_bonus=10, skills={"pistols": 5}, edge_points=3,
                    weapons=(weapon("sr5", "ares_predator_v"),))
    target = Sheet(name="Target", attributes=SR5_ATTR, armour=10, edge_points=3)
    for command in (cmd.AddCombatant(sheet=shooter), cmd.AddCombatant(sheet=target), cmd.StartTurn(), attack or sr5_attack()):
        _run(enc, command)
    return enc


def sr4_encounter(seed: int = 11) -> Encounter:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
    from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

    enc = Encounter(SR4Ruleset(), seed)
    shooter = Sheet(name="Shooter", attributes=SR4_ATTR | {"REA": 6, "INT": 6}, initiative_bonus=4,
                    skills={"pistols": 4}, edge_points=3, weapons=(weapon("sr4", "ares_predator_iv"),))
    target = Sheet(name="Target", attributes=SR4_ATTR, ballistic_armour=6, impact_armour=4, edge_points=3)
    for command in (cmd.AddCombatant(sheet=shooter), cmd.AddCombatant(sheet=target), cmd.StartTurn(), sr4_attack()):
        _run(enc, command)
    return enc


@pytest.fixture(scope="module")
def house_rules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The GM's house-rule folder in use for the module's attacks; the shipped tables again afterwards."""
    folder = tmp_path_factory.mktemp("house")
    (folder / "house.toml").write_text(HOUSE_RULES, encoding="utf-8")
    tables = load_tables(folder)
    assert tables.problems == ()
    use_tables(tables)
    yield
    use_tables(load_tables())


@pytest.fixture(scope="module")
def sr5(house_rules: None) -> Encounter:
    return sr5_encounter()


@pytest.fixture(scope="module")
def sr4(house_rules: None) -> Encounter:
    return sr4_encounter()


def resolved(enc: Encounter) -> AttackResolved:
    return next(e for entry in enc.entries for e in entry.events if isinstance(e, AttackResolved))


def attack_line(report: Report) -> EventLine:
    return next(line for s in report.rounds for line in s.events if line.kind == "attack_resolved")


def part_rows(line: EventLine) -> list[str]:
    """Each part as the report words it: "Title: line", or "Title" followed by its roll's rows."""
    rows: list[str] = []
    for part in line.parts:
        if part.roll is None:
            rows.append(f"{part.title}: {part.text}")
            continue
        b = part.roll
        rows.append(part.title)
        rows.append(f"Pool: {b.pool}")
        rows += [f"Modifier: {m.label} {m.value}" + (f" ({m.source})" if m.source else "") for m in b.modifiers]
        rows += [f"{label}: {text}" for label, text in b.extras]
        rows.append(f"Dice: {b.dice}")
    return rows


def faces(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def sr5_expected(e: AttackResolved) -> list[str]:
    """The SR5 attack's breakdown, figure by figure (001 digest, 2-1 to 2-3)."""
    assert e.soak is not None
    soak_hits = sum(1 for f in e.soak.faces if f >= 5)  # hits: fives and sixes
    applied = 13 - soak_hits  # ダメージ抵抗: ヒット数だけDVから減少
    return [
        "Attack test",
        # 2-1 攻撃: 該当技能+能力値±修正 (the rows ticked, see sr5_attack)
        "Pool: Agility +6 (SR5-A1) · Firearm skill +5 (SR5-A1) · modifiers −7 = 4 dice",
        "Modifier: Wireless smartgun (gear) +1 (Attacker modifiers, p. 178)",
        "Modifier: Called shot −4 (Attacker modifiers, p. 195)",  # コールショット: ダイスプールにー４
        "Modifier: Range: medium −1 (Environmental modifiers (worst applies), p. 175)",
        "Modifier: Acid rain −2 (house rule: Weather, p. 12)",
        "Modifier: Bad angle −1 (GM's modifier)",
        "Edge: before the roll, +3 dice",
        # the faces as typed: 4 pool dice, then Edge's 3 and the rerolled sixes; 6 6 6 5 hit
        "Dice: 6 6 2 2 Edge: 6 2 2 5 2 1 (typed) · 4 hits",
        "Defence test",
        # 2-2 回避: 反応力+直感力±修正
        "Pool: Reaction +4 (SR5-A2) · Intuition +3 (SR5-A2) · modifiers +2 = 9 dice",
        "Modifier: Defender in partial cover +2 (Defence modifiers, p. 190)",
        "Dice: 6 2 2 2 2 2 2 2 1 (typed) · 1 hit",
        "Net hits: 3 · hit",  # 4 − 1
        # 2-3 修正DV: 武器のDV+純ヒット数±修正; 急所狙い: DV+2 → 8 + 3 + 2
        "Damage value: Weapon DV +8 (SR5-A3) · Net hits +3 (SR5-A3) · Called shot: vitals +2 (SR5-CS8, p. 195) = 13",
        # 修正装甲値: 装甲値+AP → 10 − 1
        "Armour: Armour +10 (SR5-A3) · Armour penetration −1 (SR5-A3) = 9",
        "Damage resistance test",
        # ダメージ抵抗: 強靱力+修正装甲値 → 5 + 9
        "Pool: Body +5 (SR5-A4) · Modified armour +9 (SR5-A4) = 14 dice",
        f"Dice: {faces(e.soak.faces)} · {soak_hits} hits",
        # 修正DV 13 is not below 9: physical (※修正DV<修正装甲値=精神)
        f"Damage: {applied} boxes · physical 0 → {applied}",
    ]


def sr4_expected(e: AttackResolved) -> list[str]:
    """The SR4 attack's breakdown (000 digest, 3.4 射撃戦闘)."""
    assert e.soak is not None
    soak_hits = sum(1 for f in e.soak.faces if f >= 5)
    applied = 12 - soak_hits  # 1ヒットごとにダメージが1点軽減
    return [
        "Attack test",
        # 3 (a) 攻撃者: 【敏捷力】+射撃技能, with the situation's modifiers (2. 状況修正を適用)
        "Pool: Agility +5 (SR4-R3) · Firearm skill +4 (SR4-R3) · modifiers −5 = 4 dice",
        "Modifier: Smartlink +2 (Ranged combat modifiers, p. 151)",
        "Modifier: Called shot −4 (Ranged combat modifiers, p. 160)",  # 部位狙い 特殊 160
        "Modifier: Range: medium −1 (Ranged combat modifiers, p. 149)",
        "Modifier: Flickering neon −1 (house rule: Ranged combat modifiers, p. 7)",
        "Modifier: Wind −1 (GM's modifier)",
        "Dice: 6 6 5 2 (typed) · 3 hits",
        "Defence test",
        "Pool: Reaction +1 (SR4-R3) = 1 die",  # (b) 防御者: 【反応力】
        "Dice: 2 (typed) · 0 hits",
        "Net hits: 3 · hit",
        # ii. 純ヒットをダメージ値に付加; the called shot's +4 DV (p. 160): 5 + 3 + 4
        "Damage value: Weapon DV +5 (SR4-R4) · Net hits +3 (SR4-R4) · Called shot: extra damage +4 (SR4, p. 160) = 12",
        # (a) 装甲値+AP: ballistic 6 − 1
        "Armour: Ballistic armour +6 (SR4-R5) · Armour penetration −1 (SR4-R5) = 5",
        "Damage resistance test",
        "Pool: Body +4 (SR4-R6) · Modified armour +5 (SR4-R6) = 9 dice",  # 5. 【強靭力】+装甲値+AP
        "Edge: before the roll, +3 dice",  # テストの前に使用: 【エッジ】と同数のサイコロを追加
        f"Dice: {faces(e.soak.faces[:9])} Edge: {faces(e.soak.faces[9:])} · {soak_hits} hits",
        f"Damage: {applied} boxes · physical 0 → {applied}",  # i. 修正ダメージ値が大きい: 身体ダメージ
    ]


# -- the report model ---------------------------------------------------------------------------------
@pytest.mark.rule("X-3")
@pytest.mark.rule("SR5-A1")
@pytest.mark.rule("SR5-A2")
@pytest.mark.rule("SR5-A3")
@pytest.mark.rule("SR5-A4")
def test_an_sr5_attack_prints_every_term_row_and_die(sr5: Encounter) -> None:
    e = resolved(sr5)
    line = attack_line(build_report(sr5, "Fight"))
    assert part_rows(line) == sr5_expected(e)
    assert line.breakdown is not None and line.breakdown.odds == f"hit {100 * e.hit_chance:.1f} %"


@pytest.mark.rule("X-3")
@pytest.mark.rule("SR4-R3")
@pytest.mark.rule("SR4-R4")
@pytest.mark.rule("SR4-R5")
@pytest.mark.rule("SR4-R6")
def test_an_sr4_attack_prints_every_term_row_and_die(sr4: Encounter) -> None:
    e = resolved(sr4)
    assert part_rows(attack_line(build_report(sr4, "Fight"))) == sr4_expected(e)


@pytest.mark.rule("X-3")
@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_markdown_and_html_carry_the_attack_breakdown(game: str, sr5: Encounter, sr4: Encounter) -> None:
    enc = sr5 if game == "sr5" else sr4
    report = build_report(enc, "Fight")
    expected = (sr5_expected if game == "sr5" else sr4_expected)(resolved(enc))
    markdown, html = render_markdown(report), render_html(report)
    for row in expected:
        title_only = ":" not in row
        assert (f"    - {md_escape(row)}" if title_only else md_escape(row)) in markdown, row
        assert escape(row) in html, row
    assert "    - Attack test\n        - Pool: " in markdown  # a test's rows are nested under its title
    assert '<p class="part">Attack test</p><p class="inner">Pool: ' in html


@pytest.mark.rule("X-3")
def test_the_japanese_report_words_the_rows_in_japanese(sr5: Encounter) -> None:
    line = attack_line(build_report(sr5, "戦闘", ReportOptions(language="ja")))
    attack = line.parts[0]
    assert attack.title == "攻撃テスト" and attack.roll is not None
    assert attack.roll.pool == "敏捷力 +6 (SR5-A1) · 射撃技能 +5 (SR5-A1) · 修正 −7 = 4 個"
    modifiers = [(m.label, m.value, m.source) for m in attack.roll.modifiers]
    assert ("酸性雨", "−2", "ハウスルール: 天候, p.12") in modifiers
    assert ("Bad angle", "−1", "GMの修正") in modifiers
    assert ("ワイヤレス・スマートガン (外部機器)", "+1", "攻撃側の状況修正, p.178") in modifiers
    assert attack.roll.dice.endswith("（入力） · ヒット 4")
    titles = ["攻撃テスト", "防御テスト", "純ヒット", "ダメージ値", "装甲", "ダメージ抵抗テスト", "ダメージ"]
    assert [p.title for p in line.parts] == titles


def test_a_missed_attack_prints_its_tests_and_no_damage(house_rules: None) -> None:
    enc = sr5_encounter(sr5_attack().model_copy(update={
        "attack_edge": "none", "called_shot": "", "attack_faces": (2,) * 11,  # Agility 6 + Pistols 5, no rows
        "defence_faces": (5,) + (2,) * 8, "attack_choices": TableChoices(),
    }))
    line = attack_line(build_report(enc, "Fight"))
    assert [p.title for p in line.parts] == ["Attack test", "Defence test", "Net hits"]
    assert line.parts[-1].text == "0 · miss"


@pytest.mark.rule("X-3")
def test_logs_written_before_tables_were_recorded_name_the_shipped_table(sr5: Encounter) -> None:
    """An older journal's rows hold only the table id: the report names the shipped table by it."""
    entries = []
    for entry in sr5.entries:
        events = []
        for event in entry.events:
            if isinstance(event, AttackResolved):
                record = event.to_record()
                for test in ("attack", "defence"):
                    for term in record[test]["terms"]:
                        for name in ("table_title", "table_title_ja", "house"):
                            term.pop(name)
                event = sr5.ruleset.events.decode(record)
            events.append(event)
        entries.append(replace(entry, events=tuple(events)))
    old = Encounter(sr5.ruleset, sr5.seed, entries)
    modifiers = attack_line(build_report(old, "Fight")).parts[0].roll.modifiers  # type: ignore[union-attr]
    sources = [m.source for m in modifiers]
    assert sources[:3] == ["Attacker modifiers, p. 178", "Attacker modifiers, p. 195",
                           "Environmental modifiers (worst applies), p. 175"]
    assert sources[3] == "house.weather, p. 12"  # a house table the log did not describe: its id


# -- the PDF ----------------------------------------------------------------------------------------------
def flat(text: str) -> str:
    """Text as compared with a PDF's: no white space, ligatures (ﬁ) and full-width forms as plain letters."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def pdf_text(data: bytes, tmp_path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "report.pdf"
    source.write_bytes(data)
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True, check=True, timeout=60)
    return flat(done.stdout.decode("utf-8"))


@pytest.mark.rule("X-3")
@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_the_pdf_carries_the_attack_breakdown(game: str, sr5: Encounter, sr4: Encounter, tmp_path: Path) -> None:
    from gmtool.printing.pdf import pdf_bytes

    enc = sr5 if game == "sr5" else sr4
    text = pdf_text(pdf_bytes(build_report(enc, "Fight")), tmp_path)
    for row in (sr5_expected if game == "sr5" else sr4_expected)(resolved(enc)):
        assert flat(row) in text, row


@pytest.mark.rule("X-3")
@pytest.mark.usefixtures("qapp")
def test_the_japanese_pdf_carries_the_house_rule_row(sr5: Encounter, tmp_path: Path) -> None:
    from gmtool.printing.pdf import japanese_font_installed, pdf_bytes

    if not japanese_font_installed():
        pytest.skip("no installed font draws Japanese")
    text = pdf_text(pdf_bytes(build_report(sr5, "戦闘", ReportOptions(language="ja"))), tmp_path)
    for row in ("修正:酸性雨−2(ハウスルール:天候,p.12)", "修正:Badangle−1(GMの修正)",
                "ダイスプール:敏捷力+6(SR5-A1)·射撃技能+5(SR5-A1)·修正−7=4個"):
        assert flat(row) in text, row


# -- Japanese text in a report ----------------------------------------------------------------------------
def test_japanese_text_is_found_in_any_part_of_the_report(sr5: Encounter) -> None:
    assert has_japanese("ネオン") and has_japanese("山田") and has_japanese("「はい」")
    assert not has_japanese("Shooter −2 (p. 12) · Ω é")
    assert not report_has_japanese(build_report(sr5, "Fight"))
    assert report_has_japanese(build_report(sr5, "Fight", ReportOptions(language="ja")))
    assert report_has_japanese(build_report(sr5, "戦闘"))  # a Japanese name in an English report


@pytest.mark.rule("X-3")
@pytest.mark.rule("SR5-F9")
def test_a_suppression_test_prints_its_test_threshold_soak_and_damage() -> None:
    """Rook's zone has 4 hits (four sixes of ten dice, Accuracy 5); Ganger A (Reaction 4, Edge 3, Body 4,
    armour 6) fails the Reaction + Edge test and soaks the Ares Alpha's 11P, AP −2 (001, 制圧射撃:
    【反応力】+【エッジ】でテスト, 難易度は攻撃側のヒットと同じ, 失敗: 銃の基本ダメージ)."""
    from gmtool.games.shadowrun.rules.attack.messages import MarkSuppressed, SuppressionTest, SuppressionTested
    from tests.test_attack_suppressive import fight, run, suppress

    enc = fight()
    zone = suppress(enc, 4)
    run(enc, MarkSuppressed(zone=zone, combatants=("c2",)))
    [tested] = [e for e in run(enc, SuppressionTest(zone=zone, combatant="c2", test_faces=(2,) * 7))
                if isinstance(e, SuppressionTested)]
    assert tested.soak is not None
    soak_hits = sum(1 for f in tested.soak.faces if f >= 5)
    line = [line for s in build_report(enc, "Zone").rounds for line in s.events if line.kind == "suppression_tested"][0]
    assert part_rows(line) == [
        "Test",
        "Pool: Reaction +4 (SR5-F9, p. 179) · Edge +3 (SR5-F9, p. 179) = 7 dice · threshold 4",
        "Dice: 2 2 2 2 2 2 2 (typed) · 0 hits",
        "Damage resistance test",
        "Pool: Body +4 (SR5-A4) · Modified armour +4 (SR5-A4) = 8 dice",  # armour 6, AP −2
        f"Dice: {faces(tested.soak.faces)} · {soak_hits} hits",
        f"Damage: {11 - soak_hits} boxes · physical 0 → {11 - soak_hits}",
    ]
