"""Every weapons message key the code spells exists in both languages; table labels are really Japanese."""

from __future__ import annotations

import re
from pathlib import Path

from gmtool.core.i18n import catalogue
from gmtool.games.shadowrun.rules.weapons.ammo import ammo_table
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import called_shot_rules
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr4 import sr4_modes
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import sr5_modes
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.ranges import range_table
from gmtool.games.shadowrun.rules.weapons.reload import reload_table

SOURCE = Path(__file__).resolve().parents[1] / "gmtool" / "games" / "shadowrun" / "rules" / "weapons"


def test_every_weapons_key_is_in_both_catalogues() -> None:
    keys = {key for path in SOURCE.glob("*.py") for key in re.findall(r'"(weapons\.[a-z_.0-9]+)"', path.read_text("utf-8"))}
    assert len(keys) > 30
    for language in ("en", "ja"):
        missing = sorted(keys - catalogue(language).messages.keys())
        assert missing == [], f"{language}: {missing}"


def _labels() -> list[Label]:
    labels: list[Label] = []
    labels += [a.label for e in ("sr4", "sr5") for a in ammo_table(e).ammunition.values()]
    labels += [r.label for e in ("sr4", "sr5") for r in range_table(e).categories.values()]
    labels += [m.label for m in sr5_modes().modes.values()] + [m.label for m in sr4_modes().modes.values()]
    labels += [m.label for m in reload_table().methods.values()]
    labels += [k.label for k in called_shot_rules().kinds.values()]
    return labels


def test_table_labels_are_japanese() -> None:
    labels = _labels()
    assert len(labels) > 50
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert [label.en for label in labels if not japanese.search(label.ja)] == []
    assert Label(en="Tracer", ja="曳光弾").text("ja") == "曳光弾"
