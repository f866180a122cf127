"""The state of the template form: the document being edited and a message per invalid field.

The form holds a plain template document (the dict :func:`validate_template`
reads) and re-validates it after every change: :meth:`TemplateFormModel.message`
gives the translated message of one field path (``name``, ``attributes``,
``weapons.0.damage`` …), :attr:`valid` says whether Save may be pressed.
Text typed into list cells is turned into the document's shapes here
(``SA/BF`` → ``["SA", "BF"]``, ``Batons, Knives`` → two specialisations, an
empty optional number → none); a number that is not one is passed on as text
so validation names it. No rules here: :mod:`gmtool.games.shadowrun.library.validation` decides.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.core.errors import GmtoolError
from gmtool.games.shadowrun.library.documents import blank_document as blank_document
from gmtool.games.shadowrun.library.template import AnyTemplate
from gmtool.games.shadowrun.library.validation import validate_template
from gmtool.viewmodels.text_lists import split_items

LIST_FIELDS: tuple[str, ...] = ("skills", "weapons", "spells", "programs", "augmentations")


def _text(value: str) -> str:
    return value.strip()


def _number(value: str) -> int | float | str:
    text = value.strip()
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?\d*\.\d+", text):
        return float(text)
    return text  # not a number: validation says so beside the field


def _optional_number(value: str) -> int | float | str | None:
    return None if not value.strip() else _number(value)


def _optional_text(value: str) -> str | None:
    return value.strip() or None


def _modes(value: str) -> list[str]:
    return [part.strip().upper() for part in re.split(r"[/,\s]+", value) if part.strip()]


Converter = Callable[[str], Any]
# The columns each list shows, in order, with how a typed cell becomes the document's value.
LIST_COLUMNS: dict[str, tuple[tuple[str, Converter], ...]] = {
    "skills": (("name", _text), ("rating", _number), ("specialisations", split_items), ("bonus", _number),
               ("knowledge", bool)),
    "weapons": (("name", _text), ("category", _text), ("melee", bool), ("damage", _text), ("ap", _text),
                ("modes", _modes), ("rc", _text), ("ammo", _text), ("accuracy", _optional_text),
                ("reach", _number)),
    "spells": (("name", _text), ("category", _text), ("type", _text), ("range", _text), ("duration", _text),
               ("drain", _text)),
    "programs": (("name", _text), ("kind", _text), ("rating", _optional_number), ("fading", _text)),
    "augmentations": (("name", _text), ("kind", _text), ("rating", _number), ("essence", _number),
                      ("grade", _text)),
}
NEW_ROWS: dict[str, dict[str, Any]] = {
    "skills": {"name": "", "rating": 1, "specialisations": [], "bonus": 0, "knowledge": False},
    "weapons": {"name": "", "category": "", "melee": False, "damage": "", "ap": "-", "modes": [], "rc": "",
                "ammo": "", "accuracy": None, "reach": 0},
    "spells": {"name": "", "category": "", "type": "", "range": "", "duration": "", "drain": ""},
    "programs": {"name": "", "kind": "program", "rating": None, "fading": ""},
    "augmentations": {"name": "", "kind": "cyberware", "rating": 0, "essence": 0.0, "grade": ""},
}


def cell_text(value: Any) -> str:
    """A document value as a list cell shows it."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ("/" if all(v in ("SS", "SA", "BF", "FA") for v in value) and value else ", ").join(map(str, value))
    return str(value)


_DAMAGE_ATTEMPT = re.compile(r"\d|STR", re.IGNORECASE)  # a damage code holds a number or Strength
_BLAST_ONLY = re.compile(r"^\s*\([^()]*\)\s*$")  # "(10m Radius)": a blast, no damage value


def damage_code_messages(template: AnyTemplate) -> dict[str, str]:
    """A message at each weapon whose damage code gmtool cannot read ("7Q", "(STR+)P").

    A description without a number or Strength — Chummer's "(10m Radius)" for a smoke grenade,
    "Grenade" for a launcher — is no code at all: the weapon deals no damage of its own and the
    combat sheet leaves it off (the form says so), but saving is allowed.
    """
    from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode

    messages: dict[str, str] = {}
    for n, weapon in enumerate(template.weapons):
        if _BLAST_ONLY.match(weapon.damage) or not _DAMAGE_ATTEMPT.search(weapon.damage):
            continue
        try:
            DamageCode.parse(weapon.damage)
        except GmtoolError as exc:
            messages[f"weapons.{n}.damage"] = exc.message()
    return messages


class TemplateFormModel(QObject):
    """One template being edited; validated after every change."""

    changed = Signal(str)  # the path that changed ("" for a whole list)
    messagesChanged = Signal()
    validChanged = Signal(bool)

    def __init__(self, document: dict[str, Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = copy.deepcopy(document)
        self._messages: dict[str, str] = {}
        self._template: AnyTemplate | None = None
        self._validate()

    # -- reading -------------------------------------------------------------------------------------
    @property
    def document(self) -> dict[str, Any]:
        return copy.deepcopy(self._document)

    @property
    def edition(self) -> str:
        return str(self._document.get("edition", "SR5"))

    @property
    def valid(self) -> bool:
        return self._template is not None

    @property
    def template(self) -> AnyTemplate | None:
        """The validated template, or None while a field is invalid."""
        return self._template

    def value(self, path: str) -> Any:
        node: Any = self._document
        for part in path.split("."):
            node = node[int(part)] if isinstance(node, list) else node.get(part)
            if node is None:
                return None
        return node

    def rows(self, list_name: str) -> list[dict[str, Any]]:
        return copy.deepcopy(self._document.get(list_name, []))

    def messages(self) -> dict[str, str]:
        return dict(self._messages)

    def message(self, path: str) -> str:
        """The message of exactly this field ("" when it is valid)."""
        return self._messages.get(path, "")

    def messages_under(self, prefix: str) -> dict[str, str]:
        """Messages of a field and everything inside it (``weapons`` → ``weapons.0.damage`` …)."""
        return {p: m for p, m in self._messages.items() if p == prefix or p.startswith(prefix + ".")}

    # -- changing ------------------------------------------------------------------------------------
    def set_value(self, path: str, value: Any) -> None:
        """Set one field (``name``, ``attributes.BOD``, ``armour.value``, ``weapons.0.damage``)."""
        parts = path.split(".")
        node: Any = self._document
        for part in parts[:-1]:
            if isinstance(node, list):
                node = node[int(part)]
            else:
                node = node.setdefault(part, {})
        last = parts[-1]
        if isinstance(node, list):
            node[int(last)] = value
        elif value is None and last in ("professional_rating", "magic", "resonance"):
            node.pop(last, None)
        else:
            node[last] = value
        self._changed(path)

    def set_cell(self, list_name: str, row: int, field: str, text: str | bool) -> None:
        """A list cell typed by the GM, converted to the document's shape."""
        converter = dict(LIST_COLUMNS[list_name])[field]
        value = bool(text) if converter is bool else converter(str(text))
        self.set_value(f"{list_name}.{row}.{field}", value)

    def add_row(self, list_name: str) -> int:
        rows = self._document.setdefault(list_name, [])
        rows.append(copy.deepcopy(NEW_ROWS[list_name]))
        self._changed(list_name)
        return len(rows) - 1

    def remove_row(self, list_name: str, row: int) -> None:
        rows = self._document.get(list_name, [])
        if 0 <= row < len(rows):
            del rows[row]
            self._changed(list_name)

    def _changed(self, path: str) -> None:
        self._validate()
        self.changed.emit(path)

    def _validate(self) -> None:
        was_valid = self.valid
        before = self._messages
        self._template, self._messages = validate_template(self._document)
        if self._template is not None:
            unreadable = damage_code_messages(self._template)
            if unreadable:  # docs/user/library.md: an unreadable damage code is an invalid field; Save waits for it
                self._template, self._messages = None, unreadable
        if self._messages != before:
            self.messagesChanged.emit()
        if self.valid != was_valid:
            self.validChanged.emit(self.valid)
