"""Every bundled game builds on both papers, and its files keep CONTRACT.md's promises."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import main
from generator.deck.validate import validate_game
from generator.games import GAMES

pytestmark = pytest.mark.slow  # outside the fast tier (make test-fast)

PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
KINDS = {"card", "tile", "board", "board-part", "chip", "token", "bill", "sheet", "die", "aid"}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("face-cache")


@pytest.mark.parametrize("paper,duplex", [("a4", "long"), ("letter", "short")])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_builds_as_the_contract_says(game_id: str, paper: str, duplex: str, cache: Path,
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COPPERPLATE_CACHE", str(cache))
    assert main(["build", game_id, "--paper", paper, "--duplex", duplex,
                 "--out", str(tmp_path), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("built 1 game(s)")
    folder = tmp_path / game_id
    manifest = json.loads((folder / f"manifest-{paper}.json").read_text())
    pdf = PdfReader(folder / f"{game_id}-{paper}.pdf")
    assert manifest["game"] == game_id and manifest["paper"] == paper
    assert manifest["pdf"] == f"{game_id}-{paper}.pdf"
    assert manifest["page_count"] == len(pdf.pages)
    assert manifest["page_size_pt"] == pytest.approx(PAGE_PT[paper], abs=0.01)
    for page in pdf.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            PAGE_PT[paper], abs=0.01)
    _items_keep_their_promises(manifest, game_id)


def _items_keep_their_promises(manifest: dict, game_id: str) -> None:  # type: ignore[type-arg]
    width, height = manifest["page_size_pt"]
    fronts: Counter[tuple[str, str]] = Counter()
    copies: dict[str, set[int]] = {}
    for item in manifest["items"]:
        assert item["kind"] in KINDS
        assert 1 <= item["page"] <= manifest["page_count"]
        x0, y0, x1, y1 = item["trim_pt"]
        b0, c0, b1, c1 = item["bleed_pt"]
        assert -0.01 <= b0 <= x0 < x1 <= b1 <= width + 0.01, item
        assert -0.01 <= c0 <= y0 < y1 <= c1 <= height + 0.01, item
        if item["side"] == "front" and item["kind"] != "board-part":
            fronts[(item["component"], item["face"])] += 1
            copies.setdefault(item["component"], set()).add(item["copy"])
    data = validate_game(GAMES[game_id]).data
    for _, piece in data.pieces():
        if piece.kind == "board":
            assert any(i["component"] == piece.id for i in manifest["items"]), piece.id
            continue
        for face in piece.faces:
            assert fronts[(piece.id, face.id)] == face.count, (piece.id, face.id)
        assert copies.get(piece.id, set()) == set(range(1, piece.total() + 1)), piece.id
