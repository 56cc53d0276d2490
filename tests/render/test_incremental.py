"""The watch's PDF is assembled again in place (``render.incremental``): after every kind
of save it is a fresh build's, byte for byte, and the in-place path is really taken."""

from __future__ import annotations

import os
from pathlib import Path

from gametree import edit

from generator.cli import main
from generator.commands.watch import deck_watcher
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render.build import BuildOptions, build_game


def _save(path: Path, *changes: tuple[str, str]) -> None:
    for old, new in changes:
        edit(path, old, new)
    stat = path.stat()  # a save seen even within the file system's time resolution
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))


def _fresh(decks: Path, out: Path) -> bytes:
    """The deck as it is now, built by ``build`` in this process (no kept document)."""
    loaded = validate_game(GAMES["mine"], decks)
    return build_game(loaded, BuildOptions(out=out)).pdf.read_bytes()


SAVES = [  # (what is replaced by what in one save, whether the pages stay as they were)
    ([("title: Dawn", "title: Nwad")], True),  # letters the deck already shows
    ([("Draw a card.", "Żółw: 9 ¾ €")], True),  # new letters: the fonts are cut again
    ([("Żółw: 9 ¾ €", "Draw")], True),  # letters gone: the fonts shrink again
    ([('value: 1, count: 3, text: "Look', 'value: 1, count: 1, text: "Look'),
      ('value: 1, count: 3, text: "Draw', 'value: 1, count: 1, text: "Draw'),
      ("exactly: 6", "exactly: 4"), ("exactly: 28", "exactly: 24")], False),  # 4 cards fewer
    ([("title: Nwad", "title: Dawn")], True),  # and in place again on those
]


def test_the_watched_pdf_is_a_fresh_builds_after_every_kind_of_save(tmp_path, monkeypatch):
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    cards = decks / "mine" / "cards.yaml"
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    first = watcher.rebuild()
    assert first.pdf is not None and watcher.pdf.reused == 0
    for number, (changes, in_place) in enumerate(SAVES):
        reused = watcher.pdf.reused
        _save(cards, *changes)
        done = watcher.poll()
        assert done is not None and done.pdf is not None, [p.format() for p in done.problems]
        assert watcher.pdf.reused == reused + in_place, changes
        assert done.pdf.read_bytes() == _fresh(decks, tmp_path / f"fresh-{number}"), changes


def test_a_round_that_fails_half_way_or_a_long_watch_starts_afresh(tmp_path, monkeypatch):
    """A round that breaks off in the middle of putting faces in place keeps nothing of
    it (the next is assembled afresh, and right); so is every FRESH_EVERY-th round."""
    from generator.render import incremental

    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(incremental, "FRESH_EVERY", 2)
    cards = decks / "mine" / "cards.yaml"
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    real = incremental._merge

    def broken(kept, new):
        real(kept, new)
        raise RuntimeError("half way")

    monkeypatch.setattr(incremental, "_merge", broken)
    _save(cards, ("title: Dawn", "title: Nwad"))
    try:
        watcher.poll()
    except RuntimeError:
        pass
    monkeypatch.setattr(incremental, "_merge", real)
    assert watcher.pdf.last is None
    titles = ["Nwad", "Aurora", "Tide", "Blip", "Gust", "Wane"]
    for number, reused in enumerate([0, 1, 2, 2, 3]):  # afresh, in place twice, afresh…
        _save(cards, (f"title: {titles[number]}", f"title: {titles[number + 1]}"))
        done = watcher.poll()
        assert done is not None and done.pdf is not None
        assert watcher.pdf.reused == reused, titles[number + 1]
        assert done.pdf.read_bytes() == _fresh(decks, tmp_path / f"fresh-{number}")


def test_a_face_with_a_gradient_is_assembled_afresh_and_right(tmp_path, monkeypatch):
    """A gradient brings objects the saved file packs by where they sit in memory (the
    copy of the new face would sit last): that save is assembled afresh, not in place."""
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    card = decks / "mine" / "templates" / "card.svg.j2"
    card.write_text(card.read_text(encoding="utf-8").replace("{% endblock %}", (
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/>'
        '<stop offset="1" stop-color="#b8662b"/></linearGradient></defs>'
        '<rect x="5" y="20" width="20" height="6" fill="url(#g)"/>{% endblock %}'), 1),
        encoding="utf-8")
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    _save(decks / "mine" / "cards.yaml", ("title: Dawn", "title: Nwad"))
    done = watcher.poll()
    assert done is not None and done.pdf is not None and watcher.pdf.reused == 0
    assert done.pdf.read_bytes() == _fresh(decks, tmp_path / "fresh")


def test_faces_whose_glyphs_stay_keep_their_text_when_the_fonts_are_cut_again(tmp_path,
                                                                            monkeypatch):
    """A character no other text shows, one that sorts after every other (the euro sign),
    moves no glyph of the faces without it: the fonts are merged and cut again, those
    faces only take the new fonts (their text stands) and the PDF is a fresh build's;
    one that sorts first (an exclamation mark) moves the glyphs of every face that shows
    text in that typeface, and those are recoded."""
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    cards = decks / "mine" / "cards.yaml"
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    stood = []
    for number, (old, new) in enumerate([("Draw a card.", "Draw a card €"),
                                         ("Draw a card €", "Draw a card."),
                                         ("Draw a card.", "Draw a card!")]):
        kept = watcher.pdf.last
        assert kept is not None
        merged, refonted, reused = kept.merged, kept.refonted, watcher.pdf.reused
        _save(cards, (old, new))
        done = watcher.poll()
        assert done is not None and done.pdf is not None
        assert watcher.pdf.reused == reused + 1 and watcher.pdf.last is kept
        assert kept.merged is not merged, new  # the fonts were merged and cut again
        stood.append(kept.refonted - refonted)
        assert done.pdf.read_bytes() == _fresh(decks, tmp_path / f"fresh-{number}"), new
    assert stood[0] >= 10 and stood[1] >= 10 and stood[2] < stood[0] / 2, stood
