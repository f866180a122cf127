"""Dialogs for choosing a campaign file, and for a file gmtool cannot open."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from gmtool.core.i18n import tr
from gmtool.storage.paths import data_dir

Choice = Literal["open", "new", "quit", "read_only"]
FILE_FILTER_KEY = "dialog.campaign_filter"


def ask_after_bad_file(parent: QWidget | None, message: str, can_read_only: bool = False) -> Choice:
    """Explain why a campaign cannot be opened; offer another, a new one, or quitting — and, for a
    campaign that can be read but not written here (another gmtool has it, a read-only file),
    opening it read-only."""
    box = QMessageBox(parent)
    box.setObjectName("badCampaignBox")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(tr("dialog.bad_campaign.title"))
    box.setText(message)
    box.setInformativeText(tr("dialog.bad_campaign.untouched"))
    read_only_button = None
    if can_read_only:
        read_only_button = box.addButton(tr("dialog.bad_campaign.read_only"), QMessageBox.ButtonRole.YesRole)
    open_button = box.addButton(tr("dialog.bad_campaign.open"), QMessageBox.ButtonRole.AcceptRole)
    new_button = box.addButton(tr("dialog.bad_campaign.new"), QMessageBox.ButtonRole.ActionRole)
    quit_button = box.addButton(tr("dialog.bad_campaign.quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(read_only_button or open_button)
    box.exec()
    clicked = box.clickedButton()
    if clicked is not None and clicked is read_only_button:
        return "read_only"
    if clicked is new_button:
        return "new"
    if clicked is quit_button or clicked is None:
        return "quit"
    return "open"


def choose_campaign_to_open(parent: QWidget | None) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(parent, tr("dialog.open_campaign"), str(data_dir()), tr(FILE_FILTER_KEY))
    return Path(path) if path else None


def free_campaign_name() -> Path:
    """campaign-2.gmtool, campaign-3.gmtool … the first name not taken in the data folder."""
    folder = data_dir()
    n = 2
    while (folder / f"campaign-{n}.gmtool").exists():
        n += 1
    return folder / f"campaign-{n}.gmtool"


def choose_new_campaign(parent: QWidget | None) -> Path | None:
    path, _ = QFileDialog.getSaveFileName(
        parent,
        tr("dialog.new_campaign"),
        str(free_campaign_name()),
        tr(FILE_FILTER_KEY),
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    if not path:
        return None
    chosen = Path(path)
    return chosen if chosen.suffix else chosen.with_suffix(".gmtool")
