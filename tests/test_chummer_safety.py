"""Safe XML parsing and picking the importer: nothing expands, fetches or hangs; every refusal says why.

These tests build their own small documents, so they run without the fixture folder.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.importers.dispatch import import_chummer, import_chummer_file, sniff
from gmtool.games.shadowrun.importers.xml_safe import parse_xml

MINIMAL_SR5 = """<?xml version="1.0" encoding="utf-8"?>
<character><gameedition>SR5</gameedition><name>Test Ganger</name><metatype>Ork</metatype>
<attributes>{attributes}</attributes>
<physicalcmfilled>2</physicalcmfilled><stuncmfilled>1</stuncmfilled>
<weapons><weapon><name>Club</name><category>Clubs</category><type>Melee</type><reach>1</reach>
<damage>(STR+3)P</damage><ap>-</ap><mode>0</mode><rc>0</rc><ammo>0</ammo><accuracy>4</accuracy></weapon></weapons>
</character>"""


def attributes_xml(**values: int) -> str:
    base = {"BOD": 5, "AGI": 3, "REA": 3, "STR": 4, "CHA": 2, "INT": 3, "LOG": 2, "WIL": 3, "EDG": 1}
    base.update(values)
    return "".join(f"<attribute><name>{k}</name><totalvalue>{v}</totalvalue></attribute>" for k, v in base.items())


def minimal(**values: int) -> bytes:
    return MINIMAL_SR5.format(attributes=attributes_xml(**values)).encode("utf-8")


def refused(data: bytes) -> str:
    with pytest.raises(FileFormatError) as caught:
        import_chummer(data, "x.chum5")
    return caught.value.key


def test_a_minimal_hand_written_file_imports() -> None:
    result = import_chummer(minimal(), "ganger.chum5")
    template = result.template
    assert template.name == "Test Ganger" and template.metatype == "ork"
    assert template.monitors.physical_boxes == 11 and template.monitors.physical_filled == 2
    assert template.weapons[0].damage == "(STR+3)P"  # the formula, Strength added later, once
    assert result.report.warnings == []


def test_billion_laughs_is_refused_at_once() -> None:
    entities = "".join(f'<!ENTITY e{i} "&e{i - 1};&e{i - 1};&e{i - 1};&e{i - 1};">' for i in range(1, 12))
    data = f'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY e0 "ha">{entities}]><character>&e11;</character>'.encode()
    start = time.process_time()  # CPU time: the work itself, whatever else the machine runs
    assert refused(data) == "error.import_doctype"
    assert time.process_time() - start < 1.0  # refused before expanding anything


def test_external_entities_are_refused() -> None:
    data = b'<?xml version="1.0"?><!DOCTYPE c SYSTEM "file:///etc/passwd"><character/>'
    assert refused(data) == "error.import_doctype"
    data = b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><character>&x;</character>'
    assert refused(data) == "error.import_doctype"


def test_deep_nesting_is_refused() -> None:
    data = b"<character>" + b"<a>" * 500 + b"</a>" * 500 + b"</character>"
    assert refused(data) == "error.import_too_deep"


MIXED = """<?xml version="1.0" encoding="{encoding}"?>
<!-- Chummer writes no comment; a comment and a processing instruction are dropped -->
<character version="5.2" lang="ja"><?pi x?><name>Ganger &amp; <b>Sons</b> tail</name>
<notes><![CDATA[<not a tag> & 鬼]]></notes><empty a="1" b='2'/>{deep}</character>"""


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_the_safe_parser_builds_the_tree_elementtree_builds(encoding: str) -> None:
    """The safe parser refuses more, and otherwise builds what ElementTree's own parser builds: the same
    tags, attributes, text and tails, text split across expat's buffer included."""
    deep = "<a>" * 63 + "x" * 20_000 + "</a>" * 63  # 64 deep with the root: the deepest allowed
    data = MIXED.format(encoding=encoding, deep=deep).encode(encoding)
    assert ET.tostring(parse_xml(data)) == ET.tostring(ET.fromstring(data))


def test_oversized_input_is_refused_before_parsing() -> None:
    with pytest.raises(FileFormatError) as caught:
        parse_xml(b"<character>" + b" " * 2000 + b"</character>", max_bytes=1000)
    assert caught.value.key == "error.import_too_large"


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (b"", "error.import_unknown_format"),
        (b"\x00\x01binary", "error.import_unknown_format"),
        (b"<character><name>x</name>", "error.import_not_xml"),
        (b"<notachar/>", "error.import_not_chummer"),
        (b'{"schema_version": 1}', "error.import_is_json"),
    ],
)
def test_what_is_not_a_chummer_file_says_so(data: bytes, key: str) -> None:
    assert refused(data) == key


def test_missing_attributes_and_impossible_values_are_refused() -> None:
    without = MINIMAL_SR5.format(attributes="").encode()
    assert refused(without) == "error.import_broken"
    assert refused(minimal(BOD=99999)) == "error.import_values"
    assert refused(minimal(STR=int("9" * 30))) == "error.import_broken"


def test_a_broken_weapon_is_skipped_with_its_reason() -> None:
    data = minimal().replace(b"<reach>1</reach>", b"<reach>far</reach>")
    result = import_chummer(data, "x.chum5")
    assert result.template.weapons == []
    assert [(s.kind, s.name, s.reason.key) for s in result.report.skipped] == [
        ("weapon", "Club", "library.report.reason.unreadable")]


def test_refusals_are_translated_and_say_what_to_do() -> None:
    with pytest.raises(FileFormatError) as caught:
        import_chummer(b"<character><name>x</name>", "x.chum5")
    set_language("en")
    english = caught.value.message()
    assert "Chummer" in english and "save it again" in english
    set_language("ja")
    try:
        japanese = caught.value.message()
    finally:
        set_language("en")
    assert japanese != english and "保存し直して" in japanese


def test_sniff_uses_content_first() -> None:
    assert sniff(b'\xef\xbb\xbf{"a": 1}', "x.chum5") == "json"
    assert sniff("<character/>".encode("utf-16"), "x.chum") == "chum"
    assert sniff(b"<character/>", "") == "chum5"


def test_a_missing_file_is_a_file_format_error(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError) as caught:
        import_chummer_file(tmp_path / "nope.chum5")
    assert caught.value.key == "userfile.missing"
    assert caught.value.message() == "nope.chum5 (Chummer character) was not read: it does not exist."
