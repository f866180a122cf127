"""gmtool's own exception hierarchy.

Every error carries a translation key and its arguments, so the GUI can show a
translated message without the core knowing which language is active.
"""

from __future__ import annotations

from typing import Any


class GmtoolError(Exception):
    """Base of every error gmtool raises on purpose."""

    def __init__(self, key: str, /, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_for_message = args

    def message(self) -> str:
        """The error in the current language."""
        from gmtool.core.i18n import tr

        return tr(self.key, **self.args_for_message)

    def __str__(self) -> str:  # readable in tracebacks and logs
        try:
            return self.message()
        except Exception:  # noqa: BLE001 - a broken catalogue must not hide the error itself
            return f"{self.key} {self.args_for_message}"


class RulesError(GmtoolError):
    """An action the rules do not allow, or a value outside what they allow."""


class NotImplementedRuleError(RulesError):
    """A rule gmtool does not implement yet (listed as missing in README)."""


class FileFormatError(GmtoolError):
    """A file that is not what it claims to be: not ours, truncated, too new."""


class StorageError(GmtoolError):
    """The campaign file could not be written (disk full, locked, another gmtool …)."""


class ResourceError(GmtoolError):
    """A data file in resources/ (or a user's house-rule file) failed validation."""
