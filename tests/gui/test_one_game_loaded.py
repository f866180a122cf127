"""Issue 14: a game's modules load when an encounter of that game is opened: an SR5 window never
imports SR4 (only its manifest), and an SR4 window never imports SR5. Each in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

OPEN = textwrap.dedent("""
    import json, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from gmtool.storage.campaign import Campaign
    from gmtool.storage.paths import default_campaign_path
    game = sys.argv[1]
    campaign = Campaign.open(default_campaign_path())
    wanted = next(e.id for e in campaign.encounters() if e.ruleset == game)
    campaign.set_meta("current_encounter", str(wanted))
    campaign.close()
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.main_window import MainWindow
    workspace = Workspace.open(default_campaign_path())
    window = MainWindow(workspace)
    window.show()
    app.processEvents()
    print(json.dumps([workspace.ruleset_key, sorted(m for m in sys.modules if m.startswith("gmtool.games"))]))
""")
MAKE = "from gmtool.storage.workspace import Workspace; Workspace.open_default().close()"


@pytest.mark.parametrize(("game", "other"), [("sr5", "sr4"), ("sr4", "sr5")])
def test_a_window_imports_only_its_own_games_modules(tmp_path: Path, game: str, other: str) -> None:
    env = {**os.environ, "GMTOOL_DATA_DIR": str(tmp_path), "GMTOOL_CONFIG_DIR": str(tmp_path),
           "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-c", MAKE], env=env, check=True)  # both demos written (both games load)
    done = subprocess.run([sys.executable, "-c", OPEN, game], env=env, check=True, capture_output=True, text=True)
    key, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert key == game
    prefix = f"gmtool.games.shadowrun.{other}"
    assert [m for m in loaded if m.startswith(prefix)] == [prefix, f"{prefix}.manifest"]
    assert any(m.startswith(f"gmtool.games.shadowrun.{game}.rules") for m in loaded)
