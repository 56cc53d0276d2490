"""Every page of a build renders in Ghostscript, a shop's RIP, without an error or a
warning (an empty content stream is a "Page drawing error" there), and has a TrimBox."""

from __future__ import annotations

import pikepdf
import pytest
from rip import pages_without_trim_box, rip_complaints

from .conftest import Built, build


@pytest.mark.parametrize("built", ["a4_long", "letter_short"])
def test_every_page_renders_in_ghostscript_and_has_a_trim_box(built, request):
    result: Built = request.getfixturevalue(built)
    with pikepdf.open(result.pdf) as pdf:  # the blank backs are there to be checked
        assert any("/Contents" not in page.obj for page in pdf.pages)
    assert rip_complaints(result.pdf) == []
    assert pages_without_trim_box(result.pdf) == []


@pytest.mark.parametrize("options", [{"duplex": "none"},
                                     {"duplex": "none", "layout": "fold", "ink": "saver"},
                                     {"paper": "tabloid", "ink": "bw", "backs": "none"}])
def test_print_options_render_in_ghostscript(fixture_game, tmp_path, options):
    built = build(fixture_game, tmp_path, **{"paper": "a4", **options})
    assert rip_complaints(built.pdf) == []
    assert pages_without_trim_box(built.pdf) == []


def test_an_empty_content_stream_is_what_ghostscript_reports(tmp_path):
    """The check above can fail: the stream the writer used to give blank pages."""
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.pages[0].obj.Contents = pdf.make_stream(b"")
    pdf.save(tmp_path / "blank.pdf", compress_streams=True)
    assert any("drawing error" in line for line in rip_complaints(tmp_path / "blank.pdf"))
