"""A process that draws text into PDF only (``build``) pins copies of the fonts without
their hinting programs: cairo then draws every face the same but for the font programs it
embeds, which the merge replaces by cuts of the installed files, so the print file comes out
the same, byte for byte. The copies are checked against the installed files, and a process
that rasterizes never reads the PDF-only configuration."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.render import fonts
from generator.render.fonts import DEJAVU_DIR, HINTING
from generator.render.fontseed import _tables

ROOT = Path(__file__).resolve().parents[2]
FACE = ('<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" '
        'viewBox="0 0 63 88"><rect width="63" height="88" fill="#E69F00"/>'
        '<text x="5" y="20" font-size="7" font-family="DejaVu Sans" font-weight="bold">'
        'Copper Creek</text><text x="5" y="40" font-size="4" font-family="DejaVu Serif">'
        'Gain 3 coins — é ♠ 1½</text></svg>')
# one face drawn by cairo and written as the build writes a document (its fonts merged);
# argv: the cache folder, "pdf" for a PDF-only process
DRAW = f"""
import sys
from pathlib import Path
from generator.render import fonts
from generator.render.geometry import paper_for
from generator.render.document import Document, Page, Placement
from generator.render.geometry import Rect
if sys.argv[2] == "pdf":
    fonts.pdf_only()
fonts.pin(Path(sys.argv[1]))
from generator.render.cache import svg_to_pdf
from generator.render.pdfwriter import write_pdf
face = svg_to_pdf({FACE!r})
doc = Document()
doc.pages = [Page("body", placements=[Placement(0, Rect(10, 10, 63, 88))])]
sys.stdout.buffer.write(face.hex().encode() + b" " + write_pdf(doc, [face], paper_for("a4"),
                                                                 "t", "none").hex().encode())
"""


@pytest.fixture()
def plain_pins(monkeypatch: pytest.MonkeyPatch) -> object:
    """``fonts.PDF_ONLY`` and ``FONTCONFIG_FILE`` put back as they were after the test."""
    monkeypatch.setattr(fonts, "PDF_ONLY", [])
    if "FONTCONFIG_FILE" in os.environ:
        monkeypatch.setenv("FONTCONFIG_FILE", os.environ["FONTCONFIG_FILE"])
    else:
        monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    yield
    fonts.unhinted.cache_clear()


def _tags(path: Path) -> set[str]:
    return set(_tables(path.read_bytes()))


def test_the_copies_lack_only_the_hinting_programs(tmp_path: Path, plain_pins: object) -> None:
    copies = fonts.unhinted(tmp_path, DEJAVU_DIR)
    assert copies != DEJAVU_DIR
    assert sorted(os.listdir(copies)) == sorted(os.listdir(DEJAVU_DIR))
    original, copy = DEJAVU_DIR / "DejaVuSans.ttf", copies / "DejaVuSans.ttf"
    assert set(HINTING) <= _tags(original)
    assert _tags(copy) == _tags(original) - set(HINTING)
    data, kept = original.read_bytes(), copy.read_bytes()
    for tag, (offset, length) in _tables(kept).items():
        start, size = _tables(data)[tag]
        assert kept[offset:offset + length] == data[start:start + size], tag


def test_a_damaged_or_stray_copy_is_put_right(tmp_path: Path, plain_pins: object) -> None:
    copies = fonts.unhinted(tmp_path, DEJAVU_DIR)
    good = (copies / "DejaVuSerif.ttf").read_bytes()
    (copies / "DejaVuSerif.ttf").write_bytes(good[:1000])
    (copies / "Stray.ttf").write_bytes(good)
    fonts.unhinted.cache_clear()  # checked once per process: this is another
    assert fonts.unhinted(tmp_path, DEJAVU_DIR) == copies
    assert (copies / "DejaVuSerif.ttf").read_bytes() == good
    assert not (copies / "Stray.ttf").exists()


def test_a_cache_that_cannot_take_the_copies_pins_the_installed_fonts(
        tmp_path: Path, plain_pins: object) -> None:
    (tmp_path / "fonts-unhinted").write_text("a file where the folder should be")
    fonts.pdf_only()
    fonts.pin(tmp_path)
    assert f"<dir>{DEJAVU_DIR}</dir>" in Path(os.environ["FONTCONFIG_FILE"]).read_text()


def test_a_pdf_only_process_has_a_configuration_and_faces_of_its_own(
        tmp_path: Path, plain_pins: object) -> None:
    plain = fonts.pin(tmp_path)
    assert os.environ["FONTCONFIG_FILE"] == str(tmp_path / "fonts.conf")
    fonts.pdf_only()
    only_pdf = fonts.pin(tmp_path)
    conf = Path(os.environ["FONTCONFIG_FILE"])
    assert conf == tmp_path / "fonts-pdf.conf"
    assert f"<dir>{tmp_path / 'fonts-unhinted'}</dir>" in conf.read_text()
    assert f"<dir>{DEJAVU_DIR}</dir>" in (tmp_path / "fonts.conf").read_text()  # untouched
    assert only_pdf != plain  # the faces' cache keeps the two kinds of drawing apart


@pytest.mark.slow  # two processes that start cairo and fontconfig afresh
def test_the_print_file_is_the_same_drawn_with_the_unhinted_copies(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    drawn = {}
    for kind in ("plain", "pdf"):
        out = subprocess.run([sys.executable, "-c", DRAW, str(tmp_path / kind), kind],
                             env=env, check=True, capture_output=True).stdout.split()
        drawn[kind] = [bytes.fromhex(part.decode()) for part in out]
    (face, document), (lean_face, lean_document) = drawn["plain"], drawn["pdf"]
    assert len(lean_face) < len(face)  # cairo embedded smaller fonts...
    assert lean_document == document  # ...which the merge replaced all the same
