"""Headless Chromium for tests that look at HTML: Debian's ``chromium`` driven by
Playwright (its own browser download is never used). Tests skip when either is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def page(width: int = 1300, height: int = 900) -> Iterator[Any]:
    """A fresh browser page; closed with its browser afterwards."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if shutil.which(CHROMIUM) is None:
        pytest.skip("Debian's chromium is not installed (scripts/system-deps.sh)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser.new_page(viewport={"width": width, "height": height})
        finally:
            browser.close()
