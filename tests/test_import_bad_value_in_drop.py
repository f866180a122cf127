"""Issue 13: one bad value in one Chummer file of a multi-file drop — that file's report names it,
the other files still import. Before the fix ``<ess>Rating * 1.2.3</ess>`` raised ValueError out
of the importer and the whole drop stopped at that file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.storage.campaign import Campaign
from gmtool.ui.import_report_dialog import import_path

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer" / "sr5"
pytestmark = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"Chummer fixtures not found at {FIXTURES}")


def _with_bad_essence(source: Path, target: Path) -> Path:
    text = source.read_text(encoding="utf-8")
    text, count = re.subn(r"<ess>Rating[^<]*</ess>", "<ess>Rating * 1.2.3</ess>", text, count=1)
    assert count == 1
    target.write_text(text, encoding="utf-8")
    return target


def test_one_bad_essence_value_is_a_report_line_and_the_rest_of_the_drop_imports(tmp_path: Path) -> None:
    bad = _with_bad_essence(FIXTURES / "BLUE.chum5", tmp_path / "BLUE broken.chum5")
    drop = [FIXTURES / "Apex Predator.chum5", bad, FIXTURES / "Davis Jones.chum5"]
    campaign = Campaign.create(tmp_path / "c.gmtool")
    try:
        outcomes = [import_path(campaign, path) for path in drop]
        assert [o.ok for o in outcomes] == [True, True, True]
        assert any("Essence" in line and "1.2.3" in line for line in outcomes[1].lines), outcomes[1].lines
        assert campaign.library.count() == 3
    finally:
        campaign.close()


def test_a_file_the_importer_fails_on_unexpectedly_is_one_failed_line(tmp_path: Path, monkeypatch) -> None:
    from gmtool.games.shadowrun.importers import dispatch

    real = dispatch.import_chummer

    def importer(data: bytes, name: str = ""):  # noqa: ANN202 - an importer bug on one file only
        if name.startswith("BLUE"):
            raise ValueError("could not convert string to float: '1.2.3'")
        return real(data, name)

    monkeypatch.setattr(dispatch, "import_chummer", importer)
    campaign = Campaign.create(tmp_path / "c.gmtool")
    try:
        outcomes = [import_path(campaign, FIXTURES / n) for n in ("Apex Predator.chum5", "BLUE.chum5", "prime.chum5")]
        assert [o.ok for o in outcomes] == [True, False, True]
        assert "BLUE.chum5" in outcomes[1].lines[0] and "1.2.3" in "\n".join(outcomes[1].lines)
        assert campaign.library.count() == 2
    finally:
        campaign.close()
