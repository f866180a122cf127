"""The report as Markdown (pure Python): headings, a pipe table per snapshot, a list of events.

Characters Markdown would read as markup are escaped, so names and log text
print as they are written. A section's map is an image of SVG held in the file (a ``data:``
address), the same picture as the HTML file's.
"""

from __future__ import annotations

import re

from gmtool.core.display import BreakdownPart
from gmtool.printing.html import MAP_INKS, font_stack
from gmtool.printing.map_picture import picture
from gmtool.printing.map_svg import picture_svg, svg_data_uri
from gmtool.printing.report import EventLine, Report, ReportLabels, RoundSection, SnapshotRow, breakdown_rows

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!~])")


def md_escape(text: str) -> str:
    """``text`` with Markdown's markup characters backslash-escaped (one line)."""
    return _SPECIAL.sub(r"\\\1", text.replace("\n", " "))


def render_markdown(report: Report) -> str:
    lines = [f"# {md_escape(report.title)}", "", md_escape(report.subtitle), ""]
    for section in report.rounds:
        lines.extend(_section(section, report.labels))
    lines.extend(_party(report))
    return "\n".join(lines).rstrip() + "\n"


def _section(section: RoundSection, labels: ReportLabels) -> list[str]:
    out = [f"## {md_escape(section.title)}", ""]
    if section.snapshot:
        out += [f"### {md_escape(section.snapshot_title)}", ""]
        out += _table(section.snapshot, labels)
        out.append("")
    out += [f"### {md_escape(labels.events)}", ""]
    if not section.events:
        out.append(f"- {md_escape(labels.no_events)}")
    for line in section.events:
        out.extend(_event(line, labels))
    out.append("")
    if section.board is not None:
        svg = picture_svg(picture(section.board, MAP_INKS), section.map_title, font_stack())
        out += [f"### {md_escape(section.map_title)}", "", f"![{md_escape(section.map_title)}]({svg_data_uri(svg)})", ""]
    return out


def _party(report: Report) -> list[str]:
    """The party between encounters (if the report has it), a pipe table."""
    party = report.party
    if party is None:
        return []
    out = [f"## {md_escape(party.title)}", ""]
    if party.note:
        out += [md_escape(party.note), ""]
    out += ["| " + " | ".join(md_escape(c) for c in party.columns) + " |", "|---|---|"]
    out += [f"| {md_escape(name)} | {md_escape(words)} |" for name, words in party.rows]
    return [*out, ""]


def _table(rows: tuple[SnapshotRow, ...], labels: ReportLabels) -> list[str]:
    out = ["| " + " | ".join(md_escape(c) for c in labels.columns) + " |"]
    out.append("|" + "|".join("---:" if i in (0, 2) else "---" for i in range(len(labels.columns))) + "|")
    for row in rows:
        name = md_escape(row.name)
        if row.current:
            name = f"**{md_escape(labels.current)} {name}**"
        cells = (md_escape(row.order), name, *(md_escape(c) for c in (row.score, *row.cells, row.badges)))
        out.append("| " + " | ".join(cells) + " |")
    return out


def _event(line: EventLine, labels: ReportLabels) -> list[str]:
    text = md_escape(line.text)
    out = [f"- `#{line.seq}` " + (f"**{text}**" if line.heading else text)]
    if line.breakdown is not None:
        out.extend(f"    - {row}" for row in breakdown_rows(line.breakdown, labels, md_escape))
    for part in line.parts:
        out.extend(_part(part, labels))
    return out


def _part(part: BreakdownPart, labels: ReportLabels) -> list[str]:
    """A test of an exchange as a nested list under its title, or a figure on one line."""
    if part.roll is None:
        return [f"    - {md_escape(part.title)}: {md_escape(part.text)}"]
    return [f"    - {md_escape(part.title)}", *(f"        - {row}" for row in breakdown_rows(part.roll, labels, md_escape))]
