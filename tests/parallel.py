"""How ``make test``'s workers (pytest-xdist, ``-n auto --dist loadgroup``) share the tests: a pytest plug-in.

- The tests that say they are slow (a ``Slow:`` sentence in the docstring, :mod:`tests.cpu_limit`) start
  first, so that no worker begins a long test when the others have finished.
- The tests of a module that shares a fixture of module, class or package scope (a built wheel, a
  printed report) form one ``xdist_group``: one worker runs them all and builds the fixture once.
- A test that cannot share the machine with another worker is marked ``xdist_group("alone")`` by hand:
  these run on one worker, one after another (none needs it today).

Without xdist (a plain ``pytest tests/...``) nothing changes: the tests run in the order of the files.
"""

from __future__ import annotations

import pytest

from tests.cpu_limit import has_reason

SHARED_SCOPES = frozenset({"module", "class", "package"})


def shares_a_fixture(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture that outlives one test but not the session."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(definition.scope in SHARED_SCOPES
               for definitions in info.name2fixturedefs.values() for definition in definitions)


def pytest_configure(config: pytest.Config) -> None:
    # xdist registers the mark itself; this keeps it known when xdist is left out (``-p no:xdist``)
    config.addinivalue_line("markers", "xdist_group(name): tests of one group run on one xdist worker")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which adds the group to each test's id
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not hasattr(config, "workerinput"):  # not an xdist worker
        return
    for item in items:
        if shares_a_fixture(item) and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items.sort(key=lambda item: not has_reason(item))  # stable: the slow ones first, each in its file's order
