"""Choosing the importer for a file: by what it holds, the extension only as a tie-breaker.

A Chummer5a file says ``<gameedition>SR5</gameedition>`` (older ones at least
hold ``<newskills>``); a ChummerGenSR4 file has neither. The file is parsed
once (safely, :mod:`gmtool.games.shadowrun.importers.xml_safe`) and handed to the edition's
importer. JSON exports of gmtool itself go to :mod:`gmtool.games.shadowrun.library.exchange`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Literal

from gmtool.core.errors import FileFormatError
from gmtool.core.user_files import MB, check_size, file_kind, read_bytes
from gmtool.games.shadowrun.importers import chummer4, chummer5
from gmtool.games.shadowrun.importers.chummer_common import text
from gmtool.games.shadowrun.importers.report import ImportResult
from gmtool.games.shadowrun.importers.xml_safe import parse_xml

CHUMMER = file_kind("chummer", 16 * MB)  # a Chummer file is well under 1 MB, a few MB with mugshots
Kind = Literal["chum5", "chum", "json"]
EXTENSIONS: dict[str, Kind] = {".chum5": "chum5", ".chum": "chum", ".json": "json"}


def sniff(data: bytes, filename: str = "") -> Kind:
    """What the file is: JSON (``{`` first), else a Chummer XML file, else FileFormatError."""
    head = data[:4096]
    for bom in (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"):
        if head.startswith(bom):
            head = head[len(bom):]
            break
    stripped = head.replace(b"\x00", b"").lstrip()
    if stripped.startswith(b"{"):
        return "json"
    if stripped.startswith(b"<"):
        return EXTENSIONS.get(Path(filename).suffix.lower(), "chum5") if filename else "chum5"
    raise FileFormatError("error.import_unknown_format", name=Path(filename).name or "?")


def edition_of(root: ET.Element) -> Literal["chum5", "chum"]:
    """SR5 if the file says so (or has Chummer5a's skill layout), else SR4."""
    edition = text(root, "gameedition")
    if edition == "SR5" or root.find("newskills") is not None:
        return "chum5"
    return "chum"


def import_chummer(data: bytes, filename: str = "") -> ImportResult:
    """Import a Chummer file of either edition (FileFormatError for anything else, JSON included)."""
    if sniff(data, filename) == "json":
        raise FileFormatError("error.import_is_json", name=Path(filename).name or "?")
    check_size(data, CHUMMER, Path(filename).name)
    root = parse_xml(data)
    source = Path(filename).name
    if edition_of(root) == "chum5":
        return chummer5.from_root(root, source)
    return chummer4.from_root(root, source)


def import_chummer_file(path: Path) -> ImportResult:
    """Read (:func:`gmtool.core.user_files.read_bytes`) and import a ``.chum5`` / ``.chum`` file."""
    return import_chummer(read_bytes(path, CHUMMER), path.name)
