"""Write ``campaign_issue14.gmtool`` and its golden states with the code of issue 14 (run once; kept for the record).

Run from the repository root::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/data/make_issue14_campaign.py

The file holds both demos (SR5 current, SR4 beside it), each played a little: SR5 a turn
started, a phase passed, an effect, a grunt group, an undo and a redo; SR4 a turn started and
damage applied. The library holds one SR5 and one SR4 template. ``campaign_issue14.json`` is
every encounter's state as that code folded it. ``tests/test_files_of_today.py`` opens copies
and checks that later code replays them to the same states, rolling no dice.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from pydantic import BaseModel

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from gmtool.core.session import EncounterSession  # noqa: E402
from gmtool.games.shadowrun.library.kind import LIBRARY  # noqa: E402
from gmtool.games.shadowrun.rules.effect_messages import AddEffect  # noqa: E402
from gmtool.games.shadowrun.sr4.rules import commands as sr4  # noqa: E402
from gmtool.games.shadowrun.sr5.rules import commands as sr5  # noqa: E402
from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup  # noqa: E402
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet  # noqa: E402
from gmtool.storage.campaign import Campaign  # noqa: E402
from gmtool.storage.demo import create_demo_encounters  # noqa: E402
from gmtool.storage.templates import store_fields  # noqa: E402

FILE = HERE / "campaign_issue14.gmtool"
GOLDEN = HERE / "campaign_issue14.json"


def canonical(state: object) -> object:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.loads(json.dumps(dataclasses.asdict(state), default=default, sort_keys=True))  # type: ignore[call-overload]


def template(name: str, edition: str) -> dict[str, object]:
    return {
        "edition": edition, "name": name, "metatype": "ork", "attributes": {a: 3 for a in ATTRIBUTES} | {"EDG": 2},
        "monitors": {"physical_boxes": 10, "stun_boxes": 10}, "skills": [{"name": "Pistols", "rating": 4}],
        "tags": ["gang"], "professional_rating": 2,
        "armour": {"value": 9} if edition == "SR5" else {"ballistic": 6, "impact": 4},
    }


def play(campaign: Campaign) -> None:
    by_game = {e.ruleset: e.id for e in campaign.encounters()}
    five = EncounterSession(campaign.load_encounter(by_game["sr5"]), campaign, by_game["sr5"])
    five.execute(sr5.StartTurn())
    five.execute(sr5.NextPhase())
    five.execute(AddEffect(combatant="c1", key="full_defence"))
    grunt = Sheet(name="Halloweener", is_npc=True, attributes={a: 3 for a in ATTRIBUTES} | {"EDG": 1}, edge_points=0)
    five.execute(AddGruntGroup(sheet=grunt, count=3, professional_rating=2, shared_monitor=True))
    five.undo()
    five.redo()
    four = EncounterSession(campaign.load_encounter(by_game["sr4"]), campaign, by_game["sr4"])
    four.execute(sr4.StartTurn())
    four.execute(sr4.ApplyDamage(combatant="c2", track="stun", boxes=4))
    for name, edition in (("Halloweener", "SR5"), ("Yard guard", "SR4")):
        campaign.library.add(**store_fields(LIBRARY, LIBRARY.read(template(name, edition), LIBRARY.version)))


def main() -> None:
    for stale in (FILE, GOLDEN):
        stale.unlink(missing_ok=True)
    campaign = Campaign.create(FILE, populate=lambda new: create_demo_encounters(new, "en"))
    try:
        play(campaign)
        golden = {str(e.id): canonical(campaign.load_encounter(e.id).state) for e in campaign.encounters()}
    finally:
        campaign.close()
    GOLDEN.write_text(json.dumps(golden, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
