"""Issue 29: File → Import reads through the guarded reader, and what it says is right.

A map too large is called a map and told its limit (before: "unknown format" past 5 MB, "far larger
than any Chummer character" past 16 MB); a UTF-16 file is named as such and a file with a UTF-8 BOM
is read (before: the unexpected-error line "did not expect (JSONDecodeError)"); gear and machine card
files have their own limits; a pipe or a device never blocks or fills the memory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.core.hex.map_file import write_map
from gmtool.games.aura_battler.library.kind import LIBRARY as MACHINES
from gmtool.games.badlands_rally.library.kind import LIBRARY as RALLY
from gmtool.games.badlands_rally.library.templates import CourseTemplate, GearCard
from gmtool.games.badlands_rally.rules.demo import demo_course
from gmtool.storage.workspace import Workspace
from gmtool.ui.import_report_dialog import ImportOutcome, import_path
from tests.special_files import fifo, link, within


@pytest.fixture
def workspace(tmp_path: Path):  # noqa: ANN201
    ws = Workspace.create(tmp_path / "c.gmtool")
    yield ws
    ws.close()


def _import(workspace: Workspace, path: Path, pipes: tuple[Path, ...] = ()) -> ImportOutcome:
    return within(lambda: import_path(workspace.campaign, path), pipes=pipes)


def _course_with_a_start_zone_of(count: int) -> str:
    """The demo course whose start zone lists hex 0101 ``count`` times (one line each: 11 bytes)."""
    document = json.loads(write_map(demo_course()))
    document["zones"]["start"] = ["0101"] * count
    return json.dumps(document, indent=1)


@pytest.mark.parametrize(("count", "size"), [(600_000, "6.6"), (1_000_000, "11.0"), (1_900_000, "20.9")])
def test_a_map_too_large_is_a_map_with_its_limit(workspace: Workspace, tmp_path: Path, count: int, size: str) -> None:
    path = tmp_path / "course.json"
    path.write_text(_course_with_a_start_zone_of(count), encoding="utf-8")
    outcome = _import(workspace, path)
    assert not outcome.ok
    assert outcome.lines[-1] == f"course.json (map) was not read: too large: {size} MB, the limit for a map is 2 MB."


def test_a_file_past_every_limit_is_too_large_for_an_import(workspace: Workspace, tmp_path: Path) -> None:
    path = tmp_path / "course.json"
    path.write_text(_course_with_a_start_zone_of(3_000_000), encoding="utf-8")
    assert _import(workspace, path).lines[-1] == (
        "course.json (file to import) was not read: too large: 33.0 MB, the limit for a file to import is 32 MB.")


def test_a_utf16_map_is_named_utf16(workspace: Workspace, tmp_path: Path) -> None:
    path = tmp_path / "course.json"
    path.write_bytes(write_map(demo_course()).encode("utf-16"))
    outcome = _import(workspace, path)
    assert outcome.lines[-1] == (
        "course.json (file to import) was not read: it is UTF-16 text, which gmtool does not read: save it as UTF-8.")


def test_a_bom_is_no_obstacle_to_maps_gear_and_machine_cards(workspace: Workspace, tmp_path: Path) -> None:
    course = tmp_path / "course.json"
    course.write_bytes(b"\xef\xbb\xbf" + write_map(demo_course()).encode("utf-8"))
    gears = tmp_path / "gears.json"
    RALLY.export((GearCard(name="Hopper"), GearCard(name="Jackrabbit", attack=3)), gears)
    gears.write_bytes(b"\xef\xbb\xbf" + gears.read_bytes())
    machines = tmp_path / "machines.json"
    blank = MACHINES.read(MACHINES.blank("aura_battler", "Lark"), 1)
    MACHINES.export((blank,), machines)
    machines.write_bytes(b"\xef\xbb\xbf" + machines.read_bytes())
    outcomes = [_import(workspace, path) for path in (course, gears, machines)]
    assert [o.ok for o in outcomes] == [True, True, True], [o.lines for o in outcomes]
    store = workspace.campaign.library
    names = sorted(store.get(i).name for o in outcomes for i in o.template_ids)
    assert names == sorted([CourseTemplate(map=demo_course()).name, "Hopper", "Jackrabbit", "Lark"])


def test_card_files_have_their_own_limits(workspace: Workspace, tmp_path: Path) -> None:
    gears = tmp_path / "gears.json"
    gears.write_text(json.dumps({"kind": "badlands_rally.gears", "version": 1, "gears": [], "pad": " " * 4_100_000}))
    machines = tmp_path / "machines.json"
    machines.write_text(json.dumps({"kind": "aura_battler.machines", "version": 1, "machines": [],
                                    "pad": " " * 4_100_000}))
    assert _import(workspace, gears).lines[-1] == (
        "gears.json (gear card file) was not read: too large: 4.1 MB, the limit for a gear card file is 4 MB.")
    assert _import(workspace, machines).lines[-1] == (
        "machines.json (machine card file) was not read: too large: 4.1 MB, the limit for a machine card file is 4 MB.")


def test_a_number_of_5000_digits_is_refused_cleanly(workspace: Workspace, tmp_path: Path) -> None:
    path = tmp_path / "course.json"
    document = json.loads(write_map(demo_course()))
    path.write_text(json.dumps(document).replace(f'"columns": {document["columns"]}', '"columns": ' + "9" * 5000))
    assert '"columns": 999' in path.read_text(encoding="utf-8")
    outcome = _import(workspace, path)
    assert outcome.lines[-1] == "course.json (file to import) was not read: it holds a number longer than 100 digits."


@pytest.mark.parametrize("device", ["/dev/urandom", "/dev/zero"])
def test_a_link_to_a_device_is_refused(workspace: Workspace, tmp_path: Path, device: str) -> None:
    path = link(tmp_path / "course.json", device)
    assert _import(workspace, path).lines[-1] == (
        "course.json (file to import) was not read: it is a device, not a regular file.")


def test_a_pipe_is_refused_without_blocking(workspace: Workspace, tmp_path: Path) -> None:
    pipe = fifo(tmp_path / "course.json")
    assert _import(workspace, pipe, (pipe,)).lines[-1] == (
        "course.json (file to import) was not read: it is a pipe (FIFO), not a regular file.")


def test_a_zone_named_with_half_a_surrogate_pair_is_refused_not_a_surprise(workspace: Workspace,
                                                                           tmp_path: Path) -> None:
    """Before, this map was imported with a zone name no UTF-8 file can hold (in other places such text
    stopped the import with "did not expect (UnicodeEncodeError …)")."""
    path = tmp_path / "course.json"
    path.write_text(write_map(demo_course()).replace('"start":', '"start \\ud800":'), encoding="utf-8")
    assert "\\ud800" in path.read_text(encoding="utf-8")
    assert _import(workspace, path).lines[-1] == (
        "course.json (file to import) was not read: it holds text that is not Unicode (half of a UTF-16 surrogate "
        "pair, such as \\ud800).")
