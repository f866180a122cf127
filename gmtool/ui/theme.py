"""Light and dark themes: one palette each, on Qt's Fusion style; "system" follows the platform.

The light and dark palettes are gmtool's own, so the tracker looks the same on every
platform; "system" gives the platform back its own style, palette and colour scheme.
Text that carries a meaning (an error, a warning, a note, the rewound banner) asks for a
named tone with :func:`set_tone`, which gives it the theme's colour (``viewmodels.tones``);
a theme change recolours every such widget at once. Tick boxes
get a frame in the tone ``indicator``, visible on the dark theme's dark fields.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

from gmtool.viewmodels.tones import Shade, tone, use_shade

ThemeName = Literal["system", "light", "dark"]
THEMES: tuple[ThemeName, ...] = ("system", "light", "dark")

Role = QPalette.ColorRole
Group = QPalette.ColorGroup

# Each role's colours in the light and the dark theme: (normal, disabled or None for the same)
_PALETTES: tuple[tuple[Role, tuple[str, str | None], tuple[str, str | None]], ...] = (
    (Role.Window, ("#efefef", None), ("#2b2b2e", None)),
    (Role.WindowText, ("#1e1e1e", "#9a9a9a"), ("#e6e6e6", "#7c7c7c")),
    (Role.Base, ("#ffffff", "#f4f4f4"), ("#1f1f22", "#262629")),
    (Role.AlternateBase, ("#f5f5f5", None), ("#2a2a2e", None)),
    (Role.ToolTipBase, ("#ffffdc", None), ("#3a3a3f", None)),
    (Role.ToolTipText, ("#1e1e1e", None), ("#f0f0f0", None)),
    (Role.PlaceholderText, ("#808080", None), ("#8c8c8c", None)),
    (Role.Text, ("#1e1e1e", "#9a9a9a"), ("#e6e6e6", "#7c7c7c")),
    (Role.Button, ("#e6e6e6", None), ("#3a3a3e", None)),
    (Role.ButtonText, ("#1e1e1e", "#9a9a9a"), ("#e6e6e6", "#7c7c7c")),
    (Role.BrightText, ("#d32f2f", None), ("#ff6b6b", None)),
    (Role.Light, ("#ffffff", None), ("#4a4a4f", None)),
    (Role.Midlight, ("#f0f0f0", None), ("#404045", None)),
    (Role.Mid, ("#b8b8b8", None), ("#303034", None)),
    (Role.Dark, ("#a0a0a0", None), ("#1a1a1c", None)),
    (Role.Shadow, ("#505050", None), ("#0c0c0d", None)),
    (Role.Highlight, ("#2f6fb3", "#b0b0b0"), ("#3d7cc9", "#505055")),
    (Role.HighlightedText, ("#ffffff", None), ("#ffffff", None)),
    (Role.Link, ("#1a5fb4", None), ("#6aa8ff", None)),
    (Role.LinkVisited, ("#6a3fa0", None), ("#b48cff", None)),
)
_COLOUR_SCHEMES = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}
_PLATFORM_STYLE = "gmtool_platform_style"  # the style the platform chose, kept on the application


def theme_palette(name: Literal["light", "dark"]) -> QPalette:
    """gmtool's palette for the light or the dark theme."""
    palette = QPalette()
    for role, light, dark in _PALETTES:
        colour, disabled = light if name == "light" else dark
        palette.setColor(Group.All, role, QColor(colour))
        if disabled is not None:
            palette.setColor(Group.Disabled, role, QColor(disabled))
    return palette


TEXT_TONES = ("error", "warning", "muted")


class TickBoxStyle(QProxyStyle):
    """Fusion with a tick box frame in the theme's ``indicator`` tone (readable on dark fields)."""

    FRAMED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck)

    def drawPrimitive(  # noqa: N802 - Qt's name
        self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter, widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in self.FRAMED:
            painter.save()
            painter.setPen(tone("indicator"))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()


def _css(name: str) -> str:
    """The style sheet of a widget shown in tone ``name`` (the theme in use)."""
    if name == "banner":
        return (
            f"color: {tone('banner_text').name()}; background: {tone('banner_back').name()};"
            " font-weight: bold; padding: 2px 8px; border-radius: 3px;"
        )
    return f"color: {tone(name).name()};" if name in TEXT_TONES else ""


def set_tone(widget: QWidget, name: str | None) -> None:
    """Show ``widget``'s text in a named tone (None: the palette's own colour), now and after theme changes."""
    widget.setProperty("tone", name or "")
    widget.setStyleSheet(_css(name) if name else "")


def _retone(app: QApplication) -> None:
    """Every widget shown in a tone takes the new theme's colour for it."""
    for widget in app.allWidgets():
        name = widget.property("tone")
        if name:
            widget.setStyleSheet(_css(str(name)))


def apply_theme(app: QApplication, name: str) -> ThemeName:
    """Give the application this theme ("system", "light" or "dark"); an unknown name is "system".

    Returns the theme applied.
    """
    if app.property(_PLATFORM_STYLE) is None:
        app.setProperty(_PLATFORM_STYLE, app.style().name())
    shade: Shade | None = "light" if name == "light" else "dark" if name == "dark" else None
    if shade is None:
        app.styleHints().unsetColorScheme()
        _set_style(app, str(app.property(_PLATFORM_STYLE)))
        app.setPalette(QPalette())  # an empty palette: the platform's own again
        use_shade(None)
        _retone(app)
        return "system"
    app.styleHints().setColorScheme(_COLOUR_SCHEMES[shade])  # native title bars and dialogs follow
    _set_style(app, "fusion")  # a style that draws every colour of the palette
    app.setPalette(theme_palette(shade))
    use_shade(shade)
    _retone(app)
    return shade


def _set_style(app: QApplication, style: str) -> None:
    if style.lower() == "fusion":
        if not isinstance(app.style(), TickBoxStyle):
            app.setStyle(TickBoxStyle(QStyleFactory.create("fusion")))
    elif isinstance(app.style(), TickBoxStyle) or app.style().name().lower() != style.lower():
        app.setStyle(style)
