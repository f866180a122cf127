"""The duel's library (:class:`gmtool.core.library.GameLibrary`): machine cards with their pilots, and
the ``aura_battler.machines`` file they travel in. Everything read is checked whole before it is used:
the file's version (a whole number from 1, not newer), at most :data:`MACHINES_MAX` cards, each card
strictly (:mod:`gmtool.games.aura_battler.rules.cards`); a refusal names the file, its kind, the card,
the field and the reason, and a card typed in the editor is refused with the same words, less the file."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import active_language, catalogue, tr
from gmtool.core.library import FileImport, TemplateColumns, in_one_step
from gmtool.core.strict import checked_version, in_file, refusal
from gmtool.core.user_files import IMPORT, MB, file_kind, parse_json
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules.cards import MachineCard, PilotCard
from gmtool.storage.atomic import write_atomic

GAME = "aura_battler"
VERSION = 1
MACHINES_KIND = "aura_battler.machines"
MACHINE_CARDS = file_kind("machine_cards", 4 * MB)  # a machine with its pilot is about 1 KB: 4,000 fit
MACHINES_MAX = 1000  # machine cards in one file: far more than any campaign's hangar
FIELD_KEYS = ("ab.card.", "ab.field.")  # the editor's labels of a card's fields


def field_label(name: str) -> str | None:
    """The editor's label of a card's field (``durability`` → "Durability"), if it has one."""
    messages = catalogue(active_language()).messages
    return next((tr(prefix + name) for prefix in FIELD_KEYS if prefix + name in messages), None)


def _card_in_file(document: object, number: int) -> str:
    machine = document.get("machine") if isinstance(document, dict) else None
    name = machine.get("name") if isinstance(machine, dict) else None
    shown = name[:40] if isinstance(name, str) else "?"
    return tr("strict.what.card_in_file", what=tr("strict.what.machine_card"), number=number, name=shown)


class AuraLibrary:
    version = VERSION
    suffixes: tuple[str, ...] = (".json",)
    export_suffix = ".json"

    def blank(self, game: str, name: str) -> dict[str, object]:
        machine = MachineCard(name=name[:40] or "Machine", evasion=0, armour=0, durability=10, speed_table=(0,))
        return MachineTemplate(machine=machine, pilot=PilotCard(name="Pilot", base_pp=6, aura=0)).model_dump(mode="json")

    def read(self, document: dict[str, object], version: int, what: str | None = None) -> MachineTemplate:
        """The machine card a document holds (``what``: how a refusal names it; the card's kind)."""
        if version > VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=VERSION)
        try:
            return MachineTemplate.model_validate(document)
        except ValidationError as exc:
            raise refusal(exc, what or tr("strict.what.machine_card"), field_label) from exc

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
        try:
            raw = parse_json(data, IMPORT, filename)
        except FileFormatError:
            return False
        return isinstance(raw, dict) and raw.get("kind") == MACHINES_KIND

    def import_file(self, data: bytes, filename: str) -> FileImport:
        raw = parse_json(data, MACHINE_CARDS, filename)  # within the machine card file's limit
        if not isinstance(raw, dict) or raw.get("kind") != MACHINES_KIND:
            raise FileFormatError("error.ab_not_machines_file")
        try:
            cards = self._machine_cards(raw)
        except FileFormatError as exc:
            raise in_file(exc, filename, tr("strict.kind.machine_cards_file")) from exc
        return FileImport((tr("ab.library.imported", count=len(cards), source=filename),), cards)

    def _machine_cards(self, raw: dict[str, object]) -> tuple[MachineTemplate, ...]:
        """A machine cards file's cards: its version checked first, then every card (all or none)."""
        what = tr("strict.what.machine_cards_file")
        version = checked_version(raw, "version", what, VERSION, "error.exchange_too_new")
        machines = raw.get("machines")
        if not isinstance(machines, list) or not all(isinstance(one, dict) for one in machines):
            raise FileFormatError("error.ab_not_machines_file")
        if len(machines) > MACHINES_MAX:
            raise FileFormatError("error.cards_too_many", what=what, count=len(machines), limit=MACHINES_MAX)
        return tuple(self.read(one, version, _card_in_file(one, number)) for number, one in enumerate(machines, 1))

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        return in_one_step(self, data, filename)  # its files are small: one step

    def export(self, templates: tuple[MachineTemplate, ...], path: Path) -> None:
        document = {"kind": MACHINES_KIND, "version": VERSION, "machines": [self.document(t) for t in templates]}
        write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


LIBRARY = AuraLibrary()
