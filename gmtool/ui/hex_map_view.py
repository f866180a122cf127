"""A hex board drawn for the GM (QGraphicsView): terrain per kind with a legend, units as tokens with
name, facing arrow and damage (a unit out of the fight: a grey wreck crossed out), pan (drag) and zoom
(wheel, ``+``/``-``, ``0`` fits the window).

It draws a :class:`gmtool.core.hex.board.Board` and reports what the GM points at
(``hexClicked``, ``tokenSelected``); moving and turning units are the game's commands, never done
here. Flat-top hexes, centre of axial ``(q, r)`` at ``(1.5·R·q, √3·R·(r + q/2))``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QPen, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QStyle,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.hex.board import Board, Token
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.sight import Sight
from gmtool.ui.hex_layers import R, TerrainLayer, centre, facing_arrow, hex_at, hexagon, tint_paths, zone_layer
from gmtool.ui.map_labels import (
    LABEL_POINTS,
    PLATE_OVER_DISCS_Z,
    PLATE_Z,
    SELECTED_PLATE_Z,
    choose,
    leader_line,
    name_plate,
    number_badge,
    reach,
)
from gmtool.ui.map_legend import legend_html, legend_label, zone_entries
from gmtool.viewmodels.tones import data_colour, see_through, shade, tone

__all__ = ["R", "HexMapPanel", "HexMapView", "centre", "hex_at"]

ZOOM_STEP = 1.25
TINT_ALPHA = 70  # of 255: the terrain shows through a tint (its hatching tells it from terrain)
TOKEN_ROLE = 1  # item data key: the token id
NUMBER_Z = 1.4  # a zone's number: over the tints and under the names and units
STEP_KEYS = {Qt.Key.Key_Up: "ahead", Qt.Key.Key_Down: "back", Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right"}


class _TokenItem(QGraphicsEllipseItem):
    """A unit's disc: selected, it gets a ring in the selection tone (not Qt's dashed box). Its name plate
    (and the leader to it) are items of their own below every disc (a neighbour's plate never hides a
    disc) that follow a drag. The ring's pen is set when the selection changes (set while painting, it
    asked for a second paint of the disc after every paint that changed it)."""

    plate: QGraphicsRectItem | None = None
    leader: QGraphicsLineItem | None = None
    arrow: QGraphicsPolygonItem | None = None  # its facing (none on a wreck)
    bar: QGraphicsRectItem | None = None  # its damage (none unhurt)

    def ring(self) -> None:
        """The outline for the selection now: the selection tone's ring, or the grid's line."""
        self.setPen(QPen(tone("map_selected"), 3) if self.isSelected() else QPen(tone("map_grid"), 1))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        plain = QStyleOptionGraphicsItem(option)
        plain.state &= ~QStyle.StateFlag.State_Selected
        super().paint(painter, plain, widget)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:  # noqa: N802 - Qt API
        if self.plate is not None and change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            self.plate.setPos(self.plate.data(0) + self.rect().center() + self.pos())
            if self.leader is not None:
                self.leader.setPos(self.pos())
        elif change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self.ring()
            if self.plate is not None:
                self.plate.setZValue(SELECTED_PLATE_Z if self.isSelected() else PLATE_Z)  # above the other plates
        return super().itemChange(change, value)


def _token_tone(token: Token) -> str:
    """A unit's disc and plate: grey when out of the fight, else its side's (NPC or not)."""
    return "map_wreck" if token.out else "map_token_npc" if token.npc else "map_token"


def _wreck_cross(c: QPointF, disc: QGraphicsItem) -> None:
    """A wreck's mark: a cross over its disc in the harm tone, edged in the plate's text tone (read at a
    glance on the grey disc, in both themes)."""
    arm = R * 0.42
    for colour, width in (("map_token_text", R * 0.26), ("physical", R * 0.14)):
        pen = QPen(tone(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for dx in (arm, -arm):
            QGraphicsLineItem(c.x() - dx, c.y() - arm, c.x() + dx, c.y() + arm, disc).setPen(pen)


class HexMapView(QGraphicsView):
    """The board; ``show_board`` draws it anew (the game says when)."""

    hexClicked = Signal(object)  # Hex
    tokenSelected = Signal(str)
    tokenDropped = Signal(str, object)  # token id, the Hex it was dragged onto
    stepRequested = Signal(str)  # "ahead", "back", "left", "right": the arrow keys, a token selected
    turnRequested = Signal(int)  # -1 / +1 hex side: Shift+Left/Right, the GM turning a token freely

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hexMapView")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.board: Board | None = None
        self.terrain: TerrainLayer | None = None
        self.tokens: dict[str, _TokenItem] = {}
        self.overlay: list[QGraphicsItem] = []  # the line of fire drawn last
        self.tints: Sequence[QGraphicsItem] = []  # arcs, sectors or range bands of the selected unit
        self.movable = True  # tokens may be dragged (a drop is reported, the game decides)
        self.label_points = LABEL_POINTS  # the names' size on screen (the players' map: larger)
        self.zones: QGraphicsItem | None = None  # the areas the game marks (start, finish, checkpoints …)
        self.numbers: list[tuple[QGraphicsItem, tuple[Hex, ...]]] = []  # each numbered zone's number
        self._pressed: str | None = None  # the token under the mouse button, if any
        self._fitting = False  # the board is fitted to the window (again after each resize) until a zoom
        self._tints: Mapping[Hex, int] = {}  # the tints drawn now
        self._plates: dict[str, tuple[tuple[object, ...], QRectF]] = {}  # each plate's place and what it was placed for
        self._sight: Sight | None = None  # the line of fire drawn now
        self.scene().selectionChanged.connect(self._selection_changed)

    # -- drawing ------------------------------------------------------------------------
    def show_board(self, board: Board) -> None:
        scene = self.scene()
        scene.blockSignals(True)
        scene.clear()
        scene.blockSignals(False)
        self.board, self.tokens, self.overlay, self.tints = board, {}, [], []
        self._tints, self._sight = {}, None
        dark = shade() == "dark"
        colours = {kind.key: data_colour(kind.dark if dark else kind.light) for kind in board.kinds}
        first = board.kinds[0].key
        plain = colours[board.kinds[0].key]  # a kind the game does not have (a damaged file): the first kind's
        self.terrain = TerrainLayer({h: colours.get(board.terrain.get(h, first), plain) for h in board.hexes()},
                                    tone("map_grid"))
        scene.addItem(self.terrain)
        self._show_zones(board)
        for token in board.tokens:
            self.tokens[token.id] = self._token(token)
        scene.setSceneRect(self.terrain.boundingRect().adjusted(-R, -R, R, R))
        self._place_numbers()
        self.declutter()

    def _show_zones(self, board: Board) -> None:
        """The game's marked areas over the terrain (one cached layer), each number on a small disc."""
        self.zones, self.numbers = None, []
        if not board.zones:
            return
        self.zones = zone_layer((zone.hexes, tone(f"map_tint_{zone.tint}"), zone.number is not None) for zone in board.zones)
        self.scene().addItem(self.zones)
        for zone in board.zones:
            if zone.number is not None and zone.hexes:
                badge = number_badge(str(zone.number), self.label_points, tone(f"map_tint_{zone.tint}"),
                                     tone("map_token_text"))
                badge.setZValue(NUMBER_Z)
                self.scene().addItem(badge)
                self.numbers.append((badge, zone.hexes))

    def _place_numbers(self) -> None:
        """Each zone's number on its middle hex, or the free hex nearest it when a unit stands there."""
        taken = {token.hex for token in self.board.tokens} if self.board is not None else set()
        for badge, hexes in self.numbers:
            middle = len(hexes) // 2
            free = sorted(range(len(hexes)), key=lambda n: abs(n - middle))
            at = next((hexes[n] for n in free if hexes[n] not in taken), hexes[middle])
            badge.setPos(centre(at))

    def show_tokens(self, tokens: tuple[Token, ...]) -> None:
        """The units anew (moved, turned, hurt, joined or gone) without drawing the terrain again: only
        the units whose token changed are drawn again (a step redraws one disc), a unit that only moved
        or turned keeps its disc and name (moved and turned in place). The selection stays on the same
        unit."""
        before = {token.id: token for token in self.board.tokens} if self.board is not None else {}
        selected = {tid for tid, item in self.tokens.items() if item.isSelected()}
        scene = self.scene()
        scene.blockSignals(True)
        kept = {t.id for t in tokens if t.id in self.tokens and self._kept(self.tokens[t.id], before.get(t.id), t)}
        for tid, item in self.tokens.items():
            if tid not in kept:
                for part in (item, item.plate, item.leader):
                    if part is not None:
                        scene.removeItem(part)
        self.tokens = {token.id: self.tokens[token.id] if token.id in kept else self._token(token) for token in tokens}
        for tid in selected & set(self.tokens):
            self.tokens[tid].setSelected(True)
        scene.blockSignals(False)
        if self.board is not None:
            self.board = replace(self.board, tokens=tokens)
        if self.numbers:
            self._place_numbers()
        self.declutter()

    @staticmethod
    def _kept(item: _TokenItem, was: Token | None, token: Token) -> bool:
        """Whether the unit's disc shows ``token`` as it is or after moving it in place (only its hex or
        facing changed, and it is no wreck)."""
        if was == token:
            return True
        if was is None or token.out or item.arrow is None or replace(was, hex=token.hex, facing=token.facing) != token:
            return False
        c = centre(token.hex)
        item.setRect(c.x() - R * 0.62, c.y() - R * 0.62, R * 1.24, R * 1.24)
        item.arrow.setPolygon(facing_arrow(token.hex, token.facing))
        if item.bar is not None:
            item.bar.setRect(c.x() - R * 0.5, c.y() + R * 0.3, R * min(token.damage, 1.0), R * 0.16)
        return True

    def _token(self, token: Token) -> _TokenItem:
        c = centre(token.hex)
        disc = _TokenItem(c.x() - R * 0.62, c.y() - R * 0.62, R * 1.24, R * 1.24)
        colour = tone(_token_tone(token))  # a wreck's disc and plate grey
        disc.setBrush(QBrush(colour))
        disc.ring()
        disc.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        disc.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, self.movable)
        disc.setData(TOKEN_ROLE, token.id)
        disc.setZValue(2)
        disc.setToolTip(token.name)
        self.scene().addItem(disc)
        if token.out:  # a wreck: a cross over a grey disc, no facing, no damage bar
            _wreck_cross(c, disc)
        else:
            arrow = disc.arrow = QGraphicsPolygonItem(facing_arrow(token.hex, token.facing), disc)
            arrow.setBrush(QBrush(tone("map_selected")))
            arrow.setPen(QPen(Qt.PenStyle.NoPen))
        if token.damage > 0 and not token.out:  # a bar across the disc's foot: how hurt
            bar = disc.bar = QGraphicsRectItem(c.x() - R * 0.5, c.y() + R * 0.3, R * min(token.damage, 1.0), R * 0.16, disc)
            bar.setBrush(QBrush(tone("physical")))
            bar.setPen(QPen(Qt.PenStyle.NoPen))
        disc.plate = name_plate(token.name, self.label_points, colour, tone("map_token_text"))
        self.scene().addItem(disc.plate)
        disc.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        return disc

    # -- the line of fire ----------------------------------------------------------------------
    def show_sight(self, sight: Sight) -> None:
        """The thread from attacker to target coloured by the verdict (dashed beyond the first
        blocker crossed), crossed blockers outlined, grazed edges and touched vertices marked. The
        same sight again draws nothing anew."""
        if self.overlay and sight == self._sight:
            return
        self.clear_overlay()
        self._sight = sight
        verdict = "map_los_blocked" if not sight.lock else "map_los_partial" if sight.obstruction == "partial" else "map_los_clear"
        colour = tone(verdict)
        start, end = centre(sight.attacker), centre(sight.target)
        crossed = [b.hex for b in sight.blockers if b.where == "crossed"]
        stop = centre(crossed[0]) if crossed else end
        self._add(self.scene().addLine(start.x(), start.y(), stop.x(), stop.y(), QPen(colour, 3)))
        if crossed:
            dashed = QPen(colour, 2, Qt.PenStyle.DashLine)
            self._add(self.scene().addLine(stop.x(), stop.y(), end.x(), end.y(), dashed))
        outline = QPen(tone("map_los_blocked"), 3)
        for h in crossed:
            self._add(self.scene().addPolygon(hexagon(h, R - 2), outline))
        for left, right in sight.line.divided:
            a, b = centre(left.hex), centre(right.hex)
            mid, along = (a + b) / 2, QPointF(-(b - a).y(), (b - a).x())
            scale = (R / 2) / math.hypot(along.x(), along.y())
            p, q = mid + along * scale, mid - along * scale
            self._add(self.scene().addLine(p.x(), p.y(), q.x(), q.y(), QPen(colour, 4)))
        for touch in sight.line.touches:
            point = centre(touch.at) / 3
            self._add(self.scene().addEllipse(point.x() - 3, point.y() - 3, 6, 6, QPen(colour, 1), QBrush(colour)))

    def show_tints(self, tints: Mapping[Hex, int]) -> None:
        """See-through tints (1–6, the game's meaning: an arc, a sector, a range band) on hexes. The same
        tints again (a command that moved nobody) are left as drawn."""
        if tints == self._tints:
            return
        self._tints = dict(tints)
        for item in self.tints:
            self.scene().removeItem(item)
        colours = {number: see_through(f"map_tint_{number}", TINT_ALPHA) for number in set(tints.values())}
        self.tints = tint_paths(tints, colours)
        for item in self.tints:
            self.scene().addItem(item)

    def clear_overlay(self) -> None:
        for item in self.overlay:
            self.scene().removeItem(item)
        self.overlay = []
        self._sight = None

    def _add(self, item: QGraphicsItem) -> None:
        item.setZValue(3)
        self.overlay.append(item)

    # -- what the GM points at -------------------------------------------------------------
    def select_token(self, token_id: str | None) -> None:
        """Select ``token_id``'s token (None: none), as the order list or the sheet did. The same selection
        again changes nothing (a disc selected or not repaints itself)."""
        if any(item.isSelected() != (tid == token_id) for tid, item in self.tokens.items()):
            scene = self.scene()
            scene.blockSignals(True)  # one unit selected at a time: no report of a passing state with two
            for tid, item in self.tokens.items():
                item.setSelected(tid == token_id)
            scene.blockSignals(False)
            self.declutter()
        if token_id in self.tokens:
            self.tokenSelected.emit(token_id)

    def _selection_changed(self) -> None:
        self.declutter()
        chosen = [item.data(TOKEN_ROLE) for item in self.scene().selectedItems() if item.data(TOKEN_ROLE)]
        if chosen:
            self.tokenSelected.emit(chosen[0])

    def selected_token(self) -> str | None:
        return next((tid for tid, item in self.tokens.items() if item.isSelected()), None)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        super().mousePressEvent(event)
        pressed = self.scene().mouseGrabberItem()
        self._pressed = pressed.data(TOKEN_ROLE) if pressed is not None else None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        super().mouseReleaseEvent(event)
        item = self.tokens.get(self._pressed) if self._pressed else None
        self._pressed = None
        if item is not None and not item.pos().isNull():  # dragged: report the drop, the game decides
            tid = item.data(TOKEN_ROLE)
            item.setPos(0, 0)
            dropped = hex_at(self.mapToScene(event.position().toPoint()))
            if self.board is not None and dropped != next(t.hex for t in self.board.tokens if t.id == tid):
                self.tokenDropped.emit(tid, dropped)
            return
        if event.button() == Qt.MouseButton.LeftButton:
            h = hex_at(self.mapToScene(event.position().toPoint()))
            if self.on_board(h):
                self.hexClicked.emit(h)

    def on_board(self, h: Hex) -> bool:
        if self.board is None:
            return False
        return on_board(h, self.board.columns, self.board.rows)

    # -- zoom -----------------------------------------------------------------------------
    def zoom(self, factor: float) -> None:
        self._fitting = False
        self.scale(factor, factor)
        self.declutter()

    def fit(self) -> None:
        """The whole board in the window, kept so as the window is resized until the GM zooms."""
        self._fitting = True
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.declutter()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._fitting:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self.declutter()

    # -- name plates that would cover one another -------------------------------------------
    def declutter(self) -> None:
        """Each unit's name where it covers no other unit's disc and no name placed before it, the
        selected unit's first (:mod:`gmtool.ui.map_labels`); a plate standing off its disc gets a
        leader. Every unit keeps its name: with no clear place, the one covering least (the selected
        unit's then drawn over the discs, read whole). A plate whose disc, size, room and neighbours
        within its reach are as when it was placed stays where it is (a move places the plates near it)."""
        discs = {tid: QRectF(self.mapFromScene(item.sceneBoundingRect()).boundingRect()) for tid, item in self.tokens.items()}
        room = QRectF(self.viewport().rect())
        placed: list[QRectF] = []
        memo: dict[str, tuple[tuple[object, ...], QRectF]] = {}
        for tid, item in sorted(self.tokens.items(), key=lambda pair: not pair[1].isSelected()):
            plate = item.plate
            if plate is None:
                continue
            disc, size = discs[tid], plate.rect().size()
            area = reach(disc, size)
            near = [rect for other, rect in discs.items() if other != tid and rect.intersects(area)]
            names = [rect for rect in placed if rect.intersects(area)]
            key = (plate, disc.getRect(), room.getRect(), item.isSelected(), tuple(rect.getRect() for rect in near + names))
            found = self._plates.get(tid)
            if found is not None and found[0] == key:
                rect = found[1]  # placed for the same: where it stands
            else:
                rect = self._place(item, disc, near, names, room)
            memo[tid] = (key, rect)
            placed.append(rect)
        self._plates = memo

    def _place(self, item: _TokenItem, disc: QRectF, discs: list[QRectF], names: list[QRectF], room: QRectF) -> QRectF:
        """The unit's plate at its clearest place round ``disc`` (``discs``, ``names``: the other units' discs
        and the plates placed before it, within its reach)."""
        plate = item.plate
        assert plate is not None
        rect, ring, crowded = choose(disc, plate.rect().size(), discs + names, room)
        over_discs = crowded and item.isSelected() and any(rect.intersects(other) for other in discs)
        plate.setZValue(PLATE_OVER_DISCS_Z if over_discs else SELECTED_PLATE_Z if item.isSelected() else PLATE_Z)
        at = self.mapToScene(rect.center().toPoint())
        middle = item.rect().center()
        plate.setData(0, at - middle - item.pos())  # from its disc: a drag moves it on from there
        plate.setPos(at)
        self._lead(item, at, ring > 0)
        return rect

    def _lead(self, item: _TokenItem, plate_at: QPointF, needed: bool) -> None:
        """The leader from the disc's centre to a plate standing off it (the disc hides its start)."""
        leader = item.leader
        if leader is None and needed:  # made on first need: most plates stand beside their discs
            leader = item.leader = leader_line(item.brush().color())
            self.scene().addItem(leader)
        if leader is None:
            return
        leader.setVisible(needed)
        if needed:
            leader.setPos(item.pos())
            leader.setLine(QLineF(item.rect().center(), plate_at - item.pos()))

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        self.zoom(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom(1 / ZOOM_STEP)
        elif key == Qt.Key.Key_0:
            self.fit()
        elif key in STEP_KEYS and self.selected_token() is not None:
            shifted = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            if shifted and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                self.turnRequested.emit(-1 if key == Qt.Key.Key_Left else 1)
            else:
                self.stepRequested.emit(STEP_KEYS[Qt.Key(key)])
        else:
            super().keyPressEvent(event)


class HexMapPanel(QWidget):
    """The map with its legend under it (one swatch and name per terrain kind, wrapping)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = HexMapView(self)
        self.legend = legend_label(self, "mapLegend")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)

    def show_board(self, board: Board) -> None:
        self.view.show_board(board)
        dark = shade() == "dark"
        kinds = [(data_colour(k.dark if dark else k.light), k.label) for k in board.kinds]
        self.legend.setText(legend_html([*kinds, *zone_entries(board.zones)]))
        self.legend.setToolTip("\n".join(label for _colour, label in [*kinds, *zone_entries(board.zones)]))
