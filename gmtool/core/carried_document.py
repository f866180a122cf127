"""A stored carried state read back: the version checked, then the game's model validated.

Every game's ``Carry.read_carried`` (:class:`gmtool.core.capabilities.Carry`) does the same two steps
with its own :class:`gmtool.core.party.CarriedState` subclass and its own message for a damaged
document; this is them, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.party import CarriedState

C = TypeVar("C", bound=CarriedState)


def read_carried(model: type[C], document: Mapping[str, object], version: int, *, supported: int,
                 damaged: str) -> C:
    """``document`` as a ``model`` (FileFormatError: written by a newer version than ``supported``,
    or invalid: the game's ``damaged`` key with the first problem as ``detail``)."""
    if version > supported:
        raise FileFormatError("error.exchange_too_new", version=version, supported=supported)
    try:
        return model.model_validate(dict(document))
    except ValidationError as exc:
        raise FileFormatError(damaged, detail=str(exc.errors()[0]["msg"])) from exc
