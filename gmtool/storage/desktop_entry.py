"""The Linux desktop entry and icons, for a gmtool installed with pip or pipx (which install neither).

``gmtool --install-desktop`` writes ``resources/desktop/gmtool.desktop`` to
``$XDG_DATA_HOME/applications`` (default ``~/.local/share``), with ``Exec`` and ``TryExec`` naming
the gmtool being run (a desktop session often lacks ``~/.local/bin`` in its ``PATH``), and the
icons to ``$XDG_DATA_HOME/icons/hicolor/<size>/apps``; ``--uninstall-desktop`` removes them. Each
file is written whole or not at all (:mod:`gmtool.storage.atomic`); a folder that cannot be
written is a :class:`~gmtool.core.errors.StorageError` with a translated message.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib.resources import files
from pathlib import Path

from gmtool.core.errors import StorageError
from gmtool.storage.atomic import write_bytes_atomic

ENTRY = "gmtool.desktop"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this gmtool: its script, else this Python with ``-m gmtool``."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "gmtool" and script.exists():
        parts = [str(script.resolve())]
    elif (found := shutil.which("gmtool")) is not None:
        parts = [str(Path(found).resolve())]
    else:
        parts = [str(Path(sys.executable).resolve()), "-m", "gmtool"]
    return parts


def entry_text(command: list[str]) -> str:
    """The shipped desktop entry with ``Exec`` running ``command`` (quoted where it must be) and
    ``TryExec`` naming its program."""
    quoted = " ".join(_exec_argument(part) for part in command)
    lines = []
    for line in _resource("desktop", ENTRY).decode("utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={quoted}"
        elif line.startswith("TryExec="):
            line = f"TryExec={command[0]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _exec_argument(part: str) -> str:
    """One argument of ``Exec`` (Desktop Entry spec): quoted when it holds a reserved character,
    with ``" ` $ \\`` escaped inside the quotes, then the backslashes escaped as any string value."""
    if not any(c in part for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return part
    inner = "".join("\\" + c if c in '"`$\\' else c for c in part)
    return ('"' + inner + '"').replace("\\", "\\\\")


def targets(home: Path) -> list[Path]:
    """Every file ``install`` writes under ``home``."""
    icons = home / "icons" / "hicolor"
    return [home / "applications" / ENTRY, icons / "scalable" / "apps" / "gmtool.svg",
            *(icons / f"{size}x{size}" / "apps" / "gmtool.png" for size in ICON_SIZES)]


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the desktop entry and icons; the files written."""
    home = data_home() if home is None else home
    entry, svg, *pngs = targets(home)
    contents = [(entry, entry_text(command or launcher()).encode("utf-8")), (svg, _resource("icons", "gmtool.svg"))]
    contents += [(png, _resource("icons", f"gmtool-{size}.png")) for png, size in zip(pngs, ICON_SIZES, strict=True)]
    for path, data in contents:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError("error.save_failed", path=str(path), detail=exc.strerror or str(exc)) from exc
        write_bytes_atomic(path, data)
    return [path for path, _ in contents]


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote; the files removed."""
    removed = []
    for path in targets(data_home() if home is None else home):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise StorageError("error.save_failed", path=str(path), detail=exc.strerror or str(exc)) from exc
        removed.append(path)
    return removed


def _resource(folder: str, name: str) -> bytes:
    return files("gmtool.resources").joinpath(folder, name).read_bytes()
