"""The open campaign and the encounter being run: what the GUI works on.

Opening the default campaign creates it, with the demo encounter, on first
start. Any other file is opened only if it validates (see :mod:`campaign`).
"""

from __future__ import annotations

from pathlib import Path

from gmtool.core.i18n import active_language
from gmtool.core.session import EncounterSession
from gmtool.storage.campaign import Campaign
from gmtool.storage.demo import create_demo_encounter
from gmtool.storage.paths import default_campaign_path


class Workspace:
    """A campaign with one encounter's session."""

    def __init__(self, campaign: Campaign, encounter_id: int) -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)

    @property
    def encounter(self):  # noqa: ANN201 - the core Encounter
        return self.session.encounter

    @property
    def encounter_name(self) -> str:
        return self.campaign.encounter_info(self.encounter_id).name

    @classmethod
    def open(cls, path: Path) -> Workspace:
        """Open an existing campaign at its current encounter (demo added if it has none)."""
        campaign = Campaign.open(path)
        try:
            encounter_id = campaign.current_encounter_id()
            if encounter_id is None:
                encounter_id = create_demo_encounter(campaign, active_language())
            return cls(campaign, encounter_id)
        except BaseException:
            campaign.close()
            raise

    @classmethod
    def create(cls, path: Path) -> Workspace:
        """A new campaign file holding the demo encounter."""
        language = active_language()
        campaign = Campaign.create(path, populate=lambda new: create_demo_encounter(new, language))
        encounter_id = campaign.current_encounter_id()
        assert encounter_id is not None  # the demo was just written
        return cls(campaign, encounter_id)

    @classmethod
    def open_default(cls) -> Workspace:
        path = default_campaign_path()
        return cls.open(path) if path.exists() else cls.create(path)

    def close(self) -> None:
        self.campaign.close()
