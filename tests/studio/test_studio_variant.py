"""The studio's variant tab: the deck's diff against the rulebook, and a comparison run
whose progress is reported and whose verdict is the command line's."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from generator.cli import main
from generator.files.bundled import BUNDLED_COMPONENTS

with warnings.catch_warnings():  # Starlette asks for httpx2, which the project does not pin
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

PORT = 8766


def test_a_variant_is_diffed_and_compared_like_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.studio.app import make_app

    tree = tmp_path / "tree"
    assert main(["new-variant", "copperdale", str(tree), "--name", "Short year"]) == 0
    (tree / "copperdale" / "board.yaml").write_text(
        "skills:\n  merchants: {prosperity_bonus: 30}\n")
    capsys.readouterr()
    client = TestClient(make_app("copperdale", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    diff = client.get("/api/diff").json()["text"]
    assert main(["diff", "copperdale", "--components", str(tree)]) == 0
    assert diff == capsys.readouterr().out.rstrip("\n") and "prosperity_bonus" in diff

    assert client.post("/api/compare", json={"games": 20}).status_code == 403
    started = client.post("/api/compare", json={"games": 20},
                          headers={"x-copperplate-token": "tok"})
    assert started.status_code == 200 and started.json()["games"] == 20
    assert started.json()["run"] == 1  # the page orders a run's answers by it
    assert client.app.app.state.desk.run.finished.wait(timeout=600)
    state = client.get("/api/compare").json()
    assert state["done"] == 20 and not state["error"]
    assert main(["compare", "copperdale", "--base", "rulebook", "--variant", str(tree),
                 "--games", "20", "--jobs", "1"]) == 0
    assert state["verdict"] == capsys.readouterr().out.rstrip("\n")
    report = client.get("/compare/report.html")
    assert report.status_code == 200 and "<img class='plot'" in report.text
    assert "score_mean" in report.text and "20 seeds" in report.text


def test_a_variant_never_writes_into_the_bundled_files(tmp_path: Path) -> None:
    from generator.studio.app import make_app

    tree = tmp_path / "tree"
    assert main(["new-variant", "copperdale", str(tree), "--name", "Same"]) == 0
    client = TestClient(make_app("copperdale", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    state = client.get("/api/state").json()
    row = next(r for r in state["rows"] if r["file"] == "deck.yaml")
    before = (BUNDLED_COMPONENTS / "copperdale" / "deck.yaml").read_bytes()
    refused = client.post("/api/edit", headers={"x-copperplate-token": "tok"}, json={
        "file": "deck.yaml", "loc": row["cells"][0]["loc"], "value": "x",
        "version": state["versions"]["deck.yaml"]})
    assert refused.status_code == 409 and "bundled" in refused.json()["error"]
    assert (BUNDLED_COMPONENTS / "copperdale" / "deck.yaml").read_bytes() == before


def test_a_variant_is_made_from_the_studio(tmp_path: Path) -> None:
    from generator.studio.app import make_app

    tree = tmp_path / "tree"
    tree.mkdir()
    client = TestClient(make_app("copperdale", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    assert client.get("/api/state").json()["writable"] is False  # the bundled deck
    made = client.post("/api/variant", json={"name": "Long winter"},
                       headers={"x-copperplate-token": "tok"})
    assert made.status_code == 200 and made.json()["writable"] is True
    assert "Long winter" in (tree / "copperdale" / "game.yaml").read_text()
    again = client.post("/api/variant", json={"name": "Again"},
                        headers={"x-copperplate-token": "tok"})
    assert again.status_code == 409 and "exists already" in again.json()["error"]


def test_a_comparison_of_one_game_is_refused_as_on_the_command_line(tmp_path: Path) -> None:
    from generator.studio.app import make_app

    tree = tmp_path / "tree"
    assert main(["new-variant", "copperdale", str(tree), "--name", "One game"]) == 0
    client = TestClient(make_app("copperdale", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    for games in (1, 0, "20"):
        refused = client.post("/api/compare", json={"games": games},
                              headers={"x-copperplate-token": "tok"})
        assert refused.status_code == 409, games
        assert "from 2 to" in refused.json()["error"]
    assert client.app.app.state.desk.run is None


def test_a_game_of_ones_own_is_compared_with_itself_as_the_studio_opened_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No rulebook holds a game of one's own: the run holds the deck against the game as
    the studio found it, with the command line's verdict for those two folders."""
    import shutil

    from generator.studio.app import make_app
    from generator.studio.runs import OPENED

    tree, opened = tmp_path / "tree", tmp_path / "opened"
    assert main(["new", str(tree / "dig"), "--name", "Dig", "--from", "claim-jumper"]) == 0
    shutil.copytree(tree, opened)
    client = TestClient(make_app("dig", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    cards = tree / "dig" / "cards.yaml"  # richer gold after the studio opened
    cards.write_text(cards.read_text().replace("value: 1, count: 6", "value: 4, count: 6"))
    diff = client.get("/api/diff").json()["text"]  # `diff --base` with the studio's copy
    assert f"against {OPENED}: 0 added, 0 removed, 1 changed" in diff
    assert "changed face cards/gold-1: value 1 -> 4" in diff
    capsys.readouterr()
    started = client.post("/api/compare", json={"games": 20},
                          headers={"x-copperplate-token": "tok"})
    assert started.status_code == 200
    assert client.app.app.state.desk.run.finished.wait(timeout=600)
    state = client.get("/api/compare").json()
    assert state["done"] == 20 and not state["error"], state["error"]
    assert main(["compare", "dig", "--base", str(opened), "--variant", str(tree),
                 "--games", "20", "--jobs", "1"]) == 0
    said = capsys.readouterr().out.rstrip("\n").replace(str(opened), OPENED)
    assert state["verdict"] == said and "score_mean" in said and OPENED in said
    assert OPENED in client.get("/compare/report.html").text
    page = client.get("/").text
    assert "Compare with the game as the studio opened it" in page
    assert "Against the game as the studio opened it" in page
    assert "make-variant" not in page  # a variant extends a bundled game only


def test_a_game_without_rules_says_what_would_make_it_playable(tmp_path: Path) -> None:
    from generator.studio.app import make_app

    tree = tmp_path / "tree"
    assert main(["new", str(tree / "mine"), "--name", "Mine"]) == 0
    client = TestClient(make_app("mine", tree, PORT, "tok"),
                        base_url=f"http://127.0.0.1:{PORT}")
    client.post("/api/compare", json={"games": 20}, headers={"x-copperplate-token": "tok"})
    assert client.app.app.state.desk.run.finished.wait(timeout=600)
    error = client.get("/api/compare").json()["error"]
    assert "rules.yaml" in error and "unknown game" not in error
