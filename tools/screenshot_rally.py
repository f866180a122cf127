"""Save screenshots of the main window on the Badlands Rally demo, mid-race (README's ``docs/rally-en.png``, ``-ja``).

Usage: python tools/screenshot_rally.py OUT_DIR [WxH ...]
On a GM's first start (tools/screenshot_stage.py), in the rally's demo: the demo's start taken back and the
initiative rolled (Ctrl+T) each round; every gear declares cruising speed (Ctrl+1) and drives along the
course with the move keys (Alt+Up, Alt+Left, Alt+Right) towards its next checkpoint, then ends its
activation (Space), until the leader has passed a checkpoint; then an attack typed from the table's dice
where one is in reach. The standings, the zones and checkpoints and the attack page's last roll are in
view. Saves rally-en.png and rally-ja.png; given sizes, ``rally-<lang>-<theme>-<W>x<H>.png``.
"""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

from screenshot_stage import WINDOW, first_start, open_window, save, shoot_all

ROUNDS = 3  # rounds driven before the attack (the leader past checkpoint 1 by then)


def drive(window) -> None:  # noqa: ANN001 - a MainWindow on the rally's demo
    """The demo's start taken back; ``ROUNDS`` rounds of every gear driving towards its next checkpoint."""
    window.action("undo").trigger()
    for _ in range(ROUNDS):
        window.action("br_roll_initiative").trigger()
        while window.bridge.state.current is not None:
            gear = window.bridge.state.current
            window.action("br_cruising").trigger()
            steer(window, gear)
            window.action("br_end_activation").trigger()
            if window.bridge.state.current == gear:
                raise RuntimeError(f"{gear}'s activation did not end: {window.status.text()}")


def steer(window, gear: str) -> None:  # noqa: ANN001
    """Alt+arrows: step ahead while that brings the gear nearer its next checkpoint (along the course),
    else turn towards the nearest way there; stop when a step is refused (MR spent, a gear in the way)."""
    from gmtool.core.hex.coords import ahead, turn

    for _ in range(24):
        state = window.bridge.state
        unit = state.gears[gear]
        far = course_distances(state, gear)
        here = far.get(unit.hex, 99)
        if far.get(ahead(unit.hex, unit.facing), 99) < here:
            revision = window.bridge.revision
            window.action("map_ahead").trigger()
            answer_reaction(window)
            if window.bridge.revision == revision:
                return
            continue
        left = min(range(1, 4), key=lambda n: far.get(ahead(unit.hex, turn(unit.facing, -n)), 99) + n / 10)
        right = min(range(1, 4), key=lambda n: far.get(ahead(unit.hex, turn(unit.facing, n)), 99) + n / 10)
        best_left = far.get(ahead(unit.hex, turn(unit.facing, -left)), 99)
        best_right = far.get(ahead(unit.hex, turn(unit.facing, right)), 99)
        if min(best_left, best_right) >= here:
            return
        revision = window.bridge.revision
        window.action("map_left" if best_left <= best_right else "map_right").trigger()
        if window.bridge.revision == revision:
            return


def course_distances(state, gear: str) -> dict:  # noqa: ANN001
    """Each race-course hex's number of steps to the gear's next checkpoint (or the finish), on the course."""
    from gmtool.core.hex.coords import neighbours
    from gmtool.core.hex.map_file import hex_of, labels_of_board
    from gmtool.games.badlands_rally.rules.terrain import kinds

    course, progress = state.course, state.gears[gear].progress
    goal = course.checkpoints[progress.next_checkpoint] if progress.next_checkpoint < len(course.checkpoints) \
        else course.zones["finish"]
    known = kinds()
    board = labels_of_board(course.columns, course.rows)
    others = {g.hex for g in state.gears.values() if g.id != gear}  # two gears never share a hex: around them
    open_hexes = {hex_of(at) for at in board if known[course.terrain.get(at, "normal")].course} - others
    far = {hex_of(at): 0 for at in goal}
    queue = deque(far)
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n in open_hexes and n not in far:
                far[n] = far[h] + 1
                queue.append(n)
    return far


def answer_reaction(window) -> None:  # noqa: ANN001
    """A reaction attack offered to a passive gear (BR-18): let it go (Ctrl+Shift+K)."""
    if window.bridge.state.reaction is not None:
        window.action("br_no_reaction").trigger()


def attack(window) -> None:  # noqa: ANN001 - a MainWindow on the rally's demo
    """The next round's first gear declares cruising speed and attacks the first gear it has a lock on
    (Ctrl+K, the target list, Ctrl+Return) with dice typed from the table: the page keeps its last roll."""
    window.action("br_roll_initiative").trigger()
    window.action("br_cruising").trigger()
    window.action("br_attack").trigger()
    panel = window.parts.attack_panel
    targets = panel.target
    for index in range(targets.count()):
        targets.setCurrentIndex(index)
        if type_dice(window, panel):
            revision = window.bridge.revision
            window.action("br_roll_attack").trigger()
            answer_reaction(window)
            if window.bridge.revision != revision:
                return


def type_dice(window, panel) -> bool:  # noqa: ANN001
    """The table's dice for the attack the page would make (its hits, no damage to spare); False: none to make."""
    from gmtool.games.badlands_rally.rules import race_messages as m

    draft = panel.draft()
    if not isinstance(draft, m.AttackGear):
        return False
    seen = window.bridge.ruleset.attack_preview(window.bridge.state, draft)
    if seen.refusal or not seen.attack_dice:
        return False
    panel.faces["attack"].setText(" ".join("5" * seen.attack_dice))
    panel.faces["defence"].setText(" ".join("2" * seen.defence_dice))
    damage = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft()).damage_dice or 0
    panel.faces["damage"].setText(" ".join(["5", "4"] + ["1"] * max(damage - 2, 0)))
    return True


def shoot(path: Path, language: str, theme: str = "light", size: tuple[int, int] = WINDOW) -> Path:
    with first_start(language, theme, size) as workspace:
        window = open_window(workspace, "badlands_rally", size)
        drive(window)
        attack(window)
        save(window, path)
        window.close()
    return path


if __name__ == "__main__":
    shoot_all("rally", shoot, sys.argv[1:])
