"""Save screenshots of the main window on the Aura Battler demo duel, and of the player view.

Usage: python tools/screenshot_aura.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py), in the duel's demo: without sizes, README's pictures
``duel-en.png`` and ``duel-ja.png`` (the duel after an attack: every machine allocated, the Lark's attack
on the Hornet rolled with the table's dice, its result in the attack panel), light, 1366 × 728. Given
sizes, every stage for English and Japanese, light and dark, at each size: ``aura-alloc-…`` (two machines
allocated, the third's split half typed in the allocation panel), ``aura-attack-…`` (the Lark aiming at the
Hornet with aura power spent), ``aura-table-…`` (the same in table mode), ``aura-result-…`` (after the roll),
``aura-wreck-…`` (the Hornet destroyed: a wreck on the map, the panel without an enemy to aim at),
``aura-players-…`` and ``aura-players-revealed-…`` (the player view before and after Reveal allocations).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from screenshot_stage import LANGUAGES, WINDOW, application, first_start, open_window, parse_sizes, save, tag

SPLITS = {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0)}


def stages(window) -> Iterator[tuple[str, object]]:  # noqa: ANN001 - a MainWindow on the duel's demo
    """The duel played step by step: after each, the stage's name and the window to photograph."""
    from gmtool.games.aura_battler.rules import duel_messages as m

    for unit, split in SPLITS.items():
        window.run(m.AllocatePP(unit=unit, points=split))
    window.bridge.select("u3")
    window.action("ab_allocate").trigger()
    window.parts.allocation.set_split((3, 0, 1, 0, 0, 0))
    yield "alloc", window
    window.run(m.AllocatePP(unit="u3", points=(5, 0, 0, 0, 0, 0)))
    window.run(m.EditUnit(unit="u2", field="damage", value=10))
    window.bridge.select("u1")
    window.action("ab_attack").trigger()
    panel = window.parts.attack_panel
    panel.aim("u1", "u2")
    panel.aura["aura_attack"].setValue(1)
    panel.aura["aura_power"].setValue(1)
    yield "attack", window
    window.action("ab_table_mode").trigger()
    panel.table.sector.setCurrentIndex(panel.table.sector.findData("BR"))
    panel.table.range.setValue(3)
    yield "table", window
    window.action("ab_table_mode").trigger()
    panel.faces["hit"].setText("2 3")
    panel.faces["damage"].setText("3")  # 6 + 3 − 3: the Hornet 10 → 16 of 18
    window.action("ab_roll_attack").trigger()
    yield "result", window
    window.run(m.EditUnit(unit="u2", field="damage", value=18))  # the Hornet destroyed: a wreck
    yield "wreck", window
    yield from player_view(window)


def player_view(window) -> Iterator[tuple[str, object]]:  # noqa: ANN001
    from gmtool.games.aura_battler.rules import duel_messages as m
    from gmtool.ui.player_view import PlayerView

    players = PlayerView(window.bridge)
    players.resize(window.size())
    players.show()
    yield "players", players
    window.run(m.RevealAllocations())
    yield "players-revealed", players
    players.close()


def shoot(out_dir: Path, language: str, theme: str = "light", size: tuple[int, int] = WINDOW,
          only: str | None = None) -> list[Path]:
    """Every stage as ``aura-<stage>-<tag>.png``; with ``only``, that stage alone as ``duel-<lang>.png``."""
    saved = []
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, "aura_battler", size)
        for name, widget in stages(window):
            if only is None:
                saved.append(save(widget, out_dir / f"aura-{name}-{tag(language, theme, size)}.png"))
            elif name == only:
                saved.append(save(widget, out_dir / f"duel-{language}.png"))
                break
        window.close()
    return saved


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    sizes = parse_sizes(sys.argv[2:])
    application(max(sizes, default=WINDOW))
    for lang in LANGUAGES:
        if not sizes:
            shoot(target, lang, only="result")
        for theme in ("light", "dark") if sizes else ():
            for size in sizes:
                shoot(target, lang, theme, size)
