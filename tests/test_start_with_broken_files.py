"""Issue 29: files a user can put in gmtool's folders never stop the start.

A real start (``gmtool.startup.launch.main``, offscreen, in a child process with a time limit: a start that
blocks fails the test instead of hanging it) with a data folder whose ``tables/`` holds, beside a good
house-rule file, one nested 50,000 brackets deep, one of 10 MB, a pipe named ``pipe.toml``, a folder
named ``x.toml`` and one not in UTF-8, and with a pipe named ``settings.json``. The window paints; the
house-rule dialog lists each broken file with its reason and the status line counts them; the
settings are the defaults. Before the reader the start stopped on the deep file (``RecursionError``)
or blocked on either pipe.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_tables_house_rules import GOOD

CHILD = """
import json
from gmtool import app

def shown(_parent, _title, text, *_rest):
    print("DIALOG " + json.dumps(text), flush=True)

app.QMessageBox.warning = shown
told = app.GmtoolApp.report_house_rules

def report(self, house):
    told(self, house)
    print("STATUS " + json.dumps(self.window.status.text()), flush=True)

app.GmtoolApp.report_house_rules = report
from gmtool.startup.launch import main
raise SystemExit(main([]))
"""

LIMIT_S = 240  # a start takes seconds; only a blocked one reaches this


def _broken_data_folder(data: Path, config: Path) -> None:
    tables = data / "tables"
    tables.mkdir(parents=True)
    (tables / "a.toml").write_text(GOOD, encoding="utf-8")
    (tables / "deep.toml").write_text("schema_version = 1\nvalue = " + "[" * 50_000 + "]" * 50_000 + "\n")
    (tables / "huge.toml").write_text("schema_version = 1\n" + "# a long comment\n" * 600_000)
    os.mkfifo(tables / "pipe.toml")
    (tables / "x.toml").mkdir()
    (tables / "latin1.toml").write_bytes("schema_version = 1\n# Café\n".encode("latin-1"))
    config.mkdir(parents=True)
    os.mkfifo(config / "settings.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_the_start_goes_on_and_lists_every_broken_house_rule_file(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    _broken_data_folder(data, config)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GMTOOL_EXIT_AFTER_PAINT="1",
               GMTOOL_DATA_DIR=str(data), GMTOOL_CONFIG_DIR=str(config), LANG="en_GB.UTF-8", LC_ALL="")
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True,
                          timeout=LIMIT_S, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert "painted" in lines
    [dialog] = [json.loads(line[7:]) for line in lines if line.startswith("DIALOG ")]
    [status] = [json.loads(line[7:]) for line in lines if line.startswith("STATUS ")]
    for reason in ("deep.toml (house-rule table) was not read: it is nested too deeply (more than 64 levels).",
                   "huge.toml (house-rule table) was not read: too large: 10.2 MB, the limit for a house-rule "
                   "table is 8 MB.",
                   "latin1.toml (house-rule table) was not read: it is not UTF-8 text (line 2): save it as UTF-8.",
                   "pipe.toml (house-rule table) was not read: it is a pipe (FIFO), not a regular file.",
                   "x.toml (house-rule table) was not read: it is a folder, not a regular file."):
        assert reason in dialog
    assert "a.toml" not in dialog  # the good file is in use
    assert status.startswith("5 house-rule files could not be loaded")
