"""Finding and validating data files shipped in the package ``gmtool.resources``.

The repository keeps data in the top-level ``resources/`` folder; packaging
installs it as ``gmtool.resources`` so it is always found through the package.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources as importlib_resources
from importlib.resources.abc import Traversable
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gmtool.core.errors import ResourceError

ModelT = TypeVar("ModelT", bound=BaseModel)


class DataFile(BaseModel):
    """The head of every data file a game ships (its terrain, scenarios, demo …): the schema's version and
    where its values come from; a key the model does not name is refused. A game's file adds its own fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1]
    source: str


def unique_keys(keys: Iterable[str], what: str) -> None:
    """Refuse (``ValueError``, in a model's validator) a data file naming a key twice among its ``what``."""
    listed = list(keys)
    if len(set(listed)) != len(listed):
        raise ValueError(f"{what} must have unique keys")


def resource_root() -> Traversable:
    """The installed resources folder."""
    return importlib_resources.files("gmtool.resources")


def resource_path(*parts: str) -> Traversable:
    """A file inside the resources folder."""
    node = resource_root()
    for part in parts:
        node = node.joinpath(part)
    return node


def load_model(model: type[ModelT], *parts: str) -> ModelT:
    """Read a JSON resource and validate it with a pydantic model."""
    name = "/".join(parts)
    try:
        raw = json.loads(resource_path(*parts).read_text(encoding="utf-8"))
        return model.model_validate(raw)
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise ResourceError("error.resource_invalid", name=name, detail=str(exc)) from exc


_READ: dict[tuple[type[BaseModel], tuple[str, ...]], BaseModel] = {}


def forget_cached_models() -> None:
    """Read every :func:`cached_model` again on its next use (tests that swap the resources)."""
    _READ.clear()


def cached_model(model: type[ModelT], *parts: str) -> ModelT:
    """As :func:`load_model`, read once per process."""
    found = _READ.get((model, parts))
    if not isinstance(found, model):
        found = _READ[(model, parts)] = load_model(model, *parts)
    return found
