"""The studio page never shows an answer older than the one it shows, whatever order the
answers come back in: each test holds one answer back (the server has given it) until a
newer one is on the page, then lets it go, in Debian's chromium, without a clock."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser import chromium
from crossing import Holding, answered, studio_in_chromium

from generator.cli import main

SUN_1 = "figure[data-stem$='sun-1'] img"


def title(face: str) -> str:
    return f"tr[data-face='cards/{face}'] td[data-column='title'] input"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as started:
        yield started


def my_game(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    assert main(["new", str(tree / "mygame"), "--name", "My Game"]) == 0
    return tree


def open_table(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#gallery figure")
    page.click("header button[data-tab='table']")


def enter(page: Any, selector: str, value: str) -> None:
    page.fill(selector, value)
    page.press(selector, "Enter")


@contextmanager
def lint_held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The print lint of each edit waits until the event is set (so an edit's answer, and
    every poll after it, says the lint is still out); set when the block ends."""
    from generator.studio import desk

    gate, lint = threading.Event(), desk._lint
    monkeypatch.setattr(desk, "_lint", lambda loaded: gate.wait() and lint(loaded))
    try:
        yield gate
    finally:
        gate.set()


@pytest.mark.slow
def test_a_poll_answered_before_an_edit_does_not_undo_it(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The flake of round 25: the lint's poll, answered before the next edit, reaches the
    page after that edit's answer; the page keeps the edit."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, _), \
            lint_held(monkeypatch):
        polls = Holding(page, "/api/state")
        open_table(page, url)
        with polls.hold():  # the lint is out: the page polls
            enter(page, title("sun-1"), "Sunrise")
        late = polls.take()
        assert (late.json()["round"], late.json()["linted"]) == (2, False)
        enter(page, title("sun-1"), "Sunset")
        answered(page, "api-edit", 2)
        page.click("header h1")  # out of the cell: what shows is the state alone
        drawn = page.get_attribute(SUN_1, "src")
        late.release()
        answered(page, "held", 1)
        assert page.input_value(title("sun-1")) == "Sunset"
        assert page.get_attribute(SUN_1, "src") == drawn


@pytest.mark.slow
def test_an_edit_made_while_another_is_out_is_saved_after_it(
        browser: Any, tmp_path: Path) -> None:
    """Two cells saved faster than the studio answers: the second goes out once the
    first's answer is in, with the file's version that answer gave (sent at once, it was
    refused as saved elsewhere); a cell being typed in when an answer comes keeps its
    text and the focus (the table drawn anew took both)."""
    tree = my_game(tmp_path)
    with studio_in_chromium(browser, "mygame", tree) as (page, url, _):
        edits = Holding(page, "/api/edit")
        open_table(page, url)
        with edits.hold():
            enter(page, title("sun-1"), "Daybreak")
        first = edits.take()
        assert first.answer.ok  # saved: the file's version has moved on
        enter(page, title("sun-3"), "Midday")
        page.fill(title("sun-5"), "Twilight")  # typed, not saved yet
        first.release()
        answered(page, "api-edit", 2)
        cards = (tree / "mygame" / "cards.yaml").read_text()
        assert "Daybreak" in cards and "Midday" in cards and "Twilight" not in cards
        assert "error" not in (page.get_attribute("#status", "class") or "")
        assert page.input_value(title("sun-3")) == "Midday"
        assert page.input_value(title("sun-5")) == "Twilight"
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "sun-5 title"
        page.keyboard.press("Enter")
        answered(page, "api-edit", 3)
        assert "Twilight" in (tree / "mygame" / "cards.yaml").read_text()
        assert edits.seen == 3  # each edit sent once


@pytest.mark.slow
def test_a_variant_is_not_undone_by_answers_about_the_deck_before_it(
        browser: Any, tmp_path: Path) -> None:
    """Make a variant while the bundled deck's state and diff are still on their way,
    and press the button again: the page shows the variant, its diff, no error, and one
    variant was asked for."""
    tree = tmp_path / "tree"
    tree.mkdir()
    with studio_in_chromium(browser, "copperdale", tree) as (page, url, desk):
        states, diffs, variants = (Holding(page, path) for path in
                                   ("/api/state", "/api/diff", "/api/variant"))
        with states.hold():
            page.goto(url)
        bundled = states.take()
        assert bundled.json()["writable"] is False
        with diffs.hold():
            page.click("header button[data-tab='variant']")
        bundled_diff = diffs.take()
        with variants.hold():
            page.click("#make-variant")
        made = variants.take()
        assert made.answer.ok
        page.click("#make-variant", force=True)  # pressed again before the answer
        made.release()
        answered(page, "api-diff", 1)  # the variant's diff, asked for after its answer
        bundled_diff.release()
        bundled.release()
        answered(page, "held", 3)
        shown = page.text_content("#diff")
        assert shown == desk.diff() and shown != bundled_diff.json()["text"]
        assert "read-only" not in page.text_content("#status")
        assert "error" not in (page.get_attribute("#status", "class") or "")
        assert variants.seen == 1

        page.fill("#games", "2")  # a run of the variant, then a question about it held
        page.click("#compare")
        page.wait_for_selector("#report", state="visible")
        runs = Holding(page, "/api/compare")
        with runs.hold():
            page.click("header button[data-tab='variant']")
        finished = runs.take()
        assert finished.json()["finished"] and finished.json()["games"] == 2
        assert finished.json()["run"] == 1
        page.fill("#games", "3")  # a new run, started before that answer comes
        page.click("#compare")
        page.wait_for_selector("#done:has-text('of 3 games')")
        finished.release()
        answered(page, "held", 4)
        assert "of 3 games" in page.text_content("#done")
        page.wait_for_selector("#done:has-text('3 of 3 games')")  # the run ends here


@pytest.mark.slow
def test_the_export_asked_last_is_listed_and_the_sheets_follow_an_edit(
        browser: Any, tmp_path: Path) -> None:
    """Two exports asked for, the first answered last: the second's files are listed. An
    edit takes the list away (its files were of the deck before); an export answered
    before an edit and read after it is asked for again; the open sheets are drawn again
    for the edited deck."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, _):
        tucks, pngs = Holding(page, "/api/export/tuck"), Holding(page, "/api/export/png")
        page.goto(url)
        page.wait_for_selector("#gallery figure")
        page.click("header button[data-tab='sheets']")
        page.wait_for_selector("#pages img[src$='v=1']", state="attached")
        with tucks.hold():
            page.click("button.export[data-to='tuck']")
        tuck = tucks.take()
        page.click("button.export[data-to='png']")
        page.wait_for_selector("#exports a[href*='/png/']")
        tuck.release()
        answered(page, "held", 1)
        links = page.eval_on_selector_all("#exports a", "links => links.map(a => a.href)")
        assert links and all("/download/export/png/" in link for link in links)

        with pngs.hold():
            page.click("button.export[data-to='png']")
        before = pngs.take()
        page.click("header button[data-tab='table']")
        enter(page, title("sun-1"), "Sunrise")
        answered(page, "api-edit", 1)
        assert page.locator("#exports li").count() == 0
        before.release()
        answered(page, "held", 2)
        page.wait_for_selector("#exports a[href*='/png/']", state="attached")
        assert pngs.seen == 3  # asked again for the edited deck
        page.click("header button[data-tab='sheets']")
        page.wait_for_selector("#pages img[src$='v=2']", state="attached")


@pytest.mark.slow
def test_a_refusal_stays_in_the_status_bar_when_a_poll_redraws_the_page(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit refused (another program saved the file) while the lint's poll is out:
    the poll's answer draws the page anew, and the status bar still says why the edit
    was refused, the refused text still in its cell."""
    tree = my_game(tmp_path)
    with studio_in_chromium(browser, "mygame", tree) as (page, url, _), \
            lint_held(monkeypatch):
        polls = Holding(page, "/api/state")
        open_table(page, url)
        with polls.hold():
            enter(page, title("sun-1"), "Daybreak")
        poll = polls.take()
        cards = tree / "mygame" / "cards.yaml"
        cards.write_text(cards.read_text().replace("Blaze", "Wildfire"))
        enter(page, title("sun-3"), "Midday")
        answered(page, "api-edit", 2)
        refused = page.text_content("#status")
        assert "saved elsewhere" in refused
        poll.release()
        answered(page, "held", 1)
        assert page.text_content("#status") == refused
        assert page.get_attribute("#status", "class") == "error"
        assert page.input_value(title("sun-3")) == "Midday"


@pytest.mark.slow
def test_a_face_zoomed_while_its_edit_is_out_is_shown_redrawn(
        browser: Any, tmp_path: Path) -> None:
    """Edit a card, zoom it before the answer comes: the zoom shows the face the answer
    drew, not the one from before the edit."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, _):
        edits = Holding(page, "/api/edit")
        open_table(page, url)
        with edits.hold():
            enter(page, title("sun-1"), "Daybreak")
        edit = edits.take()
        page.click("header button[data-tab='gallery']")
        page.click("#gallery figure[data-stem$='sun-1']")
        before = page.get_attribute("#zoom.open img", "src")
        edit.release()
        answered(page, "held", 1)
        drawn = page.get_attribute(SUN_1, "src").split("v=")[1]
        assert drawn not in before
        assert page.get_attribute("#zoom.open img", "src").endswith(f"dpi=300&v={drawn}")


@pytest.mark.slow
def test_an_export_the_pdf_and_a_run_asked_for_while_edits_are_out_include_them(
        browser: Any, tmp_path: Path) -> None:
    """Two edits out (the first not answered yet, the second waiting for it), then an
    export, the PDF and a comparison asked for: each is asked of the studio once the
    edits are in, and the export's files stay listed."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, desk):
        edits = Holding(page, "/api/edit")
        asked: list[tuple[str, int]] = []  # each download, export, run, with the round

        def record(route: Any) -> None:
            if route.request.method == "POST" or "/api/compare" not in route.request.url:
                asked.append((route.request.url.split("/")[-1], desk.round))
            route.fallback()

        page.route(lambda url: url.endswith(("/download/pdf", "/api/export/png",
                                             "/api/compare")), record)
        open_table(page, url)
        with edits.hold():
            enter(page, title("sun-1"), "Daybreak")
        first = edits.take()
        enter(page, title("sun-3"), "Midday")
        page.click("header button[data-tab='sheets']")
        page.click("button.export[data-to='png']")
        with page.expect_download() as download:
            page.click("#pdf")
            page.click("header button[data-tab='variant']")
            with page.expect_request(lambda request: request.method == "POST"
                                     and request.url.endswith("/api/compare")):
                page.click("#compare")
                first.release()
        assert Path(download.value.path()).read_bytes().startswith(b"%PDF")
        page.wait_for_selector("#exports a[href*='/png/']", state="attached")
        answered(page, "api-edit", 2)
        assert sorted(asked) == [("compare", 3), ("pdf", 3), ("png", 3)]
        page.wait_for_selector("#verdict:has-text('has no rules.yaml')")  # the run ends: no rules
        assert page.locator("#exports li").count() > 0


@pytest.mark.slow
def test_the_lint_poll_waits_while_a_cell_holds_text_not_saved(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A poll's answer draws the table anew: none goes out while a cell holds text typed
    and not saved yet, the next one once it is saved (the page's clock run by the test)."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, _), \
            lint_held(monkeypatch):
        page.clock.install()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url.split("?")[0]))
        open_table(page, url)
        enter(page, title("sun-1"), "Daybreak")
        page.wait_for_selector("#status:has-text('print lint running')")
        page.fill(title("sun-3"), "Midday")
        page.clock.run_for(5000)
        with page.expect_request(lambda request: "/api/state" in request.url):
            page.keyboard.press("Enter")  # saved: the next poll goes out
            page.clock.run_for(800)
        edits = [n for n, url in enumerate(asked) if url.endswith("/api/edit")]
        assert len(edits) == 2
        assert not [url for url in asked[edits[0]:edits[1]] if url.endswith("/api/state")]


@pytest.mark.slow
def test_the_sheets_asked_twice_and_answered_late_show_the_newest_deck_once(
        browser: Any, tmp_path: Path) -> None:
    """The Sheets tab opened twice while its pages are on their way, then a cell edited
    and the tab opened again before the first answer comes: one set of pages, the
    edited deck's."""
    with studio_in_chromium(browser, "mygame", my_game(tmp_path)) as (page, url, _):
        sheets = Holding(page, "/api/sheets")
        page.goto(url)
        page.wait_for_selector("#gallery figure")
        with sheets.hold():
            page.click("header button[data-tab='sheets']")
        first = sheets.take()
        page.click("header button[data-tab='sheets']")  # again, before the answer
        page.click("header button[data-tab='table']")
        enter(page, title("sun-1"), "Daybreak")
        answered(page, "api-edit", 1)
        page.click("header button[data-tab='sheets']")
        page.wait_for_selector("#pages img[src$='v=2']", state="attached")
        first.release()
        answered(page, "held", 1)
        pages = page.eval_on_selector_all("#pages img", "images => images.map(i => i.src)")
        assert len(pages) == first.json()["pages"] and all(p.endswith("v=2") for p in pages)
        assert sheets.seen == 2  # the second opening asked nothing: its round was asked


@pytest.mark.slow
def test_a_studio_started_again_is_heard_though_its_rounds_start_over(
        browser: Any, tmp_path: Path) -> None:
    """A studio stopped and started again under an open page counts its rounds from 1:
    the page shows what the new studio says (it used to drop every answer as older than
    the one it showed, until reloaded) and says to open the address it printed."""
    tree = my_game(tmp_path)
    with studio_in_chromium(browser, "mygame", tree) as (page, url, desk):
        open_table(page, url)
        enter(page, title("sun-1"), "Daybreak")
        answered(page, "api-edit", 1)
        cards = tree / "mygame" / "cards.yaml"
        with desk.lock:  # what a studio started again answers: its first round, its own id
            cards.write_text(cards.read_text().replace("Daybreak", "Nightfall"))
            desk.started, desk.round = "started-again", 0
            desk.refresh(wait=True)
        assert desk.state()["round"] == 1
        page.evaluate("load()")
        page.wait_for_function(
            "document.querySelector(\"" + title("sun-1") + "\").value === 'Nightfall'")
        assert "started again" in (page.text_content("#status") or "")
        assert "error" in (page.get_attribute("#status", "class") or "")
