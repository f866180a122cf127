"""The shared page's bytes: its HTML in the reader's language, its style sheet and script (fixed files).

Every word comes from the translation layer and is escaped here; the script writes the fight's names with
``textContent`` only (never as markup), and the only markup it inserts is the map's SVG, whose texts
:mod:`gmtool.printing.map_svg` escapes. The page loads nothing but its own two files (the
Content-Security-Policy of :mod:`gmtool.share.http` allows nothing else).
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import resources

from gmtool.core.i18n import in_language, tr

LANGUAGES = ("en", "ja")
# the texts the script shows, as data-* attributes of <body>: attribute → message key
SCRIPT_TEXTS = {"lost": "share.page.lost", "closed": "share.page.closed", "turn": "share.page.turn_time",
                "over": "share.page.turn_over"}


@cache
def asset(name: str) -> bytes:
    """``page.css`` or ``page.js`` (read once)."""
    return resources.files("gmtool.resources").joinpath("share", name).read_bytes()


def chosen_language(accept_language: str, fallback: str) -> str:
    """The first of the browser's languages gmtool speaks (``Accept-Language``), else ``fallback``."""
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip().lower()
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return fallback


def page_html(language: str) -> bytes:
    """The page: the places the script fills, the words it needs, in ``language``."""
    with in_language(language):
        data = " ".join(f'data-{name}="{escape(tr(key), quote=True)}"' for name, key in SCRIPT_TEXTS.items())
        return (
            f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="color-scheme" content="light dark">'
            f"<title>{escape(tr('share.page.title'))}</title>"
            '<link rel="stylesheet" href="page.css"></head>'
            f"<body {data}>"
            '<header><h1 id="heading"></h1><p id="now"></p><p id="timer" hidden></p><p id="roll"></p>'
            f'<p id="status" role="status">{escape(tr("share.page.connecting"))}</p></header>'
            f'<main><section id="order-part" aria-label="{escape(tr("share.page.order"), quote=True)}">'
            '<ol id="order"></ol></section><figure id="map" hidden></figure></main>'
            f"<noscript><p>{escape(tr('share.page.needs_script'))}</p></noscript>"
            '<script src="page.js"></script></body></html>'
        ).encode()


def message_html(language: str, title_key: str, text: str) -> bytes:
    """A page of one message (the table is full, the link is wrong, the request is refused)."""
    with in_language(language):
        title = tr(title_key)
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f"<title>{escape(title)}</title></head><body><h1>{escape(title)}</h1><p>{escape(text)}</p></body></html>"
    ).encode()
