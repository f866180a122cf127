"""The open campaign and the encounter being run: what the GUI works on.

Opening the default campaign creates it, with every registered game's demo encounter
(the first game's current), on first start. Any other file is opened only if it validates
(see :mod:`campaign`). A campaign holds several encounters; the one being run is
remembered in the campaign's meta (``current_encounter``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from gmtool.core.encounter import Encounter
from gmtool.core.errors import FileFormatError, GmtoolError, RulesError
from gmtool.core.i18n import active_language
from gmtool.core.readings import RuleReadings
from gmtool.core.session import EncounterSession
from gmtool.storage.campaign import Campaign, EncounterInfo
from gmtool.storage.demo import create_demo_encounter, create_demo_encounters
from gmtool.storage.paths import default_campaign_path

ENCOUNTER_NAME_MAX = 80


class Workspace:
    """A campaign with one encounter's session."""

    def __init__(self, campaign: Campaign, encounter_id: int) -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)

    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def read_only(self) -> bool:
        return self.campaign.read_only

    @property
    def encounter_name(self) -> str:
        return self.campaign.encounter_info(self.encounter_id).name

    @property
    def ruleset_key(self) -> str:
        return str(self.encounter.ruleset.key)

    def use_rule_readings(self, readings: RuleReadings) -> bool:
        """Keep the campaign's rule readings (Preferences → Rules); the encounter decides with them
        from now on. True when they changed. The journal keeps what earlier commands decided."""
        if readings == self.campaign.rule_readings():
            return False
        self.campaign.set_rule_readings(readings)
        self.encounter.ruleset.use_readings(readings)
        return True

    def encounters(self) -> list[EncounterInfo]:
        """The campaign's encounters, oldest first."""
        return self.campaign.encounters()

    def with_encounter(self, encounter_id: int) -> Workspace:
        """The same campaign on another of its encounters, remembered as the current one."""
        workspace = Workspace(self.campaign, encounter_id)
        if not self.campaign.read_only:  # read-only: looked at, not remembered
            self.campaign.set_meta("current_encounter", str(encounter_id))
        return workspace

    def with_new_encounter(self, name: str, ruleset: str) -> Workspace:
        """A new empty encounter of ``ruleset`` (fresh dice seed), made the current one."""
        name = name.strip()
        if not name or len(name) > ENCOUNTER_NAME_MAX:
            raise RulesError("error.encounter_name", high=ENCOUNTER_NAME_MAX)
        encounter_id = self.campaign.create_encounter(name, ruleset, secrets.randbelow(2**31))
        return self.with_encounter(encounter_id)

    @classmethod
    def open(cls, path: Path, read_only: bool = False, backup_later: bool = False) -> Workspace:
        """Open an existing campaign at its current encounter (demo added if it has none).

        ``read_only``: without the lock, for looking only (another gmtool has it, or it cannot be
        written here); every command is refused with the reason. ``backup_later``: see
        :meth:`Campaign.open` (the program's start: the backup after the first paint).
        """
        campaign = _readable(path, lambda: Campaign.open(path, read_only=read_only, backup_later=backup_later))
        try:
            return _readable(path, lambda: cls._at_current_encounter(campaign))
        except BaseException:
            campaign.close()
            raise

    @classmethod
    def _at_current_encounter(cls, campaign: Campaign) -> Workspace:
        encounter_id = campaign.current_encounter_id()
        if encounter_id is None:
            encounter_id = create_demo_encounter(campaign, active_language())
        return cls(campaign, encounter_id)

    @classmethod
    def create(cls, path: Path) -> Workspace:
        """A new campaign file holding every game's demo encounter (the first game's current)."""
        language = active_language()
        campaign = Campaign.create(path, populate=lambda new: create_demo_encounters(new, language))
        encounter_id = campaign.current_encounter_id()
        assert encounter_id is not None  # the demo was just written
        return cls(campaign, encounter_id)

    @classmethod
    def open_default(cls, backup_later: bool = False) -> Workspace:
        path = default_campaign_path()
        return cls.open(path, backup_later=backup_later) if path.exists() else cls.create(path)

    def close(self) -> None:
        self.campaign.close()


T = TypeVar("T")


def _readable(path: Path, read: Callable[[], T]) -> T:
    """``read()``; anything in the file the reader does not understand (an event naming a missing
    combatant, a missing table, a number too long, JSON nested too deep) is the translated
    "damaged" message, never a traceback: the GM can open another file or make a new one."""
    try:
        return read()
    except GmtoolError:
        raise
    except Exception as exc:  # noqa: BLE001 - the file decides what can go wrong (RecursionError included)
        raise FileFormatError("error.campaign_damaged", path=str(path), detail=f"{type(exc).__name__}: {exc}"[:300]) from exc
