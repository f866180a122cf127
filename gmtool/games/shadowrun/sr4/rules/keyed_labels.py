"""Dice-test labels that are message keys: a test the rules roll themselves (a Matrix deed, a chase
manoeuvre, a vehicle test) is logged with its label as ``KEYED`` + a message key, and the log line shows
it in the reader's language (a label the GM typed is shown as typed). The mark is kept in journals: it
never changes."""

from __future__ import annotations

from gmtool.core.i18n import tr

KEYED = "mx:"  # first used by the Matrix; kept for the journals that hold it


def keyed(key: str) -> str:
    """The label of a test whose name is the message ``key``."""
    return KEYED + key


def shown(label: str) -> str:
    """The label as the log shows it: a keyed label translated, any other as it is."""
    return tr(label[len(KEYED):]) if label.startswith(KEYED) else label
