"""pydantic's plugin loader, reading the ``pydantic`` entry points without ``importlib.metadata``.

pydantic asks ``pydantic.plugin._loader.get_plugins()`` for its plugins whenever it builds a
validator; its own loader imports ``importlib.metadata`` to find them (~5 ms and 1 MiB of
gmtool's start, for a group no installed package fills). :func:`install`, called before pydantic
builds anything, puts this module in that one's place. It answers as pydantic's loader does: no
plugins while plugins load or when ``PYDANTIC_DISABLE_PLUGINS`` is ``__all__``, ``1`` or ``true``,
the names it lists left out, each plugin loaded once, one that fails to import warned about and
left out. This relies on a private detail of pydantic (where it imports ``get_plugins`` from),
pinned by ``tests/test_start_private_details.py``.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable

from gmtool.core.entry_points import entry_points

LOADER = "pydantic.plugin._loader"
PYDANTIC_ENTRY_POINT_GROUP = "pydantic"

_plugins: dict[str, object] | None = None
_loading_plugins = False


def get_plugins() -> Iterable[object]:
    """The installed pydantic plugins (pydantic's ``get_plugins``, see the module docstring)."""
    global _plugins, _loading_plugins
    disabled = os.getenv("PYDANTIC_DISABLE_PLUGINS")
    if _loading_plugins or disabled in ("__all__", "1", "true"):
        return ()
    if _plugins is None:
        _plugins = {}
        _loading_plugins = True  # a plugin that uses pydantic gets no plugins itself
        try:
            _load_plugins(_plugins, disabled)
        finally:
            _loading_plugins = False
    return _plugins.values()


def _load_plugins(into: dict[str, object], disabled: str | None) -> None:
    left_out = disabled.split(",") if disabled is not None else []
    for point in entry_points(PYDANTIC_ENTRY_POINT_GROUP):
        if point.value in into or point.name in left_out:
            continue
        try:
            into[point.value] = point.load()
        except (ImportError, AttributeError) as exc:
            warnings.warn(
                f"{type(exc).__name__} while loading the `{point.name}` Pydantic plugin, "
                f"this plugin will not be installed.\n\n{exc!r}",
                stacklevel=2,
            )


def install() -> bool:
    """Answer pydantic's plugin question from this module; False when pydantic's own loader
    was imported already (then it stays)."""
    if LOADER in sys.modules:
        return sys.modules[LOADER] is sys.modules[__name__]
    sys.modules[LOADER] = sys.modules[__name__]
    return True
