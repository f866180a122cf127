"""What a game adds to the library window: its template editor, adding a template to an encounter,
and an encounter builder. Named in the game's manifest (``library_gui``) and imported on first use.

The editor is a dialog that emits ``saved(template)`` with a validated template; the shell stores
it. Adding asks the GM what the game needs (how many, as a group …) and answers with the commands
to run, one journaled command each, through the main window's bridge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, cast

from PySide6.QtWidgets import QDialog, QLabel, QWidget

from gmtool.core.messages import Command
from gmtool.storage.campaign import Campaign


@dataclass(frozen=True)
class AddPlan:
    """The commands that put a template into the current encounter, and what to say once they ran."""

    commands: tuple[Command, ...]
    message: str
    warning: bool = False  # the message says something was left out


class LibraryGui(Protocol):
    """A game's library dialogs."""

    def editor(self, document: dict[str, object], parent: QWidget) -> QDialog:
        """The editor of one template's document (emits ``saved(template)``)."""
        ...

    def ask_to_add(self, template: object, parent: QWidget) -> AddPlan | None:
        """Ask how the template joins the encounter; None when the GM cancels (or the game refuses, said)."""
        ...

    def encounter_builder(self, campaign: Campaign, keep_current: int | None, game: str,
                          parent: QWidget) -> QDialog | None:
        """A dialog building an encounter ahead from templates (emits ``encounterSaved(id)``); None: none."""
        ...


def say_in_place(label: QLabel, text: str) -> None:
    """An editor's refusal in its own word-wrapped message line, every line of it shown: the line
    asks for the height its text needs at its width (a form does not grow a wrapped label by itself)."""
    label.setText(text)
    label.setMinimumHeight(label.heightForWidth(label.width()) if text else 0)


def library_gui_for(game: str) -> LibraryGui | None:
    """The library dialogs of ``game`` (imported now), or None when it has none."""
    from gmtool.core.entry_points import load_object
    from gmtool.core.registry import registry

    dotted = registry().manifest(game).library_gui
    # cast: imported by the name the manifest gives, a LibraryGui by the contract (the conformance kit imports it)
    return cast(LibraryGui, load_object(dotted)) if dotted is not None else None
