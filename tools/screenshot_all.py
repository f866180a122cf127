"""Retake every picture README shows (``docs/*.png``): ``make screenshots`` or
``python tools/screenshot_all.py [OUT_DIR]`` (default ``docs``).

Each tool runs in a process of its own (a fresh Qt application on its own 1366 × 768 offscreen screen, see
tools/screenshot_stage.py) and saves README's pictures at the laptop size, English and Japanese, light
theme. A tool that fails stops the run with its error; what it wrote is left for a look.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOOLS = ("screenshot.py", "screenshot_sr4.py", "screenshot_attack.py", "screenshot_rally.py", "screenshot_aura.py",
         "screenshot_editors.py")
# README's pictures, as the tools above name them: what `tests/test_readme_images.py` expects in docs/
PICTURES = tuple(f"{name}-{lang}.png" for name in ("main", "main-sr4", "attack", "rally", "duel", "course-editor",
                                                   "sky-editor") for lang in ("en", "ja"))


def main(out: Path) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")  # each tool gives it its laptop screen
    for tool in TOOLS:
        done = subprocess.run([sys.executable, str(HERE / tool), str(out)], env=env, check=False)
        if done.returncode != 0:
            print(f"{tool} failed ({done.returncode})", file=sys.stderr)
            return done.returncode
    missing = [name for name in PICTURES if not (out / name).is_file()]
    if missing:
        print(f"not made: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))
