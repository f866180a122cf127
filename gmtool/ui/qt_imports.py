"""PySide6's import hook, kept from reading the source of every module imported after it.

PySide6 (its ``__feature__`` support, ``PySide6.support.feature``) replaces
``builtins.__import__``. After each ``import`` statement it records, once per module,
whether the module "uses PySide" (0: takes part in feature switching, no feature
selected) or not (-1: ignored by switching). It finds out by reading the module's source
(``inspect.getsource``) and searching it for the word ``PySide6``: for gmtool's start that
is about 40 ms and 10 MB, as the sources stay cached in ``linecache``.

Both answers mean "no feature" for a module that does not ask for one with
``from __feature__ import …``; a module that asks records its choice itself, before this
question is asked. gmtool asks for no feature anywhere, so :func:`skip_source_reads`
answers "uses PySide" for every module without reading anything. This relies on a
private detail of PySide6 (``_mod_uses_pyside``), pinned by
``tests/test_start_private_details.py``: an upgrade that renames or stops calling it fails
that test instead of silently slowing the start.
"""

from __future__ import annotations

from types import ModuleType


def _uses_pyside(module: ModuleType) -> bool:
    """Every module counts as a PySide user with no feature selected (module docstring)."""
    return True


def skip_source_reads() -> bool:
    """Answer PySide6's per-module question without reading sources; True when installed
    (False: this PySide6 has no such question, nothing to skip)."""
    import PySide6.QtCore  # noqa: F401 - installs PySide6.support.feature

    try:
        from PySide6.support import feature  # type: ignore[attr-defined]  # not in PySide6's stubs
    except ImportError:
        return False
    if not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = _uses_pyside
    return True
