"""A face drawn with each cairo context asked its status once, into a memory file, is the
very PDF cairosvg draws; a context's error is still raised."""

from __future__ import annotations

import os

import cairocffi  # type: ignore[import-untyped]
import pytest

from generator.render import cairodirect
from tests.cairodraw import draw

BODIES = {
    "text": '<text x="5" y="10" font-size="6" letter-spacing="0.3" fill="#0072B2">Copper '
            '<tspan dx="1" font-weight="bold">Creek</tspan></text>',
    "shapes": '<defs><clipPath id="k"><circle cx="10" cy="30" r="6"/></clipPath>'
              '<linearGradient id="g"><stop offset="0" stop-color="#E69F00"/>'
              '<stop offset="1" stop-color="#56B4E9"/></linearGradient></defs>'
              '<rect x="2" y="22" width="20" height="16" fill="url(#g)" clip-path="url(#k)"/>'
              '<path d="M 5 30 L 40 35 L 20 38 Z" stroke="#000" stroke-width="0.5" '
              'opacity="0.5" transform="rotate(10, 35 8)"/>',
    "empty": "",
}


@pytest.mark.parametrize("body", list(BODIES))
def test_same_pdf_as_cairosvg(body: str) -> None:
    assert draw(BODIES[body], cairodirect.svg2pdf) == draw(BODIES[body])


def test_same_pdf_where_the_versions_are_not_the_checked_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(cairodirect.CHECKED, "cairocffi", "0.")
    assert draw(BODIES["text"], cairodirect.svg2pdf) == draw(BODIES["text"])


def test_same_pdf_without_a_memory_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cairodirect, "_scratch", lambda: None)
    assert draw(BODIES["shapes"], cairodirect.svg2pdf) == draw(BODIES["shapes"])


def _context() -> cairocffi.Context:
    return cairocffi.Context(cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, 4, 4))


def test_a_contexts_error_is_raised_once_drawn() -> None:
    with pytest.raises(cairocffi.CairoError, match="INVALID_RESTORE"):
        with cairodirect._checked_once(cairocffi):
            _context().restore()  # no save before: cairo puts the context in error
            reached = True
    assert reached  # asked once, at the end: not after the call


def test_the_error_is_raised_behind_what_stumbled_on_it() -> None:
    with pytest.raises(cairocffi.CairoError) as raised:
        with cairodirect._checked_once(cairocffi):
            _context().restore()
            raise ValueError("what an errored context answered")
    assert isinstance(raised.value.__cause__, ValueError)


def test_every_call_is_checked_again_afterwards() -> None:
    with cairodirect._checked_once(cairocffi):
        assert cairocffi.FontOptions._check_status is cairodirect._unasked
    assert cairocffi.FontOptions._check_status is not cairodirect._unasked
    with pytest.raises(cairocffi.CairoError, match="INVALID_RESTORE"):
        _context().restore()


def test_a_forked_process_makes_its_own_memory_file(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = cairodirect._scratch()
    assert parent is not None and cairodirect._scratch() == parent
    monkeypatch.setattr(cairodirect, "SCRATCH", {-1: parent})  # as a fork inherits it
    own = cairodirect._scratch()
    assert own is not None and own != parent and cairodirect.SCRATCH == {os.getpid(): own}
    os.close(own)


def test_text_extents_read_into_one_struct_are_cairocffis() -> None:
    context = _context()
    context.set_font_size(9)
    for text in ("W", "Copper Creek", "é", "W"):
        assert cairodirect._text_extents(context, text) == context.text_extents(text)
    assert cairodirect._encoded("W") is cairodirect._encoded("W")  # made once
