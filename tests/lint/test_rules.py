"""Each finding of the print lint, seeded into a one-card game and reported where it is."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from lintgame import FIRST_ART_LINE, lint_tiny

from generator.files.problems import ERROR, WARNING
from generator.lint.rules import TOUCH, _collide, _colliding, _colliding_pairs
from generator.render.geometry import Rect

TEMPLATE = "tiny/templates/card.svg.j2"


def data_line(root: Path, text: str) -> str:
    """``cards.yaml:LINE:`` of the line of the seeded data that holds ``text``."""
    lines = (root / "tiny" / "cards.yaml").read_text(encoding="utf-8").splitlines()
    return f"cards.yaml:{next(i for i, ln in enumerate(lines, 1) if text in ln)}:"


def only(problems, rule):
    found = [p for p in problems if p.rule == rule]
    assert found, [p.format() for p in problems]
    return found


def test_a_clean_card_has_no_findings(tmp_path: Path):
    art = '<text x="31.75" y="40" font-size="4" text-anchor="middle">{{ face.name }}</text>'
    assert lint_tiny(tmp_path, art, {"name": "Gold Strike"}) == []


def test_a_long_name_crossing_the_trim_is_located_at_template_and_data(tmp_path: Path):
    art = '<text x="31.75" y="40" font-size="5" text-anchor="middle">{{ face.name }}</text>'
    problems = lint_tiny(tmp_path, art, {"name": "Arizona Charlie Meadows of the Klondike"})
    (p,) = only(problems, "text-trim")
    assert p.severity == ERROR and p.path.endswith(TEMPLATE) and p.line == FIRST_ART_LINE
    assert "'Arizona Charlie Meadows of the Klondike' crosses the trim" in p.message
    assert "'cards' face 'first'" in p.message
    assert data_line(tmp_path, "Arizona") in p.message


def test_text_in_the_safe_zone_warns(tmp_path: Path):
    art = '<text x="1.5" y="40" font-size="4">edge</text>'
    (p,) = only(lint_tiny(tmp_path, art), "text-safe")
    assert p.severity == WARNING and "1.5 mm from the trim" in p.message


def test_a_piece_may_declare_its_own_safe_zone(tmp_path: Path):
    art = '<text x="1.5" y="40" font-size="4">edge</text>'
    assert lint_tiny(tmp_path, art, piece={"safe_mm": 1.0}) == []


def test_overlapping_labels(tmp_path: Path):
    art = ('<text x="10" y="40" font-size="4">election at 2 stones</text>\n'
           '<text x="12" y="41" font-size="4">election at 3 stones</text>')
    (p,) = only(lint_tiny(tmp_path, art), "text-overlap")
    assert p.line == FIRST_ART_LINE and f"{TEMPLATE}:{FIRST_ART_LINE + 1}" in p.message


def test_stacked_lines_do_not_overlap(tmp_path: Path):
    art = ('<text x="10" y="40" font-size="4">Typography</text>\n'
           '<text x="10" y="45.2" font-size="4">Typography</text>')
    assert lint_tiny(tmp_path, art) == []


def test_text_over_a_declared_icon(tmp_path: Path):
    art = ('<g data-area="icon"><circle cx="20" cy="40" r="4" fill="#0072B2"/></g>\n'
           '<text x="10" y="41" font-size="4">HEAD FRAME</text>')
    (p,) = only(lint_tiny(tmp_path, art), "text-icon")
    assert p.line == FIRST_ART_LINE + 1 and "icon area" in p.message


@pytest.mark.parametrize(("size_mm", "severity", "pt"), [(1.76, ERROR, "5.0"),
                                                        (2.3, WARNING, "6.5")])
def test_small_captions(tmp_path: Path, size_mm, severity, pt):
    art = f'<text x="10" y="40" font-size="{size_mm}">points</text>'
    (p,) = only(lint_tiny(tmp_path, art), "text-size")
    assert p.severity == severity and f"{pt} pt" in p.message


def test_a_scaled_group_counts_at_print_size(tmp_path: Path):
    art = '<g transform="scale(0.5)"><text x="20" y="80" font-size="4">tiny</text></g>'
    (p,) = only(lint_tiny(tmp_path, art), "text-size")
    assert "5.7 pt" in p.message


def test_an_emoji_has_no_glyph(tmp_path: Path):
    art = ('<text x="10" y="40" font-size="4" font-family="DejaVu Serif">'
           '{{ face.name }}</text>')
    (p,) = only(lint_tiny(tmp_path, art, {"name": "Saloon \U0001F37A"}), "glyph-missing")
    assert "U+1F37A" in p.message and "DejaVuSerif.ttf" in p.message
    assert data_line(tmp_path, "Saloon") in p.message


def test_hebrew_is_missing_in_the_serif_face_only(tmp_path: Path):
    serif = '<text x="10" y="40" font-size="4" font-family="DejaVu Serif">שלום</text>'
    sans = '<text x="10" y="40" font-size="4">שלום</text>'
    assert only(lint_tiny(tmp_path / "a", serif), "glyph-missing")
    assert not [p for p in lint_tiny(tmp_path / "b", sans) if p.rule == "glyph-missing"]


def test_grey_on_grey(tmp_path: Path):
    art = ('<rect x="5" y="30" width="50" height="20" fill="#999999"/>\n'
           '<text x="10" y="40" font-size="4" fill="#777777">Fire Hall</text>')
    (p,) = only(lint_tiny(tmp_path, art), "contrast")
    assert p.line == FIRST_ART_LINE + 1 and "#777777 on #999999" in p.message


@pytest.mark.parametrize(("text", "ground"), [
    ("crimson", "darkred"), ("rgb(10%, 10%, 10%)", "hsl(0, 0%, 5%)"), ("darkgreen", "green"),
])
def test_every_css_colour_is_measured(tmp_path: Path, text: str, ground: str):
    """Colours in any CSS form a template may write, not only 16 names and hex."""
    art = (f'<rect x="5" y="30" width="50" height="20" fill="{ground}"/>\n'
           f'<text x="10" y="40" font-size="4" fill="{text}">Fire Hall</text>')
    assert only(lint_tiny(tmp_path, art), "contrast")


def test_large_text_needs_only_3_to_1(tmp_path: Path):
    art = '<text x="5" y="40" font-size="7" font-weight="bold" fill="#888888">BIG</text>'
    assert not [p for p in lint_tiny(tmp_path, art) if p.rule == "contrast"]


def test_a_low_dpi_raster(tmp_path: Path):
    import base64
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (100, 100), "#b87333").save(buffer, "PNG")
    href = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    art = f'<image x="10" y="10" width="40" height="40" href="{href}"/>'
    (p,) = only(lint_tiny(tmp_path, art), "raster-dpi")
    assert p.line == FIRST_ART_LINE and "63 dpi" in p.message


def test_a_sharp_raster_passes(tmp_path: Path):
    import base64
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (500, 500), "#b87333").save(buffer, "PNG")
    href = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    art = f'<image x="10" y="10" width="40" height="40" href="{href}"/>'
    assert lint_tiny(tmp_path, art) == []


def test_a_name_wider_than_its_circle(tmp_path: Path):
    art = ('<circle cx="31.75" cy="44" r="12" fill="#eeeeee"/>\n'
           '<text x="31.75" y="40" font-size="4" text-anchor="middle">Mountain View Mine</text>')
    (p,) = only(lint_tiny(tmp_path, art), "text-box")
    assert p.line == FIRST_ART_LINE + 1 and "runs off the ellipse" in p.message


def test_squares_of_one_colour_hold_a_name_together(tmp_path: Path):
    art = ('<rect x="5" y="30" width="26" height="20" fill="#9a9a9a"/>'
           '<rect x="31" y="30" width="26" height="20" fill="#9a9a9a"/>\n'
           '<text x="31" y="40" font-size="4" text-anchor="middle">The Bank</text>')
    assert lint_tiny(tmp_path, art) == []


def test_text_under_a_shape_painted_later(tmp_path: Path):
    art = ('<text x="10" y="40" font-size="4">St. Paul\'s Church</text>\n'
           '<rect x="5" y="30" width="8" height="20" fill="#7d7466"/>')
    (p,) = only(lint_tiny(tmp_path, art), "text-covered")
    assert p.line == FIRST_ART_LINE and "covered by a rect" in p.message


def test_an_icon_s_own_label_is_not_in_its_way(tmp_path: Path):
    art = ('<g data-area="icon"><circle cx="20" cy="40" r="6" fill="#ffffff"/>'
           '<text x="20" y="41" font-size="3" text-anchor="middle">MINE</text></g>')
    assert lint_tiny(tmp_path, art) == []


def test_a_folder_name_with_template_syntax_stays_text(tmp_path: Path):
    root = tmp_path / "{{ 7 * 7 }}"
    art = '<text x="1.5" y="40" font-size="4">edge</text>'
    (p,) = only(lint_tiny(root, art), "text-safe")
    parts = Path(p.path).parts  # the folder's own name, never what Jinja makes of it
    assert "49" not in parts and any("7 * 7" in part for part in parts)
    assert p.line == FIRST_ART_LINE


def test_a_stamped_face_is_linted_as_printed(tmp_path):
    """``lint_game(stamp=True)`` reads every face with its version stamp: the stamp sits
    in the band under the safe line (no text-safe warning for it, unlike other text there),
    in near black on a light ground and white on a dark one, and the face passes."""
    from lintgame import tiny_game

    from generator.lint import lint_game
    from generator.lint.faces import STAMP_SOURCE, faces

    dark = '<rect x="-3" y="-3" width="69.5" height="94.9" fill="#2f4858"/>'
    loaded = tiny_game(tmp_path, dark + '<text x="10" y="20" font-size="4" fill="#ffffff">'
                       'Claim</text>')
    (face,) = [f for f in faces(loaded, stamp=True)]
    (stamp,) = [ln for ln in face.drawing.lines if ln.source == STAMP_SOURCE]
    assert stamp.text.startswith("Cards · ") and stamp.fill == "#ffffff"
    assert stamp.box.y1 <= face.size[1] and stamp.box.y > face.size[1] - 3.0
    assert lint_game(loaded, papers=(), stamp=True) == []
    band = '<text x="31.75" y="87.5" font-size="2.5" text-anchor="middle">low</text>'
    other = tiny_game(tmp_path / "b", band)  # the band already holds a word: no stamp
    (face,) = [f for f in faces(other, stamp=True)]
    assert [ln.text for ln in face.drawing.lines] == ["low"]
    assert [p.rule for p in lint_game(other, papers=(), stamp=True)] == ["text-safe"]


def test_text_a_template_captures_before_printing_is_found_at_its_data_line(tmp_path: Path):
    """A ``{% set %}`` block's text may be measured or reworked by the template, so the
    lint leaves it unmarked (the PDF must be what the template prints): the finding is
    still made, at the YAML line the text came from."""
    art = ('{% set label %}<text x="31.75" y="40" font-size="5" text-anchor="middle">'
           '{{ face.name }}</text>{% endset %}{{ label }}')
    problems = lint_tiny(tmp_path, art, {"name": "Arizona Charlie Meadows of the Klondike"})
    (p,) = only(problems, "text-trim")
    assert p.path.endswith("cards.yaml") and data_line(tmp_path, "Arizona") == (
        f"cards.yaml:{p.line}:")


def test_the_sweep_finds_the_pairs_of_the_nested_loop_in_its_order():
    """text-overlap sweeps boxes top to bottom instead of trying every pair: it must
    give exactly the colliding pairs, in order, that every pair tried gives."""
    rng = random.Random("sweep")
    for _ in range(300):
        boxes = [Rect(rng.choice([0.0, 5.0, rng.uniform(0, 40)]),
                      rng.choice([0.0, 4.0, rng.uniform(0, 60)]),
                      rng.uniform(0, 30), rng.choice([TOUCH, rng.uniform(0, 8)]))
                 for _ in range(rng.randint(0, 12))]
        every = [(i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes))
                 if _collide(boxes[i], boxes[j])]
        assert _colliding_pairs(boxes) == every, boxes


def test_the_boxes_colliding_with_one_are_those_collide_says():
    """text-covered and text-icon ask which of many boxes one line's box collides with:
    the same answer as ``_collide`` for each, on edges that meet, touch or cross."""
    rng = random.Random("colliding")
    for _ in range(300):
        boxes = [Rect(rng.choice([0.0, 5.0, rng.uniform(0, 40)]),
                      rng.choice([0.0, 4.0, rng.uniform(0, 60)]),
                      rng.choice([5.0, TOUCH, rng.uniform(0, 30)]),
                      rng.choice([TOUCH, 4.0, rng.uniform(0, 8)]))
                 for _ in range(rng.randint(1, 12))]
        line, others = boxes[0], boxes[1:]
        assert list(_colliding(line, others)) == [
            k for k, box in enumerate(others) if _collide(line, box)], boxes
