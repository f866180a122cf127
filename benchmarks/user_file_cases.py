"""The user-file fuzzer's cases: a GM's own files, each changed in one way a hostile or unlucky user might.

Families (the files a GM hands gmtool): a rally course and an Aura Battler sky (hex maps), gear
cards and machine cards (library exports), a house-rule table (TOML), Chummer characters (SR4 and
SR5 fixtures, when ``../shared/fixtures/chummer`` is there), gmtool's NPC and encounter exports.
Mutations, by kind:

- **content**: unchanged (the file as gmtool wrote it: it must import), truncated, bytes flipped, a value of the wrong type (``true``, ``"32"``, 1.5, null,
  a list, an object, a negative or huge number, a name with a control character), the format
  version changed, a number of 5,000 digits, a list of a million entries, nesting 50 to 100,000
  deep (TOML and XML too), a DOCTYPE with entities;
- **size**: padded past the kind's limit (6 MB) and past File → Import's (17 MB);
- **encoding**: UTF-8 with a BOM, UTF-16 LE/BE with a BOM, UTF-32, Latin-1, bytes that are no UTF-8;
- **special**: a FIFO, links to ``/dev/zero``, ``/dev/urandom`` and ``/dev/null``, a folder, a
  dangling link, a link loop, an empty file.

Everything is built from a case's number and the seed (``random.Random(f"{seed}:{number}")``), so a
case reproduces alone. Base files are made through gmtool's own exports (nothing is shipped here).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FAMILIES = ("course", "sky", "gear_cards", "machine_cards", "house_rules", "chummer", "npcs", "encounter")
ENTRIES = {  # the entry points a GM reaches each family through (see user_file_worker)
    "course": ("file_import", "library_import", "map_editor"),
    "sky": ("map_editor",),
    "gear_cards": ("file_import", "library_import"),
    "machine_cards": ("file_import", "library_import"),
    "house_rules": ("house_rules",),
    "chummer": ("file_import", "library_import"),
    "npcs": ("file_import", "library_import"),
    "encounter": ("file_import", "library_import"),
}
SUFFIX = {"house_rules": ".toml"}
SPECIAL = ("fifo", "dev_zero", "dev_urandom", "dev_null", "folder", "dangling_link", "link_loop", "empty")
PLAN = "GMTOOL_FUZZ_PLAN"  # the environment variable naming a file of cases chosen by hand (a test's)
CHUMMER = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"
CHUMMER_FILES = ("sr5/Davis Jones.chum5", "sr5/Skink.chum5", "sr4/Triad Posse (Human).chum", "sr4/Street Samurai.chum")


@dataclass(frozen=True)
class Case:
    """One case: which file, changed how, read through which entry point."""

    number: int
    family: str
    entry: str
    kind: str  # content, size, encoding or special
    mutation: str

    def label(self) -> str:
        return f"case {self.number}: {self.family} via {self.entry}, {self.kind}/{self.mutation}"


# -- the base files ---------------------------------------------------------------------------------------
def chummer_folder() -> Path | None:
    found = Path(os.environ.get("GMTOOL_CHUMMER_FIXTURES", CHUMMER))
    return found if all((found / name).is_file() for name in CHUMMER_FILES) else None


def families() -> tuple[str, ...]:
    """The families this machine can build (Chummer only where its fixtures are)."""
    return FAMILIES if chummer_folder() is not None else tuple(f for f in FAMILIES if f != "chummer")


@cache
def base_file(family: str, variant: int = 0) -> bytes:
    """A valid file of ``family``, made by gmtool itself."""
    return _BASES[family](variant)


def _course(_variant: int) -> bytes:
    from gmtool.core.hex.map_file import write_map
    from gmtool.games.badlands_rally.rules.demo import demo_course

    return write_map(demo_course()).encode()


def _sky(_variant: int) -> bytes:
    from gmtool.core.hex.map_file import write_map
    from gmtool.games.aura_battler.rules.terrain import demo_sky

    return write_map(demo_sky()).encode()


def _exported(library: Any, templates: tuple[Any, ...]) -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "export.json"
        library.export(templates, path)
        return path.read_bytes()


def _gear_cards(_variant: int) -> bytes:
    from gmtool.games.badlands_rally.library.kind import LIBRARY
    from gmtool.games.badlands_rally.library.templates import GearCard
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard

    gun = WeaponCard(name="Made-up autocannon", optimal=3, maximum=6, power=7, traits=("heat",))
    cards = (GearCard(name="Made-up Hopper", weapons=(gun,), tags=("fuzz",)), GearCard(name="Made-up Pig", top_mr=9))
    return _exported(LIBRARY, cards)


def _machine_cards(_variant: int) -> bytes:
    from gmtool.games.aura_battler.library.kind import LIBRARY
    from gmtool.games.aura_battler.library.templates import MachineTemplate
    from gmtool.games.aura_battler.rules.cards import demo_duel

    duel = demo_duel()
    cards = tuple(MachineTemplate(machine=m, pilot=p) for m, p in zip(duel.machines, duel.pilots, strict=False))
    return _exported(LIBRARY, cards)


def _house_rules(_variant: int) -> bytes:
    return ('schema_version = 1\n\n[[tables]]\nid = "house.weather"\ngame = "sr5"\napplies_to = ["ranged_attack"]\n'
            'title = { en = "Weather", ja = "天候" }\n\n[[tables.rows]]\nid = "acid_rain"\n'
            'label = { en = "Acid rain", ja = "酸性雨" }\nvalue = -2\npage = 12\n\n[[rows]]\ntable = "sr4.ranged"\n'
            'id = "neon_glare"\nlabel = { en = "Neon glare", ja = "ネオンの眩しさ" }\nvalue = -1\n').encode()


def _chummer(variant: int) -> bytes:
    folder = chummer_folder()
    assert folder is not None
    return (folder / CHUMMER_FILES[variant % len(CHUMMER_FILES)]).read_bytes()


def _npc_templates() -> list[Any]:
    from gmtool.games.shadowrun.library.documents import blank_document
    from gmtool.games.shadowrun.library.validation import parse_template

    return [parse_template(blank_document(edition, f"Made-up {edition} ganger")) for edition in ("SR5", "SR4")]


def _npcs(_variant: int) -> bytes:
    from gmtool.games.shadowrun.library.exchange import export_npcs

    return export_npcs(_npc_templates()).encode()


def _encounter(_variant: int) -> bytes:
    from gmtool.games.shadowrun.library.exchange import EncounterEntry, EncounterPlan, export_encounter

    template = _npc_templates()[0]
    plan = EncounterPlan(name="Made-up dock", edition="SR5", runners=[template],
                         entries=[EncounterEntry(template=template, count=3, grunt_group=True, professional_rating=2)])
    return export_encounter(plan).encode()


_BASES: dict[str, Callable[[int], bytes]] = {
    "course": _course, "sky": _sky, "gear_cards": _gear_cards, "machine_cards": _machine_cards,
    "house_rules": _house_rules, "chummer": _chummer, "npcs": _npcs, "encounter": _encounter,
}


# -- content mutations ------------------------------------------------------------------------------------
ODD_VALUES: tuple[object, ...] = (True, False, "32", 1.5, None, [], {}, -1, -(10**12), 10**30, "",
                                  "x" * 5000, "Ganger\u202eevil", "tab\there", "nul\x00byte", 0)


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _flip(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        buffer[rng.randrange(len(buffer))] = rng.randrange(256)
    return bytes(buffer)


def _places(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*here, index))
    return found


def _replace(document: Any, rng: random.Random, make: Callable[[Any], Any]) -> Any:
    places = _places(document)[1:]
    if not places:
        return make(document)
    place = rng.choice(places)
    parent = document
    for step in place[:-1]:
        parent = parent[step]
    parent[place[-1]] = make(parent[place[-1]])
    return document


def _json_value(data: bytes, rng: random.Random) -> bytes:
    document = json.loads(data)
    return json.dumps(_replace(document, rng, lambda _old: rng.choice(ODD_VALUES)), ensure_ascii=False).encode()


def _json_version(data: bytes, rng: random.Random) -> bytes:
    document = json.loads(data)
    key = "schema_version" if "schema_version" in document else "version"
    value = rng.choice((0, -1, 2, 99, True, "1", 1.0, None, "absent"))
    if value == "absent":
        document.pop(key, None)
    else:
        document[key] = value
    return json.dumps(document).encode()


def _json_million(data: bytes, rng: random.Random) -> bytes:
    """A list of a million copies of one of its entries (a start zone of a million hexes, a million cards)."""
    document = json.loads(data)
    lists = [p for p in _places(document) if _at(document, p).__class__ is list and _at(document, p)]
    if not lists:
        return data + b" " * 8_000_000
    place = rng.choice(lists)
    items = _at(document, place)
    one = len(json.dumps(items[0])) + 2
    items[:] = [items[0]] * min(1_000_000, 20_000_000 // one)  # a million hexes; as many cards as fill 20 MB
    return json.dumps(document).encode()


def _at(document: Any, place: tuple[Any, ...]) -> Any:
    for step in place:
        document = document[step]
    return document


def _big_number(data: bytes, rng: random.Random) -> bytes:
    digits = list(re.finditer(rb"(?<![\w.])\d+(?![\w.])", data))
    if not digits:
        return data + b"9" * 5000
    found = rng.choice(digits)
    return data[: found.start()] + b"9" * rng.choice((25, 400, 5000)) + data[found.end():]


def _deep(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice((50, 1000, 100_000))
    if data.lstrip().startswith((b"{", b"[")):
        cut = data.index(b":") + 1 if b":" in data else 1
        return data[:cut] + b"[" * depth + b"1" + b"]" * depth + b"," + data[cut:]
    if data.lstrip().startswith(b"<") or b"<character" in data[:200]:
        return data.replace(b"</character>", b"<d>" * depth + b"</d>" * depth + b"</character>", 1)
    return data + b"\ndeep = " + b"[" * depth + b"1" + b"]" * depth + b"\n"


def _doctype(data: bytes, rng: random.Random) -> bytes:
    declaration = rng.choice((b'<!DOCTYPE character [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>',
                              b'<!DOCTYPE character [<!ENTITY x SYSTEM "file:///etc/passwd">]>'))
    head = data.find(b"<character")
    return data[:head] + declaration + data[head:] if head >= 0 else declaration + data


def _toml_value(data: bytes, rng: random.Random) -> bytes:
    value = rng.choice((b'"x"', b"true", b"1e400", b"-99999999999999999999", b"[]", b"{}", b'"\\u0007bell"',
                        b"nan", b"2026-11-29", b'"' + b"y" * 5000 + b'"'))
    lines = data.split(b"\n")
    candidates = [n for n, line in enumerate(lines) if b" = " in line]
    n = rng.choice(candidates)
    lines[n] = lines[n].split(b" = ")[0] + b" = " + value
    return b"\n".join(lines)


CONTENT: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "unchanged": lambda data, _rng: data, "truncate": _truncate, "flip": _flip, "json_value": _json_value, "json_version": _json_version,
    "million_entries": _json_million, "big_number": _big_number, "deep": _deep, "doctype": _doctype,
    "toml_value": _toml_value,
}
FOR_FAMILY = {
    "house_rules": ("unchanged", "truncate", "flip", "big_number", "deep", "toml_value", "toml_value"),
    "chummer": ("unchanged", "truncate", "flip", "big_number", "deep", "doctype"),
}
JSON_CONTENT = ("unchanged", "truncate", "flip", "json_value", "json_value", "json_version", "million_entries", "big_number", "deep")


# -- sizes and encodings ----------------------------------------------------------------------------------
def _padded(data: bytes, size: int) -> bytes:
    return data + b" " * max(0, size - len(data)) if not data.lstrip().startswith(b"<") else data + b"\n" * size


SIZES = {"over_kind_limit": 6_000_000, "over_import_limit": 17_000_000}


def _encoded(data: bytes, how: str) -> bytes:
    text = data.decode("utf-8-sig", errors="replace") if not data.startswith(b"\xff\xfe") else data.decode("utf-16")
    if how == "utf8_bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8")
    if how == "latin1":
        return text.replace('"', '"é', 1).encode("latin-1", errors="replace")
    if how == "not_utf8":
        return b"\xff\xfe\xfd" + text.encode("utf-8")[3:]
    codec = {"utf16_le": "utf-16-le", "utf16_be": "utf-16-be", "utf32": "utf-32"}[how]
    bom = {"utf16_le": b"\xff\xfe", "utf16_be": b"\xfe\xff", "utf32": b""}[how]
    return bom + text.encode(codec)


ENCODINGS = ("utf8_bom", "utf16_le", "utf16_be", "utf32", "latin1", "not_utf8")


# -- one case ---------------------------------------------------------------------------------------------
def planned() -> list[Case] | None:
    """The cases chosen by hand for this run (``$GMTOOL_FUZZ_PLAN``), or None: the seeded ones."""
    path = os.environ.get(PLAN)
    return [Case(**spec) for spec in json.loads(Path(path).read_text(encoding="utf-8"))] if path else None


def case(number: int, seed: int, available: tuple[str, ...]) -> Case:
    """Case ``number`` of the run with ``seed``: family, entry point and mutation."""
    rng = random.Random(f"{seed}:{number}")
    family = available[number % len(available)]
    entry = rng.choice(ENTRIES[family])
    kind = rng.choices(("content", "size", "encoding", "special"), weights=(70, 6, 12, 12))[0]
    if kind == "content":
        mutation = rng.choice(FOR_FAMILY.get(family, JSON_CONTENT))
    elif kind == "size":
        mutation = rng.choice(tuple(SIZES))
    elif kind == "encoding":
        mutation = rng.choice(ENCODINGS)
    else:
        mutation = rng.choice(SPECIAL)
    return Case(number, family, entry, kind, mutation)


def write_case(spec: Case, seed: int, folder: Path) -> Path:
    """The case's file in ``folder`` (a special file where the mutation says so); its path."""
    rng = random.Random(f"{seed}:{spec.number}:file")
    variant = rng.randrange(len(CHUMMER_FILES))
    folder.mkdir(parents=True, exist_ok=True)
    suffix = Path(CHUMMER_FILES[variant]).suffix if spec.family == "chummer" else SUFFIX.get(spec.family, ".json")
    path = folder / f"case {spec.number}{suffix}"
    if spec.kind == "special":
        _special(path, spec.mutation, folder)
        return path
    data = base_file(spec.family, variant if spec.family == "chummer" else 0)
    if spec.kind == "content":
        data = CONTENT[spec.mutation](data, rng)
    elif spec.kind == "size":
        data = _padded(data, SIZES[spec.mutation])
    else:
        data = _encoded(data, spec.mutation)
    path.write_bytes(data)
    return path


def _special(path: Path, mutation: str, folder: Path) -> None:
    if mutation == "fifo":
        os.mkfifo(path)
    elif mutation.startswith("dev_"):
        path.symlink_to(f"/dev/{mutation[4:]}")
    elif mutation == "folder":
        path.mkdir()
    elif mutation == "dangling_link":
        path.symlink_to(folder / "nothing here")
    elif mutation == "link_loop":
        path.symlink_to(path)
    else:
        path.write_bytes(b"")
