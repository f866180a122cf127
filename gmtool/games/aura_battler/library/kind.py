"""The duel's library (:class:`gmtool.core.library.GameLibrary`): machine cards with their pilots, and
the ``aura_battler.machines`` file they travel in. Everything read is checked whole before it is used:
the file's version (a whole number from 1, not newer), at most :data:`MACHINES_MAX` cards, each card
strictly (:mod:`gmtool.games.aura_battler.rules.cards`); a refusal names the file, its kind, the card,
the field and the reason, and a card typed in the editor is refused with the same words, less the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.core.card_library import CardLibrary, card_in_file, card_list, cards_text, validated
from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import active_language, catalogue, tr
from gmtool.core.library import FileImport
from gmtool.core.strict import checked_version, in_file
from gmtool.core.user_files import MB, file_kind, parse_json
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


def _card_in_file(document: dict[str, Any], number: int) -> str:
    machine = document.get("machine")
    return card_in_file(tr("strict.what.machine_card"), machine.get("name") if isinstance(machine, dict) else None,
                        number)


class AuraLibrary(CardLibrary[MachineTemplate]):
    game = GAME
    version = VERSION

    def blank(self, game: str, name: str) -> dict[str, object]:
        machine = MachineCard(name=name[:40] or "Machine", evasion=0, armour=0, durability=10, speed_table=(0,))
        return MachineTemplate(machine=machine, pilot=PilotCard(name="Pilot", base_pp=6, aura=0)).model_dump(mode="json")

    def read(self, document: dict[str, object], version: int, what: str | None = None) -> MachineTemplate:
        """The machine card a document holds (``what``: how a refusal names it; the card's kind)."""
        self.not_newer(version)
        return validated(MachineTemplate, document, what or tr("strict.what.machine_card"), field_label)

    def preview(self, template: MachineTemplate) -> str:
        card, pilot = template.machine, template.pilot
        return tr("ab.library.preview", name=card.name, pilot=pilot.name, evasion=card.evasion, parry=card.parry,
                  armour=card.armour, durability=card.durability, pp=pilot.base_pp, aura=pilot.aura)

    def renamed(self, template: MachineTemplate, name: str) -> MachineTemplate:
        return template.model_copy(update={"machine": template.machine.model_copy(update={"name": name[:40]})})

    def is_ours(self, raw: dict[str, Any]) -> bool:
        return raw.get("kind") == MACHINES_KIND

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
        machines = card_list(raw, "machines", what, MACHINES_MAX, "error.ab_not_machines_file")
        return tuple(self.read(one, version, _card_in_file(one, number)) for number, one in enumerate(machines, 1))

    def export(self, templates: tuple[MachineTemplate, ...], path: Path) -> None:
        write_atomic(path, cards_text(MACHINES_KIND, VERSION, "machines", [self.document(t) for t in templates]))


LIBRARY = AuraLibrary()
