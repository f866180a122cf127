"""The duel's library (issue 17): machine cards with their pilots as templates, their exchange file
(``aura_battler.machines``), and a card joining the duel on the first free hex of the map's zones."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.games.aura_battler.library.kind import LIBRARY, VERSION
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.cards import demo_duel
from gmtool.games.aura_battler.rules.demo import demo
from gmtool.games.aura_battler.rules.duel import AuraRules


def _lark() -> MachineTemplate:
    duel = demo_duel()
    return MachineTemplate(machine=duel.machines[0], pilot=duel.pilots[0], tags=("demo",))


def test_a_blank_card_is_valid_and_bad_values_are_refused() -> None:
    blank = LIBRARY.read(LIBRARY.blank("aura_battler", "Kite"), VERSION)
    assert blank.name == "Kite" and blank.machine.durability >= 1
    document = LIBRARY.document(blank)
    document["machine"] = dict(document["machine"], durability=0)  # type: ignore[arg-type]
    with pytest.raises(FileFormatError) as refused:
        LIBRARY.read(document, VERSION)
    assert refused.value.key == "error.value_refused"
    assert refused.value.message() == ("The machine card has an invalid value at machine.durability (Durability): "
                                       "Must be 1 or more (not 0).")
    with pytest.raises(FileFormatError):
        LIBRARY.read(LIBRARY.document(blank), VERSION + 1)


def test_machine_cards_travel_together_and_come_back_equal(tmp_path: Path) -> None:
    cards = (_lark(), LIBRARY.renamed(_lark(), "Lark II"))
    path = tmp_path / "machines.json"
    LIBRARY.export(cards, path)
    data = path.read_bytes()
    assert json.loads(data)["kind"] == "aura_battler.machines" and LIBRARY.claims(data, path.name)
    assert LIBRARY.import_file(data, path.name).templates == cards
    assert LIBRARY.preview(cards[0]).startswith("Demo Lark (Demo pilot Aya): evasion 3, parry 4")


@pytest.mark.parametrize("text", ["not json", "[]", '{"kind": "badlands_rally.gears"}',
                                  '{"kind": "aura_battler.machines", "machines": [1]}'])
def test_files_that_are_not_machine_files_are_refused(text: str) -> None:
    assert LIBRARY.claims(text.encode(), "x.json") == text.startswith('{"kind": "aura_battler')
    with pytest.raises(FileFormatError):
        LIBRARY.import_file(text.encode(), "x.json")


def test_a_card_joins_the_duel_on_the_first_free_hex_of_the_zones() -> None:
    rules, rng = AuraRules(), random.Random(1)
    state = rules.initial_state()
    for command in demo().commands:
        for event in rules.decide(state, command, rng):
            rules.apply(state, event)
    card = _lark()
    (added,) = rules.decide(state, m.AddUnit(machine=card.machine, pilot=card.pilot, side="North"), rng)
    # the demo sky's zones (demo_sky.json): "east" 2407…2411 first, none taken by the demo's machines
    assert added.hex == "2407" and added.id == "u4"
