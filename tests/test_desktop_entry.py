"""``gmtool --install-desktop`` / ``--uninstall-desktop`` (issue 19): the Linux menu entry and its
icons, written whole into ``$XDG_DATA_HOME`` and removed again; refusals in the GM's language."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from configparser import ConfigParser
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from gmtool.app import main
from gmtool.core.errors import StorageError
from gmtool.core.i18n import set_language
from gmtool.storage import desktop_entry
from gmtool.storage.desktop_entry import ICON_SIZES, install, uninstall

REPO = Path(__file__).resolve().parents[1]


def _entry(path: Path) -> dict[str, str]:
    parser = ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive in desktop entries
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_install_writes_the_entry_with_this_gmtool_and_every_icon(tmp_path: Path) -> None:
    written = install(tmp_path, command=["/opt/my tools/gmtool"])
    entry = _entry(tmp_path / "applications" / "gmtool.desktop")
    assert entry["Exec"] == '"/opt/my tools/gmtool"'  # a path with a space is quoted
    assert entry["TryExec"] == "/opt/my tools/gmtool"
    assert entry["Icon"] == "gmtool" and entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Name"] == "gmtool" and entry["GenericName[ja]"] == "戦闘管理ツール"
    assert "Game;" in entry["Categories"] and entry["StartupWMClass"] == "gmtool"
    for size in ICON_SIZES:
        png = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "gmtool.png"
        assert png in written and QImage(str(png)).size().width() == size
    assert (tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "gmtool.svg").read_text().startswith("<svg")
    assert not list(tmp_path.rglob("*.tmp"))  # written whole, nothing half-made left


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_the_written_entry_passes_the_freedesktop_validator(tmp_path: Path) -> None:
    install(tmp_path, command=["/opt/gm $tools/py thon", "-m", "gmtool"])  # reserved characters quoted
    assert _entry(tmp_path / "applications" / "gmtool.desktop")["Exec"] == '"/opt/gm \\\\$tools/py thon" -m gmtool'
    done = subprocess.run(["desktop-file-validate", str(tmp_path / "applications" / "gmtool.desktop")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_uninstall_removes_what_install_wrote_and_only_that(tmp_path: Path) -> None:
    mine = tmp_path / "applications" / "other.desktop"
    written = install(tmp_path, command=["gmtool"])
    mine.write_text("[Desktop Entry]\n")
    assert sorted(uninstall(tmp_path)) == sorted(written)
    assert mine.exists() and not any(path.exists() for path in written)
    assert uninstall(tmp_path) == []  # again: nothing left to remove


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_folder_that_cannot_be_written_is_a_translated_refusal(tmp_path: Path) -> None:
    locked = tmp_path / "share"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(StorageError) as caught:
            install(locked, command=["gmtool"])
        assert str(locked) in caught.value.message()
    finally:
        locked.chmod(stat.S_IRWXU)


def test_a_file_where_a_folder_should_be_is_a_translated_refusal(tmp_path: Path) -> None:
    (tmp_path / "applications").write_text("not a folder")
    with pytest.raises(StorageError) as caught:
        install(tmp_path, command=["gmtool"])
    assert "applications" in caught.value.message()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_command_line_says_what_it_did(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, language: str) -> None:  # noqa: ANN001
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    try:
        assert main(["--install-desktop", "--lang", language]) == 0
        said = capsys.readouterr().out
        assert str(tmp_path / "applications" / "gmtool.desktop") in said
        assert ("application menu" in said) == (language == "en")
        assert main(["--uninstall-desktop", "--lang", language]) == 0
        assert str(tmp_path) in capsys.readouterr().out
        assert not (tmp_path / "applications" / "gmtool.desktop").exists()
        (tmp_path / "applications").rmdir()
        (tmp_path / "applications").write_text("in the way")
        assert main(["--install-desktop", "--lang", language]) == 1
        assert "applications" in capsys.readouterr().err
    finally:
        set_language("en")


def test_the_launcher_names_an_installed_script_or_this_python(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    script = tmp_path / "bin" / "gmtool"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(desktop_entry.sys, "argv", [str(script)])
    assert desktop_entry.launcher() == [str(script.resolve())]
    monkeypatch.setattr(desktop_entry.sys, "argv", [str(REPO / "gmtool" / "__main__.py")])
    monkeypatch.setattr(desktop_entry.shutil, "which", lambda _name: None)
    assert desktop_entry.launcher()[1:] == ["-m", "gmtool"]
