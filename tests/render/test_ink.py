"""``build --ink saver|bw`` and ``--backs``: floods turn white with a band of their colour,
fills pale, text dark, greys of the same luminance; backs only where they say something;
the printed ink measured by Ghostscript."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generator.render.colour import luminance
from generator.render.ink import NEAR_BLACK, ink_svg, tint, to_grey
from generator.render.jobs import back_needed

from .conftest import build

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" width="69.500mm" height="94.900mm" '
        'viewBox="-3.000 -3.000 69.500 94.900">')
FLOOD = '<rect x="-3.0" y="-3.0" width="69.5" height="94.9" fill="#e69f00"/>'


def test_full_ink_leaves_the_svg_byte_for_byte():
    svg = HEAD + FLOOD + '<text fill="#ffffff">A</text></svg>'
    assert ink_svg(svg, "full") == svg


def test_a_flood_turns_white_with_a_band_of_its_pale_colour_inside_the_trim():
    out = ink_svg(HEAD + FLOOD + "</svg>", "saver")
    assert 'fill="#ffffff"' in out
    # the stroke is centred on the bleed edge: 3 mm of bleed plus 1.5 mm inside the trim
    assert f'stroke="{tint("#e69f00", 0.3)}" stroke-width="9.000"' in out


def test_a_gradient_flood_turns_white():
    svg = HEAD + '<rect x="-3.0" y="-3.0" width="69.5" height="94.9" fill="url(#copper)"/>'
    assert 'fill="#ffffff"' in ink_svg(svg + "</svg>", "saver")


def test_a_panel_over_most_of_the_face_turns_white_keeping_its_outline():
    """A back's field inside its border (Copperdale's lattice) is a flood too: white, its
    own outline kept, or a band of its pale colour when it has none."""
    outlined = '<rect x="3" y="3" width="57.5" height="82.9" fill="#b8662b" stroke="#f3d9a4" '
    out = ink_svg(HEAD + outlined + 'stroke-width="0.6"/></svg>', "saver")
    assert 'fill="#ffffff" stroke="#f3d9a4" stroke-width="0.6"' in out
    bare = ink_svg(HEAD + '<rect x="2" y="2" width="59.5" height="84.9" fill="#b8662b"/></svg>',
                   "saver")
    assert f'fill="#ffffff" stroke="{tint("#b8662b", 0.3)}"' in bare
    small = ink_svg(HEAD + '<rect x="3" y="3" width="40" height="60" fill="#b8662b" '
                    'stroke-width="90"/></svg>', "saver")  # 45 % of the trim: a shape
    assert f'fill="{tint("#b8662b", 0.3)}"' in small


def test_fills_are_tinted_pale_washes_vanish_and_strokes_stay():
    svg = (HEAD + '<rect x="3" y="3" width="10" height="10" fill="#0072b2" stroke="#222222"/>'
           '<rect x="3" y="20" width="10" height="10" fill="#f5e6c8"/></svg>')
    out = ink_svg(svg, "saver")
    assert f'fill="{tint("#0072b2", 0.3)}" stroke="#222222"' in out
    assert 'y="20" width="10" height="10" fill="#ffffff"' in out


def test_light_text_turns_dark_and_dark_text_stays():
    svg = HEAD + '<text fill="#FFFFFF">A</text><text fill="#2f4f2f">B</text></svg>'
    out = ink_svg(svg, "saver")
    assert f'<text fill="{NEAR_BLACK}">A' in out and '<text fill="#2f4f2f">B' in out


def test_bw_prints_greys_of_the_same_luminance():
    out = ink_svg(HEAD + '<circle r="3" fill="#d62728"/></svg>', "bw")
    grey = to_grey("#d62728")
    assert grey[1:3] == grey[3:5] == grey[5:7]
    assert abs(luminance(grey) - luminance("#d62728")) < 0.005
    assert f'fill="{tint(grey, 0.3)}"' in out


def test_an_unknown_ink_is_refused():
    with pytest.raises(ValueError, match="ink 'sepia'"):
        ink_svg(HEAD + "</svg>", "sepia")


def test_which_backs_say_something(fixture_game):
    pieces = {p.id: p for _, p in fixture_game.data.pieces()}
    assert not back_needed(pieces["money"])  # money: counted face up
    assert back_needed(pieces["deck"])  # a deck's back hides what is drawn
    assert back_needed(pieces["map"])


def _backs(built) -> set[str]:
    return {i["component"] for i in built.manifest["items"] if i["side"] == "back"}


def test_backs_none_needed_and_all(fixture_game, tmp_path, a4_long):
    assert "money" in _backs(a4_long)  # the default prints every back
    needed = build(fixture_game, tmp_path / "needed", paper="a4", backs="needed")
    assert _backs(needed) == _backs(a4_long) - {"money"}
    none = build(fixture_game, tmp_path / "none", paper="a4", backs="none")
    assert _backs(none) == set()


def test_single_sided_prints_only_the_backs_that_say_something(fixture_game, tmp_path):
    single = build(fixture_game, tmp_path, paper="a4", duplex="none")
    assert "money" not in _backs(single) and "deck" in _backs(single)


def ink_used(pdf: Path) -> float:
    """Ghostscript's ``ink_cov``: the ink each page lays down, summed over C, M, Y, K."""
    gs = shutil.which("gs")
    assert gs is not None
    run = subprocess.run([gs, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=ink_cov",
                          "-r30", "-o", "-", str(pdf)], capture_output=True, text=True,
                         check=True)
    return sum(sum(float(v) for v in line.split()[:4]) for line in run.stdout.splitlines()
               if line.strip().endswith("OK"))


def test_ink_saver_lays_down_under_40_percent_of_the_ink(fixture_game, tmp_path, a4_long):
    full = ink_used(a4_long.pdf)
    for ink in ("saver", "bw"):
        saver = build(fixture_game, tmp_path / ink, paper="a4", ink=ink)
        assert 0 < ink_used(saver.pdf) <= 0.4 * full, ink


def test_fold_puts_each_back_beside_its_front_with_a_fold_line_between(fixture_game,
                                                                        tmp_path):
    from generator.render.build import BuildOptions, plan
    from generator.render.document import FOLD
    from generator.render.geometry import PAPERS

    for paper in ("a4", "letter"):
        folded = build(fixture_game, tmp_path / paper, paper=paper, layout="fold",
                       duplex="none")
        items = folded.manifest["items"]
        fronts = {(i["component"], i["copy"]): i for i in items if i["side"] == "front"}
        pairs = [(fronts[(i["component"], i["copy"])], i) for i in items
                 if i["side"] == "back" and i["component"] == "deck"]
        assert pairs
        for front, back in pairs:
            assert front["page"] == back["page"]
            (fx0, fy0, fx1, fy1), (bx0, by0, bx1, by1) = front["trim_pt"], back["trim_pt"]
            beside = abs(bx0 - fx1) < 0.01 and (fy0, fy1) == (by0, by1)
            below = abs(by1 - fy0) < 0.01 and (fx0, fx1) == (bx0, bx1)  # turned (y up)
            assert beside or below
            assert abs((bx1 - bx0) * (by1 - by0) - (fx1 - fx0) * (fy1 - fy0)) < 0.1
        doc = plan(fixture_game, BuildOptions(paper=paper, layout="fold", duplex="none"))
        front = pairs[0][0]
        page = doc.pages[front["page"] - 1]
        folds = [ln.points for ln in page.lines if ln.style == FOLD]
        h_pt = PAPERS[paper].h * 72 / 25.4
        edges = {round(v, 1) for (x0, y0), (x1, y1) in folds
                 for v in (x0 * 72 / 25.4, h_pt - y0 * 72 / 25.4)}
        assert round(front["trim_pt"][2], 1) in edges or round(front["trim_pt"][1], 1) in edges


def _pixels(svg: str, w: int = 240, h: int = 240):  # type: ignore[no-untyped-def]
    import io

    import cairosvg
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=w, output_height=h,
                           background_color="white")
    return Image.open(io.BytesIO(png)).convert("RGB").load()


CHIP = ('<svg xmlns="http://www.w3.org/2000/svg" width="24.000mm" height="24.000mm" '
        'viewBox="-3.000 -3.000 24.000 24.000">'
        '<rect x="-3.0" y="-3.0" width="24.0" height="24.0" fill="#0072b2"/></svg>')


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_a_round_pieces_flood_keeps_its_band_on_its_circle(ink):
    """An 18 mm chit's flood: a ring from 1.5 mm inside the cut circle out to the bleed's
    circle, nothing in the square's corners outside it (``--ink bw`` once printed a grey
    square round every round chit)."""
    import re

    out = ink_svg(CHIP, ink, "circle")
    assert "<rect" not in out
    ring = re.search(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="#ffffff" '
                     r'stroke="#[0-9a-f]{6}" stroke-width="([\d.]+)"', out)
    assert ring is not None, out
    cx, cy, r, width = (float(v) for v in ring.groups())
    assert (cx, cy) == (9.0, 9.0)
    assert r + width / 2 == pytest.approx(9.0 + 3.0)  # out to the bleed's circle
    assert r - width / 2 == pytest.approx(9.0 - 1.5)  # 1.5 mm inside the cut
    pixels = _pixels(out)  # 10 px a mm, from the bleed's corner
    assert pixels[5, 5] == (255, 255, 255)  # the square's corner: no ink
    assert pixels[12, 120] != (255, 255, 255)  # the bleed at the circle's left: the band
    assert pixels[120, 120] == (255, 255, 255)  # the middle: white
    square = ink_svg(CHIP, ink)  # a square piece keeps the band round its square
    assert "<rect" in square and 'stroke-width="9.000"' in square


HEX = ('<svg xmlns="http://www.w3.org/2000/svg" width="46.000mm" height="40.640mm" '
       'viewBox="-3.000 -3.000 46.000 40.640">'
       '<rect x="-3.0" y="-3.0" width="46.0" height="40.64" fill="#b87333"/></svg>')


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_a_six_sided_pieces_flood_keeps_its_band_on_its_outline(ink):
    """Copper Creek's Active Player hex: its band ran round the square, outside the hex's
    corners and nowhere along its slanted sides; now it follows the hexagon."""
    out = ink_svg(HEX, ink, "hex")
    assert "<rect" not in out and "<polygon" in out
    pixels = _pixels(out, 460, 406)  # 10 px a mm, from the bleed's corner
    assert pixels[10, 10] == (255, 255, 255)  # the square's corner: no ink
    assert pixels[15, 203] != (255, 255, 255)  # the bleed beyond the left point: the band
    # 1 mm inside the middle of the top-left side (5, 8.66 mm), within FRAME of the cut
    assert pixels[30 + 59, 30 + 92] != (255, 255, 255)
    assert pixels[30 + 76, 30 + 102] == (255, 255, 255)  # 3 mm inside: white
    assert pixels[230, 203] == (255, 255, 255)  # the middle: white
