"""The bilingual label every weapons table row carries (English and Japanese), and its choice by language."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.i18n import active_language


class Label(BaseModel):
    """A row's name in both languages; Japanese uses the digests' terms."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)

    def text(self, language: str | None = None) -> str:
        """The label in ``language`` (default: the active language)."""
        return self.ja if (language or active_language()) == "ja" else self.en
