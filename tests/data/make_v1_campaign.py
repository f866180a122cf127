"""Write ``campaign_schema1.gmtool`` with the FIRST release's storage code (run once; kept for the record).

Run from a checkout of the first commit that has ``gmtool/storage/campaign.py``::

    git worktree add /tmp/gm-v1 2ce903e64654b5154dc6aaf7436110b782b500c3
    cd /tmp && PYTHONPATH=/tmp/gm-v1 python -c "import runpy, sys; \
        sys.argv = ['x', '/work/main/tests/data/campaign_schema1.gmtool']; \
        runpy.run_path('/work/main/tests/data/make_v1_campaign.py', run_name='__main__')"
    git worktree remove /tmp/gm-v1

(run from /tmp so that the current checkout does not shadow the old code on sys.path).

The file holds two SR5 encounters; the first has a short fight with dice,
undo, redo and a Japanese name, the second only two combatants. The test
(``tests/test_storage_migrations.py``) only reads copies of it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gmtool.core.session import EncounterSession
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet
from gmtool.storage.campaign import SCHEMA_VERSION, Campaign


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update(attributes)
    return Sheet(name=name, attributes=values, edge_points=2, initiative_dice=2)


def main(target: Path) -> None:
    assert SCHEMA_VERSION == 1, "run this with the first release's code"
    campaign = Campaign.create(target)
    raid = campaign.create_encounter("Warehouse raid", "sr5", seed=2024)
    session = EncounterSession(campaign.load_encounter(raid), campaign, raid)
    session.execute(cmd.AddCombatant(sheet=sheet("Ayla", REA=5)))
    session.execute(cmd.AddCombatant(sheet=sheet("Bram", BOD=5)))
    session.execute(cmd.StartTurn())
    session.execute(cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=4, modifier=-1, threshold=2))
    session.execute(cmd.NextPhase())
    session.undo()
    session.redo()
    session.execute(cmd.EditSheet(combatant="c1", field="name", value="アイラ"))
    bar = campaign.create_encounter("Bar fight", "sr5", seed=77)
    other = EncounterSession(campaign.load_encounter(bar), campaign, bar)
    other.execute(cmd.AddCombatant(sheet=sheet("Ganger")))
    other.execute(cmd.AddCombatant(sheet=sheet("Bouncer", STR=6)))
    campaign.set_meta("current_encounter", str(raid))
    campaign.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
