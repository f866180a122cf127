"""JSON export and import of NPC templates and of encounters built ahead.

Two document kinds, each with a ``schema_version`` (a newer version is refused,
so an old gmtool never half-reads a file written by a newer one)::

    {"schema_version": 1, "kind": "gmtool.npcs", "npcs": [template, …]}
    {"schema_version": 1, "kind": "gmtool.encounter", "encounter": {
        "name": …, "edition": "SR5", "entries": [{"template": …, "count": 3,
        "grunt_group": true, "professional_rating": 2}], "runners": [template, …],
        "notes": …}}

Anything that is not such a document raises :class:`FileFormatError` with a
translated message; nothing half-built is returned. Reading never executes
anything (plain ``json``), and files are written atomically.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from gmtool.core.errors import FileFormatError
from gmtool.core.user_files import MB, file_kind, parse_json, read_bytes
from gmtool.games.shadowrun.library.template import AnyTemplate, Edition, NpcTemplate, Text
from gmtool.games.shadowrun.library.validation import field_errors
from gmtool.storage.atomic import write_atomic

SCHEMA_VERSION = 1
KIND_NPCS = "gmtool.npcs"
KIND_ENCOUNTER = "gmtool.encounter"
NPC_EXPORT = file_kind("npc_export", 32 * MB)  # 2,000 NPCs (the most a file holds) are about 10 MB
MAX_MEMBERS = 24  # as many as a grunt group holds (gmtool.games.shadowrun.sr5.rules.groups)
MAX_TEMPLATES = 2000
MAX_COMBATANTS = 500  # in one encounter plan, runners included: far past any table, short of a frozen window


class EncounterEntry(BaseModel):
    """One template placed in an encounter: how many, and whether they fight as a grunt group."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    template: NpcTemplate
    count: int = Field(default=1, ge=1, le=MAX_MEMBERS)
    grunt_group: bool = False
    professional_rating: int | None = Field(default=None, ge=0, le=6)


class EncounterPlan(BaseModel):
    """An encounter prepared before the session: the opposition and the runners."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Text
    edition: Edition
    entries: list[EncounterEntry] = Field(default_factory=list, max_length=MAX_TEMPLATES)
    runners: list[NpcTemplate] = Field(default_factory=list, max_length=MAX_TEMPLATES)
    notes: str = Field(default="", max_length=20_000)

    @model_validator(mode="after")
    def _one_edition(self) -> EncounterPlan:
        editions = {entry.template.edition for entry in self.entries} | {r.edition for r in self.runners}
        if editions - {self.edition}:
            raise PydanticCustomError("library_edition_mix", "templates of another edition")
        combatants = sum(entry.count for entry in self.entries) + len(self.runners)
        if combatants > MAX_COMBATANTS:
            raise PydanticCustomError("library_too_many_combatants", "{count} combatants, at most {high}",
                                      {"count": combatants, "high": MAX_COMBATANTS})
        return self


class NpcDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1]
    kind: Literal["gmtool.npcs"]
    npcs: list[NpcTemplate] = Field(max_length=MAX_TEMPLATES)


class EncounterDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1]
    kind: Literal["gmtool.encounter"]
    encounter: EncounterPlan


# -- export ------------------------------------------------------------------------------------------
def export_npcs(templates: Sequence[AnyTemplate]) -> str:
    """The JSON text of an NPC export."""
    document = {"schema_version": SCHEMA_VERSION, "kind": KIND_NPCS,
                "npcs": [t.model_dump(mode="json") for t in templates]}
    return json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)


def export_encounter(plan: EncounterPlan) -> str:
    """The JSON text of an encounter export."""
    document = {"schema_version": SCHEMA_VERSION, "kind": KIND_ENCOUNTER, "encounter": plan.model_dump(mode="json")}
    return json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)


def save_npcs(path: Path, templates: Sequence[AnyTemplate]) -> None:
    write_atomic(path, export_npcs(templates))


def save_encounter(path: Path, plan: EncounterPlan) -> None:
    write_atomic(path, export_encounter(plan))


# -- import ------------------------------------------------------------------------------------------
def read_json(data: str | bytes, source: str = "") -> dict[str, Any]:
    """A JSON object from text or bytes (read from the file ``source``), or FileFormatError: the reader's
    refusal (too big, not UTF-8, not JSON, too deep, a number too long) or not an object."""
    raw = parse_json(data, NPC_EXPORT, source)
    if not isinstance(raw, dict):
        raise FileFormatError("error.exchange_not_gmtool")
    return raw


def _check_header(raw: dict[str, Any], kind: str) -> None:
    version = raw.get("schema_version")
    if raw.get("kind") != kind:
        if raw.get("kind") in (KIND_NPCS, KIND_ENCOUNTER):
            raise FileFormatError("error.exchange_wrong_kind", found=str(raw.get("kind")))
        raise FileFormatError("error.exchange_not_gmtool")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileFormatError("error.exchange_not_gmtool")
    if version > SCHEMA_VERSION:
        raise FileFormatError("error.exchange_too_new", version=version, supported=SCHEMA_VERSION)


def _invalid(exc: ValidationError) -> FileFormatError:
    errors = field_errors(exc)
    path, message = next(iter(errors.items()))
    return FileFormatError("error.exchange_invalid", field=path, detail=message, count=len(errors))


def _validate(model: type[BaseModel], raw: dict[str, Any]) -> BaseModel:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise _invalid(exc) from exc
    except RecursionError as exc:
        raise FileFormatError("error.exchange_too_deep") from exc


def import_npcs(data: str | bytes, source: str = "") -> list[AnyTemplate]:
    """The templates of an NPC export (FileFormatError when it is anything else)."""
    return npcs_of(read_json(data, source))


def npcs_of(raw: dict[str, Any]) -> list[AnyTemplate]:
    """The templates of an NPC export already read by :func:`read_json`."""
    _check_header(raw, KIND_NPCS)
    document = _validate(NpcDocument, raw)
    assert isinstance(document, NpcDocument)
    return list(document.npcs)


def import_encounter(data: str | bytes, source: str = "") -> EncounterPlan:
    """The encounter of an encounter export (FileFormatError when it is anything else)."""
    return encounter_of(read_json(data, source))


def encounter_of(raw: dict[str, Any]) -> EncounterPlan:
    """The encounter of an encounter export already read by :func:`read_json`."""
    _check_header(raw, KIND_ENCOUNTER)
    document = _validate(EncounterDocument, raw)
    assert isinstance(document, EncounterDocument)
    return document.encounter


def load_npcs(path: Path) -> list[AnyTemplate]:
    return import_npcs(read_bytes(path, NPC_EXPORT), path.name)


def load_encounter(path: Path) -> EncounterPlan:
    return import_encounter(read_bytes(path, NPC_EXPORT), path.name)
