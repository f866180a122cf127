"""The report as one HTML document (pure Python; also what the PDF is laid out from).

The markup stays within what Qt's rich-text engine renders (tables, headings,
paragraphs, simple CSS), so the same text prints through ``QTextDocument``.
Every text is escaped; the document declares its language for the fonts.
"""

from __future__ import annotations

from html import escape
from typing import Literal

from gmtool.core.display import BreakdownPart
from gmtool.printing.map_picture import picture
from gmtool.printing.map_svg import picture_svg
from gmtool.printing.report import EventLine, Report, ReportLabels, RoundSection, SnapshotRow, breakdown_rows

# Font families tried in order: a Latin face first (its digits and letters map back to text in a
# PDF), then Japanese faces for kana and kanji (Qt falls back to them glyph by glyph).
LATIN_FONTS = ("Noto Sans", "DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial")
CJK_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "Yu Gothic", "Hiragino Sans", "Meiryo")
FONT_FAMILIES = LATIN_FONTS + CJK_FONTS


# The map's inks on paper (the light theme's map tones: print is always light).
MAP_INKS: dict[str, str] = {
    "grid": "#5a5a5a", "token": "#1f4e9a", "token_npc": "#8e2424", "token_text": "#ffffff",
    "damage": "#c62828", "text": "#111111", "wreck": "#6b6b6b", "paper": "#ffffff",
    # a marked area's ink by its tint (the map's six tints, as the light theme draws them)
    "zone_1": "#2e7d32", "zone_2": "#1565c0", "zone_3": "#6a1b9a", "zone_4": "#c62828", "zone_5": "#ef6c00",
    "zone_6": "#00838f",
}
MAP_ANCHOR = "gmtool-map-{index}"  # a map's place in the document the PDF is laid out from (see .map_paint)
Maps = Literal["svg", "slots"]


def font_stack() -> str:
    return ", ".join(f'"{family}"' for family in FONT_FAMILIES) + ", sans-serif"


STYLE = """
body {{ font-family: {fonts}; font-size: 10pt; color: #111; }}
h1 {{ font-size: 16pt; margin-bottom: 2pt; }}
h2 {{ font-size: 13pt; margin-top: 14pt; margin-bottom: 4pt; border-bottom: 1px solid #888; }}
h3 {{ font-size: 10.5pt; margin-top: 8pt; margin-bottom: 3pt; }}
p.subtitle {{ color: #444; margin-top: 0; }}
table.snapshot {{ border-collapse: collapse; margin-bottom: 6pt; }}
table.snapshot th, table.snapshot td {{ border: 1px solid #999; padding: 2px 5px; }}
table.snapshot th {{ background-color: #e6e6e6; }}
tr.current td {{ background-color: #ffe08a; font-weight: bold; }}
p.event {{ margin-top: 3pt; margin-bottom: 0; }}
p.heading {{ font-weight: bold; margin-top: 7pt; }}
span.seq {{ color: #777; }}
p.breakdown {{ margin-top: 0; margin-bottom: 0; margin-left: 24px; font-size: 8.5pt; color: #333; }}
p.part {{ margin-top: 1pt; margin-bottom: 0; margin-left: 24px; font-size: 8.5pt; font-weight: bold; color: #333; }}
p.inner {{ margin-top: 0; margin-bottom: 0; margin-left: 44px; font-size: 8.5pt; color: #333; }}
"""


def render_html(report: Report, maps: Maps = "svg") -> str:
    """The whole report as an HTML document (UTF-8 text).

    A section's map is inline SVG (``maps="svg"``: the HTML file), or, for the PDF and the printout,
    an empty slot (``"slots"``: a paragraph holding an anchor named :data:`MAP_ANCHOR` with the
    section's index) that :mod:`.map_paint` fills with the map drawn by Qt: Qt's rich text draws no SVG.
    """
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(report.language)}"><head><meta charset="utf-8">',
        f"<title>{escape(report.title)}</title>",
        f"<style>{STYLE.format(fonts=font_stack())}</style></head><body>",
        f"<h1>{escape(report.title)}</h1>",
        f'<p class="subtitle">{escape(report.subtitle)}</p>',
    ]
    for index, section in enumerate(report.rounds):
        parts.extend(_section(section, report.labels))
        if section.board is not None:
            parts.extend(_map(section, index, maps))
    parts.extend(_party(report))
    parts.append("</body></html>")
    return "\n".join(parts)


def _section(section: RoundSection, labels: ReportLabels) -> list[str]:
    out = [f"<h2>{escape(section.title)}</h2>"]
    if section.snapshot:
        out.append(f"<h3>{escape(section.snapshot_title)}</h3>")
        out.append(_snapshot_table(section.snapshot, labels))
    out.append(f"<h3>{escape(labels.events)}</h3>")
    if not section.events:
        out.append(f'<p class="event">{escape(labels.no_events)}</p>')
    out.extend(_event(line, labels) for line in section.events)
    return out


def _party(report: Report) -> list[str]:
    """The party between encounters (if the report has it): a member per row with its state in words."""
    party = report.party
    if party is None:
        return []
    out = [f"<h2>{escape(party.title)}</h2>"]
    if party.note:
        out.append(f'<p class="subtitle">{escape(party.note)}</p>')
    head = "".join(f"<th>{escape(c)}</th>" for c in party.columns)
    body = "".join(f"<tr><td>{escape(name)}</td><td>{escape(words)}</td></tr>" for name, words in party.rows)
    out.append('<table class="snapshot" width="100%" cellspacing="0" cellpadding="3" border="1">'
               f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return out


def _map(section: RoundSection, index: int, maps: Maps) -> list[str]:
    """The section's map under its title: inline SVG, or the slot the PDF draws it in (the title
    drawn with the map, so that a page never ends between them)."""
    assert section.board is not None
    if maps == "slots":
        return [f'<p class="map"><a name="{MAP_ANCHOR.format(index=index)}">*</a></p>']
    svg = picture_svg(picture(section.board, MAP_INKS), section.map_title, font_stack())
    return [f"<h3>{escape(section.map_title)}</h3>", f'<div class="map" style="max-width: 180mm">{svg}</div>']


def _snapshot_table(rows: tuple[SnapshotRow, ...], labels: ReportLabels) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in labels.columns)
    body = []
    for row in rows:
        name = f"{labels.current} {row.name}" if row.current else row.name
        cells = (row.order, name, row.score, *row.cells, row.badges)
        css = ' class="current"' if row.current else ""
        body.append(f"<tr{css}>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return (
        '<table class="snapshot" width="100%" cellspacing="0" cellpadding="3" border="1">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _event(line: EventLine, labels: ReportLabels) -> str:
    css = "event heading" if line.heading else "event"
    text = f'<p class="{css}"><span class="seq">#{line.seq}</span> {escape(line.text)}</p>'
    if line.breakdown is not None:
        text += "".join(f'<p class="breakdown">{row}</p>' for row in breakdown_rows(line.breakdown, labels, escape))
    return text + "".join(_part(part, labels) for part in line.parts)


def _part(part: BreakdownPart, labels: ReportLabels) -> str:
    """A test of an exchange under its title, or a figure on one line."""
    if part.roll is None:
        return f'<p class="breakdown">{escape(part.title)}: {escape(part.text)}</p>'
    rows = "".join(f'<p class="inner">{row}</p>' for row in breakdown_rows(part.roll, labels, escape))
    return f'<p class="part">{escape(part.title)}</p>{rows}'
