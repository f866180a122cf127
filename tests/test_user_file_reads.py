"""Issue 29: every file a user can put there is read through :mod:`gmtool.core.user_files`.

The sources (``gmtool/**.py``) are scanned for the calls that read a file — ``open``, ``os.open``,
``Path.open``, ``read_text``, ``read_bytes``, ``json.load(s)``, ``tomllib.load(s)``,
``model_validate_json``, ``shutil.copyfile`` — outside the reader. Each one left is on the allow-list
below with the reason it is not a user's path (a file gmtool ships, SQLite's own records, the lock
file, an atomic write …). A new read of a user's path fails here; so does an entry no longer needed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.source_trees import parsed, scans_every_module

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "gmtool"
READER = "gmtool/core/user_files.py"

READING_FUNCTIONS = {"open", "fdopen", "read_text", "read_bytes", "load", "loads", "model_validate_json",
                     "copyfile", "copy", "copy2", "parse", "ParseFile", "fromfile"}
READING_MODULES = {"json", "tomllib", "shutil", "io", "codecs", "os", "ET", "ElementTree", "pickle", "marshal"}
NOT_FILES = {"Workspace", "Campaign", "cls"}  # their .open(path) opens a campaign through SQLite and check_header

# (file, function, call) → why that read is not of a user's path. Keep it exact: an entry nothing
# matches any more fails the test too.
ALLOWED: dict[tuple[str, str, str], str] = {
    ("gmtool/core/resources.py", "load_model", "read_text"): "a file gmtool ships in resources/",
    ("gmtool/core/resources.py", "load_model", "json.loads"): "a file gmtool ships in resources/",
    ("gmtool/core/i18n.py", "_game_fragment", "read_text"): "a game package's own messages (installed code)",
    ("gmtool/core/i18n.py", "_game_fragment", "model_validate_json"): "a game package's own messages",
    ("gmtool/core/entry_points.py", "entry_points", "open"): "entry_points.txt of an installed package",
    ("gmtool/games/aura_battler/rules/terrain.py", "demo_sky", "read_text"): "the shipped demo sky",
    ("gmtool/games/badlands_rally/rules/demo.py", "demo_course", "read_text"): "the shipped demo course",
    ("gmtool/ui/about_dialog.py", "_licence_text", "read_text"): "an installed package's licence (metadata)",
    ("gmtool/storage/desktop_entry.py", "_resource", "read_bytes"): "an icon gmtool ships",
    ("gmtool/storage/atomic.py", "write_atomic", "fdopen"): "writing (atomically), not reading",
    ("gmtool/storage/atomic.py", "write_bytes_atomic", "fdopen"): "writing (atomically), not reading",
    ("gmtool/storage/atomic.py", "fsync_folder", "os.open"): "a folder opened to fsync it, nothing read",
    ("gmtool/core/demo_text.py", "load_demo", "read_text"): "a game's demo file gmtool ships in resources/",
    ("gmtool/core/demo_text.py", "load_demo", "json.loads"): "a game's demo file gmtool ships in resources/",
    ("gmtool/storage/kept_log.py", "join", "copyfile"):
        "raw bytes copied, not read: the file checked by check_header (the reader), the log's header by log_salts",
    ("gmtool/storage/campaign.py", "_check_writable", "os.open"): "the open campaign checked for writing",
    ("gmtool/storage/campaign.py", "load_encounter", "json.loads"): "a record of the campaign's SQLite",
    ("gmtool/storage/campaign.py", "rule_readings", "json.loads"): "a record of the campaign's SQLite",
    ("gmtool/storage/library_store.py", "_decode_document", "json.loads"): "a record of the campaign's SQLite",
    ("gmtool/storage/library_store.py", "_summary", "json.loads"): "a record of the campaign's SQLite",
    ("gmtool/storage/party_store.py", "_decode", "json.loads"): "a record of the campaign's SQLite",
    ("gmtool/storage/backups.py", "_fsync_path", "os.open"): "a file or folder opened to fsync it, nothing read",
    ("gmtool/storage/backups.py", "_keep_damaged", "copyfile"):
        "raw bytes of the campaign being replaced (a pipe is refused by shutil), kept, not read",
    ("gmtool/storage/backups.py", "_replace_by", "copyfile"):
        "a backup already checked by inspect() → check_header (the reader: a regular file)",
    ("gmtool/storage/lock.py", "_open", "os.open"): "the lock file gmtool makes beside the campaign",
    ("gmtool/printing/pdf.py", "pdf_bytes", "open"): "a QBuffer in memory (writing a PDF)",
    ("gmtool/share/page.py", "asset", "read_bytes"): "the shared page's style sheet or script gmtool ships",
}


def reads(relative: str, source: str) -> Iterator[tuple[str, str, int]]:
    """(function, call, line) of every call in ``source`` that may read a file."""
    tree = parsed(source)
    yield from _visit(tree, "<module>")


def _visit(node: ast.AST, function: str) -> Iterator[tuple[str, str, int]]:
    for child in ast.iter_child_nodes(node):
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        if isinstance(child, ast.Call):
            call = _reading_call(child)
            if call is not None:
                yield function, call, child.lineno
        yield from _visit(child, inner)


def _reading_call(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id if func.id == "open" else None
    if not isinstance(func, ast.Attribute) or func.attr not in READING_FUNCTIONS:
        return None
    receiver = func.value
    name = receiver.id if isinstance(receiver, ast.Name) else None
    if name in READING_MODULES:
        return f"{name}.{func.attr}" if func.attr in ("loads", "load", "open") else func.attr
    if func.attr in ("load", "loads", "parse", "copy", "fromfile"):
        return None  # a method of that name on an object (a codec, a parser of gmtool's own)
    if func.attr == "open":
        if name in NOT_FILES:
            return None
        if not call.args and not call.keywords and "path" not in ast.unparse(receiver).lower():
            return None  # a dialog's open(): Qt shows it
    return func.attr


def found_reads() -> dict[tuple[str, str, str], list[int]]:
    """Every read outside the reader, by (file, function, call)."""
    found: dict[tuple[str, str, str], list[int]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative == READER:
            continue
        for function, call, line in reads(relative, path.read_text(encoding="utf-8")):
            found.setdefault((relative, function, call), []).append(line)
    return found


@scans_every_module
def test_no_file_is_read_outside_the_reader_but_those_allowed() -> None:
    found = found_reads()
    unexplained = {f"{file}:{lines[0]} {function}() {call}" for (file, function, call), lines in found.items()
                   if (file, function, call) not in ALLOWED}
    assert unexplained == set(), "read a user's file with gmtool.core.user_files, or add it to ALLOWED with why"
    assert sorted(set(ALLOWED) - set(found)) == [], "allowed reads that are no longer there: drop them"


def test_the_scan_finds_a_planted_read() -> None:
    settings = SOURCE / "storage" / "settings.py"
    source = settings.read_text(encoding="utf-8")
    assert list(reads("gmtool/storage/settings.py", source)) == []  # it reads through the reader
    planted = source + (
        "\n\ndef load_again(path):\n"
        "    text = path.read_text(encoding='utf-8')\n"
        "    with open(path, 'rb') as handle:\n"
        "        handle.read()\n"
        "    with path.open('rb') as handle:\n"
        "        handle.read()\n"
        "    return json.loads(text), tomllib.loads(text), path.read_bytes()\n"
    )
    calls = [(function, call) for function, call, _line in reads("gmtool/storage/settings.py", planted)]
    assert calls == [("load_again", "read_text"), ("load_again", "open"), ("load_again", "open"),
                     ("load_again", "json.loads"), ("load_again", "tomllib.loads"), ("load_again", "read_bytes")]


def test_a_dialog_s_open_is_not_a_read_but_a_path_s_is() -> None:
    source = "def show(dialog, path):\n    dialog.open()\n    Workspace.open(path)\n    path.open()\n"
    assert [(function, call) for function, call, _ in reads("x.py", source)] == [("show", "open")]
