"""Chummer5a ``.chum5`` import: every fixture file imports, and values read by hand from the XML.

The fixtures are real users' files in ``../shared/fixtures/chummer/sr5`` (never copied
into this repository); the tests skip when that folder is absent. Each literal below was
read from the named XML element of the file, not from the importer's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.importers.chummer5 import import_chum5, skill_table
from gmtool.games.shadowrun.importers.dispatch import import_chummer, import_chummer_file
from gmtool.games.shadowrun.importers.report import ImportResult
from gmtool.games.shadowrun.library.template import SR5Template, Weapon
from gmtool.games.shadowrun.library.to_sheet import to_sheet

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer" / "sr5"
pytestmark = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"Chummer fixtures not found at {FIXTURES}")
FILES = sorted(FIXTURES.glob("*.chum5")) if FIXTURES.is_dir() else []


def load(name: str) -> ImportResult:
    return import_chummer_file(FIXTURES / name)


def weapon(template: SR5Template, name: str) -> Weapon:
    return next(w for w in template.weapons if w.name == name)


def skill_rating(template: SR5Template, name: str) -> tuple[int, int]:
    found = next(s for s in template.skills if s.name == name)
    return found.rating, found.bonus


def test_the_fixture_folder_holds_the_sixteen_files() -> None:
    assert len(FILES) == 16


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_imports_with_a_report_and_makes_a_sheet(path: Path) -> None:
    result = import_chummer_file(path)
    assert isinstance(result.template, SR5Template)
    assert result.report.format == "chum5"
    assert result.report.imported["weapons"] == len(result.template.weapons)
    assert result.report.imported["skills"] + result.report.imported["knowledge_skills"] == len(result.template.skills)
    assert len(result.report.lines()) >= 1 + len(result.report.imported)
    sheet = to_sheet(result.template)
    assert sheet.attributes == result.template.attributes


def test_every_active_skill_id_in_the_fixtures_is_in_the_table() -> None:
    for path in FILES:
        assert [w.key for w in load(path.name).report.warnings if w.key == "library.report.skill_id_unknown"] == []


@pytest.mark.rule("SR5-A6")
def test_blue_street_samurai_ork() -> None:
    t = load("BLUE.chum5").template
    assert t.name == "BLUE"  # <alias>
    assert t.metatype == "ork"  # <metatype>Ork
    # <attributes><attribute><totalvalue>: BOD 4 AGI 5 REA 3 STR 7 CHA 5 INT 5 LOG 4 WIL 4 EDG 2
    assert t.attributes == {"BOD": 4, "AGI": 5, "REA": 3, "STR": 7, "WIL": 4, "LOG": 4, "INT": 5, "CHA": 5, "EDG": 2}
    assert t.edge == 2
    assert t.magic is None and t.resonance is None  # <magenabled>False, <resenabled>False
    assert t.essence == 0.94  # <totaless>
    # Pistols (suid adf31a50…): <base>6 <karma>0, spec "Semi-Automatics"
    assert skill_rating(t, "Pistols") == (6, 0)
    assert next(s for s in t.skills if s.name == "Pistols").specialisations == ["Semi-Automatics"]
    # Etiquette (suid b20acd11…) <base>0: its rating is the Influence group's <base>6
    assert skill_rating(t, "Etiquette") == (6, 0)
    predator = weapon(t, "Ares Predator V")  # <damage>8P <ap>-1 <mode>SA <ammo>15(c) <accuracy>5
    assert (predator.damage, predator.ap, predator.modes, predator.ammo, predator.accuracy) == ("8P", "-1", ["SA"], "15(c)", "5")
    claws = weapon(t, "Retractable Climbing Claws")  # <damage>(STR+1)P <ap>-3 <accuracy>Physical-1
    assert (claws.damage, claws.ap, claws.melee, claws.accuracy) == ("(STR+1)P", "-3", True, "Physical-1")
    # <armors>: Armor Jacket 12, Ballistic Mask +2, PPP arms +1, PPP legs +1, Ace of Coins 7
    # → best 12 + 4 from accessories; 4 × Armor improvement <val>2 (cyberware) → 24
    assert t.armour.value == 24
    # BOD 4 → 8 + 2, plus 4 × PhysicalCM <val>1; WIL 4 → 8 + 2
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (14, 10)
    assert (t.monitors.physical_filled, t.monitors.stun_filled) == (0, 0)  # <physicalcmfilled>0 <stuncmfilled>0


@pytest.mark.rule("SR5-A6")
def test_davis_jones_magician_in_the_old_format() -> None:
    t = load("Davis Jones.chum5").template
    assert t.name == "Smoke Bender"  # <alias> wins over <name>Davis Jones
    assert t.attributes == {"BOD": 3, "AGI": 3, "REA": 2, "STR": 2, "WIL": 5, "LOG": 3, "INT": 5, "CHA": 6, "EDG": 3}
    assert t.magic == 6  # <magenabled>True, MAG <totalvalue>6
    # Binding: <base>1 + SkillBase improvement <val>5 (the magician's free skills)
    assert skill_rating(t, "Binding") == (6, 0)
    assert skill_rating(t, "Spellcasting") == (6, 0)  # <base>6
    fireball = next(s for s in t.spells if s.name == "Fireball")
    # <category>Combat <type>P <range>LOS (A) <duration>I <dv>F-1
    assert (fireball.category, fireball.type, fireball.range, fireball.duration, fireball.drain) == (
        "Combat", "P", "LOS (A)", "I", "F-1")
    assert next(s for s in t.spells if s.name == "Lightning Bolt").drain == "F-3"  # <dv>F-3
    warhawk = weapon(t, "Ruger Super Warhawk")  # <damage>9P <ap>-2 <mode>SS <ammo>6(cy)
    assert (warhawk.damage, warhawk.ap, warhawk.modes, warhawk.ammo) == ("9P", "-2", ["SS"], "6(cy)")
    assert t.armour.value == 14  # Armor Jacket 12 + Ballistic Mask +2
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (10, 11)  # 8 + ⌈3/2⌉, 8 + ⌈5/2⌉
    assert t.edge == 3


@pytest.mark.rule("SR5-A6")
def test_gentle_earthquake_troll_adept() -> None:
    t = load("Gentle Earthquake.chum5").template
    assert t.metatype == "troll"
    assert t.attributes == {"BOD": 7, "AGI": 7, "REA": 4, "STR": 7, "WIL": 3, "LOG": 2, "INT": 5, "CHA": 2, "EDG": 6}
    assert t.edge == 6
    # Exotic Melee Weapon (suid a1366ec2…) <base>6 <specific>Horns
    assert skill_rating(t, "Exotic Melee Weapon (Horns)") == (6, 0)
    assert skill_rating(t, "Gymnastics") == (2, 0)  # <base>0, Athletics group <base>2
    katana = weapon(t, "Katana")  # <damage>(STR+3)P <ap>-3 <reach>1, troll Reach improvement <val>1
    assert (katana.damage, katana.ap, katana.reach, katana.accuracy) == ("(STR+3)P", "-3", 2, "7")
    # Unarmed Attack <damage>(STR)S with UnarmedDV <val>3 and UnarmedDVPhysical: Strength still once
    assert weapon(t, "Unarmed Attack").damage == "(STR+3)P"
    assert weapon(t, "Minigrenade: Fragmentation").damage == "18P(f) (-1/m)"  # <damage>, <ap>+5
    assert weapon(t, "Minigrenade: Fragmentation").ap == "+5"
    # Armor Jacket 12 + Forearm Guards +1 + PPP legs +1 + PPP arms +1 + Custom Ballistic Mask +2,
    # Armor improvements <val>3 and <val>2 → 22
    assert t.armour.value == 22
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (12, 10)  # 8 + ⌈7/2⌉, 8 + ⌈3/2⌉


@pytest.mark.rule("SR5-A6")
def test_skink_adept_with_fewer_boxes() -> None:
    t = load("Skink.chum5").template
    assert t.attributes == {"BOD": 3, "AGI": 6, "REA": 6, "STR": 7, "WIL": 5, "LOG": 2, "INT": 5, "CHA": 2, "EDG": 3}
    # Unarmed Combat <base>2 + SkillBase <val>4; Skill improvements <val>2 and <val>3 are dice
    assert skill_rating(t, "Unarmed Combat") == (6, 5)
    assert next(s for s in t.skills if s.name == "Unarmed Combat").specialisations == ["Natural Weapons"]
    tail = weapon(t, "Functional Tail (Thagomizer)")  # <damage>(STR+3)P <ap>-1 <reach>1
    assert (tail.damage, tail.ap, tail.reach) == ("(STR+3)P", "-1", 1)
    assert weapon(t, "Fangs").reach == -1  # <reach>-1
    assert weapon(t, "Unarmed Attack").damage == "(STR)P"  # UnarmedDVPhysical, no UnarmedDV
    assert t.armour.value == 15  # Armor Jacket 12 + Custom Ballistic Mask +2 + Forearm Guards +1 (+ cloak 0)
    # BOD 3 → 8 + 2, PhysicalCM improvement <val>-2 → 8
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (8, 11)
    assert t.initiative_dice == 2  # InitiativeDice improvement <val>1


def test_yeti_technomancer() -> None:
    t = load("Yeti-#ffffff2.chum5").template
    assert t.name == "Yeti-#ffffff"
    assert t.attributes == {"BOD": 4, "AGI": 3, "REA": 2, "STR": 2, "WIL": 5, "LOG": 6, "INT": 5, "CHA": 5, "EDG": 5}
    assert t.resonance == 5 and t.magic is None  # <resenabled>True, RES <totalvalue>5
    assert skill_rating(t, "Hacking") == (6, 0)  # <base>2 + SkillBase <val>4
    assert skill_rating(t, "Registering") == (6, 0)  # <base>6
    forms = {p.name: p.fading for p in t.programs if p.kind == "complex_form"}
    assert forms["Puppeteer"] == "L+1"  # <complexform><fv>L+1
    assert forms["Resonance Spike"] == "L-3"
    fianchetti = weapon(t, "Fianchetti Military 100")  # <damage>6P <ap>0 <mode>SA/BF/FA <ammo>20(c)
    assert (fianchetti.damage, fianchetti.ap, fianchetti.modes, fianchetti.ammo) == ("6P", "0", ["SA", "BF", "FA"], "20(c)")
    assert t.armour.value == 12
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (10, 11)


def test_prime_adept_with_exotic_ranged_skill() -> None:
    t = load("prime.chum5").template
    assert t.name == "Anansi"
    assert t.attributes == {"BOD": 2, "AGI": 6, "REA": 5, "STR": 5, "WIL": 3, "LOG": 2, "INT": 5, "CHA": 1, "EDG": 3}
    assert t.magic == 5 and t.essence == 5.0  # MAG <totalvalue>5, <totaless>5.00
    assert skill_rating(t, "Exotic Ranged Weapon (Spider Silk Gland)") == (6, 0)  # <base>6 <specific>
    # Sneaking <base>2 + SkillBase <val>4; Skill <val>2 and Stealth SkillGroup <val>2 as dice
    assert skill_rating(t, "Sneaking") == (6, 4)
    spurs = weapon(t, "Spurs")  # <damage>(STR+3)P <ap>-2
    assert (spurs.damage, spurs.ap, spurs.modes) == ("(STR+3)P", "-2", [])
    assert t.armour.value == 14
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (9, 10)
    assert t.initiative_dice == 2


def test_harmony_spell_drains() -> None:
    t = load("Harmony.chum5").template
    assert t.attributes["CHA"] == 6 and t.attributes["STR"] == 1
    drains = {s.name: s.drain for s in t.spells}
    assert drains["Detox"] == "F-6"  # <dv>F-6
    assert drains["Trid Phantasm"] == "F"  # <dv>F
    assert skill_rating(t, "Spellcasting") == (6, 0)  # <base>1 + SkillBase <val>5
    assert t.armour.value == 9  # Scout's Tux 8, Chameleon Suit 9: only the best counts
    assert t.armour_worn == ["Scout's Tux", "Chameleon Suit"]


# -- beyond the files as they are -------------------------------------------------------------------------
def _davis() -> bytes:
    return (FIXTURES / "Davis Jones.chum5").read_bytes()


@pytest.mark.rule("SR5-A6")
def test_filled_boxes_are_read() -> None:
    data = _davis().replace(b"<physicalcmfilled>0</physicalcmfilled>", b"<physicalcmfilled>4</physicalcmfilled>")
    data = data.replace(b"<stuncmfilled>0</stuncmfilled>", b"<stuncmfilled>7</stuncmfilled>")
    template = import_chum5(data, "x.chum5").template
    assert (template.monitors.physical_filled, template.monitors.stun_filled) == (4, 7)
    assert to_sheet(template).physical_damage == 4


def test_an_unknown_skill_id_is_a_warning_not_a_failure() -> None:
    data = _davis().replace(b"c4367a39-4065-4b1d-aa62-e9dce377e452", b"00000000-1111-2222-3333-444444444444")
    result = import_chum5(data, "x.chum5")
    warnings = [w for w in result.report.warnings if w.key == "library.report.skill_id_unknown"]
    assert [w.fields["suid"] for w in warnings] == ["00000000-1111-2222-3333-444444444444"]
    assert warnings[0].fields["rating"] == 6
    assert "Spellcasting" not in {s.name for s in result.template.skills}


def test_a_broken_attribute_is_a_file_format_error() -> None:
    data = _davis().replace(b"<totalvalue>3</totalvalue>", b"<totalvalue>three</totalvalue>", 1)
    with pytest.raises(FileFormatError) as caught:
        import_chum5(data, "x.chum5")
    assert caught.value.key == "error.import_broken"


def test_an_sr4_file_is_refused_by_the_sr5_importer() -> None:
    sr4 = FIXTURES.parent / "sr4" / "Face.chum"
    with pytest.raises(FileFormatError) as caught:
        import_chum5(sr4.read_bytes(), sr4.name)
    assert caught.value.key == "error.import_wrong_edition"


def test_dispatch_picks_the_sr5_importer_by_content_whatever_the_name() -> None:
    result = import_chummer(_davis(), "renamed.chum")
    assert isinstance(result.template, SR5Template)


def test_the_skill_table_cites_its_source_and_covers_the_core_skills() -> None:
    table = skill_table()
    assert "chummer5a/chummer5a" in table.source and "skills.xml" in table.source
    names = {info.name["en"] for info in table.skills.values()}
    assert {"Pistols", "Automatics", "Spellcasting", "Unarmed Combat", "Perception", "Hacking"} <= names
    assert all(info.name["ja"] and info.name["ja"] != info.name["en"] for info in table.skills.values())
    assert table.skills["adf31a50-b228-4e09-a09c-46ab9f5e59a1"].attribute == "AGI"


@pytest.mark.slow
def test_the_import_benchmark_returns_positive_figures() -> None:
    from benchmarks.import_chummer import measure_import_chummer

    result = measure_import_chummer(rounds=1)  # the figures' shape; make bench times ten rounds
    assert {"import_chum5_ms_median", "import_chum5_ms_max", "import_chum_ms_median"} <= set(result)
    assert all(value > 0 for value in result.values())
    assert result["import_chum5_files"] == 16
