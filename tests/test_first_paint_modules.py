"""What the first paint does not need is not imported for it (issue 19).

A real start (``gmtool.startup.launch.main``, offscreen, the demo SR5 encounter of a campaign made by
an earlier start, as in ``make bench``) in a child process, which lists the modules it had
imported when its window first painted.
Hidden tabs (the attack panel), the attack rules, the library, the importers, printing, the
dialogs and the other edition load on first use.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = """
import atexit, json, sys
atexit.register(lambda: open(sys.argv[1], "w").write(json.dumps(sorted(sys.modules))))
from gmtool.startup.launch import main
raise SystemExit(main([]))
"""

NOT_FOR_THE_FIRST_PAINT = (
    "gmtool.games.shadowrun.gui.attack_panel",
    "gmtool.games.shadowrun.gui.attack_model",
    "gmtool.games.shadowrun.rules.attack.messages",
    "gmtool.games.shadowrun.rules.attack.plan",
    "gmtool.games.shadowrun.rules.attack.common",
    "gmtool.games.shadowrun.rules.attack.suppression",
    "gmtool.games.shadowrun.rules.damage.resolve",
    "gmtool.games.shadowrun.sr5.rules.decide",
    "gmtool.games.shadowrun.sr4.rules.game",
    "gmtool.games.shadowrun.library.exchange",
    "gmtool.games.shadowrun.importers",
    "gmtool.ui.library_window",
    "gmtool.printing",
    "gmtool.ui.preferences",
    "gmtool.ui.encounter_dialogs",
    "gmtool.games.shadowrun.gui.surprise_dialog",
    "gmtool.games.shadowrun.gui.group_dialog",
    "gmtool.ui.about_dialog",  # Help → About
    "gmtool.share",  # View → Share with players…: the web server, its page, its dialog, the QR code
    "gmtool.ui.share_dialog",
    "segno",
    "PySide6.QtNetwork",
    "gmtool.storage.desktop_entry",  # --install-desktop only
    "PySide6.QtSvg",  # the window icon is read from PNGs
    "importlib.metadata",  # entry points read by gmtool.core.entry_points (pydantic's plugins too)
    "email",  # imported by importlib.metadata
    "_hashlib",  # OpenSSL: pydantic imported without it (gmtool.startup.lean_pydantic)
    "socket",  # the campaign lock names the host with platform.node()
    "html",  # a test result's rich text escapes with it, after the first roll
)


def test_the_first_paint_imports_only_what_it_shows(tmp_path: Path) -> None:
    listing = tmp_path / "modules.json"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GMTOOL_EXIT_AFTER_PAINT="1",
               GMTOOL_DATA_DIR=str(tmp_path / "data"), GMTOOL_CONFIG_DIR=str(tmp_path / "config"))
    for _ in range(2):  # the first start makes the demo campaign (playing its commands), the second opens it
        done = subprocess.run([sys.executable, "-c", CHILD, str(listing)], env=env, capture_output=True, text=True,
                              timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "painted" in done.stdout.splitlines()
    imported = set(json.loads(listing.read_text()))
    assert "gmtool.games.shadowrun.sr5.gui.dice_test_panel" in imported  # the visible test box: built, shown
    assert sorted(m for m in NOT_FOR_THE_FIRST_PAINT if m in imported) == []
