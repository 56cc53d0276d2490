"""Headless Chromium for tests: Debian's ``chromium`` (installed by scripts/system-deps.sh)
driven by Playwright against that binary; nothing is downloaded, no browser of its own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium, closed afterwards (one for several pages: its start is most
    of a short browser test's time)."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.is_file():
        raise RuntimeError(f"{CHROMIUM} is missing: run 'sudo apt-get install chromium'")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def browser_page(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A fresh page in a fresh headless Chromium, closed afterwards."""
    with chromium() as browser:
        yield browser.new_page(viewport={"width": width, "height": height})
