"""``copperplate export`` on the command line: one line and exit 2 for what cannot be done,
and never a partial folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gametree import copy_game, edit

from generator.cli import main
from generator.export import ExportError, ExportOptions, export_game, raster


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "message"), [
    (["--to", "svg"], "copperplate: error: unknown target 'svg' (targets: png, tts, pod, tuck)"),
    (["--to", "pod", "--preset", "lulu"],
     "copperplate: error: unknown preset 'lulu' (presets: tgc, mpc, drivethrucards)"),
    (["--to", "pod"], "copperplate: error: --to pod needs --preset (tgc, mpc, drivethrucards)"),
    (["--to", "png", "--preset", "tgc"], "copperplate: error: --preset is for --to pod, not --to png"),
    (["--to", "png", "--dpi", "5"], "copperplate: error: --dpi 5 is outside 30-1200"),
    (["--to", "pod", "--preset", "tgc", "--pdfx", "x4"],
     "copperplate: error: --pdfx is for --to pod --preset drivethrucards"),
    (["--to", "pod", "--preset", "drivethrucards", "--pdfx", "x3"],
     "copperplate: error: unknown --pdfx 'x3' (x1a, x4)"),
    (["--to", "png", "--base-url", "https://example.org/"],
     "copperplate: error: --base-url is for --to tts, not --to png"),
    (["--to", "tts", "--base-url", "ftp://example.org/"], "copperplate: error: --base-url "
     "'ftp://example.org/' is not an http://, https:// or file:/// folder address"),
    (["--to", "tts", "--base-url", "https:///pnp"], "copperplate: error: --base-url "
     "'https:///pnp' is not an http://, https:// or file:/// folder address"),
])
def test_what_cannot_be_done_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, "export", "copperdale", "--out", str(tmp_path / "o"), *argv)
    assert (code, out, err) == (2, "", message + "\n")
    assert not (tmp_path / "o").exists()


def test_an_output_folder_that_is_a_file_is_one_line(capsys, tmp_path):
    (tmp_path / "taken").write_text("a file", encoding="utf-8")
    code, _, err = run(capsys, "export", "copperdale", "--to", "png", "--out",
                       str(tmp_path / "taken"))
    assert code == 2
    assert err == f"copperplate: error: --out: '{tmp_path / 'taken'}' exists and is not a folder\n"


def test_a_card_too_large_for_a_tts_sheet_is_one_line(capsys, tmp_path):
    folder = copy_game("copperdale", tmp_path / "decks")
    edit(folder / "deck.yaml", "size: poker", "size: {width_mm: 1200, height_mm: 88.9}")
    code, out, err = run(capsys, "export", "copperdale", "--to", "tts", "--components",
                         str(tmp_path / "decks"), "--out", str(tmp_path / "o"))
    assert code == 2 and out == ""
    assert err.startswith("copperplate: error: piece 'deck' (1200 x 88.9 mm) is too large for "
                          "a Tabletop Simulator deck sheet") and err.count("\n") == 1
    assert not (tmp_path / "o").exists()  # not even the folders it would have made


def test_a_failed_export_leaves_nothing_and_keeps_the_last_good_one(fixture_game, tmp_path,
                                                                     monkeypatch):
    good = export_game(fixture_game, ExportOptions(to="png", out=tmp_path, dpi=30))
    before = sorted(p.name for p in good.final.iterdir())
    calls = []

    def fail_on_the_fifth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 5:
            raise ExportError("disk full, say")
        return real(*args, **kwargs)

    real = raster.png
    monkeypatch.setattr(raster, "png", fail_on_the_fifth)
    with pytest.raises(ExportError):
        export_game(fixture_game, ExportOptions(to="png", out=tmp_path, dpi=30))
    assert sorted(p.name for p in good.final.iterdir()) == before
    assert sorted(p.name for p in good.final.parent.iterdir()) == ["export-png"]
    with pytest.raises(ExportError):
        calls.clear()
        export_game(fixture_game, ExportOptions(to="png", out=tmp_path / "new" / "out", dpi=30))
    assert not (tmp_path / "new").exists()


def test_export_writes_the_contract_folder_and_index(capsys, tmp_path):
    code, out, _ = run(capsys, "export", "copperdale", "--to", "png", "--dpi", "30", "--out",
                       str(tmp_path))
    folder = Path(tmp_path) / "copperdale" / "export-png"
    assert code == 0 and str(folder) in out
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert index["game"] == "copperdale" and index["to"] == "png" and index["preset"] is None
    for entry in index["files"]:
        assert {"path", "piece", "face", "side", "copies", "px", "dpi"} <= set(entry)
        assert (folder / entry["path"]).is_file()


def test_a_game_no_product_fits_is_one_line_and_no_folder(capsys, tmp_path):
    code, out, err = run(capsys, "export", "copper-creek", "--to", "pod", "--preset", "mpc",
                         "--out", str(tmp_path / "o"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("copperplate: error: no piece of copper-creek matches a "
                          "MakePlayingCards product (nothing was written): ")
    assert ("copper-creek/buildings.yaml:22:11: building-cards: 60 x 90 mm (card, rect) "
            "matches no MakePlayingCards product; nearest: bridge 57.15 x 88.90 mm, "
            "poker 63.50 x 88.90 mm, ") in err  # the bridge card is the nearer, 2.85 mm off
    assert not (tmp_path / "o").exists()
