"""The studio through Starlette's test client: what it shows, what it refuses, what it
writes, and the PDF it hands out."""

from __future__ import annotations

import io
import json
import socket
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette asks for httpx2, which the project does not pin
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.cli import main

PORT = 8765
TOKEN = "test-token"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, Path]:
    """A studio on a game of one's own (``copperplate new``), and its components tree."""
    from generator.studio.app import make_app

    tree = tmp_path_factory.mktemp("studio") / "tree"
    assert main(["new", str(tree / "mygame"), "--name", "My Game"]) == 0
    app = make_app("mygame", tree, PORT, TOKEN)
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT}"), tree


def cell(state: dict[str, Any], face: str, column: str) -> dict[str, Any]:
    row = next(r for r in state["rows"] if r["face"] == face)
    return next(c for c in row["cells"] if c["column"] == column)


def edit(client: TestClient, state: dict[str, Any], face: str, column: str, value: str,
         token: str = TOKEN, version: str | None = None) -> Any:
    return client.post("/api/edit", headers={"x-copperplate-token": token}, json={
        "file": "cards.yaml", "loc": cell(state, face, column)["loc"], "value": value,
        "version": version if version is not None else state["versions"]["cards.yaml"]})


def test_the_gallery_shows_every_face_with_the_words_printed_on_it(
        studio: tuple[TestClient, Path]) -> None:
    client, _ = studio
    state = client.get("/api/state").json()
    assert [f["face"] for f in state["faces"]] == ["sun-1", "sun-3", "sun-5", "moon-1",
                                                   "moon-3", "moon-5"]
    blaze = next(f for f in state["faces"] if f["face"] == "sun-5")
    assert "Blaze" in blaze["words"] and "Everyone discards one card." in blaze["words"]
    page = client.get("/")
    assert page.status_code == 200 and "<h1>My Game</h1>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_a_face_zooms_to_print_resolution(studio: tuple[TestClient, Path]) -> None:
    from PIL import Image

    client, _ = studio
    face = client.get("/api/state").json()["faces"][0]
    small, large = (client.get(f"/face/{face['stem']}.png?dpi={dpi}") for dpi in (100, 300))
    width_mm = face["trim"][0] + 2 * face["bleed"]
    assert Image.open(io.BytesIO(large.content)).width == round(width_mm / 25.4 * 300)
    assert Image.open(io.BytesIO(small.content)).width == round(width_mm / 25.4 * 100)
    assert client.get(f"/face/{face['stem']}.png?dpi=100000").status_code == 404


def test_another_host_name_is_refused(studio: tuple[TestClient, Path]) -> None:
    client, _ = studio
    assert client.get("/api/state", headers={"host": "evil.example:8765"}).status_code == 421
    assert client.get("/api/state", headers={"host": "127.0.0.1:9999"}).status_code == 421
    assert client.get("/api/state", headers={"host": f"localhost:{PORT}"}).status_code == 200


def test_a_write_without_the_token_is_refused_and_nothing_is_written(
        studio: tuple[TestClient, Path]) -> None:
    client, tree = studio
    before = (tree / "mygame" / "cards.yaml").read_bytes()
    state = client.get("/api/state").json()
    for token in ("", "wrong"):
        assert edit(client, state, "sun-1", "title", "Hacked", token=token).status_code == 403
    assert (tree / "mygame" / "cards.yaml").read_bytes() == before


def test_an_edit_is_written_back_and_its_problem_shown_at_the_cell(
        studio: tuple[TestClient, Path]) -> None:
    client, tree = studio
    path = tree / "mygame" / "cards.yaml"
    before = path.read_text()
    state = client.get("/api/state").json()
    answer = edit(client, state, "sun-3", "count", "two")
    assert answer.status_code == 200
    state = answer.json()
    text = path.read_text()
    assert text == before.replace("Noon, suit: sun, value: 3, count: 2,",
                                  "Noon, suit: sun, value: 3, count: two,")  # comments kept
    count = cell(state, "sun-3", "count")
    assert [p["rule"] for p in state["problems"][count["key"]]] == ["schema"]
    assert any(p["rule"] == "schema" for f in state["faces"] if f["face"] == "sun-3"
               for p in f["problems"])
    fixed = edit(client, state, "sun-3", "count", "2").json()
    assert path.read_text() == before
    assert fixed["problems"] == {}


def test_the_edited_face_is_drawn_again_in_the_answer(
        studio: tuple[TestClient, Path]) -> None:
    client, _ = studio
    state = client.get("/api/state").json()
    before = {f["face"]: f["hash"] for f in state["faces"]}
    state = edit(client, state, "moon-5", "title", "Total Eclipse").json()
    moon = next(f for f in state["faces"] if f["face"] == "moon-5")
    assert moon["hash"] != before["moon-5"] and "Total Eclipse" in moon["words"]
    assert {f["face"]: f["hash"] for f in state["faces"] if f["face"] != "moon-5"} == {
        k: v for k, v in before.items() if k != "moon-5"}
    client.app.app.state.desk.linted.wait(timeout=600)
    edit(client, client.get("/api/state").json(), "moon-5", "title", "Eclipse")


def test_a_print_lint_finding_follows_at_the_cell_it_drew(
        studio: tuple[TestClient, Path]) -> None:
    client, _ = studio
    desk = client.app.app.state.desk
    state = client.get("/api/state").json()
    long = "Draw a card, then another, and another, until the deck runs out of cards " * 2
    state = edit(client, state, "sun-1", "text", long).json()
    assert desk.linted.wait(timeout=600)
    state = client.get("/api/state").json()
    text = cell(state, "sun-1", "text")
    assert "text-trim" in [p["rule"] for p in state["problems"][text["key"]]]
    sun = next(f for f in state["faces"] if f["face"] == "sun-1")
    assert "text-trim" in [p["rule"] for p in sun["problems"]]
    state = edit(client, state, "sun-1", "text", "Draw a card.").json()
    assert desk.linted.wait(timeout=600)
    assert client.get("/api/state").json()["problems"] == {}


def test_a_second_tab_saving_an_old_version_is_refused(
        studio: tuple[TestClient, Path]) -> None:
    client, tree = studio
    path = tree / "mygame" / "cards.yaml"
    first = client.get("/api/state").json()
    second = client.get("/api/state").json()  # two tabs open on the same deck
    assert edit(client, first, "moon-1", "title", "Twilight").status_code == 200
    refused = edit(client, second, "moon-3", "title", "Witching Hour")
    assert refused.status_code == 409 and "reload" in refused.json()["error"]
    assert "Twilight" in path.read_text() and "Witching Hour" not in path.read_text()
    edit(client, client.get("/api/state").json(), "moon-1", "title", "Dusk")


def test_the_pdf_is_the_same_bytes_as_build(studio: tuple[TestClient, Path],
                                           tmp_path: Path) -> None:
    client, tree = studio
    answer = client.get("/download/pdf")
    assert answer.status_code == 200
    assert main(["build", "mygame", "--components", str(tree), "--out", str(tmp_path),
                 "--quiet"]) == 0
    assert answer.content == (tmp_path / "mygame" / "mygame-a4.pdf").read_bytes()
    pages = client.get("/api/sheets").json()["pages"]
    assert pages >= 1 and client.get("/sheet/1.png").headers["content-type"] == "image/png"


@pytest.mark.parametrize("to", ["png", "tts", "tuck"])
def test_an_export_downloads_the_files_the_command_line_writes(
        studio: tuple[TestClient, Path], tmp_path: Path, to: str) -> None:
    client, tree = studio
    index = client.get(f"/api/export/{to}").json()
    assert main(["export", "mygame", "--to", to, "--components", str(tree), "--out",
                 str(tmp_path)]) == 0
    folder = tmp_path / "mygame" / f"export-{to}"
    assert index["files"] and index == json.loads((folder / "index.json").read_text())
    for entry in index["files"]:
        got = client.get(f"/download/export/{to}/{entry['path']}")
        assert got.content == (folder / entry["path"]).read_bytes()
    if to == "tts":  # the saved object too, the same bytes, naming its images beside it
        saved = client.get("/download/export/tts/mygame.json").content
        assert saved == (folder / "mygame.json").read_bytes() and str(tmp_path).encode() not in saved
    assert client.get("/api/export/gif").status_code == 409
    made = client.app.app.state.desk.exports[(to, None)]
    client.app.app.state.desk.close()  # as when the studio stops
    assert not made.exists()


def test_a_port_in_use_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["studio", "copperdale", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"127.0.0.1:{port} is in use" in err


def test_every_state_says_how_new_it_is(studio: tuple[TestClient, Path]) -> None:
    """The page drops an answer older than the one it shows (a poll sent before an edit
    can come back after the edit's answer): each state carries the round of edits it
    belongs to, and whether that round's print lint is in."""
    client, _ = studio
    desk = client.app.app.state.desk
    assert desk.linted.wait(timeout=600)
    before = client.get("/api/state").json()
    assert before["linted"] is True
    after = edit(client, before, "moon-5", "title", "New Moon").json()
    assert after["round"] == before["round"] + 1
    assert desk.linted.wait(timeout=600)
    linted = client.get("/api/state").json()
    assert (linted["round"], linted["linted"]) == (after["round"], True)
    edit(client, linted, "moon-5", "title", "Eclipse")
    assert desk.linted.wait(timeout=600)


def test_the_sheets_and_an_export_say_which_round_they_show(
        studio: tuple[TestClient, Path]) -> None:
    """The page lists no export of a deck edited since, and draws the sheets again for
    a newer round: both answers carry the round of the deck they were made from."""
    client, _ = studio
    desk = client.app.app.state.desk
    state = client.get("/api/state").json()
    assert client.get("/api/sheets").json()["round"] == state["round"]
    assert client.get("/api/export/png").headers["x-copperplate-round"] == str(state["round"])
    after = edit(client, state, "moon-3", "title", "Half Moon").json()
    assert client.get("/api/sheets").json()["round"] == after["round"]
    assert client.get("/api/export/png").headers["x-copperplate-round"] == str(after["round"])
    edit(client, after, "moon-3", "title", "Midnight")
    assert desk.linted.wait(timeout=600)
