"""Both Shadowrun editions' templates as the campaign library sees them (:class:`GameLibrary`).

One object serves SR4 and SR5 (a template says its edition). Files it imports: Chummer
characters (``.chum5``/``.chum``, told apart by content), Foundry VTT actor exports (one actor, or
an array of them: :mod:`gmtool.games.shadowrun.library.foundry_read`) and gmtool's own JSON exports
of NPCs and of encounters built ahead; it also exports templates as Foundry actors. The commands that put a template into an encounter (copies named
``Ganger 1…N`` or one grunt group) are built here too, so the library window and an imported
encounter plan use the same path.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.library import ExportFormat, FileImport, PlannedEncounter, TemplateColumns, in_one_step
from gmtool.core.messages import Command
from gmtool.games.shadowrun.library.documents import TEMPLATE_VERSION, blank_document, template_from_document
from gmtool.games.shadowrun.library.exchange import KIND_ENCOUNTER, KIND_NPCS, EncounterPlan
from gmtool.games.shadowrun.library.template import AnyTemplate
from gmtool.games.shadowrun.library.validation import validate_template

NAME_LENGTH = 60
FOUNDRY_FORMAT = ExportFormat("foundry", "foundry.export.label", ".json")


def preview(template: AnyTemplate) -> str:
    """What the GM needs to recognise a template: attributes, skills, weapons, armour, spells, notes."""
    attributes = "  ".join(f"{tr(f'attr.{k}')[:3]} {v}" for k, v in template.attributes.items())
    lines = [template.name, tr(f"game.{template.edition.lower()}"), attributes]
    skills = [f"{s.name} {s.rating}" + (f" ({', '.join(s.specialisations)})" if s.specialisations else "")
              for s in template.skills if not s.knowledge]
    if skills:
        lines.append(tr("libui.preview.skills", skills=", ".join(skills)))
    for weapon in template.weapons:
        lines.append(tr("libui.preview.weapon", name=weapon.name, damage=weapon.damage, ap=weapon.ap,
                        modes="/".join(weapon.modes) or "—"))
    if template.edition == "SR5":
        lines.append(tr("libui.preview.armour_sr5", value=template.armour.value))
    else:
        lines.append(tr("libui.preview.armour_sr4", ballistic=template.armour.ballistic,
                        impact=template.armour.impact))
    if template.spells:
        lines.append(tr("libui.preview.spells", spells=", ".join(s.name for s in template.spells)))
    if template.notes:
        lines += ["", template.notes]
    return "\n".join(lines)


def joining_commands(template: AnyTemplate, count: int, as_group: bool, rating: int,
                     shared: bool = False) -> tuple[tuple[Command, ...], list[str]]:
    """The commands by which ``count`` copies (or one grunt group) of ``template`` join an encounter
    of its edition, and the weapons its sheet could not take (RulesError if the sheet refuses it)."""
    from gmtool.games.shadowrun.library.to_sheet import convert, member_names

    conversion = convert(template)
    sheet = conversion.sheet
    if template.edition == "SR5":
        from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
        from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup
    else:
        from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant  # type: ignore[assignment]  # SR4's own
        from gmtool.games.shadowrun.sr4.rules.groups import AddGruntGroup  # type: ignore[assignment]  # SR4's own
    if as_group and count >= 2:
        group = AddGruntGroup(sheet=sheet, count=count, professional_rating=rating, shared_monitor=shared)
        return (group,), conversion.skipped_weapons
    commands = tuple(AddCombatant(sheet=sheet.model_copy(update={"name": n})) for n in member_names(template, count))
    return commands, conversion.skipped_weapons


def planned_encounter(plan: EncounterPlan) -> PlannedEncounter:
    """An encounter built ahead, as commands: the runners first, then each entry (every sheet is built
    before anything is returned, so a template the sheet refuses plans nothing: RulesError)."""
    commands: list[Command] = [_runner_command(runner) for runner in plan.runners]
    for entry in plan.entries:
        rating = entry.professional_rating if entry.professional_rating is not None else (
            entry.template.professional_rating or 0)
        commands += joining_commands(entry.template, entry.count, entry.grunt_group, rating)[0]
    return PlannedEncounter(plan.name, plan.edition.lower(), tuple(commands))


def _runner_command(runner: AnyTemplate) -> Command:
    """A runner joins as a player character (not an NPC)."""
    from gmtool.games.shadowrun.library.to_sheet import to_sheet

    if runner.edition == "SR5":
        from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
    else:
        from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant  # type: ignore[assignment]  # SR4's own
    return AddCombatant(sheet=to_sheet(runner, is_npc=False))


def _npc_line(template: AnyTemplate) -> str:
    return tr("libui.report.npc", name=template.name, game=tr(f"game.{template.edition.lower()}"))


def _npcs_imported(source: str, templates: list[AnyTemplate]) -> FileImport:
    lines = [tr("libui.report.title", source=source), tr("libui.report.npcs", count=len(templates))]
    return FileImport(tuple(lines + [_npc_line(t) for t in templates]), tuple(templates))


class ShadowrunLibrary:
    """SR4 and SR5 NPC templates, Chummer and gmtool JSON files."""

    version = TEMPLATE_VERSION
    suffixes: tuple[str, ...] = (".chum5", ".chum", ".json")
    export_suffix = ".json"
    export_formats: tuple[ExportFormat, ...] = (FOUNDRY_FORMAT,)

    def blank(self, game: str, name: str) -> dict[str, object]:
        return blank_document(game.upper(), name)

    def read(self, document: dict[str, object], version: int) -> AnyTemplate:
        return template_from_document(document, version)

    def game_of(self, template: AnyTemplate) -> str:
        return template.edition.lower()

    def columns(self, template: AnyTemplate) -> TemplateColumns:
        return TemplateColumns(template.name, tuple(template.tags), template.professional_rating, template.notes)

    def document(self, template: AnyTemplate) -> dict[str, object]:
        return template.model_dump(mode="json")

    def preview(self, template: AnyTemplate) -> str:
        return preview(template)

    def renamed(self, template: AnyTemplate, name: str) -> AnyTemplate:
        return template.model_copy(update={"name": name[:NAME_LENGTH]})

    def retagged(self, template: AnyTemplate, tags: tuple[str, ...]) -> AnyTemplate:
        changed, messages = validate_template(dict(template.model_dump(mode="json"), tags=list(tags)))
        if changed is None:
            field, message = next(iter(messages.items()))
            raise FileFormatError("error.exchange_invalid", field=field, detail=message, count=len(messages))
        return changed

    def claims(self, data: bytes, filename: str) -> bool:
        from gmtool.games.shadowrun.importers.dispatch import sniff
        from gmtool.games.shadowrun.library.stepwise import exchange_kind

        try:
            if sniff(data, filename) != "json":
                return True  # XML: a Chummer file (the importer says so if it is not one)
            if exchange_kind(data, filename) in (KIND_NPCS, KIND_ENCOUNTER):  # its first members: no long read
                return True
        except FileFormatError:
            pass
        return _foundry(data, filename)

    def import_file(self, data: bytes, filename: str) -> FileImport:
        from gmtool.games.shadowrun.importers.dispatch import import_chummer, sniff

        if _array(data) or (sniff(data, filename) == "json" and _foundry(data, filename)):
            from gmtool.games.shadowrun.library.foundry_read import read_foundry

            found = read_foundry(data, filename)
            return FileImport(found.lines, found.templates)
        if sniff(data, filename) == "json":
            return self._import_json(data, filename)
        result = import_chummer(data, filename)
        return FileImport(tuple(result.report.lines()), (result.template,))

    def _import_json(self, data: bytes, source: str) -> FileImport:
        from gmtool.games.shadowrun.library.exchange import encounter_of, npcs_of, read_json

        title = tr("libui.report.title", source=source)
        raw = read_json(data, source)  # read once: a file of 2,000 NPCs is parsed once
        if raw.get("kind") == KIND_ENCOUNTER:
            plan = encounter_of(raw)
            count = len(plan.runners) + sum(entry.count for entry in plan.entries)
            return FileImport((title, tr("libui.report.encounter", name=plan.name, count=count)),
                              encounter=planned_encounter(plan))
        return _npcs_imported(source, npcs_of(raw))

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        """An NPC export one NPC per step (a library of thousands); anything else in one step."""
        from gmtool.games.shadowrun.importers.dispatch import sniff
        from gmtool.games.shadowrun.library.stepwise import exchange_kind, npcs_stepwise

        if _array(data) or sniff(data, filename) != "json" or exchange_kind(data, filename) != KIND_NPCS:
            return (yield from in_one_step(self, data, filename))  # Chummer, Foundry actors, an encounter
        templates = yield from npcs_stepwise(data, filename)
        lines = [tr("libui.report.title", source=filename), tr("libui.report.npcs", count=len(templates))]
        for number, template in enumerate(templates, 1):
            lines.append(_npc_line(template))
            if number % 100 == 0:
                yield
        return FileImport(tuple(lines), tuple(templates))

    def export(self, templates: tuple[AnyTemplate, ...], path: Path) -> None:
        from gmtool.games.shadowrun.library.exchange import save_npcs

        save_npcs(path, list(templates))

    def export_as(self, key: str, templates: tuple[AnyTemplate, ...], path: Path) -> None:
        """Foundry VTT actors (:mod:`gmtool.games.shadowrun.library.foundry_write`)."""
        if key != FOUNDRY_FORMAT.key:
            raise FileFormatError("error.export_format_unknown", format=key)
        from gmtool.games.shadowrun.library.foundry_write import save_foundry

        save_foundry(path, list(templates))

    def encounter_templates(self, state: object) -> tuple[AnyTemplate, ...]:
        """The combatants of an SR5 or SR4 encounter as templates, damage taken included."""
        from gmtool.games.shadowrun.library.combatant_templates import combatant_templates

        return combatant_templates(state)


def _array(data: bytes) -> bool:
    """Whether the file is a JSON array (only Foundry actor exports are)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"["


def _foundry(data: bytes, filename: str) -> bool:
    from gmtool.games.shadowrun.library.foundry_read import claims

    return claims(data, filename)


LIBRARY = ShadowrunLibrary()
