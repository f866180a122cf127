"""The named colours of the themes: the one place besides the palettes where a colour is written.

Widgets, view models and painted items ask for a tone by name ("error", "physical" …) and get
the value of the theme in use, so the dark theme never shows light-theme red on dark grey.
Each text tone is chosen for a contrast of at least 4.5:1 on its theme's window and base
colours (a test measures it on screenshots). ``ui.theme.apply_theme`` says which theme is in
use; "system" counts as light or dark by the palette's window colour.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtGui import QBrush, QColor, QGuiApplication

Shade = Literal["light", "dark"]

# name: (light theme, dark theme)
TONES: dict[str, tuple[str, str]] = {
    "error": ("#b71c1c", "#ff8a80"),  # refusals, invalid fields
    "warning": ("#7a4a00", "#ffcc80"),  # saved, but something is left off
    "muted": ("#5c5c5c", "#b0b0b0"),  # notes, hints
    "success": ("#1b5e20", "#81c784"),  # a die showing six
    "struck": ("#757575", "#9a9a9a"),  # a die rerolled
    "indicator": ("#5a5a5a", "#b4b4b4"),  # the frame of a tick box
    "physical": ("#c62828", "#ef5350"),  # the physical monitor
    "stun": ("#2851c8", "#6f9cff"),  # the stun monitor
    "invalid_cell": ("#ffcdd2", "#6a2c30"),  # a table cell that is invalid
    "banner_text": ("#3d2200", "#3d2200"),  # the rewound banner: dark on amber in both themes
    "banner_back": ("#ffd180", "#ffd180"),
    "current_back": ("#ffd666", "#ffd666"),  # the acting combatant's row: dark on amber in both
    "current_text": ("#141414", "#141414"),
    "out_text": ("#767676", "#9a9a9a"),  # a combatant out of this pass
    "badge_text": ("#ffffff", "#ffffff"),  # white words on a dark badge (a state in the pass order)
    "chart_success": ("#43a047", "#66bb6a"),  # odds chart: enough hits
    "chart_failure": ("#9e9e9e", "#7d7d7d"),
    "ladder_past": ("#aaaaaa", "#6e6e6e"),  # the pass ladder's cells
    "ladder_acted": ("#969696", "#5f5f5f"),
    "ladder_acting": ("#f5a623", "#9a5a00"),
    "ladder_due": ("#78be6e", "#5a9e50"),
    "ladder_later": ("#c8e6be", "#35512f"),
    "ladder_frame": ("#1e1e1e", "#f0f0f0"),
    "ladder_edge": ("#969696", "#8a8a8a"),
    # The players' screen is dark in every theme (a second screen turned to the table).
    "player_back": ("#181a1e", "#181a1e"),
    "player_row": ("#26292f", "#26292f"),
    "player_row_alt": ("#1f2227", "#1f2227"),
    "player_current_back": ("#ffd666", "#ffd666"),
    "player_text": ("#f0f0f0", "#f0f0f0"),
    "player_current_text": ("#141414", "#141414"),
    "player_done": ("#8c8c8c", "#8c8c8c"),
    "player_physical": ("#d63c3c", "#d63c3c"),
    "player_stun": ("#4678e6", "#4678e6"),
    "player_resource": ("#3cb45a", "#3cb45a"),  # a bar of points left (a duel's action PP)
    "player_neutral": ("#b4b4b4", "#b4b4b4"),  # a count with no meaning of harm or help (passes left)
    # The hex map: the grid, units (players', NPCs'), their facing and the selected one.
    "map_grid": ("#5a5a5a", "#2a2a2a"),
    "map_token": ("#1f4e9a", "#6f9cff"),
    "map_token_npc": ("#8e2424", "#ef7070"),
    "map_token_text": ("#ffffff", "#101010"),
    "map_selected": ("#ffb300", "#ffd666"),
    "map_wreck": ("#6b6b6b", "#9e9e9e"),  # a destroyed or knocked-out unit's disc and plate (its text: map_token_text)
    "map_los_clear": ("#1b8a2e", "#6ee07f"),  # the line of fire: lock, nothing in the way
    "map_los_partial": ("#c77700", "#ffc04d"),  # lock, partial obstruction
    "map_los_blocked": ("#c62828", "#ff6e6e"),  # no lock
    # Six tints a game gives hexes on the map (arcs, sectors, range bands), drawn see-through.
    "map_tint_1": ("#2e7d32", "#66bb6a"),
    "map_tint_2": ("#1565c0", "#64b5f6"),
    "map_tint_3": ("#6a1b9a", "#ba68c8"),
    "map_tint_4": ("#c62828", "#ef5350"),
    "map_tint_5": ("#ef6c00", "#ffb74d"),
    "map_tint_6": ("#00838f", "#4dd0e1"),
}

_chosen: list[Shade] = []  # the theme applied last ("system": decided by the palette, once)
_colours: dict[tuple[str, Shade], QColor] = {}  # painted many times a frame: made once
_brushes: dict[tuple[str, Shade], QBrush] = {}


def use_shade(shade: Shade | None) -> None:
    """The theme in use is light or dark (None: the platform's, read from its palette)."""
    _chosen[:] = [shade] if shade else []


def shade() -> Shade:
    """Light or dark: the theme chosen, else the platform palette's window lightness."""
    if not _chosen:
        app = QGuiApplication.instance()
        window = QGuiApplication.palette().window().color() if app is not None else QColor("#efefef")
        _chosen.append("dark" if window.lightness() < 128 else "light")
    return _chosen[0]


def tone(name: str) -> QColor:
    """The colour ``name`` in the theme in use."""
    key = (name, shade())
    colour = _colours.get(key)
    if colour is None:
        light, dark = TONES[name]
        colour = _colours[key] = QColor(dark if key[1] == "dark" else light)
    return colour  # shared (painted many times a frame): derive with lighter()/darker(), never change it


def brush(name: str) -> QBrush:
    """The tone ``name`` as a brush (a view model's background or foreground role), made once."""
    key = (name, shade())
    found = _brushes.get(key)
    if found is None:
        found = _brushes[key] = QBrush(tone(name))
    return found


def tone_hex(name: str) -> str:
    """The colour ``name`` as ``#rrggbb`` (for rich text)."""
    return tone(name).name()


def see_through(name: str, alpha: int) -> QColor:
    """The tone ``name`` with ``alpha`` (0–255): what lies under it shows through."""
    colour = QColor(tone(name))
    colour.setAlpha(alpha)
    return colour


def with_alpha(colour: QColor, alpha: int) -> QColor:
    """A copy of ``colour`` with ``alpha`` (0–255): a tint, a chip's fill, a tint's hatching."""
    copy = QColor(colour)
    copy.setAlpha(alpha)
    return copy


def data_colour(text: str) -> QColor:
    """A colour a game's data names (``#rrggbb``, a terrain kind's), made once."""
    colour = _data_colours.get(text)
    if colour is None:
        colour = _data_colours[text] = QColor(text)
    return colour


_data_colours: dict[str, QColor] = {}

