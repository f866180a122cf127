"""The duel's library (:class:`gmtool.core.library.GameLibrary`): machine cards with their pilots, and
the ``aura_battler.machines`` file they travel in. Everything read is checked whole before it is used."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.library import FileImport, TemplateColumns, in_one_step, invalid_exchange
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules.cards import MachineCard, PilotCard
from gmtool.storage.atomic import write_atomic

GAME = "aura_battler"
VERSION = 1
MACHINES_KIND = "aura_battler.machines"
FILE_MAX = 5_000_000


class AuraLibrary:
    version = VERSION
    suffixes: tuple[str, ...] = (".json",)
    export_suffix = ".json"

    def blank(self, game: str, name: str) -> dict[str, object]:
        machine = MachineCard(name=name[:40] or "Machine", evasion=0, armour=0, durability=10, speed_table=(0,))
        return MachineTemplate(machine=machine, pilot=PilotCard(name="Pilot", base_pp=6, aura=0)).model_dump(mode="json")

    def read(self, document: dict[str, object], version: int) -> MachineTemplate:
        if version > VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=VERSION)
        try:
            return MachineTemplate.model_validate(document)
        except ValidationError as exc:
            raise invalid_exchange(exc) from exc

    def game_of(self, template: MachineTemplate) -> str:
        return GAME

    def columns(self, template: MachineTemplate) -> TemplateColumns:
        return TemplateColumns(template.name, template.tags, None, template.notes)

    def document(self, template: MachineTemplate) -> dict[str, object]:
        return template.model_dump(mode="json")

    def preview(self, template: MachineTemplate) -> str:
        card, pilot = template.machine, template.pilot
        return tr("ab.library.preview", name=card.name, pilot=pilot.name, evasion=card.evasion, parry=card.parry,
                  armour=card.armour, durability=card.durability, pp=pilot.base_pp, aura=pilot.aura)

    def renamed(self, template: MachineTemplate, name: str) -> MachineTemplate:
        return template.model_copy(update={"machine": template.machine.model_copy(update={"name": name[:40]})})

    def retagged(self, template: MachineTemplate, tags: tuple[str, ...]) -> MachineTemplate:
        return self.read(dict(self.document(template), tags=list(tags)), VERSION)

    def claims(self, data: bytes, filename: str) -> bool:
        if len(data) > FILE_MAX:
            return False
        try:
            raw = json.loads(data)
        except (ValueError, RecursionError):
            return False
        return isinstance(raw, dict) and raw.get("kind") == MACHINES_KIND

    def import_file(self, data: bytes, filename: str) -> FileImport:
        if len(data) > FILE_MAX:
            raise FileFormatError("error.exchange_too_large", limit_mb=FILE_MAX // 1_000_000)
        if not self.claims(data, filename):
            raise FileFormatError("error.ab_not_machines_file")
        raw = json.loads(data.decode("utf-8", errors="replace"))
        machines = raw.get("machines")
        if not isinstance(machines, list) or not all(isinstance(one, dict) for one in machines):
            raise FileFormatError("error.ab_not_machines_file")
        version = raw.get("version", VERSION)
        cards = tuple(self.read(one, version if isinstance(version, int) else VERSION + 1) for one in machines)
        return FileImport((tr("ab.library.imported", count=len(cards), source=filename),), cards)

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        return in_one_step(self, data, filename)  # its files are small: one step

    def export(self, templates: tuple[MachineTemplate, ...], path: Path) -> None:
        document = {"kind": MACHINES_KIND, "version": VERSION, "machines": [self.document(t) for t in templates]}
        write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


LIBRARY = AuraLibrary()
