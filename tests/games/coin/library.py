"""The coin duel's templates: duelist cards kept in the campaign library (Qt-free)."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.library import ExportFormat, FileImport, TemplateColumns, in_one_step
from gmtool.storage.atomic import write_atomic

VERSION = 1
FILE_KIND = "coin.duelists"


class DuelistCard(BaseModel):
    """A duelist prepared before the session: a name, how many coins, tags and notes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    coins: int = Field(default=3, ge=1, le=9)
    tags: tuple[str, ...] = ()
    notes: str = Field(default="", max_length=2000)


def _invalid(exc: ValidationError) -> FileFormatError:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"])
    return FileFormatError("error.exchange_invalid", field=field, detail=first["msg"], count=exc.error_count())


class CoinLibrary:
    """Duelist cards, and ``.coins`` files of them."""

    version = VERSION
    suffixes: tuple[str, ...] = (".coins",)
    export_suffix = ".coins"
    export_formats: tuple[ExportFormat, ...] = ()

    def blank(self, game: str, name: str) -> dict[str, object]:
        return {"name": name, "coins": 3}

    def read(self, document: dict[str, object], version: int) -> DuelistCard:
        if version > VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=VERSION)
        try:
            return DuelistCard.model_validate(document)
        except ValidationError as exc:
            raise _invalid(exc) from exc

    def game_of(self, template: DuelistCard) -> str:
        return "coin"

    def columns(self, template: DuelistCard) -> TemplateColumns:
        return TemplateColumns(template.name, template.tags, None, template.notes)

    def document(self, template: DuelistCard) -> dict[str, object]:
        return template.model_dump(mode="json")

    def preview(self, template: DuelistCard) -> str:
        return tr("coin.card.preview", name=template.name, coins=template.coins)

    def renamed(self, template: DuelistCard, name: str) -> DuelistCard:
        return template.model_copy(update={"name": name[:40]})

    def retagged(self, template: DuelistCard, tags: tuple[str, ...]) -> DuelistCard:
        return self.read(dict(self.document(template), tags=list(tags)), VERSION)

    def claims(self, data: bytes, filename: str) -> bool:
        if not filename.lower().endswith(".coins"):
            return False
        try:
            kind: object = json.loads(data).get("kind")
            return kind == FILE_KIND
        except (ValueError, AttributeError):
            return False

    def import_file(self, data: bytes, filename: str) -> FileImport:
        try:
            raw = json.loads(data)
            cards = tuple(self.read(card, VERSION) for card in raw["duelists"])
        except (ValueError, KeyError, TypeError) as exc:
            raise FileFormatError("error.exchange_not_gmtool") from exc
        return FileImport((tr("coin.card.imported", count=len(cards), source=filename),), cards)

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        return in_one_step(self, data, filename)  # its files are small

    def export(self, templates: tuple[DuelistCard, ...], path: Path) -> None:
        document = {"kind": FILE_KIND, "duelists": [self.document(card) for card in templates]}
        write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1))

    def export_as(self, key: str, templates: tuple[DuelistCard, ...], path: Path) -> None:
        raise FileFormatError("error.export_format_unknown", format=key)

    def encounter_templates(self, state: object) -> tuple[DuelistCard, ...]:
        return ()


LIBRARY = CoinLibrary()
