"""A real browser on the players' page: headless Chromium (Debian's ``chromium`` and ``chromium-driver``,
driven by Selenium) as a 360×640 phone, portrait and landscape, opens the shared page, sees the order
and who acts now, and sees the change after a command, with no sideways scrolling.

Selenium's calls block; the server lives in Qt's loop in this thread, so they run in a worker thread
while the test waits in Qt's loop. Without the browser the test is skipped on a developer's machine
(with the reason) and fails in CI (``CI`` set: ``.ci/run`` installs the browser).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.share.server import ShareServer
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.bridge import EncounterBridge

T = TypeVar("T")
BROWSER, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
WAIT_MS = 30_000
SHOTS = Path("/tmp/s4-web")


def _need_browser() -> None:
    if BROWSER and DRIVER:
        return
    reason = "headless Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the real-browser test: {reason}")
    pytest.skip(reason)


@pytest.fixture
def browser(qtbot) -> Iterator[Callable[..., Any]]:  # noqa: ANN001
    """Runs a call in Selenium's thread (``call(fn, *args)``) while Qt's loop serves the page."""
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    pool = ThreadPoolExecutor(max_workers=1)

    def call(fn: Callable[..., T], *args: object) -> T:
        future = pool.submit(fn, *args)
        qtbot.waitUntil(future.done, timeout=WAIT_MS)
        return future.result()

    def make(width: int, height: int) -> webdriver.Chrome:
        options = webdriver.ChromeOptions()
        options.binary_location = str(BROWSER)
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--lang=en-US", "--no-first-run", "--disable-extensions"):
            options.add_argument(argument)
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                               "pixelRatio": 2}})
        return webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))

    drivers: list[webdriver.Chrome] = []

    def start(width: int, height: int) -> webdriver.Chrome:
        drivers.append(call(make, width, height))
        return drivers[-1]

    call.start = start  # type: ignore[attr-defined]
    yield call
    for driver in drivers:
        call(driver.quit)
    pool.shutdown()


@pytest.fixture
def shared(workspace: Workspace) -> Iterator[tuple[ShareServer, EncounterBridge]]:
    bridge = EncounterBridge(workspace)
    server = ShareServer(bridge)
    assert server.start("127.0.0.1", 0) is None
    yield server, bridge
    server.stop()
    server.deleteLater()


def _page(driver: Any) -> dict[str, Any]:
    return driver.execute_script(
        "return {heading: document.getElementById('heading').textContent,"
        " now: document.getElementById('now').textContent,"
        " rows: [...document.querySelectorAll('#order li .name')].map(e => e.textContent),"
        " current: [...document.querySelectorAll('#order li.current .name')].map(e => e.textContent),"
        " width: document.documentElement.scrollWidth, inner: window.innerWidth, shown: document.body.dataset.shown}")


def _wait_for(call: Callable[..., Any], driver: Any, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    def poll() -> dict[str, Any]:
        import time

        deadline = time.monotonic() + WAIT_MS / 1000 - 1
        while True:
            seen = _page(driver)
            if check(seen) or time.monotonic() > deadline:
                return seen
            time.sleep(0.02)

    seen = call(poll)
    assert check(seen), seen
    return seen


def test_a_phone_sees_the_order_and_the_change_after_a_command(qtbot, browser, shared) -> None:  # noqa: ANN001
    server, bridge = shared
    driver = browser.start(360, 640)
    browser(driver.get, server.url())
    combatants = len(bridge.state.combatants)
    first = _wait_for(browser, driver, lambda page: len(page["rows"]) == combatants)
    assert first["heading"] == bridge.ruleset.heading(bridge.state).text
    assert first["inner"] == 360 and first["width"] <= first["inner"], "no sideways scrolling on a phone"
    assert "NPC 1" in first["rows"]
    SHOTS.mkdir(exist_ok=True)
    browser(driver.save_screenshot, str(SHOTS / "phone-portrait-before.png"))
    assert bridge.execute(cmd.StartTurn())
    heading = bridge.ruleset.heading(bridge.state).text
    after = _wait_for(browser, driver, lambda page: page["heading"] == heading and len(page["current"]) == 1)
    assert after["now"].endswith(after["current"][0].removeprefix("\u25b6 "))
    browser(driver.save_screenshot, str(SHOTS / "phone-portrait-after.png"))


def test_a_phone_in_landscape_and_the_hex_map(qtbot, browser, shared, workspace: Workspace) -> None:  # noqa: ANN001
    server, _bridge = shared
    driver = browser.start(640, 360)
    rally = workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally"))
    rally_bridge = EncounterBridge(rally)
    server.attach(rally_bridge)
    browser(driver.get, server.url())
    units = len(rally_bridge.ruleset.roster(rally_bridge.state))
    seen = _wait_for(browser, driver, lambda page: len(page["rows"]) == units)
    assert seen["width"] <= seen["inner"] == 640
    has_map = browser(driver.execute_script, "return !document.getElementById('map').hidden"
                                              " && !!document.querySelector('#map svg')")
    assert has_map
    browser(driver.save_screenshot, str(SHOTS / "phone-landscape-rally.png"))
