"""``copperplate watch``: a save redraws only what changed, in the same process; a broken
save is reported and the watch goes on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gametree import copy_game, edit
from markupsafe import escape

from generator.cli import main
from generator.commands.watch import deck_watcher
from generator.data.components import BUNDLED_TEMPLATES
from generator.files.problems import has_errors
from generator.render.faces import face_svg


def touch_later(path: Path) -> None:
    """A save the watcher must notice even within the file system's time resolution."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_one_edited_card_is_the_only_face_drawn_again(tmp_path):
    folder = copy_game("kings-of-copper", tmp_path / "decks")
    watcher = deck_watcher("kings-of-copper", tmp_path / "decks", tmp_path / "out")
    first = watcher.rebuild()
    assert first.pdf is not None and first.pdf.is_file() and not has_errors(first.problems)
    assert watcher.poll() is None  # nothing saved, nothing done
    images = first.preview.parent / "img"
    before = {p.name: p.stat().st_mtime_ns for p in images.iterdir()}

    edit(folder / "events.yaml", '"Silver strike at the Travona!', '"A silver strike at the Travona!')
    touch_later(folder / "events.yaml")
    again = watcher.poll()
    assert again is not None and again.pdf == first.pdf and again.drawn == 1
    after = {p.name: p.stat().st_mtime_ns for p in images.iterdir()}
    (new,) = [n for n in after if after[n] != before.get(n)]  # one image drawn, none rewritten
    (gone,) = set(before) - set(after)  # and the old one removed
    assert new.startswith("events-travona-strike-") and gone.startswith("events-travona-strike-")

    edit(folder / "events.yaml", "kind: card", "kind: cardd")
    touch_later(folder / "events.yaml")
    broken = watcher.poll()
    assert broken is not None and has_errors(broken.problems) and broken.pdf is None
    page = broken.preview.read_text(encoding="utf-8")
    assert all(str(escape(p.format())) in page for p in broken.problems)  # on the page
    assert any("events.yaml" in p.path for p in broken.problems)
    assert first.pdf.is_file()  # the last good PDF stays


@pytest.mark.slow  # a fresh build process beside the watch: about 3 CPU s
def test_the_watched_pdf_is_a_cold_builds_byte_for_byte(tmp_path, monkeypatch):
    """Saves that bring new letters (the fonts are cut again, from what the watch keeps
    warm) and a new template line: the watch's PDF is the one a fresh ``build`` process
    with an empty cache writes, byte for byte."""
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    cards, card = decks / "mine" / "cards.yaml", decks / "mine" / "templates" / "card.svg.j2"
    card.write_text(card.read_text(encoding="utf-8").replace(
        "{% endblock %}", '<text x="3" y="6" font-size="3">Vex</text>{% endblock %}', 1),
        encoding="utf-8")
    touch_later(card)
    assert watcher.poll() is not None
    for old, new in (("title: Dawn", "title: Quixotic Jab"), ("Draw a card.", "Żółw: 9 ¾ €")):
        edit(cards, old, new)  # data alone: the other faces' drawings are carried over
        touch_later(cards)
        done = watcher.poll()
        assert done is not None and done.pdf is not None and done.drawn >= 1
    env = dict(os.environ, COPPERPLATE_CACHE=str(tmp_path / "cold-cache"),
               PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    cold = subprocess.run([sys.executable, "-m", "generator", "build", "mine", "--components",
                           str(decks), "--out", str(tmp_path / "cold"), "--quiet"], env=env,
                          capture_output=True, text=True)
    assert cold.returncode == 0, cold.stderr
    assert (tmp_path / "cold" / "mine" / "mine-a4.pdf").read_bytes() == done.pdf.read_bytes()
    assert b"Vex" not in done.pdf.read_bytes()  # (text is in glyph ids: the check is real)


def _deck(tmp_path: Path) -> Path:
    decks = tmp_path / "decks"
    assert main(["new", str(decks / "mine"), "--name", "Mine", "--pieces", "cards"]) == 0
    return decks


def _counting(monkeypatch) -> list[str]:
    """The faces drawn from their templates from now on (piece-face-side)."""
    from generator.render import faces

    drawn: list[str] = []
    real = faces.render_face

    def counted(loaded, piece, face, **kw):
        drawn.append(f"{piece.id}-{face.id}-{kw.get('side')}")
        return real(loaded, piece, face, **kw)

    monkeypatch.setattr(faces, "render_face", counted)
    return drawn


def test_a_data_edit_draws_only_the_face_it_changes(tmp_path, monkeypatch):
    decks = _deck(tmp_path)
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    drawn = _counting(monkeypatch)
    edit(decks / "mine" / "cards.yaml", "title: Dawn", "title: Daybreak")
    touch_later(decks / "mine" / "cards.yaml")
    done = watcher.poll()
    assert done is not None and done.pdf is not None
    assert [d for d in drawn if d.endswith("-front")] == ["cards-sun-1-front"]
    # the back reads data.cards, so it is drawn again, once: it reads no face, so the six
    # faces share one drawing of it
    assert len([d for d in drawn if d.endswith("-back")]) == 1
    again = watcher.load()  # every carried drawing is what drawing it gives
    assert watcher.last is not None
    faces = {key: found[0] for key, found in watcher.last[0].drawn.items()
             if len(key) == 8 and key[-1] is False}  # face drawings: (piece, face, side, …)
    assert len(faces) == 7  # six fronts, one back
    for (piece_id, face_id, side, copy, bleed, *_), svg in faces.items():
        piece = next(p for _, p in again.data.pieces() if p.id == piece_id)
        seen_by = [f for f in piece.faces if face_id in (f.id, ("any face drawn by",
                                                                 piece.back))]
        assert len(seen_by) == (len(piece.faces) if side == "back" else 1)
        for face in seen_by:
            assert svg == face_svg(again, piece, face, side=side, copy=copy, bleed=bleed)
    assert "Daybreak" in faces["cards", "sun-1", "front", 0, 3.0, "[]", None, False]


def test_a_template_that_reads_the_whole_model_is_drawn_again(tmp_path, monkeypatch):
    decks = _deck(tmp_path)
    card = decks / "mine" / "templates" / "card.svg.j2"
    card.write_text(card.read_text(encoding="utf-8").replace(
        "{% endblock %}", '<text x="3" y="6" font-size="3">{{ data.cards.pieces[0].faces[0]'
        '.title }}</text>{% endblock %}', 1), encoding="utf-8")
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    drawn = _counting(monkeypatch)
    edit(decks / "mine" / "cards.yaml", "title: Dawn", "title: Daybreak")
    touch_later(decks / "mine" / "cards.yaml")
    assert watcher.poll() is not None
    fronts = {d for d in drawn if d.endswith("-front")}
    assert len(fronts) == 6  # every front (the first title is on each)


def test_a_template_edit_draws_every_face_again(tmp_path, monkeypatch):
    decks = _deck(tmp_path)
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    drawn = _counting(monkeypatch)
    back = decks / "mine" / "templates" / "back-art.svg.j2"
    back.write_text(back.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    touch_later(back)
    assert watcher.poll() is not None
    assert len({d for d in drawn if d.endswith("-front")}) == 6


def test_the_watch_command_builds_and_reports(capsys, tmp_path):
    copy_game("copperdale", tmp_path / "decks")
    code = main(["watch", "copperdale", "--components", str(tmp_path / "decks"), "--out",
                 str(tmp_path / "out"), "--rounds", "1"])
    out, _ = capsys.readouterr()
    assert code == 0 and "preview in" in out and "copperdale-a4.pdf" in out
    assert main(["watch", "copperdale", "--components", str(tmp_path / "none")]) == 2


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_a_broken_template_is_shown_and_the_watch_goes_on(tmp_path):
    folder = copy_game("kings-of-copper", tmp_path / "decks")
    (folder / "templates").mkdir()
    own = folder / "templates" / "event.svg.j2"
    own.write_text((BUNDLED_TEMPLATES / "kings-of-copper" / "event.svg.j2").read_text(
        encoding="utf-8"), encoding="utf-8")
    watcher = deck_watcher("kings-of-copper", tmp_path / "decks", tmp_path / "out")
    assert watcher.rebuild().pdf is not None
    own.write_text(own.read_text(encoding="utf-8").replace(
        "{% block body %}", "{% block body %}{{ face.nothing_here }}"), encoding="utf-8")
    touch_later(own)
    broken = watcher.poll()  # no exception, no exit
    assert broken is not None and broken.pdf is None and has_errors(broken.problems)
    page = broken.preview.read_text(encoding="utf-8")
    assert "nothing_here" in page and 'id="piece-events"' in page
    own.write_text((BUNDLED_TEMPLATES / "kings-of-copper" / "event.svg.j2").read_text(
        encoding="utf-8"), encoding="utf-8")
    touch_later(own)
    fixed = watcher.poll()
    assert fixed is not None and fixed.pdf is not None


def test_a_save_is_seen_through_file_events_and_rebuilt(tmp_path):
    """The watch waits on the file system's events: a save wakes it, nothing else does."""
    import threading

    from generator.export.live import watch

    folder = copy_game("copperdale", tmp_path / "decks")
    watcher = deck_watcher("copperdale", tmp_path / "decks", tmp_path / "out")
    rounds: list[object] = []
    second = threading.Event()
    stop = threading.Event()

    def report(done):
        rounds.append(done)
        if len(rounds) == 2:
            second.set()

    worker = threading.Thread(target=watch, args=(watcher, report, 0.05, 2, stop))
    worker.start()
    try:
        deck = folder / "deck.yaml"
        original = deck.read_text()
        saves = 0
        # the watcher may not be listening yet when the first save lands: save again until
        # it answers (the bound is only a guard against a watch that never wakes)
        while not second.wait(0.2) and saves < 300:
            deck.write_text(original + f"\n# save {saves}\n")
            saves += 1
        assert second.is_set(), "no rebuild after a save"
    finally:
        stop.set()
        worker.join()
    assert len(rounds) == 2 and rounds[1].pdf is not None


def test_a_save_made_during_the_first_build_is_not_lost(tmp_path, monkeypatch):
    """A save before the file events are listened to (here: as the first round is
    reported) raises no event: the watch's first quiet wake-up finds it and rebuilds."""
    import threading

    from generator.export import live

    monkeypatch.setattr(live, "QUIET_MS", 20)  # the wake-up comes sooner; any value holds
    decks = _deck(tmp_path)
    cards = decks / "mine" / "cards.yaml"
    watcher = deck_watcher("mine", decks, tmp_path / "out")
    rounds: list[object] = []
    second, stop = threading.Event(), threading.Event()

    def report(done):
        rounds.append(done)
        if len(rounds) == 1:  # the first build is written; no file event is listened to yet
            edit(cards, "name: Cards", "name: Trail cards")
            touch_later(cards)
        else:
            second.set()

    worker = threading.Thread(target=live.watch, args=(watcher, report, 0.05, 2, stop))
    worker.start()
    try:
        assert second.wait(120), "the save made during the first build was lost"  # backstop
    finally:
        stop.set()
        worker.join()
    assert "<h2>Trail cards</h2>" in rounds[1].preview.read_text(encoding="utf-8")
