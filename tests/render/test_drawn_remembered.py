"""The reader of drawings works out a shape or a line of text once per way it is drawn:
what it remembers must hold everything the result reads (the inherited fill, the font,
the placement), so the same element in another setting is read anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.drawn import read

HEAD = '<svg xmlns="http://www.w3.org/2000/svg">'


def drawn(inner: str) -> str:
    return f"{HEAD}{inner}</svg>"


def test_the_same_rect_under_another_inherited_fill_has_that_fill() -> None:
    rect = '<rect x="1" y="2" width="30" height="20"/>'
    red = read(drawn(f'<g fill="#ff0000">{rect}</g>'))
    blue = read(drawn(f'<g fill="#0000ff">{rect}</g>'))
    half = read(drawn(f'<g fill="#0000ff" opacity="0.3">{rect}</g>'))
    assert [s.fill for s in red.shapes] == ["#ff0000"]
    assert [s.fill for s in blue.shapes] == ["#0000ff"]
    assert half.shapes == [] and len(half.outlines) == 1  # see-through: no fill


def test_the_same_rect_placed_elsewhere_has_its_own_box() -> None:
    rect = '<rect x="1" y="2" width="30" height="20" fill="#ff0000"/>'
    here = read(drawn(rect)).shapes[0].box
    there = read(drawn(f'<g transform="translate(10,5)">{rect}</g>')).shapes[0].box
    assert (there.x - here.x, there.y - here.y, there.w, there.h) == (10, 5, here.w, here.h)


def test_the_same_text_in_another_size_font_or_colour_is_measured_anew() -> None:
    def line(style: str):  # noqa: ANN202 - a TextLine
        return read(drawn(f'<text x="5" y="20" {style}>Copper Creek</text>')).lines[0]

    small, large = line('font-size="4"'), line('font-size="8"')
    bold = line('font-size="4" font-weight="bold"')
    red = line('font-size="4" fill="#ff0000"')
    spaced = line('font-size="4" letter-spacing="1"')
    assert large.box.w > small.box.w and large.size_mm == 2 * small.size_mm
    assert bold.font.bold and not small.font.bold and bold.box.w > small.box.w
    assert (red.fill, small.fill) == ("#ff0000", "#000000") and red.box == small.box
    assert spaced.box.w > small.box.w


def test_a_remembered_line_takes_the_shape_it_is_printed_on_from_its_own_drawing() -> None:
    text = '<text x="5" y="20" font-size="4">Copper Creek</text>'
    bare = read(drawn(text)).lines[0]
    held = read(drawn(f'<rect x="0" y="0" width="60" height="40" fill="#123456"/>{text}'))
    assert bare.holder is None and bare.background == "#ffffff" and bare.order == 0
    line = held.lines[0]
    assert line.holder is held.shapes[0] and line.background == "#123456" and line.order == 1


def test_a_lines_template_mark_is_shown_from_the_working_directory_of_the_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    template = tmp_path / "cards" / "card.svg.j2"
    template.parent.mkdir()
    text = f'<text x="5" y="20" data-src="{template}:7">Copper Creek</text>'
    monkeypatch.chdir(tmp_path)
    assert read(drawn(text)).lines[0].source == "cards/card.svg.j2:7"
    monkeypatch.chdir(template.parent)
    assert read(drawn(text)).lines[0].source == "card.svg.j2:7"


def test_what_is_remembered_stays_bounded_and_right_after_it_is_let_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.render import drawn as module

    monkeypatch.setattr(module, "REMEMBERED", 5)
    for x in range(12):
        shapes = read(drawn(f'<rect x="{x}" y="0" width="3" height="3" fill="#ff0000"/>')).shapes
        assert shapes[0].box.x == x and len(module._SHAPES) <= 5


@pytest.mark.parametrize("text", [
    '<text x="5" y="20" font-size="4">Copper Creek</text>',
    '<text x="5" dx="1.5" y="20" dy="-2" font-size="4" text-anchor="middle">  Copper  Creek </text>',
    '<text x="-0" y="-0" font-size="4" text-anchor="end" fill="#ff0000">Copper Creek</text>',
    '<text x="5" y="20" font-size="4" data-src="card.svg.j2:3">   </text>',
    '<text x="5" y="20" font-family="DejaVu Serif" font-weight="bold">Gold\u200b</text>',
    '<text y="20" font-size="4" letter-spacing="0.3" transform="rotate(90)">Copper</text>'])
def test_a_text_without_tspans_reads_as_through_the_general_way(text: str) -> None:
    """A text without children is one run read directly; an empty ``<tspan/>`` sends the
    same text through the general way (``_chunks``), which must give the same line."""
    from generator.render import drawn as module

    plain = read(drawn(text)).lines
    module._MEASURED.clear()
    general = read(drawn(text.replace("</text>", "<tspan/></text>"))).lines
    assert plain == general


def test_the_same_values_under_other_attribute_names_are_read_anew() -> None:
    """A shape is remembered by its attributes' names and values: the same values given to
    other names (or in another order) are another shape."""
    rects = ['<rect x="5" y="0" width="30" height="20" fill="#ff0000"/>',
             '<rect x="0" y="5" width="30" height="20" fill="#ff0000"/>',
             '<rect x="0" y="5" width="20" height="30" fill="#ff0000"/>',
             '<rect y="5" x="0" height="30" width="20" fill="#ff0000"/>',
             '<rect x="0" y="5" width="20" height="30" rx="1" fill="#ff0000"/>']
    boxes = [read(drawn(rect)).shapes[0].box for rect in rects]
    assert [(b.x, b.y, b.w, b.h) for b in boxes] == [
        (5, 0, 30, 20), (0, 5, 30, 20), (0, 5, 20, 30), (0, 5, 20, 30), (0, 5, 20, 30)]
