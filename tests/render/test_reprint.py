"""``build --changed-since REV|DIR``: exactly the changed pieces with their backs, a reprint
list, content hashes in the manifest; a revision or folder that cannot be compared is one
line, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

from gametree import copy_game, edit

from generator.cli import main
from generator.render.reprint import changed, reprint_list

from .conftest import build


def test_a_copy_is_reprinted_when_a_side_changed_or_it_is_new():
    before = {("deck", 1, "front"): "a", ("deck", 1, "back"): "b", ("deck", 2, "front"): "c"}
    now = {("deck", 1, "front"): "a", ("deck", 1, "back"): "B", ("deck", 2, "front"): "c",
           ("deck", 3, "front"): "d"}
    assert changed(now, before) == [("deck", 1), ("deck", 3)]
    assert changed(before, before) == []


def test_the_reprint_list_names_the_copies():
    text = reprint_list("g", [("deck", 1), ("deck", 2), ("deck", 3), ("deck", 7), ("aid", 1)],
                        "HEAD~1")
    assert text.splitlines() == ["g: 5 piece(s) changed since HEAD~1, reprinted with their "
                                 "backs:", "  deck: 4 (copies 1-3, 7)", "  aid: 1 (copies 1)"]


def test_a_build_folder_then_one_card_changed(tmp_path: Path, capsys):
    tree = tmp_path / "decks"
    folder = copy_game("copperdale", tree)
    first = ["build", "copperdale", "--components", str(tree), "-q"]
    assert main([*first, "--out", str(tmp_path / "old")]) == 0
    items = json.loads((tmp_path / "old/copperdale/manifest-a4.json").read_text())["items"]
    assert all(len(i["hash"]) == 10 for i in items)
    again = [*first, "--out", str(tmp_path / "new"), "--changed-since", str(tmp_path / "old")]
    assert main(again) == 0
    assert "nothing changed" in capsys.readouterr().out
    assert not (tmp_path / "new").exists()
    edit(folder / "deck.yaml", "letter: H", "letter: R")  # the hearts print another letter
    assert main(again) == 0
    out = tmp_path / "new/copperdale"
    reprinted = json.loads((out / "manifest-a4-reprint.json").read_text())["items"]
    fronts = {(i["component"], i["copy"]) for i in reprinted if i["side"] == "front"}
    # the 13 hearts, and the score sheet, which prints the suits' letters too
    assert len([f for f in fronts if f[0] == "deck"]) == 13 and ("score-sheet", 1) in fronts
    assert len(fronts) == 14
    assert {(i["component"], i["copy"]) for i in reprinted if i["side"] == "back"} == {
        f for f in fronts if f[0] == "deck"}  # each card with its back; the sheet has none
    assert (out / "copperdale-a4-reprint.pdf").is_file()
    assert "deck: 13 (copies" in (out / "reprint-a4.txt").read_text()


def test_a_revision_that_does_not_exist_is_a_usage_error(tmp_path: Path, capsys):
    code = main(["build", "copperdale", "--out", str(tmp_path / "out"), "--changed-since",
                 "no-such-revision-xyz"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "no-such-revision-xyz" in err[0]
    assert not (tmp_path / "out").exists()


def test_a_stamp_names_the_piece_the_variant_and_the_manifests_hash(fixture_game, tmp_path):
    import pdfplumber

    built = build(fixture_game, tmp_path, paper="a4", stamp=True)
    items = built.manifest["items"]
    card = next(i for i in items if i["component"] == "deck" and i["side"] == "front")
    chip = next(i for i in items if i["kind"] == "chip" and i["side"] == "front")
    with pdfplumber.open(built.pdf) as pdf:
        # small type comes out of the text layer without its spaces
        page_text = (pdf.pages[card["page"] - 1].extract_text() or "").replace(" ", "")
        chip_text = (pdf.pages[chip["page"] - 1].extract_text() or "").replace(" ", "")
    assert f"ClaimDeck·rulebook·{card['hash']}" in page_text
    assert chip["hash"] not in chip_text  # a small round chip has no band for it
