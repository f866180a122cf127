"""pydantic imported for the start with less: no ``importlib.metadata``, no OpenSSL.

- Its plugins are found by :mod:`gmtool.pydantic_plugins` (``importlib.metadata`` not imported).
- ``pydantic.types`` imports ``secrets``, whose ``hmac`` imports ``hashlib`` and OpenSSL's
  ``_hashlib`` when it can: 3.4 MiB of resident memory (issue 19's measure) for hashes gmtool
  never computes with them. While pydantic is imported, ``_hashlib`` is marked as missing
  (a ``None`` entry in ``sys.modules``, Python's documented way); ``hmac`` and ``hashlib`` then
  use Python's built-in hash modules (``_sha256`` …), which give the same digests. The mark is
  removed at once: a later ``import _hashlib`` would load OpenSSL as usual (nothing of gmtool
  does). ``tests/test_start_private_details.py`` pins both.
"""

from __future__ import annotations

import sys

from gmtool.pydantic_plugins import install

OPENSSL_HASHES = "_hashlib"


def _import_parts() -> None:
    """pydantic, the parts every model needs and its schema builder (all before PySide6's import hook)."""
    import pydantic._internal._generate_schema  # noqa: F401 - builds each model's schema
    import pydantic.fields  # noqa: F401 - imports pydantic.types, secrets, hmac, hashlib
    import pydantic.main  # noqa: F401


def import_pydantic() -> None:
    """Import pydantic (see the module docstring)."""
    install()
    if OPENSSL_HASHES in sys.modules or "hashlib" in sys.modules:
        _import_parts()  # OpenSSL is loaded already: nothing to spare
        return
    sys.modules[OPENSSL_HASHES] = None  # type: ignore[assignment] - "not available"
    try:
        _import_parts()
    finally:
        if sys.modules.get(OPENSSL_HASHES, 0) is None:
            del sys.modules[OPENSSL_HASHES]
