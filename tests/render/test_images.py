"""Pictures in templates: a file in the deck's tree is embedded with its resolution
recorded; anything else is one located error, never silently left out."""

from __future__ import annotations

import shutil
from pathlib import Path

import cairosvg
import pytest

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render.images import ImageRefused, ImageUse, embed_images
from generator.render.preflight import image_uses

ROOT = Path(__file__).resolve().parents[2]  # the repository

BACK = "copperdale/templates/card-back.svg.j2"
# the custom card back of the README's "Artwork" paragraph, read from it
README_BACK = (ROOT / "README.md").read_text(encoding="utf-8").split(
    "**Artwork.**")[1].split("```jinja\n")[1].split("```")[0]


def artwork(px: tuple[int, int]) -> bytes:
    return bytes(cairosvg.svg2png(bytestring=(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{px[0]}" height="{px[1]}">'
        f'<rect width="{px[0]}" height="{px[1]}" fill="#C0392B"/></svg>').encode()))


@pytest.fixture
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "mydecks" / "copperdale")
    game = tmp_path / "mydecks" / "copperdale"
    (game / "templates").mkdir()
    (game / "art").mkdir()
    (game / "art" / "back.png").write_bytes(artwork((827, 1110)))
    (game / "templates" / "card-back.svg.j2").write_text(README_BACK)
    monkeypatch.chdir(tmp_path / "mydecks")
    return game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def test_the_readme_card_back_embeds_its_artwork(deck: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", "copperdale", "--components", ".")[0] == 0
    code, out = run(capsys, "build", "copperdale", "--components", ".", "--out", "out")
    assert code == 0, out
    pdf = (Path("out") / "copperdale" / "copperdale-a4.pdf").read_bytes()
    assert b"/Subtype /Image" in pdf  # the picture is in the print file, not dropped


def test_an_image_use_records_pixels_box_and_dpi(deck: Path) -> None:
    svg = '<svg><image width="69" height="94" href="art/back.png"/></svg>'
    embedded, (use,) = embed_images(svg, deck)
    assert embedded.startswith('<svg><image width="69" height="94" href="data:image/png;base64,')
    assert use == ImageUse("copperdale/art/back.png", "png", (827, 1110), (69.0, 94.0))
    assert use.dpi == 299.9  # 1110 px over 94 mm is the lower of the two


def test_the_print_lint_gets_every_picture_with_its_face(deck: Path) -> None:
    loaded = validate_game(GAMES["copperdale"], deck.parent)
    uses = image_uses(loaded)
    assert len(uses) == 52  # one back per card
    where, use = uses[0]
    assert where == "the back of 'deck' face 'a-spades'"
    assert (use.path, use.kind, use.px) == ("copperdale/art/back.png", "png", (827, 1110))
    assert use.box_mm == (69.5, 94.9) and use.dpi == 297.1


@pytest.mark.parametrize("href,message", [
    ("https://example.com/back.png", "is not a file in the deck's folder: remote URLs"),
    ("file:///etc/hostname", "is not a file in the deck's folder: remote URLs"),
    ("/etc/hostname", "is not a file in the deck's folder: remote URLs"),
    ("../../outside.png", "leaves the deck's folder copperdale/"),
    ("art/missing.png", "not found in copperdale/"),
    ("deck.yaml", "is not a PNG, JPEG, GIF or SVG file"),
])
def test_a_picture_from_outside_the_tree_is_a_located_error(
        href: str, message: str, deck: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (deck.parent.parent / "outside.png").write_bytes(artwork((10, 10)))
    template = deck / "templates" / "card-back.svg.j2"
    template.write_text(README_BACK.replace("art/back.png", href))
    for command in (["validate"], ["build", "--out", "out"]):
        code, out = run(capsys, *command, "copperdale", "--components", ".")
        first = out.splitlines()[0]
        assert code == 1
        assert first.startswith(f"{BACK}:4:14: error: image '{href}' {message}"), first
        assert first.endswith("(the same on 52 faces) (template-image)")
    assert not Path("out").exists()


def test_a_style_url_to_anything_but_an_id_is_refused(deck: Path) -> None:
    with pytest.raises(ImageRefused, match=r"'url\(http://x/a.css\)' in a style"):
        embed_images('<svg><style>@import url("http://x/a.css");</style></svg>', deck)
    assert embed_images('<svg><rect fill="url(#g)"/></svg>', deck) == (
        '<svg><rect fill="url(#g)"/></svg>', [])


@pytest.mark.parametrize(("svg", "expected"), [
    ("<svg/>", False), ("<style>@import 'x.css';</style>", True),
    ("<style>@IMPORT 'x.css'</style>", True), ("<style>@\u0130mport 'x'</style>", True),
    ("<style>@\u0131mport 'x'</style>", True), ("a@importb", False),
    ("<style>a { fill: url(x.png) }</style>", True), ('<image href="x.png"/>', True),
    ("<text>@ home</text>", False), ('<image xlink:href="x.png"/>', True),
    ("<text>caf\u00e9 @ 3</text>", False), ("<style>@media x {}</style>", False),
])
def test_a_face_said_to_refer_to_nothing_has_nothing_to_embed_or_refuse(
        svg: str, expected: bool) -> None:
    """What ``embed_images`` looks at (``hrefs`` and ``styles``) finds nothing in an SVG
    that ``refers`` lets through unlooked at; an ``@import`` is what ``styles`` takes for
    one (the dotted and the dotless capital I too)."""
    from generator.render.decoding import hrefs, styles
    from generator.render.images import refers

    assert refers(svg) is expected
    assert expected or not (list(hrefs(svg)) or list(styles(svg)))
