"""The entry points of one group, read from the installed distributions without ``importlib.metadata``.

gmtool finds its games (``gmtool.games``) and pydantic its plugins (``pydantic``) through entry
points at every start. ``importlib.metadata`` and the e-mail parser it imports cost about 5 ms
and 1 MiB of that start, for a few lines of text; this module reads the same files the same way:
each folder of ``sys.path`` in order, its ``*.dist-info`` and ``*.egg-info`` folders (grouped by
normalised name in the order the folder lists them, as ``importlib.metadata``'s path finder
does), the first distribution of a name winning, and the ``[group]`` section of its
``entry_points.txt``. Zip files on the path are skipped (``importlib.metadata`` would look inside;
nothing of ours is installed that way). ``tests/test_entry_points.py`` compares the result with
``importlib.metadata`` in the running environment.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_NAME_RUN = re.compile(r"[-_.]+")
_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class EntryPoint:
    """One ``name = value`` line of a group (``value`` is ``"package.module:attribute"``)."""

    name: str
    value: str
    group: str

    def load(self) -> object:
        """Import the module and return the attribute the entry point names."""
        return load_object(self.value.partition("[")[0])  # "[extras]" name no code


def load_object(dotted: str) -> object:
    """``"package.module:attribute"`` → the attribute (imports the module)."""
    module, _, attribute = dotted.partition(":")
    target: object = importlib.import_module(module.strip())
    for part in attribute.split(".") if attribute.strip() else ():
        target = getattr(target, part.strip())
    return target


def normalized(name: str) -> str:
    """A distribution's name as ``importlib.metadata`` compares them (PEP 503, dashes as underscores)."""
    return _NAME_RUN.sub("-", name).lower().replace("-", "_")


def _metadata_folders(folder: str) -> Iterator[tuple[str, str]]:
    """``(normalised name, path)`` of each distribution's metadata folder in ``folder``."""
    try:
        children = os.listdir(folder or ".")
    except OSError:
        return
    grouped: dict[str, list[str]] = {}
    for child in children:
        low = child.lower()
        if low.endswith(_SUFFIXES):
            grouped.setdefault(normalized(low.rpartition(".")[0].partition("-")[0]), []).append(child)
    base = os.path.basename(folder).lower()
    if base.endswith(".egg"):  # an unzipped egg: its metadata folder is EGG-INFO
        for child in children:
            if child.lower() == "egg-info":
                grouped.setdefault(normalized(base.rpartition(".")[0].partition("-")[0]), []).append(child)
    for name, found in grouped.items():
        for child in found:
            yield name, os.path.join(folder, child)


def distributions(paths: Iterable[str] | None = None) -> Iterator[str]:
    """The metadata folder of each distribution on ``paths`` (``sys.path``), the first of a name only."""
    seen: set[str] = set()
    for folder in sys.path if paths is None else paths:
        for name, path in _metadata_folders(folder):
            if name not in seen:
                seen.add(name)
                yield path


def parse_group(text: str, group: str) -> list[EntryPoint]:
    """The entry points of ``group`` in the text of an ``entry_points.txt``."""
    found: list[EntryPoint] = []
    section: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(EntryPoint(name.strip(), value.strip(), group))
    return found


def entry_points(group: str, paths: Iterable[str] | None = None) -> list[EntryPoint]:
    """Every entry point of ``group`` installed on ``paths`` (``sys.path``), distribution by distribution."""
    found: list[EntryPoint] = []
    for path in distributions(paths):
        try:
            with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as file:
                text = file.read()
        except (OSError, UnicodeDecodeError):
            continue
        found.extend(parse_group(text, group))
    return found
