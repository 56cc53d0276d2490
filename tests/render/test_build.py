"""The build as a whole: manifest completeness, determinism, the cache, atomic writes and
the one-line errors a user can act on."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.render import fonts
from generator.render.build import BuildOptions, build_game
from generator.render.errors import BuildError

from .conftest import FOLDER, Built, build, load_fixture

KINDS = {"card", "tile", "board", "board-part", "chip", "token", "bill", "sheet", "die", "aid"}


def inside(inner: list[float], outer: list[float]) -> bool:
    return (outer[0] - 0.01 <= inner[0] and outer[1] - 0.01 <= inner[1]
            and inner[2] <= outer[2] + 0.01 and inner[3] <= outer[3] + 0.01)


def test_manifest_has_every_copy_and_side_once(a4_long: Built, fixture_game):
    items = a4_long.manifest["items"]
    assert {i["kind"] for i in items} <= KINDS
    fronts = [(i["component"], i["copy"]) for i in items if i["side"] == "front"
              and i["kind"] != "board-part"]
    expected = []
    for _, piece in fixture_game.data.pieces():
        if piece.id != "map":  # the tiled board is listed by its parts
            expected += [(piece.id, n) for n in range(1, piece.total() + 1)]
    assert sorted(fronts) == sorted(expected)
    backs = sorted((i["component"], i["copy"]) for i in items if i["side"] == "back"
                   and i["kind"] != "board-part")
    with_backs = [(p.id, n) for _, p in fixture_game.data.pieces() if p.id != "map"
                  for n, (face, _) in enumerate(p.copies(), 1) if face.back or p.back]
    assert backs == sorted(with_backs)
    # the tiled map has a back: every tile has its back (on four tiles a seam would cut
    # its front's title and its back's name: six keep them whole)
    tiles = {side: sorted(i["tile"] for i in items if i["kind"] == "board-part"
                          and i["side"] == side) for side in ("front", "back")}
    assert tiles["front"] == tiles["back"] == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert a4_long.result.pieces == len(expected) + 1


def test_manifest_boxes_nest_inside_the_page(a4_long: Built, letter_short: Built):
    for built in (a4_long, letter_short):
        w, h = built.manifest["page_size_pt"]
        for item in built.manifest["items"]:
            assert inside(item["trim_pt"], item["bleed_pt"]), item
            assert inside(item["bleed_pt"], [0, 0, w, h]), item
            assert 1 <= item["page"] <= built.manifest["page_count"]


def test_same_input_same_bytes_cold_or_warm(fixture_game, tmp_path, monkeypatch, a4_long):
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cold-cache"))
    cold = build(fixture_game, tmp_path / "cold", paper="a4", duplex="long")
    assert cold.result.rendered > 0
    warm = build(fixture_game, tmp_path / "warm", paper="a4", duplex="long")
    assert warm.result.rendered == 0
    assert cold.pdf.read_bytes() == warm.pdf.read_bytes() == a4_long.pdf.read_bytes()
    assert cold.result.manifest.read_bytes() == a4_long.result.manifest.read_bytes()


def test_process_pool_gives_the_same_bytes(fixture_game, tmp_path, monkeypatch, a4_long):
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "pool-cache"))
    pooled = build(fixture_game, tmp_path / "pool", paper="a4", duplex="long", jobs=2)
    assert pooled.pdf.read_bytes() == a4_long.pdf.read_bytes()


def test_a_damaged_cache_entry_is_rendered_again_and_said_once(
        fixture_game, tmp_path, monkeypatch, a4_long, capsys):
    from generator.render import cachedir

    monkeypatch.setattr(cachedir, "DAMAGED", [])
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    build(fixture_game, tmp_path / "first", paper="a4", duplex="long")
    entries = sorted((tmp_path / "cache" / "faces").rglob("*.pdf"))
    entries[0].write_bytes(entries[0].read_bytes()[:100])  # a torn write
    entries[1].write_bytes(b"\x00" + entries[1].read_bytes()[1:])  # a flipped byte
    capsys.readouterr()
    again = build(fixture_game, tmp_path / "again", paper="a4", duplex="long")
    assert again.result.rendered == 2
    assert again.pdf.read_bytes() == a4_long.pdf.read_bytes()
    said = capsys.readouterr().err
    assert said.count("damaged cache entry") == 1 and str(tmp_path / "cache" / "faces") in said


def copy_fixture(tmp_path: Path) -> Path:
    folder = tmp_path / "pnp-fixture"
    shutil.copytree(FOLDER, folder)
    return folder


def test_a_failed_build_leaves_the_previous_pdf_intact(tmp_path):
    folder = copy_fixture(tmp_path)
    out = tmp_path / "out"
    good = build(load_fixture(folder), out, paper="a4")
    before = good.pdf.read_bytes(), good.result.manifest.read_bytes()
    card = folder / "templates" / "card.svg.j2"
    card.write_text(card.read_text().replace("{{ face.name }}", "{{ face.nickname }}"))
    with pytest.raises(BuildError) as caught:
        build_game(load_fixture(folder), BuildOptions(out=out, paper="a4"))
    assert (good.pdf.read_bytes(), good.result.manifest.read_bytes()) == before
    assert sorted(p.name for p in good.pdf.parent.iterdir()) == ["manifest-a4.json",
                                                                  "pnp-fixture-a4.pdf"]
    message = caught.value.message
    assert message.endswith("(template)") and "'deck'" in message
    where = message.split(": error: ")[0]
    assert where.endswith("card.svg.j2:5:1"), where  # the line that names face.nickname
    assert caught.value.code == message  # printed as it is: PATH:LINE:COL: error: … (template)


def test_missing_fonts_stop_with_the_package_to_install(tmp_path):
    with pytest.raises(BuildError) as caught:
        fonts.pin(tmp_path / "cache", folder=tmp_path / "no-fonts")
    assert "apt-get install fonts-dejavu-core fonts-dejavu-extra" in caught.value.message
    assert "\n" not in caught.value.message
    assert str(caught.value.code).startswith("copperplate: error: fonts missing")


def test_fontconfig_sees_only_the_pinned_fonts(tmp_path, face_cache):
    fonts.pin(face_cache)
    conf = Path(os.environ["FONTCONFIG_FILE"]).read_text()
    assert conf.count("<dir>") == 1 and "<dir>/usr/share/fonts/truetype/dejavu</dir>" in conf
    assert "<include" not in conf  # no system configuration, so no other fonts


def test_single_sided_build_has_no_blank_pages_and_backs_still_follow(fixture_game, tmp_path,
                                                                       a4_long: Built):
    import pikepdf

    single = build(fixture_game, tmp_path / "none", paper="a4", duplex="none")
    assert single.result.pages < a4_long.result.pages
    with pikepdf.open(single.pdf) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == "/Simplex"
        for n, page in enumerate(pdf.pages, 1):
            assert page.Contents.read_bytes().strip(), f"page {n} is blank"
    fronts = {(i["component"], i["copy"], i.get("tile")): i["page"]
              for i in single.manifest["items"] if i["side"] == "front"}
    for item in single.manifest["items"]:
        if item["side"] == "back":
            key = (item["component"], item["copy"], item.get("tile"))
            assert item["page"] == fronts[key] + 1


def test_a_template_writing_broken_svg_is_named(tmp_path):
    folder = copy_fixture(tmp_path)
    back = folder / "templates" / "back-special.svg.j2"
    back.write_text(back.read_text().replace('fill="#D55E00"/>', 'fill="#D55E00">'))
    with pytest.raises(BuildError) as caught:
        build_game(load_fixture(folder), BuildOptions(out=tmp_path / "out", paper="a4"))
    message = caught.value.message
    assert "the back of 'deck' face 'copper' (back-special.svg.j2)" in message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("options", [{"bleed_mm": -1.0}, {"bleed_mm": 11.0}, {"paper": "a5"},
                                     {"duplex": "both"}])
def test_impossible_options_are_one_line_errors(fixture_game, tmp_path, options):
    with pytest.raises(BuildError) as caught:
        build_game(fixture_game, BuildOptions(out=tmp_path, **options))
    assert "\n" not in caught.value.message
    assert not any(tmp_path.iterdir())


def test_a_die_too_big_to_print_is_named(tmp_path):
    folder = copy_fixture(tmp_path)
    dice = folder / "dice.yaml"
    dice.write_text(dice.read_text().replace("width_mm: 18, height_mm: 18",
                                             "width_mm: 80, height_mm: 80"))
    with pytest.raises(BuildError, match="net of die 'dice'"):
        build_game(load_fixture(folder), BuildOptions(out=tmp_path / "out"))


@pytest.mark.parametrize(("paper", "bleed"), [("letter", 0.0), ("letter", 10.0), ("a4", 6.0)])
def test_any_bleed_keeps_every_box_on_the_page(fixture_game, tmp_path, paper, bleed):
    built = build(fixture_game, tmp_path, paper=paper, duplex="short", bleed_mm=bleed)
    w, h = built.manifest["page_size_pt"]
    for item in built.manifest["items"]:
        assert inside(item["trim_pt"], item["bleed_pt"]), item
        assert inside(item["bleed_pt"], [0, 0, w, h]), item
