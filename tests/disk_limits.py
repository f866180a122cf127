"""Real full and read-only disks for tests: small tmpfs mounts (needs the right to mount, as root
in CI's container has; elsewhere the tests that need them are skipped, saying why)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _mount(folder: Path, options: str) -> None:
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "gmtool-test", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"needs a tmpfs mount (root): {done.stderr.strip()}")


def _unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], check=True)


@contextmanager
def small_disk(folder: Path, size_kib: int = 512) -> Iterator[Path]:
    """``folder`` as a disk of ``size_kib`` KiB."""
    folder.mkdir(parents=True, exist_ok=True)
    _mount(folder, f"size={size_kib}k")
    try:
        yield folder
    finally:
        _unmount(folder)


def fill(folder: Path, leave_bytes: int = 0) -> None:
    """Fill the disk holding ``folder`` until at most ``leave_bytes`` are free."""
    chunk = b"\0" * 4096
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        while os.write(fd, chunk):
            pass
    except OSError:
        pass  # full
    finally:
        os.close(fd)
    if leave_bytes:
        with (folder / "filler").open("r+b") as handle:
            handle.truncate((folder / "filler").stat().st_size - leave_bytes)


@contextmanager
def read_only_disk(folder: Path) -> Iterator[Path]:
    """``folder`` mounted read-only, holding what it held (copied in first)."""
    import shutil

    saved = folder.with_name(folder.name + "-contents")
    if folder.exists():
        shutil.copytree(folder, saved)
    folder.mkdir(parents=True, exist_ok=True)
    _mount(folder, "size=8m")
    try:
        if saved.exists():
            shutil.copytree(saved, folder, dirs_exist_ok=True)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield folder
    finally:
        _unmount(folder)
