"""What the browser tests share: headless Chromium started one way (a desktop window or a
phone's screen with touch), and axe-core run in the page.

axe-core is the npm package pinned in package.json (``npm ci`` installs it into node_modules/,
as .ci/run does); the tests that need it skip, naming it, when it is absent.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

PHONE = {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}
PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0 Mobile Safari/537.36"
)


def missing() -> str | None:
    """Why the browser tests cannot run here (naming the package to install), or ``None``."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: apt-get install chromium (listed in apt-packages.txt)"
    if not CHROMEDRIVER.exists():
        return (
            f"{CHROMEDRIVER} is missing: apt-get install chromium-driver "
            "(listed in apt-packages.txt)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install '.[test]'"
    return None


@contextmanager
def chromium(phone: bool = False) -> Iterator[Any]:
    """Headless Chromium driven by selenium (skips the test when it is missing): a 1280×900
    window, or with ``phone`` a phone's 390×844 CSS px screen with touch events and a phone's
    user agent; the performance and console logs kept."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="palago-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": PHONE, "userAgent": PHONE_AGENT}
        )
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    if not phone:
        driver.set_window_size(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def axe_findings(driver: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of those impacts on the page as it stands, one line each (the rule,
    its impact, the elements, what to fix); skips the test when axe-core is not installed."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed ({AXE} is missing): npm ci (package.json)")
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations), e => done(String(e)));"
    )
    assert not isinstance(result, str), f"axe.run failed: {result}"
    out = []
    for violation in result:
        if violation["impact"] not in impacts:
            continue
        nodes = [" ".join(node["target"]) for node in violation["nodes"]][:5]
        summary = violation["nodes"][0].get("failureSummary", "").replace("\n", " ")
        out.append(
            f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])}): "
            f"{nodes} {summary[:300]}"
        )
    return out


def until(driver: Any, script: str, *args: Any, seconds: float = 15) -> Any:
    """Wait until the page's ``return script`` (with ``args``) is true, and give that value;
    a timeout names the script."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(
        lambda d: d.execute_script("return " + script, *args),
        message=f"the page never got to: {script} {args}",
    )
