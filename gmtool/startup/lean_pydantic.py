"""pydantic imported for the start with less: no ``importlib.metadata``, no OpenSSL.

- Its plugins are found by :mod:`gmtool.startup.pydantic_plugins` (``importlib.metadata`` not imported).
- ``pydantic.types`` imports ``secrets``, whose ``hmac`` imports ``hashlib`` and OpenSSL's
  ``_hashlib`` when it can: 3.4 MiB of resident memory (issue 19's measure) for hashes gmtool
  never computes with them. While pydantic is imported, ``_hashlib`` is marked as missing
  (a ``None`` entry in ``sys.modules``, Python's documented way); ``hmac`` and ``hashlib`` then
  use Python's built-in hash modules (``_sha256`` …), which give the same digests (a Python built
  without them keeps OpenSSL). The mark is removed at once: a later ``import _hashlib`` would load
  OpenSSL as usual (nothing of gmtool does). ``tests/test_start_private_details.py`` pins both.
"""

from __future__ import annotations

import importlib
import sys

from gmtool.startup.pydantic_plugins import install

OPENSSL_HASHES = "_hashlib"


def _import_parts() -> None:
    """pydantic, the parts every model needs and its schema builder (all before PySide6's import hook)."""
    import pydantic._internal._generate_schema  # noqa: F401 - builds each model's schema
    import pydantic.fields  # noqa: F401 - imports pydantic.types, secrets, hmac, hashlib
    import pydantic.main  # noqa: F401


def _builtin_sha2() -> bool:
    """Whether this Python has its own SHA-2 module (``_sha2``, ``_sha256`` before 3.12): the hashes
    gmtool computes (a campaign's backup folder name) need it when OpenSSL is left out. Some builds
    leave it out themselves; they keep OpenSSL."""
    for name in ("_sha2", "_sha256"):
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        return True
    return False


def import_pydantic() -> None:
    """Import pydantic (see the module docstring)."""
    install()
    if OPENSSL_HASHES in sys.modules or "hashlib" in sys.modules or not _builtin_sha2():
        _import_parts()  # OpenSSL is loaded already, or this Python needs it: nothing to spare
        return
    sys.modules[OPENSSL_HASHES] = None  # type: ignore[assignment]  # None: the import fails ("not available")
    try:
        _import_parts()
    finally:
        if sys.modules.get(OPENSSL_HASHES, 0) is None:
            del sys.modules[OPENSSL_HASHES]
