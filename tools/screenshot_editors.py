"""Save screenshots of the map editor on the two made-up demo maps (README's ``docs/course-editor-<lang>.png``
and ``docs/sky-editor-<lang>.png``).

Usage: python tools/screenshot_editors.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py) the map editor opens, as Race → Edit course opens it, on
the rally demo's course (zones, three checkpoints clockwise) and on the duel demo's sky, each in the window's
language, at the main window's size (1366 × 728: the editor filling the laptop's screen); English and
Japanese. Given sizes, ``<map>-editor-<lang>-<theme>-<W>x<H>.png``, light and dark.
"""

from __future__ import annotations

import sys
from pathlib import Path

from screenshot_stage import LANGUAGES, WINDOW, application, first_start, open_window, parse_sizes, save, tag

MAPS = {"course": "badlands_rally", "sky": "aura_battler"}


def editor(window, which: str):  # noqa: ANN001, ANN201 - the MapEditorDialog on the encounter's map
    """The editor as the game opens it: the map in play and the game's terrain kinds in the window's language."""
    from gmtool.core.i18n import active_language
    from gmtool.ui.map_editor import MapEditorDialog

    if which == "course":
        from gmtool.games.badlands_rally.rules.terrain import board_kinds

        document = window.bridge.state.course
    else:
        from gmtool.games.aura_battler.rules.terrain import board_kinds

        document = window.bridge.state.sky
    return MapEditorDialog(document, board_kinds(active_language()), window)


def shoot(path: Path, which: str, language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Path:
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, MAPS[which], size)
        dialog = editor(window, which)
        dialog.resize(*size)
        dialog.show()
        dialog.view.fit()
        save(dialog, path)
        dialog.reject()
        window.close()
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    sizes = parse_sizes(sys.argv[2:])
    application(max(sizes, default=WINDOW))
    for lang in LANGUAGES:
        for which in MAPS:
            if not sizes:
                shoot(target / f"{which}-editor-{lang}.png", which, lang)
            for theme in ("light", "dark") if sizes else ():
                for size in sizes:
                    shoot(target / f"{which}-editor-{tag(lang, theme, size)}.png", which, lang, theme, size)
