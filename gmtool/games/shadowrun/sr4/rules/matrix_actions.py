"""SR4-X7: the Matrix actions of the 000 digest §5.6 as data (``resources/sr4/matrix_actions.json``).

Each action has labels in English and Japanese and the rulebook pages the digest gives;
the Matrix panel lists them for the GM to look up (the table names actions, it rolls nothing).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.resources import cached_model


class MatrixAction(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    label: dict[str, str]
    pages: tuple[int, ...] = Field(min_length=1)

    @field_validator("label")
    @classmethod
    def _both_languages(cls, label: dict[str, str]) -> dict[str, str]:
        if not {"en", "ja"} <= set(label) or not all(text.strip() for text in label.values()):
            raise ValueError("a label needs non-empty 'en' and 'ja' texts")
        return label

    @field_validator("pages")
    @classmethod
    def _positive(cls, pages: tuple[int, ...]) -> tuple[int, ...]:
        if any(page < 1 for page in pages):
            raise ValueError("pages are positive")
        return pages


class MatrixActionTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    actions: tuple[MatrixAction, ...]

    @field_validator("actions")
    @classmethod
    def _unique(cls, actions: tuple[MatrixAction, ...]) -> tuple[MatrixAction, ...]:
        ids = [a.id for a in actions]
        if len(set(ids)) != len(ids):
            raise ValueError("Matrix action ids must be unique")
        return actions


def matrix_actions() -> MatrixActionTable:
    return cached_model(MatrixActionTable, "sr4", "matrix_actions.json")


def action_rows(language: str) -> tuple[tuple[str, str], ...]:
    """(label, pages) per action in the table's order, the pages as the digest writes them (238/244)."""
    return tuple(
        (a.label.get(language, a.label["en"]), "/".join(str(p) for p in a.pages)) for a in matrix_actions().actions
    )
