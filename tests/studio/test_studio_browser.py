"""The studio served for real (``copperplate studio`` in a subprocess) and driven in
Debian's chromium: search by a printed word, zoom a face, edit a cell, see the face
change and a problem appear at the cell, fix it, download the PDF, stop with Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from browser import browser_page

from generator.cli import main

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_the_studio_in_a_browser(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    assert main(["new", str(tree / "mygame"), "--name", "My Game"]) == 0
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "generator", "studio", "mygame", "--components", str(tree),
         "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split(": ", 1)[1].strip()
        assert url.startswith(f"http://127.0.0.1:{port}/?token=")
        with browser_page() as page:
            page.goto(url)
            page.wait_for_selector("#gallery figure")
            page.fill("#search", "blaze")
            assert page.locator("#gallery figure:visible").count() == 1
            page.fill("#search", "")
            page.click("#gallery figure[data-stem$='sun-1']")
            page.wait_for_selector("#zoom.open .overlay-black")
            assert "dpi=300" in page.get_attribute("#zoom img", "src")
            page.click("#zoom")

            old = page.get_attribute("figure[data-stem$='sun-1'] img", "src")
            page.click("header button[data-tab='table']")
            assert page.is_hidden("#gallery")  # one tab at a time (a flex box hid nothing)
            page.fill("tr[data-face='cards/sun-1'] td[data-column='title'] input", "Sunrise")
            page.press("tr[data-face='cards/sun-1'] td[data-column='title'] input", "Enter")
            page.wait_for_selector(  # the face drawn again (a page's CSP allows no eval)
                f"figure[data-stem$='sun-1'] img:not([src*='{old.split('v=')[1]}'])",
                state="attached")  # in the gallery, put away while the table is out
            assert "Sunrise" in (tree / "mygame" / "cards.yaml").read_text()

            count = "tr[data-face='cards/sun-3'] td[data-column='count']"
            page.fill(f"{count} input", "two")
            page.press(f"{count} input", "Enter")
            page.wait_for_selector(f"{count}.bad")
            page.fill(f"{count} input", "2")
            page.press(f"{count} input", "Enter")
            page.wait_for_selector(f"{count}:not(.bad)")

            with page.expect_download() as download:
                page.click("#pdf")
            got = Path(download.value.path()).read_bytes()
        assert main(["build", "mygame", "--components", str(tree), "--out",
                     str(tmp_path / "out"), "--quiet"]) == 0
        assert got == (tmp_path / "out" / "mygame" / "mygame-a4.pdf").read_bytes()
    finally:
        server.send_signal(signal.SIGINT)
        code = server.wait(timeout=60)
    assert code == 0
