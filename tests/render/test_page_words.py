"""The generator's own pages print from one words table a deck may translate: the words
reach the pages, a long translation is fitted, and a broken one is a located error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.render.drawn import read
from generator.render.furniture import bring_lines, page_ranges
from generator.render.pagewords import PAGE_WORDS, page_words
from generator.render.svg import page_svg

GERMAN = {"page_how_to_print": "So wird gedruckt", "page_bring": "Außerdem mitbringen",
          "page_components": "Bestandteile", "page_number": "Seite {n} von {total}",
          "page_registration": "Duplex-Passertest", "page_odd": "ungerade",
          "page_bring_cutting": "eine Schere und ein Lineal"}


def _registration(words: dict[str, str]) -> str:
    return page_svg("_shared/registration.svg.j2", w=210.0, h=297.0, bleed=0, side="front",
                    sx=1, sy=-1, dx=0.0, dy=0.0, flip=words["page_flip_long"], duplex="long",
                    offset=(0.0, 0.0), words=words)


def test_a_decks_words_replace_the_english_ones_on_the_generators_pages(fixture_game):
    words = page_words(GERMAN)
    contents = page_svg("_shared/contents.svg.j2", drop=0, w=210.0, h=297.0, bleed=0, first=True,
                        rows=[], game=fixture_game.data.game.model_dump(mode="json"),
                        paper="A4", flip=words["page_flip_long"], duplex="long",
                        offset=(0.0, 0.0), registration=3, page_no=1, total=4,
                        bring=bring_lines([], False, words), top=84.0, variant=[], words=words)
    texts = [line.text for line in read(contents).lines]
    assert "So wird gedruckt" in texts and "Bestandteile" in texts
    assert not {"How to print", "Components"} & set(texts)
    assert any("eine Schere und ein Lineal" in t for t in texts)
    assert any(t.startswith("Duplex-Passertest") for t in
               (line.text for line in read(_registration(words)).lines))
    assert page_ranges([3, 5, 7], words) == "3–7 (ungerade)"
    footer = page_svg("_shared/footer.svg.j2", w=210, h=297, bleed=0, margin=5, y=290,
                      text="cards", game="Demo", page_no=2, total=9, side="front", words=words)
    assert "Seite 2 von 9" in [line.text for line in read(footer).lines]


def test_a_translation_twice_as_long_is_fitted_to_the_registration_page():
    long = dict(PAGE_WORDS, page_registration_read=" ".join([PAGE_WORDS[
        "page_registration_read"]] * 2))
    lines = [ln for ln in read(_registration(long)).lines if ln.box.y < 100]
    for line in lines:
        assert 10 <= line.box.x and line.box.x1 <= 200, line.text
    for upper, lower in zip(lines, lines[1:], strict=False):
        assert upper.box.y1 <= lower.box.y, (upper.text, lower.text)
    assert lines[-1].box.y1 < 279.4 / 2 - 60  # above the crosshair, on Letter too


@pytest.mark.parametrize(("key", "text", "message"), [
    ("page_numbr", "Seite {n}", "'page_numbr' is no word of the generator's own pages "
     "(near: page_number"),
    ("page_number", "Seite {n}", "'page_number' must keep the fields of 'page {n} of "
     "{total}' ({n}, {total})"),
])
def test_a_page_word_that_is_unknown_or_drops_a_field_is_located(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        key: str, text: str, message: str) -> None:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    game = tmp_path / "copperdale" / "game.yaml"
    source = game.read_text(encoding="utf-8")
    game.write_text(source.replace("words:\n", f"words:\n  {key}: \"{text}\"\n", 1),
                    encoding="utf-8")
    line = source.splitlines().index("words:") + 2
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "copperdale", "--components", "."]) == 1
    out = capsys.readouterr().out
    assert f"copperdale/game.yaml:{line}:" in out and message in out and "(page-words)" in out


def test_a_deck_that_translated_the_retired_skip_the_test_line_stays_valid(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Single-sided builds no longer print the duplex test, nor the line saying to skip
    it; a deck that translated that line still validates."""
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    game = tmp_path / "copperdale" / "game.yaml"
    text = "Der Duplex-Test (Seiten {first}–{second}): überspringen."
    game.write_text(game.read_text(encoding="utf-8").replace(
        "words:\n", f"words:\n  page_single_test: \"{text}\"\n", 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "copperdale", "--components", "."]) == 0, capsys.readouterr().out
