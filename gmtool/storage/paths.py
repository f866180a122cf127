"""Where gmtool keeps its files: platformdirs, overridable for tests and portable use.

``GMTOOL_DATA_DIR`` replaces the user data folder (campaigns); settings follow it
unless ``GMTOOL_CONFIG_DIR`` is set too. A folder that cannot be made (a read-only disk) is
still returned: what then needs to write there says so in its own message, and the start goes on.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "gmtool"
DEFAULT_CAMPAIGN = "campaign.gmtool"


def data_dir() -> Path:
    override = os.environ.get("GMTOOL_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    _make(path)
    return path


def config_dir() -> Path:
    override = os.environ.get("GMTOOL_CONFIG_DIR") or os.environ.get("GMTOOL_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    _make(path)
    return path


def _make(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # read-only: the campaign or settings that needs it reports it


def default_campaign_path() -> Path:
    return data_dir() / DEFAULT_CAMPAIGN
