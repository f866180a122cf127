"""ChummerGenSR4 ``.chum`` import: every fixture file imports, and values read by hand from the XML.

The fixtures (UTF-16 LE with CRLF) are in ``../shared/fixtures/chummer/sr4``; the tests
skip when that folder is absent. Each literal below was read from the named XML element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.importers.chummer4 import import_chum
from gmtool.games.shadowrun.importers.dispatch import import_chummer, import_chummer_file
from gmtool.games.shadowrun.importers.report import ImportResult
from gmtool.games.shadowrun.library.template import SR4Template, Weapon
from gmtool.games.shadowrun.library.to_sheet import to_sheet

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer" / "sr4"
pytestmark = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"Chummer fixtures not found at {FIXTURES}")
FILES = sorted(FIXTURES.glob("*.chum")) if FIXTURES.is_dir() else []


def load(name: str) -> SR4Template:
    template = import_chummer_file(FIXTURES / name).template
    assert isinstance(template, SR4Template)
    return template


def weapon(template: SR4Template, name: str) -> Weapon:
    return next(w for w in template.weapons if w.name == name)


def skill(template: SR4Template, name: str) -> tuple[int, list[str], int]:
    found = next(s for s in template.skills if s.name == name)
    return found.rating, found.specialisations, found.bonus


def test_the_fixture_folder_holds_the_thirty_four_files() -> None:
    assert len(FILES) == 34


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_imports_with_a_report_and_makes_a_sheet(path: Path) -> None:
    result: ImportResult = import_chummer_file(path)
    assert isinstance(result.template, SR4Template)
    assert result.report.format == "chum"
    assert result.report.imported["weapons"] == len(result.template.weapons)
    assert result.report.imported["skills"] + result.report.imported["knowledge_skills"] == len(result.template.skills)
    sheet = to_sheet(result.template)
    assert sheet.initiative_passes == result.template.initiative_passes


@pytest.mark.rule("SR4-MT8")
def test_street_samurai() -> None:
    t = load("Street Samurai.chum")
    assert t.name == "Street Samurai"  # <alias> is empty: <name>
    assert t.metatype == "human"
    # <attributes><attribute><totalvalue>: BOD 4 AGI 8 REA 6 STR 7 CHA 2 INT 3 LOG 2 WIL 3 EDG 2
    assert t.attributes == {"BOD": 4, "AGI": 8, "REA": 6, "STR": 7, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
    assert t.edge == 2 and t.magic is None  # <magenabled>False
    assert t.essence == 1.28  # <totaless>
    assert skill(t, "Automatics") == (5, [], 0)  # <rating>5
    assert skill(t, "Gymnastics")[0] == 3  # grouped in Athletics <rating>3
    katana = weapon(t, "Katana")  # <damage>(STR/2+3)P <ap>-1 <reach>1: the formula, Strength not added
    assert (katana.damage, katana.ap, katana.reach, katana.melee) == ("(STR/2+3)P", "-1", 1, True)
    ingram = weapon(t, "Ingram Smartgun X")  # <damage>5P <ap>- <mode>BF/FA <rc>2(3) <ammo>32(c)
    assert (ingram.damage, ingram.ap, ingram.modes, ingram.rc, ingram.ammo) == ("5P", "-", ["BF", "FA"], "2(3)", "32(c)")
    assert weapon(t, "Shock Hand").ap == "-half"  # <ap>-half
    # Armor Vest <b>6 <i>4 plus 2 × BallisticArmor/ImpactArmor <val>2 (cyberware)
    assert (t.armour.ballistic, t.armour.impact) == (10, 8)
    # BOD 4 → 8 + 2, plus 2 × PhysicalCM <val>1; WIL 3 → 8 + 2
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (12, 10)
    assert (t.monitors.physical_filled, t.monitors.stun_filled) == (0, 0)  # <physicalcmfilled>0 <stuncmfilled>0
    assert t.initiative_passes == 3  # InitiativePass improvement <val>2 (wired reflexes 2)


@pytest.mark.rule("SR4-MT8")
def test_bounty_hunter_troll() -> None:
    t = load("Bounty Hunter.chum")
    assert t.metatype == "troll"
    assert t.attributes == {"BOD": 8, "AGI": 3, "REA": 5, "STR": 8, "WIL": 4, "LOG": 3, "INT": 3, "CHA": 2, "EDG": 3}
    assert skill(t, "Clubs") == (2, ["Batons"], 0)  # <rating>2 <spec>Batons
    assert skill(t, "Climbing") == (2, [], 1)  # <rating>2; Athletics SkillGroup improvement <val>1 as dice
    baton = weapon(t, "Extendable Baton")  # <damage>(STR/2+1)P <reach>1, troll Reach improvement <val>1
    assert (baton.damage, baton.reach) == ("(STR/2+1)P", 2)
    bow = weapon(t, "Bow (Rating 8)")  # <damage>(min(STR,8)+2)P
    assert bow.damage == "(min(STR,8)+2)P" and bow.melee is False
    mossberg = weapon(t, "Mossberg AM-CMDT")  # <damage>9P(f) <ap>+5 <mode>SA/BF/FA <ammo>10(c)
    assert (mossberg.damage, mossberg.ap, mossberg.modes, mossberg.ammo) == ("9P(f)", "+5", ["SA", "BF", "FA"], "10(c)")
    assert weapon(t, "Ruger 100").rc == "(1)"  # <rc>(1)
    assert (t.armour.ballistic, t.armour.impact) == (7, 5)  # Lined Coat 6/4 + troll dermal 1/1
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (12, 10)  # 8 + 4, 8 + 2
    assert t.edge == 3


def test_combat_mage_spell_drains() -> None:
    t = load("Combat Mage.chum")
    assert t.metatype == "elf"
    assert t.attributes == {"BOD": 3, "AGI": 4, "REA": 4, "STR": 3, "WIL": 4, "LOG": 4, "INT": 3, "CHA": 4, "EDG": 2}
    assert t.magic == 5  # <magenabled>True, MAG <totalvalue>5
    manaball = next(s for s in t.spells if s.name == "Manaball")
    # <category>Combat <type>M <range>LOS (A) <duration>I <dv>(F/2)+2
    assert (manaball.category, manaball.type, manaball.range, manaball.duration, manaball.drain) == (
        "Combat", "M", "LOS (A)", "I", "(F/2)+2")
    assert next(s for s in t.spells if s.name == "Clout").drain == "(F/2)"
    assert skill(t, "Counterspelling")[0] == 3  # <rating>3
    fubuki = weapon(t, "Yamaha Sakura Fubuki")  # <damage>4P <mode>SA/BF <ammo>10(ml)x4
    assert (fubuki.damage, fubuki.modes, fubuki.ammo) == ("4P", ["SA", "BF"], "10(ml)x4")
    assert (t.armour.ballistic, t.armour.impact) == (6, 4)  # Lined Coat <b>6 <i>4
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (10, 10)


@pytest.mark.rule("SR4-MT8")
def test_enforcer_troll() -> None:
    t = load("Enforcer.chum")
    assert t.attributes == {"BOD": 9, "AGI": 3, "REA": 5, "STR": 9, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
    assert skill(t, "Etiquette") == (1, ["Mafia"], 0)  # <rating>1 <spec>Mafia
    sword = weapon(t, "Monofilament Sword")  # <damage>(STR/2+3)P <ap>-1 <reach>1 (+1 troll)
    assert (sword.damage, sword.ap, sword.reach) == ("(STR/2+3)P", "-1", 2)
    remington = weapon(t, "Remington 990 w/ flechettes")  # <damage>9P(f) <ap>+2 <mode>SA <rc>(1) <ammo>8(m)
    assert (remington.damage, remington.ap, remington.modes, remington.rc, remington.ammo) == (
        "9P(f)", "+2", ["SA"], "(1)", "8(m)")
    assert (t.armour.ballistic, t.armour.impact) == (7, 5)
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (13, 10)  # 8 + ⌈9/2⌉, 8 + ⌈3/2⌉
    assert t.initiative_passes == 3


def test_technomancer_complex_forms() -> None:
    t = load("Technomancer.chum")
    assert t.attributes == {"BOD": 2, "AGI": 2, "REA": 3, "STR": 2, "WIL": 3, "LOG": 5, "INT": 5, "CHA": 3, "EDG": 2}
    assert t.resonance == 5 and t.magic is None  # <resenabled>True, RES <totalvalue>5
    forms = {p.name: p.rating for p in t.programs if p.kind == "complex_form"}
    assert forms["Exploit"] == 5 and forms["Analyze"] == 2  # <techprogram><rating>
    assert len(forms) == 10
    assert skill(t, "Compiling")[0] == 4  # <rating>4
    colt = weapon(t, "Colt America L36")  # <damage>4P <ap>- <mode>SA <ammo>11(c)
    assert (colt.damage, colt.ap, colt.modes, colt.ammo) == ("4P", "-", ["SA"], "11(c)")
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (9, 10)


@pytest.mark.rule("SR4-MT8")
def test_lone_star_police_grunt() -> None:
    t = load("Lone Star Police Squad (Human).chum")
    assert t.attributes == {"BOD": 4, "AGI": 4, "REA": 4, "STR": 3, "WIL": 3, "LOG": 3, "INT": 4, "CHA": 3, "EDG": 2}
    assert skill(t, "Pistols")[0] == 3 and skill(t, "Clubs")[0] == 3  # <rating>3
    shocker = weapon(t, "Defiance EX Shocker")  # <damage>8S(e) <ap>-half <mode>SS <ammo>4(m)
    assert (shocker.damage, shocker.ap, shocker.modes, shocker.ammo) == ("8S(e)", "-half", ["SS"], "4(m)")
    assert weapon(t, "Stun Baton").reach == 1  # <reach>1, no troll here
    assert (t.armour.ballistic, t.armour.impact) == (8, 6)  # Armor Jacket <b>8 <i>6
    assert t.initiative_passes == 1


def test_gunslinger_adept() -> None:
    t = load("Gunslinger Adept.chum")
    assert t.metatype == "ork"
    assert t.attributes == {"BOD": 5, "AGI": 5, "REA": 7, "STR": 4, "WIL": 3, "LOG": 4, "INT": 3, "CHA": 2, "EDG": 4}
    assert t.magic == 5 and t.edge == 4
    assert skill(t, "Etiquette") == (2, ["Street"], 0)  # <rating>2 <spec>Street
    assert skill(t, "Pistols")[2] == 2  # Skill improvement Pistols <val>2 (adept power) as dice
    sting = weapon(t, "Raecor Sting")  # <damage>6P(f) <ap>+5 <mode>SS <ammo>5(c)
    assert (sting.damage, sting.ap, sting.modes, sting.ammo) == ("6P(f)", "+5", ["SS"], "5(c)")
    assert t.initiative_passes == 3  # InitiativePass <val>2 (improved reflexes)
    assert (t.monitors.physical_boxes, t.monitors.stun_boxes) == (11, 10)


# -- beyond the files as they are -------------------------------------------------------------------------
def _face() -> bytes:
    return (FIXTURES / "Face.chum").read_bytes()


@pytest.mark.rule("SR4-MT8")
def test_filled_boxes_are_read_from_utf16() -> None:
    text = _face().decode("utf-16")
    text = text.replace("<physicalcmfilled>0</physicalcmfilled>", "<physicalcmfilled>2</physicalcmfilled>")
    text = text.replace("<stuncmfilled>0</stuncmfilled>", "<stuncmfilled>5</stuncmfilled>")
    template = import_chum(text.encode("utf-16"), "Face.chum").template
    assert (template.monitors.physical_filled, template.monitors.stun_filled) == (2, 5)
    assert to_sheet(template).stun_damage == 5


def test_the_same_file_in_utf8_imports_the_same() -> None:
    text = _face().decode("utf-16").replace('encoding="utf-16"', 'encoding="utf-8"')
    assert import_chum(text.encode("utf-8"), "Face.chum").template == load("Face.chum")


def test_utf16_bytes_declared_as_utf8_are_refused() -> None:
    data = _face().decode("utf-16").replace('encoding="utf-16"', 'encoding="utf-8"').encode("utf-16-le")
    with pytest.raises(FileFormatError) as caught:
        import_chum(data, "Face.chum")
    assert caught.value.key == "error.import_not_xml"


def test_an_sr5_file_is_refused_by_the_sr4_importer() -> None:
    sr5 = FIXTURES.parent / "sr5" / "BLUE.chum5"
    with pytest.raises(FileFormatError) as caught:
        import_chum(sr5.read_bytes(), sr5.name)
    assert caught.value.key == "error.import_wrong_edition"


def test_dispatch_picks_the_sr4_importer_by_content() -> None:
    assert isinstance(import_chummer(_face(), "face.chum5").template, SR4Template)
