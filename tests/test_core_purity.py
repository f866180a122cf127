"""The rules core and the rulesets never import Qt (product.md: "core/ pure Python").

A fresh interpreter gets an import hook that makes PySide6 and shiboken6
unimportable, then imports every module under ``gmtool.core`` and
every game's ``rules`` package. Running it in a subprocess keeps this test's own process
(where Qt may already be loaded by GUI tests) out of the picture.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    import importlib
    import json
    import pkgutil
    import sys

    BLOCKED = ("PySide6", "shiboken6")

    class QtBlocker:
        def find_spec(self, fullname, path=None, target=None):
            if fullname.split(".")[0] in BLOCKED:
                raise ImportError(f"Qt is blocked in the core: {fullname}")
            return None

    sys.meta_path.insert(0, QtBlocker())

    try:
        import PySide6  # noqa: F401
    except ImportError:
        blocker_works = True
    else:
        blocker_works = False

    imported = []
    failures = {}
    rules = [f"gmtool.games.shadowrun.{part}" for part in ("rules", "sr4.rules", "sr5.rules")]
    for package_name in ("gmtool.core", *rules, "gmtool.games.shadowrun.library", "gmtool.games.shadowrun.importers"):
        package = importlib.import_module(package_name)
        imported.append(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            try:
                importlib.import_module(info.name)
                imported.append(info.name)
            except Exception as exc:  # report every module, not just the first
                failures[info.name] = repr(exc)

    qt_loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    print(json.dumps({
        "blocker_works": blocker_works,
        "imported": imported,
        "failures": failures,
        "qt_loaded": qt_loaded,
    }))
    """
)


def _run_blocked() -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_core_and_rulesets_import_without_qt() -> None:
    result = _run_blocked()
    assert result["blocker_works"] is True, "the import blocker must make PySide6 unimportable"
    assert result["failures"] == {}
    assert result["qt_loaded"] == []
    imported = set(result["imported"])  # type: ignore[arg-type]
    # The walk really reached the modules that matter.
    for module in (
        "gmtool.core.dice",
        "gmtool.games.shadowrun.rules.odds",
        "gmtool.core.journal",
        "gmtool.core.encounter",
        "gmtool.core.session",
        "gmtool.core.i18n",
        "gmtool.games.shadowrun.sr5.rules.decide",
        "gmtool.games.shadowrun.sr5.rules.fold",
        "gmtool.games.shadowrun.sr5.rules.turn",
        "gmtool.games.shadowrun.sr5.rules.describe",
    ):
        assert module in imported
