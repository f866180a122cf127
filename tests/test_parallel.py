"""How ``make test``'s workers share the tests (``tests/parallel.py``): the slow ones first, a module's
shared fixture built on one worker only; nothing changes without xdist."""

from __future__ import annotations

import pytest

from tests import parallel

MODULE = '''
import pytest

@pytest.fixture(scope="module")
def wheel():
    return "built once"

def test_quick():
    pass

def test_uses_the_wheel(wheel):
    pass

def test_long():
    """Slow: it checks two thousand cases."""

class TestMachine:
    """Slow: every step of the machine is the point."""

    def test_steps(self):
        pass
'''


def _groups(items: list[pytest.Item]) -> dict[str, str | None]:
    marks = {item.name: item.get_closest_marker("xdist_group") for item in items}
    return {name: mark.args[0] if mark else None for name, mark in marks.items()}


def test_a_worker_takes_the_slow_tests_first_and_groups_a_shared_fixture(pytester: pytest.Pytester) -> None:
    items = pytester.getitems(MODULE)
    items[0].config.workerinput = {"workerid": "gw0"}  # as xdist gives each worker
    parallel.pytest_collection_modifyitems(items[0].config, items)
    assert [item.name for item in items] == ["test_long", "test_steps", "test_quick", "test_uses_the_wheel"]
    module = items[0].nodeid.split("::")[0]
    assert _groups(items) == {"test_long": None, "test_steps": None, "test_quick": None,
                              "test_uses_the_wheel": module}


def test_without_xdist_the_order_and_the_marks_stay(pytester: pytest.Pytester) -> None:
    items = pytester.getitems(MODULE)
    parallel.pytest_collection_modifyitems(items[0].config, items)
    assert [item.name for item in items] == ["test_quick", "test_uses_the_wheel", "test_long", "test_steps"]
    assert set(_groups(items).values()) == {None}
