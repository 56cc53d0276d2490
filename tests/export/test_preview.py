"""``copperplate preview``: the gallery in headless Chromium (the page loads, every image
shows, a problem appears next to its piece, search by name) and its parts in Python."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import browser_page
from gametree import copy_game, edit

from generator.cli import main
from generator.export.gallery import attach, write_preview
from generator.files.problems import WARNING, Problem, display_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pnp-fixture"


def warning_at(path: Path, line: int, message: str) -> Problem:
    return Problem(display_path(path), line, 5, WARNING, message, "test-warning")


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


@pytest.fixture(scope="module")
def gallery(fixture_game, tmp_path_factory) -> Path:
    cards = FIXTURES / "cards.yaml"
    problems = [warning_at(cards, line_of(cards, "  - id: hints") + 2, "hint cards are tiny"),
                warning_at(FIXTURES / "game.yaml", 2, "a game-wide remark")]
    return write_preview(fixture_game, problems, tmp_path_factory.mktemp("preview"))


def test_problems_are_tied_to_the_piece_whose_yaml_they_point_into(fixture_game):
    cards = FIXTURES / "cards.yaml"
    inside = warning_at(cards, line_of(cards, "  - id: hints") + 1, "x")
    first = warning_at(cards, line_of(cards, "  - id: deck") + 3, "y")
    elsewhere = warning_at(FIXTURES / "game.yaml", 1, "z")
    tied, rest = attach(fixture_game, [inside, first, elsewhere], {"coins": [elsewhere]})
    assert tied == {"hints": [inside], "deck": [first], "coins": [elsewhere]}
    assert rest == [elsewhere]


def test_every_piece_and_face_is_on_the_page(gallery, fixture_game):
    html = gallery.read_text(encoding="utf-8")
    for _, piece in fixture_game.data.pieces():
        assert f'id="piece-{piece.id}"' in html
    assert "Gold &lt;Strike&gt;" in html and "<Strike>" not in html  # text from data escaped


@pytest.mark.slow  # a real browser: run by make test, not the fast tier
def test_in_chromium_every_image_shows_and_the_problem_sits_by_its_piece(gallery):
    with browser_page() as page:
        page.goto(gallery.as_uri())
        page.wait_for_load_state("load")
        images = page.evaluate("[...document.images].map(i => [i.complete, i.naturalWidth])")
        assert images and all(done and width > 0 for done, width in images)
        hint = page.locator("#piece-hints .problems li")
        assert hint.count() == 1 and "hint cards are tiny" in hint.inner_text()
        assert page.locator("#piece-deck .problems").count() == 0
        assert "a game-wide remark" in page.locator("#general-problems").inner_text()
        assert page.locator("#piece-deck .count").inner_text() == "11"
        assert page.locator("#piece-deck .size").inner_text() == "63.5 × 88.9 mm"
        page.fill("#search", "silver")
        visible = page.evaluate("[...document.querySelectorAll('.piece')]"
                                ".filter(p => !p.hidden).map(p => p.dataset.piece)")
        assert visible == ["deck"]
        faces = page.evaluate("[...document.querySelectorAll('#piece-deck .face')]"
                              ".filter(f => !f.hidden).map(f => f.dataset.face)")
        assert faces == ["silver"]
        page.fill("#search", "")
        assert page.evaluate("[...document.querySelectorAll('.piece')].every(p => !p.hidden)")


def test_preview_command_writes_the_page_and_exits_0(capsys, tmp_path):
    code = main(["preview", "copperdale", "--out", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 0 and "preview ->" in out
    assert (tmp_path / "copperdale" / "preview" / "index.html").is_file()
    assert main(["preview", "nowhere", "--out", str(tmp_path)]) == 2


def test_a_rules_check_warning_sits_beside_the_deck_it_is_about(capsys, tmp_path):
    folder = copy_game("boomtown-builders", tmp_path / "decks")
    edit(folder / "buildings.yaml", 'points: [6, 4], left: 1, plus: 1}',
         'points: [6, 4], left: 1, plus: 0}')
    code = main(["preview", "boomtown-builders", "--components", str(tmp_path / "decks"),
                 "--out", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert code == 0 and "(votes-balanced)" in err  # a warning: the page is still written
    page = (tmp_path / "out" / "boomtown-builders" / "preview" / "index.html").read_text(
        encoding="utf-8")
    buildings = page[page.index('id="piece-buildings"'):page.index('id="piece-hideouts"')]
    assert "differ from right ones" in buildings and "votes-balanced" in buildings
    assert "has-problems" in page[page.index('id="piece-buildings"') - 60:][:80]


def test_a_print_lint_finding_sits_beside_the_piece_it_is_drawn_on(capsys, tmp_path):
    """Grey text on a grey card back: the lint's contrast finding shows by the deck."""
    folder = copy_game("copperdale", tmp_path / "decks")
    (folder / "templates").mkdir()
    (folder / "templates" / "card-back.svg.j2").write_text(
        '{% extends "_shared/base.svg.j2" %}\n{% block art %}\n'
        '<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" '
        'height="{{ h + 2 * bleed }}" fill="#808080"/>\n'
        '<text x="20" y="40" font-size="5" fill="#8A8A8A">{{ game.name }}</text>\n'
        "{% endblock %}\n", encoding="utf-8")
    code = main(["preview", "copperdale", "--components", str(tmp_path / "decks"),
                 "--out", str(tmp_path / "out")])
    capsys.readouterr()
    assert code == 1  # a contrast error is an error here as in lint; the page is written
    page = (tmp_path / "out" / "copperdale" / "preview" / "index.html").read_text(
        encoding="utf-8")
    deck = page[page.index('id="piece-'):]
    assert "contrast" in deck and "card-back.svg.j2:4" in deck


def test_a_second_preview_draws_nothing_already_drawn_and_drops_what_no_page_shows(
        fixture_game, tmp_path, monkeypatch):
    from generator.export import raster

    page = write_preview(fixture_game, [], tmp_path)
    img = page.parent / "img"
    shown = sorted(path.name for path in img.iterdir())
    (img / "gone-0123456789ab.png").write_bytes(b"old")
    (img / ".editor.png").write_bytes(b"not ours")
    monkeypatch.setattr(raster, "png", lambda *a, **k: pytest.fail("drawn again"))
    assert write_preview(fixture_game, [], tmp_path) == page
    assert sorted(path.name for path in img.iterdir()) == sorted([*shown, ".editor.png"])
    html = page.read_text(encoding="utf-8")
    assert shown and all(f"img/{name}" in html for name in shown)


def test_a_pngs_name_is_its_contents_hash_however_often_it_is_asked(monkeypatch):
    """``content_name`` remembers each text's name: asked again, for another size or
    another text, or with the memo full, it answers the SHA-256 of that size and text."""
    import hashlib

    from generator.export import gallery

    monkeypatch.setattr(gallery, "NAMED", {})
    monkeypatch.setattr(gallery, "NAMED_MAX", 3)

    def named(px, svg):
        return hashlib.sha256(f"{px}|".encode() + svg.encode("utf-8")).hexdigest()[:12]

    asks = [((10, 20), "<svg/>"), ((10, 21), "<svg/>"), ((10, 20), "<svg />"),
            ((10, 20), "<svg/>"), ((5, 5), "<svg>ü</svg>"), ((10, 21), "<svg/>")]
    for px, svg in asks * 2:
        assert gallery.content_name(px, svg) == named(px, svg)
    assert len(gallery.NAMED) <= 3
