"""User settings (language, theme, shortcuts, last campaign, each game's window layout) in a versioned JSON file.

A damaged settings file (or one the guarded reader :mod:`gmtool.core.user_files` refuses: a pipe, too
large, not UTF-8) is never overwritten silently: gmtool starts with the defaults and, on the next
save, keeps the damaged file beside as ``.bad``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from gmtool.core.user_files import MB, UserFileError, file_kind, load_json
from gmtool.storage.atomic import write_atomic
from gmtool.storage.paths import config_dir

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
SETTINGS = file_kind("settings", 1 * MB)  # a few KB: the window's layout is the largest part


Language = Literal["en", "ja"]  # the languages a GM may choose (core.i18n.LANGUAGES)


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    schema_version: int = Field(default=SETTINGS_VERSION, ge=1, le=SETTINGS_VERSION)
    language: Language | None = None  # None: follow the system locale
    last_campaign: str | None = None
    # Each game's dock layout: game key -> base64 of QMainWindow.saveState(), tagged with the layout's
    # version (a layout of another version is not restored). The single ``window_state`` of older
    # files is dropped: which game it was saved with is not known, and another game's is never applied.
    window_layouts: dict[str, str] = Field(default_factory=dict)
    window_geometry: str | None = None  # size and place, shared by every game's window
    player_view: dict[str, object] | None = None  # PlayerViewSettings as a dict (validated when used)
    share: dict[str, object] | None = None  # the shared page's language and port (gmtool.ui.sharing)
    # each encounter's choices for the shared page: "<campaign file>#<encounter id>" -> ShareOptions' own fields
    share_by_encounter: dict[str, dict[str, object]] = Field(default_factory=dict)
    theme: Literal["system", "light", "dark"] = "system"
    # Shortcuts the GM changed: action name -> key text (portable form, "Ctrl+K"; "": none).
    shortcuts: dict[str, str] = Field(default_factory=dict)

    @field_validator("theme", mode="before")
    @classmethod
    def _known_theme(cls, value: object) -> object:
        """A theme this version does not know (a newer one's) falls back to the system's."""
        return value if value in ("system", "light", "dark") else "system"


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, bool]:
    """The settings, and whether the file on disk was damaged (defaults used)."""
    path = settings_path()
    if not path.exists():
        return Settings(), False
    try:  # the guarded reader: a pipe or a huge file named settings.json never stops the start
        return Settings.model_validate(load_json(path, SETTINGS)), False
    except (UserFileError, ValidationError):
        return Settings(), True


def save_settings(settings: Settings, damaged_on_load: bool = False) -> None:
    path = settings_path()
    if damaged_on_load and path.exists():
        path.replace(path.with_suffix(".json.bad"))
    write_atomic(path, settings.model_dump_json(indent=1) + "\n")
