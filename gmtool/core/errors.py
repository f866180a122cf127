"""gmtool's own exception hierarchy.

Every error carries a translation key and its arguments, so the GUI can show a
translated message without the core knowing which language is active. The translation itself
comes from :mod:`gmtool.core.i18n`, which installs its ``tr`` here when it is imported (it
imports this module for its own errors, so this one cannot import it back).
"""

from __future__ import annotations

from collections.abc import Callable


def _untranslated(key: str, /, **args: object) -> str:
    return f"{key} {args}" if args else key


_TRANSLATE: list[Callable[..., str]] = [_untranslated]


def use_translator(translate: Callable[..., str]) -> None:
    """Give the errors their messages' language (:mod:`gmtool.core.i18n` calls it on import)."""
    _TRANSLATE[0] = translate


class GmtoolError(Exception):
    """Base of every error gmtool raises on purpose."""

    def __init__(self, key: str, /, **args: object) -> None:
        super().__init__(key)
        self.key = key
        self.args_for_message = args

    def message(self) -> str:
        """The error in the current language."""
        return _TRANSLATE[0](self.key, **self.args_for_message)

    def __str__(self) -> str:  # readable in tracebacks and logs
        try:
            return self.message()
        except Exception:  # noqa: BLE001 - a broken catalogue must not hide the error itself
            return f"{self.key} {self.args_for_message}"


class RulesError(GmtoolError):
    """An action the rules do not allow, or a value outside what they allow."""


class NotImplementedRuleError(RulesError):
    """A rule gmtool does not implement yet (listed as missing in docs/rules-status.md and the game pages)."""


class FileFormatError(GmtoolError):
    """A file that is not what it claims to be: not ours, truncated, too new."""


class StorageError(GmtoolError):
    """The campaign file could not be written (disk full, locked, another gmtool …)."""


class ResourceError(GmtoolError):
    """A data file in resources/ (or a user's house-rule file) failed validation."""
