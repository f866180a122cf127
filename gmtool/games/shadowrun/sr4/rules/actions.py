"""SR4-C8: the action list of the SR4 digest §3.2 as data (``resources/sr4/actions.json``).

Each action has a kind (free / simple / complex), labels in English and Japanese
and, where the source gives one, a book page. ``targeted`` is a hint for the GUI
(ask for a target); any action may name one. Besides the listed ids, the bare
kinds ``"free"``, ``"simple"`` and ``"complex"`` stand for an unlisted action of
that kind.
"""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model

Kind = Literal["free", "simple", "complex"]
KINDS: tuple[str, ...] = ("free", "simple", "complex")


class ActionInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Kind
    label: dict[str, str]
    page: int | None = Field(default=None, ge=1)
    targeted: bool = False

    @field_validator("label")
    @classmethod
    def _both_languages(cls, label: dict[str, str]) -> dict[str, str]:
        if not {"en", "ja"} <= set(label) or not all(text.strip() for text in label.values()):
            raise ValueError("a label needs non-empty 'en' and 'ja' texts")
        return label


class ActionList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    actions: tuple[ActionInfo, ...]

    @field_validator("actions")
    @classmethod
    def _unique(cls, actions: tuple[ActionInfo, ...]) -> tuple[ActionInfo, ...]:
        ids = [a.id for a in actions]
        if len(set(ids)) != len(ids) or set(ids) & set(KINDS):
            raise ValueError("action ids must be unique and not a bare kind")
        return actions


def action_list() -> ActionList:
    return cached_model(ActionList, "sr4", "actions.json")


def actions_of_kind(kind: str) -> tuple[ActionInfo, ...]:
    """The listed actions of one kind, in the list's order (what a phase can offer)."""
    return tuple(a for a in action_list().actions if a.kind == kind)


def action_kind(action: str) -> Kind:
    """The kind of a listed action id or a bare kind; RulesError for anything else."""
    if action in KINDS:
        return cast(Kind, action)
    for info in action_list().actions:
        if info.id == action:
            return info.kind
    raise RulesError("error.sr4_unknown_action", action=action)


def action_label(action: str, language: str) -> str:
    """The action's name in ``language`` (English if missing); a bare kind is its own key."""
    for info in action_list().actions:
        if info.id == action:
            return info.label.get(language, info.label["en"])
    return action
