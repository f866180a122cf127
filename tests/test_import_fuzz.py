"""Fuzzing every importer: malformed input ends in success or FileFormatError, nothing else.

Mutations of the real Chummer fixture files (truncation, byte flips, deleted and
duplicated elements, wrong encodings, huge and non-numeric numbers, entity
declarations, deep nesting) and of gmtool's own JSON exports (the same, plus
wrong types, newer versions, missing keys), all from seeded ``random.Random``
so a failure names its seed. Hypothesis adds arbitrary bytes and JSON values.
The always-run test covers a few hundred cases; the ``slow`` one (still run by
``make test``) covers over 10,000 across the three formats.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.importers.chummer4 import import_chum
from gmtool.games.shadowrun.importers.chummer5 import import_chum5
from gmtool.games.shadowrun.importers.dispatch import import_chummer
from gmtool.games.shadowrun.library.exchange import (
    EncounterEntry,
    EncounterPlan,
    export_encounter,
    export_npcs,
    import_encounter,
    import_npcs,
)

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"
needs_fixtures = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"Chummer fixtures not found at {FIXTURES}")
# The smaller files keep the run short; every file is imported unmutated by the edition tests.
SR5_FILES = ("Davis Jones.chum5", "Yeti-#ffffff2.chum5", "Spirit_Warden.chum5", "Skink.chum5")
SR4_FILES = ("Humanis Policlub Goon Squad.chum", "Triad Posse (Human).chum", "Street Samurai.chum", "Technomancer.chum")
Mutation = Callable[[bytes, random.Random], bytes]


# -- mutations ------------------------------------------------------------------------------------------
def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        buffer[rng.randrange(len(buffer))] = rng.randrange(256)
    return bytes(buffer)


def _text(data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xff\xfe"):
        return data.decode("utf-16", errors="replace"), "utf-16"
    return data.decode("utf-8-sig", errors="replace"), "utf-8-sig"


@lru_cache(maxsize=32)  # a first mutation searches one of the eight unmutated files: found once per file
def _elements(text: str) -> tuple[re.Match[str], ...]:
    return tuple(re.finditer(r"<(\w+)>[^<]*</\1>", text))


def delete_element(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    found = _elements(text)
    for match in rng.sample(found, min(len(found), rng.randint(1, 20))):
        text = text.replace(match.group(0), "", 1)
    return text.encode(encoding)


def duplicate_element(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    if not _elements(text):
        return data
    match = rng.choice(_elements(text))
    return text.replace(match.group(0), match.group(0) * rng.randint(2, 5), 1).encode(encoding)


def strange_numbers(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    numbers = list(re.finditer(r">(-?\d+(?:\.\d+)?)<", text))
    chosen = rng.sample(numbers, min(len(numbers), rng.randint(1, 15)))
    for match in sorted(chosen, key=lambda m: m.start(), reverse=True):  # later offsets stay valid
        value = rng.choice(["9" * rng.randint(5, 5000), "-" + "9" * 30, "1e308", "nan", "inf", "", "x", "-1",
                            "99999", "3.5", "0x10", "+-2", "1_000"])
        text = text[: match.start(1)] + value + text[match.end(1):]
    return text.encode(encoding)


def wrong_encoding(data: bytes, rng: random.Random) -> bytes:
    text, _ = _text(data)
    target = rng.choice(["utf-16-le", "utf-16-be", "utf-32", "latin-1", "utf-8", "cp1252", "shift_jis"])
    if rng.random() < 0.5:
        text = re.sub(r'encoding="[^"]*"', f'encoding="{rng.choice(["utf-8", "utf-16", "ebcdic", "x-nope", "latin-1"])}"', text, count=1)
    return text.encode(target, errors="replace")


def entity_declarations(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    declarations = rng.choice([
        '<!DOCTYPE character [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>',
        '<!DOCTYPE character SYSTEM "http://example.invalid/x.dtd">',
        '<!DOCTYPE character [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
        '<!DOCTYPE character [<!ENTITY % p "x">]>',
    ])
    head = text.find("<character")
    text = text[:head] + declarations + text[head:]
    if rng.random() < 0.5:
        text = text.replace("<name>", "<name>&b;&x;", 1)
    return text.encode(encoding)


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    depth = rng.choice([30, 70, 500, 5000])
    if not _elements(text):
        return data
    match = rng.choice(_elements(text))
    nested = "<d>" * depth + match.group(0) + "</d>" * depth
    return text.replace(match.group(0), nested, 1).encode(encoding)


def garbage_tags(data: bytes, rng: random.Random) -> bytes:
    text, encoding = _text(data)
    if not _elements(text):
        return data
    match = rng.choice(_elements(text))
    junk = rng.choice(["<", "&", "]]>", "<x", "</character>", "<?pi?>", "<!-- c -->", "\x00", "\ud800"])
    return text.replace(match.group(0), match.group(0) + junk, 1).encode(encoding, errors="surrogatepass")


XML_MUTATIONS: tuple[Mutation, ...] = (
    truncate, flip_bytes, delete_element, duplicate_element, strange_numbers, wrong_encoding,
    entity_declarations, deep_nesting, garbage_tags,
)


@cache
def fixture(edition: str, name: str) -> bytes:
    return (FIXTURES / edition / name).read_bytes()


def run_importer(importer: Callable[[bytes], object], data: bytes, seed: int) -> bool:
    """True on success, False on FileFormatError; anything else fails the test with the seed."""
    try:
        importer(data)
    except FileFormatError:
        return False
    except Exception as exc:  # noqa: BLE001 - the point of the test
        pytest.fail(f"seed {seed}: {type(exc).__name__}: {exc!r}"[:2000])
    return True


def xml_cases(count: int, seed: int) -> dict[str, int]:
    outcomes = {"ok": 0, "refused": 0}
    for case in range(count):
        rng = random.Random(seed * 1_000_003 + case)
        sr5 = case % 2 == 0
        data = fixture("sr5", rng.choice(SR5_FILES)) if sr5 else fixture("sr4", rng.choice(SR4_FILES))
        for _ in range(rng.choice([1, 1, 1, 2])):
            data = rng.choice(XML_MUTATIONS)(data, rng)
        importer = rng.choice([
            import_chum5 if sr5 else import_chum,
            lambda d: import_chummer(d, "x.chum5"),
            import_chum if sr5 else import_chum5,
        ])
        outcomes["ok" if run_importer(importer, data, seed * 1_000_003 + case) else "refused"] += 1
    return outcomes


# -- JSON -------------------------------------------------------------------------------------------------
@cache
def json_documents() -> tuple[bytes, ...]:
    from gmtool.games.shadowrun.importers.dispatch import import_chummer_file

    sr5 = [import_chummer_file(FIXTURES / "sr5" / name).template for name in SR5_FILES[:2]]
    sr4 = [import_chummer_file(FIXTURES / "sr4" / name).template for name in SR4_FILES[:2]]
    plan = EncounterPlan(name="Dock", edition="SR4", runners=[sr4[1]],
                         entries=[EncounterEntry(template=sr4[0], count=4, grunt_group=True, professional_rating=2)])
    return (export_npcs(sr5).encode(), export_npcs(sr4[:1]).encode(), export_encounter(plan).encode())


def _walk(value: object, rng: random.Random) -> object:
    """A copy of a JSON value with a few values replaced by wrong ones."""
    if isinstance(value, dict):
        out = {k: _walk(v, rng) for k, v in value.items() if rng.random() > 0.02}
        if rng.random() < 0.02:
            out["unexpected"] = 1
        return out
    if isinstance(value, list):
        return [_walk(v, rng) for v in value if rng.random() > 0.02]
    if rng.random() < 0.03:
        return rng.choice([None, True, -1, 10**40, 1.5, "", "x" * 300, [], {}, "SR6", 7, "nan"])
    return value


def json_mutation(data: bytes, rng: random.Random) -> bytes:
    choice = rng.randrange(6)
    if choice == 0:
        return truncate(data, rng)
    if choice == 1:
        return flip_bytes(data, rng)
    document = json.loads(data)
    if choice == 2:
        return json.dumps(_walk(document, rng)).encode()
    if choice == 3:
        document["schema_version"] = rng.choice([0, 2, 99, "1", None, 1.0, True])
        return json.dumps(document).encode()
    if choice == 4:
        depth = rng.choice([50, 5000, 200_000])
        return ("[" * depth + "]" * depth).encode() if rng.random() < 0.5 else data.replace(b'"name"', b'"name": ' + b"[" * depth, 1)
    return data.replace(b"1", b"9" * rng.randint(2, 6000), 1)


def json_cases(count: int, seed: int) -> dict[str, int]:
    outcomes = {"ok": 0, "refused": 0}
    for case in range(count):
        rng = random.Random(seed * 7_000_003 + case)
        data = json_mutation(rng.choice(json_documents()), rng)
        importer = rng.choice([import_npcs, import_encounter])
        outcomes["ok" if run_importer(importer, data, seed * 7_000_003 + case) else "refused"] += 1
    return outcomes


# -- the runs ---------------------------------------------------------------------------------------------
@needs_fixtures
def test_fuzz_quick() -> None:
    xml = xml_cases(300, seed=1)
    data = json_cases(300, seed=1)
    assert xml["refused"] > 0 and data["refused"] > 0  # the mutations really break files …
    assert xml["ok"] > 0  # … and not every one
    npcs, npcs_sr4, plan = json_documents()  # the JSON refusals come from the mutations: unmutated, all import
    assert all(run_importer(import_npcs, d, -1) for d in (npcs, npcs_sr4)) and run_importer(import_encounter, plan, -1)


@needs_fixtures
@pytest.mark.slow
def test_fuzz_ten_thousand_cases() -> None:
    """Ten thousand mutated Chummer and JSON files imported, none crashing (issue 13's fuzz figure).

    Slow: the ten thousand imports are the point of the test (about 20 s of CPU on the 2-core machine).
    """
    xml = xml_cases(6500, seed=2)
    data = json_cases(4000, seed=2)
    assert sum(xml.values()) + sum(data.values()) >= 10_000
    assert xml["refused"] > 0 and data["refused"] > 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    for importer in (import_chum5, import_chum, lambda d: import_chummer(d, "x.chum"), import_npcs):
        run_importer(importer, data, -1)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(JSON_VALUES, st.sampled_from(["gmtool.npcs", "gmtool.encounter", "other"]), st.integers(-2, 3))
def test_arbitrary_json(value: object, kind: str, version: int) -> None:
    for document in (value, {"schema_version": version, "kind": kind, "npcs": value, "encounter": value}):
        text = json.dumps(document)
        run_importer(import_npcs, text.encode(), -2)
        run_importer(import_encounter, text.encode(), -2)
