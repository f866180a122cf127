"""A key press of the hex games does only the work its change needs (issue 30's key-press ratios).

A step lays out neither the window nor a dock, repaints no label it did not change and leaves the
map alone when nobody moved; the order's cells are copies with the pixels direct painting gives;
a unit's tints are one pass over their hexagons with the colours of two; name plates away from a
move stay where they are.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QToolButton, QVBoxLayout, QWidget

from gmtool.core.hex.board import Board, TerrainKind, Token
from gmtool.core.hex.coords import DIRS, from_offset, label, within
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.ui import hex_map_view, painted_cells
from gmtool.ui.hex_layers import TINT_HATCHING, TINT_INSET, R, centre, hexagon, tint_paths
from gmtool.ui.hex_map_view import HexMapPanel
from gmtool.ui.measured_label import MeasuredLabel
from gmtool.ui.quiet_lines import QuietLines
from gmtool.ui.theme import apply_theme
from gmtool.viewmodels.tones import see_through, with_alpha


class _Seen(QObject):
    """Counts the events of some kinds each watched widget receives."""

    def __init__(self, kinds: tuple[QEvent.Type, ...]) -> None:
        super().__init__()
        self.kinds, self.seen = kinds, []

    def watch(self, *widgets: QWidget) -> _Seen:
        for widget in widgets:
            widget.installEventFilter(self)
        return self

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in self.kinds:
            self.seen.append((watched.objectName() or type(watched).__name__, event.type().name))
        return False


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()
        QApplication.sendPostedEvents()


def _press(window, name: str) -> None:  # noqa: ANN001
    window.action(name).trigger()
    _settle()


def _apart(window, ahead: bool = False) -> None:  # noqa: ANN001
    """The demo's other gears placed away from the Sandhopper (g1, facing north-west), the GM's own moves:
    its steps offer no reaction; ``ahead``: the Dune Pig two hexes ahead of it (in its front arc)."""
    g1 = window.bridge.state.gears["g1"].hex
    places = {"g2": g1 + DIRS[5].scaled(2) if ahead else from_offset(2, 2), "g3": from_offset(28, 2),
              "g4": from_offset(28, 16)}
    for gear, at in places.items():
        assert window.bridge.execute(m.PlaceGear(gear=gear, hex=label(at), facing=5))
    _settle()


def test_a_step_lays_out_neither_the_window_nor_a_dock(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    _apart(window)
    _press(window, "br_cruising")
    seen = _Seen((QEvent.Type.LayoutRequest,)).watch(window, *window.docks.values())
    before = window.bridge.state.gears["g1"].hex
    _press(window, "map_ahead")  # the reasons under the map, the order's standing, the column's MR left change
    assert window.bridge.state.gears["g1"].hex != before
    assert seen.seen == []  # before: the map dock, its dock and the window were laid out again at every move


def test_a_step_repaints_no_label_it_did_not_change(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    panel, dock = window.parts.attack_panel, window.parts.map
    _apart(window, ahead=True)
    _press(window, "br_cruising")
    panel.aim_at("g2")
    seen = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft())
    panel.faces["attack"].setText("1" * seen.attack_dice)  # a miss: nothing waits after it
    panel.faces["defence"].setText("6" * seen.defence_dice)
    _press(window, "br_roll_attack")  # the attack page's last roll shown
    assert panel.last["attack"].isVisible() and window.bridge.state.reaction is None
    unchanged = (panel.last["attack"], dock.arc_legend, dock.panel.legend)
    painted = _Seen((QEvent.Type.Paint,)).watch(*unchanged)
    tabs = _Seen((QEvent.Type.Paint,)).watch(panel.pages.tabBar())
    dock.set_target("g2")  # the line of fire to the Dune Pig under the map
    _settle()
    reasons = dock.reasons.text()
    _press(window, "map_ahead")  # range 2 to 1: the reasons of the line of fire change, the MR left …
    assert dock.reasons.text() != reasons
    assert painted.seen == []  # rich text laid out again for a label beside it repainted these
    assert tabs.seen == []  # the spin-out tab's colour set again repainted the tab bar


def test_a_command_that_moves_nobody_leaves_the_map_as_drawn(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    view = window.parts.map.view
    tints, lines = list(view.tints), list(view.overlay)
    painted = _Seen((QEvent.Type.Paint,)).watch(view.viewport())
    _press(window, "br_cruising")  # a speed declared: nobody moved or turned
    assert window.bridge.state.gears["g1"].speed == "cruising"
    assert view.tints == tints and view.overlay == lines  # the same items, not drawn anew
    assert painted.seen == []  # before: the whole map was repainted at every command


def test_a_step_paints_the_map_once(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    _apart(window)
    _press(window, "br_cruising")
    view = window.parts.map.view
    painted = _Seen((QEvent.Type.Paint,)).watch(view.viewport())
    before = window.bridge.state.gears["g1"].hex
    _press(window, "map_ahead")
    assert window.bridge.state.gears["g1"].hex != before
    assert len(painted.seen) == 1  # before: painting the moved disc set its ring's pen, which asked for a second paint
    disc = view.tokens["g2"]
    disc.setSelected(True)
    assert disc.pen().width() == 3  # the ring is the disc's pen as soon as it is selected, before any paint


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", ["rally_window", "duel_window"])
def test_the_orders_copied_cells_have_the_pixels_of_direct_painting(request, monkeypatch, theme: str, game: str) -> None:  # noqa: ANN001
    window = request.getfixturevalue(game)
    apply_theme(QApplication.instance(), theme)
    try:
        view = window.parts.order_panel.view
        _settle()
        assert view.currentIndex().isValid()  # a selected row (the acting unit's) among the copies
        copied = view.viewport().grab().toImage()
        monkeypatch.setattr(painted_cells.PaintedCells, "paint", lambda _self, painter, option, _content, draw: draw(painter, option))
        direct = view.viewport().grab().toImage()
        assert copied == direct
    finally:
        apply_theme(QApplication.instance(), "light")


def test_a_tint_in_one_pass_has_the_colours_of_its_fill_and_hatching_in_two() -> None:
    at = from_offset(8, 6)
    middle = centre(at)
    hexes = list(within(at, 3))
    for number in (2, 3, 5):  # diagonal, other diagonal and upright lines
        colours = {number: see_through(f"map_tint_{number}", 70)}
        (item,) = tint_paths({h: number for h in hexes}, colours)
        one = QImage(400, 300, QImage.Format.Format_ARGB32_Premultiplied)
        one.fill(QColor("#d9d2b0"))
        painter = QPainter(one)
        painter.translate(200 - middle.x(), 150 - middle.y())
        item.paint(painter, None)  # type: ignore[arg-type]
        painter.end()
        two = QImage(one.size(), one.format())
        two.fill(QColor("#d9d2b0"))
        painter = QPainter(two)
        painter.setPen(Qt.PenStyle.NoPen)
        world = QTransform.fromTranslate(200 - middle.x(), 150 - middle.y())
        painter.setBrushOrigin(world.map(QPoint(0, 0)))
        line = with_alpha(colours[number], 190)
        for brush in (QBrush(colours[number]), QBrush(line, TINT_HATCHING[number])):
            painter.setBrush(brush)
            for h in hexes:
                painter.drawPolygon(world.map(hexagon(h, R - TINT_INSET)).toPolygon())
        painter.end()
        differ = {max(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (0, 8, 16))
                  for y in range(one.height()) for x in range(one.width())
                  if (a := one.pixel(x, y)) != (b := two.pixel(x, y))}
        assert differ <= {1}, (number, differ)  # the same pixels, within rounding


def test_a_rich_label_beside_new_text_is_not_repainted(qtbot) -> None:  # noqa: ANN001
    """Qt's own rich-text label is repainted whenever its layout runs; a MeasuredLabel only when it changes."""
    repainted = {}
    for kind in (QLabel, MeasuredLabel):
        page = QWidget()
        column = QVBoxLayout(page)
        changing, rich = QLabel("Gear 1: 6 MR left"), kind("<b>Last roll</b><br>Gear 1 attacks Gear 2: 4, 2 against 3")
        for shown in (changing, rich):
            shown.setWordWrap(True)
            column.addWidget(shown)
        column.addStretch(1)
        area = QScrollArea()  # as a page of the rally's actions column
        qtbot.addWidget(area)
        area.setWidgetResizable(True)
        area.setWidget(page)
        area.resize(270, 300)
        area.show()
        qtbot.waitExposed(area)
        _settle()
        painted = _Seen((QEvent.Type.Paint,)).watch(rich)
        for left in (5, 4, 3):
            changing.setText(f"Gear 1: {left} MR left")
            _settle()
        repainted[kind] = len(painted.seen)
    assert repainted[QLabel] >= 3 and repainted[MeasuredLabel] == 0


def test_quiet_lines_take_new_text_without_laying_out_their_panel(qtbot) -> None:  # noqa: ANN001
    panel = QWidget()
    qtbot.addWidget(panel)
    column = QVBoxLayout(panel)
    lines, plain = QuietLines(3, "reasons", panel), QLabel(panel)
    plain.setWordWrap(True)
    column.addWidget(lines)
    column.addWidget(plain)
    panel.resize(300, 200)
    panel.show()
    qtbot.waitExposed(panel)
    _settle()
    laid_out = _Seen((QEvent.Type.LayoutRequest,)).watch(panel)
    lines.label.setText("range 18 · Gear 7 is in the front arc · hits Gear 7's front")
    _settle()
    assert laid_out.seen == [] and lines.label.height() == lines.height()
    plain.setText("range 18 · Gear 7 is in the front arc")  # a bare label: its panel laid out again
    _settle()
    assert laid_out.seen


def test_name_plates_away_from_a_move_stay_where_they_are(qtbot, monkeypatch) -> None:  # noqa: ANN001
    kinds = (TerrainKind("open", "Open", "#d9d2b0", "#5a5541"),)  # made-up terrain
    near, far = (Token("u1", from_offset(10, 10), 0, "Demo Sandhopper"), Token("u2", from_offset(11, 10), 0, "Demo Dune Pig")), \
        (Token("u3", from_offset(28, 3), 0, "Demo Rustbucket"),)
    panel = HexMapPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    panel.show_board(Board(32, 20, kinds, {}, near + far))
    view.fit()
    before = {tid: item.plate.pos() for tid, item in view.tokens.items()}
    placed: list[str] = []
    real = hex_map_view.HexMapView._place

    def counted(self, item, *args):  # noqa: ANN001, ANN202
        placed.append(item.data(hex_map_view.TOKEN_ROLE))
        return real(self, item, *args)

    monkeypatch.setattr(hex_map_view.HexMapView, "_place", counted)
    view.show_tokens((replace(near[0], hex=from_offset(10, 11)), near[1], *far))  # u1 one hex south
    assert placed == ["u1", "u2"]  # u2's plate lies within u1's reach: placed again; u3's far away: not
    assert view.tokens["u3"].plate.pos() == before["u3"]
    assert view.tokens["u1"].plate.pos() != before["u1"]


def test_the_fight_bar_follows_its_actions_without_laying_out_the_window(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    bar = window.fight_bar
    undo, top = bar.findChild(QToolButton, "button_undo"), bar.findChild(QToolButton, "button_br_top")
    laid_out = _Seen((QEvent.Type.LayoutRequest,)).watch(window, bar)
    window.action("undo").setToolTip("Undo Demo step (Ctrl+Z)")  # as Undo names what it would take back
    window.action("br_top").setEnabled(False)
    _settle()
    assert undo.toolTip() == "Undo Demo step (Ctrl+Z)" and not top.isEnabled()  # the buttons show it …
    assert laid_out.seen == []  # … and nothing is laid out again (before: the bar, then the whole window)
    window.action("br_top").setEnabled(True)
    window.action("br_top").setVisible(False)  # a button hidden or shown: the bar is laid out again
    _settle()
    assert not top.isVisible()
    window.action("br_top").setVisible(True)
    _settle()
    assert top.isVisible() and top.isEnabled()


def test_a_step_works_out_nothing_on_the_pages_behind(rally_window, monkeypatch) -> None:  # noqa: ANN001
    from gmtool.games.badlands_rally.gui.move_box import MoveBox
    from gmtool.games.badlands_rally.gui.push_box import PushBox

    window = rally_window
    panel = window.parts.attack_panel
    _apart(window)
    _press(window, "br_cruising")
    assert panel.page() == "attack"
    filled: list[str] = []
    for box in (MoveBox, PushBox):
        real = box.show_gear
        monkeypatch.setattr(box, "show_gear", lambda self, state, real=real, name=box.__name__: (filled.append(name), real(self, state))[1])
    _press(window, "map_ahead")
    _press(window, "map_ahead")
    assert filled == []  # before: both boxes worked out their dice and odds at every key, behind the attack page
    panel.show_page("moves")  # in front: brought up to date once, with the MR the steps left
    assert filled == ["MoveBox"]
    gear = window.bridge.state.gears["g1"]
    assert gear.mr_left < 6 and "Burn rubber" in panel.moves.odds.text()
    window.action("br_push").trigger()  # a deed's key: its page up to date before it acts
    assert filled == ["MoveBox", "PushBox"] and panel.page() == "push"


def test_a_preview_made_again_for_the_same_dice_works_out_no_odds_again(rally_window, monkeypatch) -> None:  # noqa: ANN001
    from gmtool.games.badlands_rally.rules import race_attack

    race_attack.attack_odds.cache_clear()
    worked: list[tuple[int, ...]] = []
    real = race_attack.opposed
    monkeypatch.setattr(race_attack, "opposed", lambda *args: (worked.append(args[:4]), real(*args))[1])
    window = rally_window
    panel = window.parts.attack_panel
    _apart(window, ahead=True)
    _press(window, "br_cruising")
    panel.aim_at("g2")
    first = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft())
    _press(window, "map_right")  # a turn in place: the same dice, the same odds
    again = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft())
    assert (again.attack_dice, again.defence_dice, again.success) == (first.attack_dice, first.defence_dice, first.success)
    assert len(worked) == 1  # before: the odds worked out anew at every key (and by every panel asking)


def test_an_activation_moves_nothing_in_the_actions_column(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    panel = window.parts.attack_panel
    _apart(window, ahead=True)
    panel.aim_at("g2")
    _settle()
    keys = ("br_cruising", "map_ahead", "map_back", "br_end_activation")
    for key in keys:  # whose the column is, the plan and the odds: one line, then two, then one …
        _press(window, key)
    assert window.bridge.state.current == "g2"  # the next gear's activation: texts no longer than those shown
    resized = _Seen((QEvent.Type.Resize,)).watch(panel.pages, panel.plan, panel.odds, panel.whose)
    for key in keys:
        _press(window, key)
    assert window.bridge.state.current == "g3"
    assert resized.seen == []  # before: the pages shrank and grew with whose line (each time the page repainted whole)
    assert panel.whose.text() and panel.whose.height() >= panel.whose.heightForWidth(panel.whose.width())  # whole


def test_a_tallest_label_keeps_the_height_of_its_longest_text(qtbot) -> None:  # noqa: ANN001
    from gmtool.ui.measured_label import TallestLabel

    label = TallestLabel()
    qtbot.addWidget(label)
    label.setText("Gear 1")
    one = label.heightForWidth(120)
    label.setText("Gear 1: cruising, 6 MR left, 2 of 2 actions left")
    two = label.heightForWidth(120)
    label.setText("Gear 2")
    assert two > one and label.heightForWidth(120) == two  # the room a longer text took is kept …
    assert label.heightForWidth(900) == one  # … at that width only (a wider column measures afresh)


def test_a_duel_attack_plans_the_next_attack_once(duel_window, monkeypatch) -> None:  # noqa: ANN001
    from gmtool.games.aura_battler.gui.attack_panel import AttackPanel
    from gmtool.games.aura_battler.rules import duel_messages as dm

    window = duel_window
    for unit, split in {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}.items():
        assert window.bridge.execute(dm.AllocatePP(unit=unit, points=split))
    window.action("ab_attack").trigger()
    panel = window.parts.attack_panel
    panel.aim("u1", "u2")
    panel.faces["hit"].setText("66")  # a miss typed: the duel goes on
    _settle()
    entries = len(window.bridge.encounter.entries)
    planned: list[str] = []
    real = AttackPanel._warn  # the first step of each refresh that works
    monkeypatch.setattr(AttackPanel, "_warn", lambda self: (planned.append("refresh"), real(self))[1])
    panel.roll.click()
    _settle()
    assert len(window.bridge.encounter.entries) == entries + 1 and panel.faces["hit"].text() == ""
    assert planned == ["refresh"]  # before: the change, then the typed dice cleared, planned it twice
    assert panel.roll.isEnabled() and panel.odds.text()  # the next attack's odds, shown


def test_a_step_measures_no_header_of_the_order(rally_window, monkeypatch) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QHeaderView

    window = rally_window
    _apart(window)
    _press(window, "br_cruising")
    asked: list[int] = []
    real = QHeaderView.sectionSizeHint
    monkeypatch.setattr(QHeaderView, "sectionSizeHint", lambda self, column: (asked.append(column), real(self, column))[1])
    _press(window, "map_ahead")
    header = window.parts.order_panel.view.horizontalHeader()
    assert asked == []  # before: every header but the last measured at every key (their words had not changed)
    kept = window.parts.order_panel._header_widths(header, header.count() - 1)
    assert kept == tuple(real(header, c) for c in range(header.count() - 1))  # what a measure now gives
