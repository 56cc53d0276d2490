"""Bombs: small files that decode into something huge. Each is refused by ``validate`` and
``build`` alike with one located error, before it is decoded, and no process goes past
its limits.

Every case (``CASES``: what it plants, what must be said) is laid out in its own deck
first; then one child process, capped at ``GUARD_BYTES`` of address space and
``GUARD_SECONDS`` of CPU for all of them, runs ``validate`` and ``build`` on each. So a
defence that fails fails its test, not the machine, and the cases share one start-up."""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import resource
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.security.conftest import CARD_BACK, LOCATED, png, run

GUARD_BYTES = 1_500 << 20
GUARD_SECONDS = 120
ROOT = Path(__file__).resolve().parents[2]
DRIVER = """
import io, json, os, sys
from contextlib import redirect_stderr, redirect_stdout
from generator.cli import main
results = {}
for name, folder in json.loads(sys.argv[1]).items():
    os.chdir(folder)
    results[name] = []
    for argv in (["validate"], ["build", "--out", "out"]):
        out = io.StringIO()
        with redirect_stdout(out), redirect_stderr(out):
            try:
                code = main([*argv, "mygame", "--components", "mydecks"])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
                out.write(str(exc.code))
        results[name].append([code, out.getvalue(), os.path.exists("out")])
print(json.dumps(results))
"""


def _guard() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (GUARD_BYTES, GUARD_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (GUARD_SECONDS, GUARD_SECONDS))


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels of one zero-filled row: a bomb's
    header (its few bytes of data would inflate to the whole picture)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1))) + chunk(b"IEND", b""))


def back_drawing(game: Path, element: str) -> None:
    (game / "templates" / "card-back.svg.j2").write_text(
        CARD_BACK.replace('<image href="art/back.png"', element, 1), encoding="utf-8")


def _png_bomb_file(game: Path) -> None:
    (game / "art" / "back.png").write_bytes(png_header(40_000, 40_000))


def _png_past_the_limit(game: Path) -> None:
    (game / "art" / "back.png").write_bytes(png_header(10_000, 5_001))


def _png_bomb_data_uri(game: Path) -> None:
    uri = "data:image/png;base64," + base64.b64encode(png_header(40_000, 40_000)).decode()
    back_drawing(game, f'<image href="{uri}"')


INFLATED = b"<svg xmlns='http://www.w3.org/2000/svg'>" + b" " * 17_000_000 + b"</svg>"


def _svgz_bomb_data_uri(game: Path) -> None:
    uri = "data:image/svg+xml;base64," + base64.b64encode(gzip.compress(INFLATED, 1)).decode()
    back_drawing(game, f'<image href="{uri}"')


def _svgz_bomb_file(game: Path) -> None:
    (game / "art" / "back.svgz").write_bytes(gzip.compress(INFLATED, 1))
    back_drawing(game, '<image href="art/back.svgz"')


LAUGHS = ('<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
          + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                    for i in range(9))
          + ']><svg xmlns="http://www.w3.org/2000/svg"><text>&j;</text></svg>')


def _laughs_in_a_face(game: Path) -> None:
    (game / "templates" / "card-back.svg.j2").write_text(LAUGHS, encoding="utf-8")


def _laughs_in_an_art_file(game: Path) -> None:
    (game / "art" / "back.svg").write_text(LAUGHS, encoding="utf-8")
    back_drawing(game, '<image href="art/back.svg"')


def _deep_art_file(game: Path) -> None:
    (game / "art" / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 5000 + "</g>" * 5000 + "</svg>")
    back_drawing(game, '<image href="art/back.svg"')


def lying_gif() -> bytes:
    """A GIF whose header promises a picture its data does not hold (cut short)."""
    from PIL import Image

    out = io.BytesIO()
    Image.effect_noise((64, 64), 80).convert("P").save(out, "GIF")
    return out.getvalue()[:4000]


def _lying_gif(game: Path) -> None:
    (game / "art" / "back.gif").write_bytes(lying_gif())
    back_drawing(game, '<image href="art/back.gif"')


def _remote_inside_art(game: Path) -> None:
    (game / "art" / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<image xlink:href="https://example.com/x.png" width="5" height="5"/></svg>')
    back_drawing(game, '<image href="art/back.svg"')


def _css_import(game: Path) -> None:
    back_drawing(game, '<style>@import "https://example.com/a.css";</style><image '
                 'href="art/back.png"')


USE_BOMB = ('<defs><rect id="u0" width="1" height="1"/>'
            + "".join(f'<g id="u{i}">' + f'<use href="#u{i - 1}"/>' * 10 + "</g>"
                      for i in range(1, 9))
            + '</defs><use href="#u8"/>')


def _use_bomb_in_a_face(game: Path) -> None:
    back_drawing(game, USE_BOMB + '<image href="art/back.png"')


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "a <use> bomb in a face (cairo would draw 10^8 rectangles), refused by validate too": (
        _use_bomb_in_a_face, "draws more than 100,000 elements once its <use> references "
        "are followed"),
    "png bomb as an art file, refused from its header": (
        _png_bomb_file, "image 'art/back.png' has more than the limit of 50,000,000 pixels"),
    "a picture just past the pixel limit, refused before it is decoded": (
        _png_past_the_limit, "image 'art/back.png' is 10000 x 5001 pixels, more than the "
        "limit of 50,000,000 pixels"),
    "png bomb as a data: URI": (
        _png_bomb_data_uri, "has more than the limit of 50,000,000 pixels"),
    "svgz bomb as a data: URI, refused by its inflated size": (
        _svgz_bomb_data_uri, "inflates past the limit of 16,000,000 bytes"),
    "svgz bomb as an art file": (
        _svgz_bomb_file, "image 'art/back.svgz' inflates past the limit of 16,000,000 bytes"),
    "entity amplification in a face": (_laughs_in_a_face, "declares a DTD or entities"),
    "entity amplification in an art file": (
        _laughs_in_an_art_file, "image 'art/back.svg' declares a DTD or entities"),
    "an art file nested past the depth limit": (
        _deep_art_file, "image 'art/back.svg' nests elements more than 200 deep"),
    "a GIF whose header lies, refused by validate as by build": (
        _lying_gif, "image 'art/back.gif' is a damaged GIF file"),
    "a remote reference inside an art file (cairosvg would drop it)": (
        _remote_inside_art, "image 'art/back.svg' refers to 'https://example.com/x.png'"),
    "a CSS @import in a face (cairosvg would drop it)": (
        _css_import, "'@import' in a style: stylesheets are not loaded"),
}


def small_deck(base: Path) -> Path:
    """``base/mydecks/mygame``: the game ``new`` scaffolds (a dozen faces: each case is
    drawn twice in the child), with the card back and its picture of ``make_deck``."""
    from generator.cli import main

    game = base / "mydecks" / "mygame"
    assert main(["new", str(game), "--name", "Mine"]) == 0
    (game / "art").mkdir()
    (game / "art" / "back.png").write_bytes(png((4, 4)))
    (game / "templates" / "card-back.svg.j2").write_text(CARD_BACK, encoding="utf-8")
    return game


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folders = {}
    for number, (name, (plant, _)) in enumerate(CASES.items()):
        base = tmp_path_factory.mktemp(f"bomb{number}")
        plant(small_deck(base))
        folders[name] = str(base)
    child = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(folders)],
                           capture_output=True, text=True, preexec_fn=_guard,
                           timeout=4 * GUARD_SECONDS,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.returncode == 0, child.stderr[-2000:]  # killed by its guard, or a crash
    return dict(json.loads(child.stdout))


@pytest.mark.parametrize("case", list(CASES))
def test_a_bomb_is_one_located_error_from_validate_and_build(
        case: str, outcomes: dict[str, Any]) -> None:
    expected = CASES[case][1]
    for code, out, wrote in outcomes[case]:
        errors = [line for line in out.splitlines() if ": error: " in line]
        assert code == 1 and errors, out
        assert all(LOCATED.match(e) and expected in e for e in errors), out
        assert not wrote


def test_a_small_picture_embedded_in_an_art_file_is_drawn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The control: a nested picture that is embedded is fine."""
    monkeypatch.chdir(tmp_path)
    game = small_deck(tmp_path)
    uri = "data:image/png;base64," + base64.b64encode(png((8, 8))).decode()
    (game / "art" / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        f'<image href="{uri}" width="10" height="10"/></svg>')
    back_drawing(game, '<image href="art/back.svg"')
    code, out = run(capsys, "validate", "mygame", "--components", "mydecks")
    assert code == 0 and ": error:" not in out, out


def test_cairo_draws_a_face_under_the_templates_cpu_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What no check foresees is still stopped: cairo's work on a face counts against the
    face's CPU budget (here cut to 10 ms, for a drawing of 20,000 circles)."""
    from generator.render import sandbox
    from generator.render.cache import svg_to_pdf

    circles = "".join(f'<circle cx="{i % 100}" cy="{i // 100}" r="3"/>' for i in range(20_000))
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="200">{circles}</svg>'
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.01)
    with pytest.raises(sandbox.TemplateRefused, match="more than 0.01 s of CPU"):
        svg_to_pdf(svg)


# -- the decoder's own bounds, one line each -----------------------------------------------

def _nested_uri(levels: int) -> str:
    """A data: picture inside a data: picture… ``levels`` deep, a small PNG at the bottom."""
    uri = "data:image/png;base64," + base64.b64encode(png((2, 2))).decode()
    for _ in range(levels):
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg"><image href="{uri}" width="1" '
               'height="1"/></svg>')
        uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    return uri


@pytest.mark.parametrize("uri,problem", [
    (_nested_uri(3), None),
    (_nested_uri(4), "embeds pictures more than 3 deep"),
    ("data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A//www.w3.org/2000/svg%22/%3E", None),
    ("data:image/png;base64,@@@@", "whose base64 is damaged"),
    ("data:image/svg+xml;base64," + base64.b64encode(b"\x1f\x8b\x08\0garbage").decode(),
     "damaged gzip"),
    ("data:text/plain,hello", "is not a PNG, JPEG, GIF or SVG file"),
])
def test_a_data_uri_is_decoded_within_bounds(uri: str, problem: str | None) -> None:
    from generator.render.decoding import Undecodable, data_uri

    if problem is None:
        data_uri(uri)
    else:
        with pytest.raises(Undecodable, match=problem):
            data_uri(uri)


def test_a_use_that_reaches_itself_is_refused() -> None:
    from generator.render.decoding import Undecodable, parse

    with pytest.raises(Undecodable, match="refers to itself"):
        parse('<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><g><use href="#a"/></g></g>'
              "</svg>")
    parse('<svg xmlns="http://www.w3.org/2000/svg"><g id="a"/><use href="#a"/>'
          '<use href="#a"/></svg>')  # the same part used twice is no loop


def test_a_face_cairo_cannot_finish_within_the_budget_is_one_located_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the checks, cairo's drawing in a build is still bounded, and blamed on the
    template that drew the face (the budget is cut to 10 ms, for a face of 20,000
    circles)."""
    from generator.render import sandbox
    from generator.render.build import BuildOptions, render_arts
    from generator.render.document import Document
    from generator.render.errors import BuildError

    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))  # drawn, not recalled
    circles = "".join(f'<circle cx="{i % 100}" cy="{i // 100}" r="3"/>' for i in range(20_000))
    doc = Document()
    doc.art(f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="200">{circles}</svg>',
            "the back of 'deck' face 'a-spades' (card-back.svg.j2)",
            "mydecks/copperdale/templates/card-back.svg.j2:1:1")
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.01)
    with pytest.raises(BuildError) as refused:
        render_arts(doc, BuildOptions(jobs=1))
    assert str(refused.value) == (
        "mydecks/copperdale/templates/card-back.svg.j2:1:1: error: cairo stopped drawing the "
        "back of 'deck' face 'a-spades' (card-back.svg.j2): the face took more than 0.01 s "
        "of CPU to draw (template-limit)")
