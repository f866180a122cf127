"""The attack's messages load with the first attack record (issue 19): the kinds listed without
importing them match the classes, and both editions decode them through their codecs."""

from __future__ import annotations

from typing import Literal

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.messages import Event, MessageCodec
from gmtool.games.shadowrun.rules.attack import kinds, messages
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset


def _kinds(classes: tuple[type, ...]) -> list[str]:
    return sorted(cls.model_fields["kind"].default for cls in classes)


def test_the_listed_kinds_are_the_classes_kinds() -> None:
    assert sorted(kinds.COMMAND_KINDS) == _kinds(messages.COMMAND_CLASSES)
    assert sorted(kinds.EVENT_KINDS) == _kinds(messages.EVENT_CLASSES)


@pytest.mark.parametrize("ruleset", [SR5Ruleset, SR4Ruleset])
def test_both_editions_decode_attack_records(ruleset: type) -> None:
    event = ruleset.events.decode({"kind": "rounds_fired", "combatant": "c1", "name": "Kestrel", "weapon": 0,
                                   "weapon_name": "Ares Predator", "rounds": 3, "left": 7, "recoil_rounds": 3})
    assert isinstance(event, messages.RoundsFired) and event.left == 7
    command = ruleset.commands.decode({"kind": "reload", "combatant": "c1", "weapon": 0})
    assert isinstance(command, messages.Reload)
    with pytest.raises(FileFormatError):
        ruleset.events.decode({"kind": "attack_resolved_twice"})


class _Own(Event):
    kind: Literal["shared"] = "shared"
    own: int = 1


class _Theirs(Event):
    kind: Literal["shared"] = "shared"
    theirs: int = 2


class _Later(Event):
    kind: Literal["later"] = "later"


def test_a_codec_loads_later_kinds_once_and_keeps_its_own_classes() -> None:
    calls: list[str] = []

    def load() -> tuple[type[Event], ...]:
        calls.append("load")
        return (_Theirs, _Later)

    codec = MessageCodec((_Own,), later={"shared": load, "later": load})
    assert calls == []  # nothing loaded to build the codec
    assert isinstance(codec.decode({"kind": "later"}), _Later)
    assert isinstance(codec.decode({"kind": "later"}), _Later)
    assert isinstance(codec.decode({"kind": "shared"}), _Own)  # the ruleset's own class, not the loaded one
    assert calls == ["load"]
    with pytest.raises(FileFormatError):
        codec.decode({"kind": ["later"]})  # not a kind at all: refused, not a crash
