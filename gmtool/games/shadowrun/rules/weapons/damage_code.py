"""Damage codes: ``8P``, ``10S(e)``, ``(STR+2)P``, ``(STR/2+1)S``, ``STR+3P`` …

Parses the spellings of both rulebooks and of Chummer (``({STR}+2)P``, ``(STR/2)+1P``,
``(min(STR,8)+2)P``, ``18P(f) (-1/m)``, ``10S (10m Radius)``, ``5P(fire)``) into a frozen
:class:`DamageCode`, and evaluates it against a Strength value.

Strength counts ONCE: a code that holds ``STR`` adds the wielder's Strength through its
formula, and a code without it (``7P``, as Chummer's character export writes a knife
already worked out for its owner) is used as it is. Nothing else adds Strength to a
melee weapon (the double count of SR5-FoundryVTT issue #1980 cannot happen here).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.weapons.formula import evaluate_formula, parse_formula, uses_strength

DamageType = Literal["P", "S"]

_CODE = re.compile(
    r"^\s*(?P<value>.+?)\s*(?P<type>[PS])(?!TR)\s*"
    r"(?:\((?P<flag>[a-z]+)\))?\s*"
    r"(?P<blast>\([^()]*\))?\s*$",
    re.IGNORECASE,
)


class DamageCode(BaseModel):
    """A weapon's Damage Value and type, possibly a Strength formula.

    ``value`` is the formula as text (``"8"``, ``"STR+2"``, ``"STR/2+1"``); ``flag`` is the
    letter in brackets after the type (``e`` electricity, ``f`` flechette, ``fire`` …);
    ``blast`` keeps a grenade's blast text such as ``(-1/m)`` or ``(10m Radius)``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: str = Field(min_length=1)
    damage_type: DamageType
    flag: str | None = None
    blast: str | None = None

    def model_post_init(self, __context: object) -> None:
        parse_formula(self.value)  # refuse a bad formula when the code is made, not when used

    @classmethod
    def parse(cls, text: str) -> DamageCode:
        """A damage code from its written form; FileFormatError when it is not one."""
        match = _CODE.match(text or "")
        if match is None:
            raise FileFormatError("weapons.error.damage_code", code=text)
        value = match["value"].strip()
        if value.startswith("(") and value.endswith(")") and _balanced(value[1:-1]):
            value = value[1:-1].strip()
        value = value.replace("{", "").replace("}", "").replace(" ", "").upper()
        value = value.replace("MIN(", "min(").replace("MAX(", "max(")
        return cls(
            value=value,
            damage_type=match["type"].upper(),
            flag=match["flag"].lower() if match["flag"] else None,
            blast=match["blast"],
        )

    @property
    def strength_based(self) -> bool:
        """Whether the code holds a Strength formula."""
        return uses_strength(self.value)

    def evaluate(self, strength: int | None = None) -> int:
        """The Damage Value for the wielder's Strength (Strength counted once, never twice)."""
        if self.strength_based and strength is None:
            raise RulesError("weapons.error.strength_needed", code=self.text)
        if strength is not None and strength < 0:
            raise RulesError("weapons.error.strength_negative", strength=strength)
        return evaluate_formula(self.value, strength or 0)

    @property
    def text(self) -> str:
        """The code written the book's way: ``(STR+2)P``, ``8S(e)``."""
        value = self.value if self.value.isdigit() else f"({self.value})"
        flag = f"({self.flag})" if self.flag else ""
        blast = f" {self.blast}" if self.blast else ""
        return f"{value}{self.damage_type}{flag}{blast}"

    def words(self, edition: str, worked: int | None = None) -> str:
        """The code as the active language writes it for ``edition`` (``worked``: the value a Strength
        formula gave, written in its place). English: :attr:`text`, ``(STR+2)P``; Japanese: the digests'
        words, ``(筋力+2)肉体`` in SR5 (digest 001: 筋力, 肉体/精神ダメージ), ``(【筋力】+2)身体`` in SR4
        (digest 000: 【筋力】, 身体/精神ダメージ)."""
        if worked is not None:
            value = str(worked)
        else:
            value = _FORMULA_WORD.sub(lambda m: tr(f"weapons.code.{m[0].lower()}.{edition}"), self.value)
            value = value if self.value.isdigit() else f"({value})"
        kind = tr(f"weapons.code.type.{self.damage_type}.{edition}")
        flag = tr(f"weapons.code.flag.{self.flag}") if self.flag in _FLAGS else (self.flag or "")
        blast = f" {self.blast}" if self.blast and worked is None else ""
        return f"{value}{kind}{f'({flag})' if flag else ''}{blast}"


_FORMULA_WORD = re.compile(r"STR|min|max")
_FLAGS = ("e",)  # the flags the catalogues use that have words of their own (e: electricity)


def _balanced(inner: str) -> bool:
    depth = 0
    for char in inner:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0
