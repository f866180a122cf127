"""What an import brought in and what it left out, for the GM to read after importing.

Facts only (counts, skipped items with a reason key, warnings with a key and
fields); :meth:`ImportReport.lines` words them in the active language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.library.template import AnyTemplate

Format = Literal["chum5", "chum"]
# What the counts count, in the order the report lists them.
COUNTED: tuple[str, ...] = (
    "skills", "knowledge_skills", "skill_groups", "weapons", "armour", "spells", "programs", "augmentations",
)
COUNT_KEYS: dict[str, str] = {
    "skills": "library.report.count.skills",
    "knowledge_skills": "library.report.count.knowledge_skills",
    "skill_groups": "library.report.count.skill_groups",
    "weapons": "library.report.count.weapons",
    "armour": "library.report.count.armour",
    "spells": "library.report.count.spells",
    "programs": "library.report.count.programs",
    "augmentations": "library.report.count.augmentations",
}


@dataclass(frozen=True)
class Note:
    """A warning or a skip reason: a translation key and its fields."""

    key: str
    fields: dict[str, str | int] = field(default_factory=dict)

    def text(self) -> str:
        return tr(self.key, **self.fields)


@dataclass(frozen=True)
class SkippedItem:
    """Something in the file that is not in the template, and why."""

    kind: str  # "weapon", "skill", "improvement" …
    name: str
    reason: Note


@dataclass
class ImportReport:
    """The facts of one import."""

    source: str
    format: Format
    imported: dict[str, int] = field(default_factory=lambda: {name: 0 for name in COUNTED})
    skipped: list[SkippedItem] = field(default_factory=list)
    warnings: list[Note] = field(default_factory=list)

    def count(self, what: str, n: int = 1) -> None:
        self.imported[what] = self.imported.get(what, 0) + n

    def skip(self, kind: str, name: str, key: str, **fields: str | int) -> None:
        self.skipped.append(SkippedItem(kind, name, Note(key, dict(fields))))

    def warn(self, key: str, **fields: str | int) -> None:
        self.warnings.append(Note(key, dict(fields)))

    def lines(self) -> list[str]:
        """The report in the active language, one line per fact."""
        out = [tr("library.report.title", source=self.source)]
        out += [tr(COUNT_KEYS[name], count=self.imported.get(name, 0)) for name in COUNTED]
        out += [tr("library.report.skipped", name=s.name, reason=s.reason.text()) for s in self.skipped]
        out += [tr("library.report.warning", text=w.text()) for w in self.warnings]
        return out


@dataclass(frozen=True)
class ImportResult:
    """A finished import: the template and its report (never a half-built template)."""

    template: AnyTemplate
    report: ImportReport
