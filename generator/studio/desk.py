"""The game the studio shows: loaded, drawn and tabled again after every edit; its
edits, variant, comparison run, PDF and exports. ``app`` serves it."""

from __future__ import annotations

import secrets
import shutil
import threading
from pathlib import Path
from typing import Any

from generator.data.components import LoadedGame
from generator.files.problems import ERROR, Problem
from generator.studio.deck import FaceView, Row, face_views, table_rows, tie, version
from generator.studio.runs import MAX_GAMES, Run
from generator.studio.writeback import EditRefused, typed, write_value

EXPORTS = ("png", "pod", "tts", "tuck")  # every export: none depends on the folder it lies in


class Desk:
    """The game being designed: loaded, drawn and tabled again after every edit."""

    def __init__(self, game: str, user_dir: Path | None):
        self.game, self.user_dir = game, user_dir
        self.lock = threading.RLock()
        self.views: list[FaceView] = []
        self.pictures: dict[str, Any] = {}
        self.pdf: tuple[str, bytes] | None = None
        self.run: Run | None = None
        self.exports: dict[tuple[str, str | None], Path] = {}
        self.linted = threading.Event()  # the print lint of the current round is in
        self.round = 0
        # this studio's own run: a studio started again counts its rounds from 1, so the
        # page must know it is hearing from another one (its rounds say nothing then)
        self.started = secrets.token_hex(8)
        self.opened = self._opened()
        self.refresh(wait=True)

    def _opened(self) -> Path | None:
        """A game of one's own as the studio found it (a copy of its folder, in a
        components folder of the studio's own): what a comparison run holds this deck
        against, as a bundled game's is held against the rulebook's. None for a bundled
        game or without a components folder."""
        import tempfile

        from generator.games import GAMES

        if self.game in GAMES or self.user_dir is None:
            return None
        self._kept = tempfile.TemporaryDirectory(prefix="copperplate-studio-opened-")
        shutil.copytree(self.user_dir / self.game, Path(self._kept.name) / self.game,
                        symlinks=True)
        return Path(self._kept.name)

    def refresh(self, edited: tuple[str, str] | None = None, wait: bool = False) -> None:
        """Load, check, draw and table the deck again. After an edit only the edited face
        is drawn at once; the other faces and the print lint (the slow parts) follow in a
        thread, so the face and validation come back first (``wait``: all of it here, as
        at start, when every template is compiled: CPython 3.11 must not compile in two
        threads at once)."""
        from generator.commands.preview import load

        self.loaded, self.problems = load(self.game, self.user_dir)
        self.rows: list[Row] = table_rows(self.loaded)
        if self.loaded.data is not None:  # invalid data keeps the last faces drawn
            if edited is not None and self.views:
                self._redraw(*face_views(self.loaded, only=edited))
            else:
                self.views, self.pictures = face_views(self.loaded)
        self.by_key = tie(self.rows, self.views, self.problems)
        self.pdf = None
        self.close()  # exports made from the deck as it was
        self.round += 1
        self.linted.clear()
        if self.loaded.data is None:
            self.linted.set()
        elif wait:
            self._follow(self.round, self.loaded, edited)
        else:
            threading.Thread(target=self._follow, args=(self.round, self.loaded, edited),
                             daemon=True, name="studio-lint").start()

    def _redraw(self, views: list[FaceView], pictures: dict[str, Any]) -> None:
        """Put the faces just drawn in place of their old pictures."""
        fresh = {view.stem: view for view in views}
        self.views = [fresh.pop(view.stem, view) for view in self.views] + list(fresh.values())
        self.pictures = {**self.pictures, **pictures}

    def _follow(self, round_: int, loaded: LoadedGame, edited: tuple[str, str] | None) -> None:
        try:
            drawn = face_views(loaded) if edited is not None else None
            found = _lint(loaded)
        except Exception as exc:  # a thread's failure must not leave the page waiting
            drawn, found = None, [Problem("templates", 1, 1, ERROR, "the print lint "
                                          f"stopped: {exc}", "lint")]
        with self.lock:
            if round_ == self.round:  # an edit since: its own round is on the way
                if drawn is not None:
                    self.views, self.pictures = drawn
                self.by_key = tie(self.rows, self.views, self.problems + found)
                self.linted.set()

    @property
    def writable(self) -> bool:
        """Edits go only into the components folder the studio was given."""
        return self.user_dir is not None and self.loaded.folder.resolve().is_relative_to(
            self.user_dir.resolve())

    def state(self) -> dict[str, Any]:
        return {
            "game": self.game, "writable": self.writable, "valid": self.loaded.data is not None,
            "linted": self.linted.is_set(),
            "round": self.round,  # with linted, how the page tells a late answer from a newer
            "started": self.started,  # … from this studio, not one started again since
            "faces": [_face_json(v, self.by_key) for v in self.views],
            "rows": [{"file": r.file, "piece": r.piece, "face": r.face, "key": r.key,
                      "cells": [{"column": c.column, "loc": list(c.loc), "value": c.value,
                                 "key": c.key} for c in r.cells]} for r in self.rows],
            "problems": self.by_key,
            "versions": {s.path.name: version(s.path) for s in self.loaded.sources.values()},
        }

    def edit(self, body: dict[str, Any]) -> dict[str, Any]:
        if not self.writable:
            raise EditRefused("this deck is the bundled one: start the studio with "
                              "--components DIR to edit your own copy")
        name, loc, seen = str(body.get("file", "")), body.get("loc"), body.get("version")
        source = next((s for s in self.loaded.sources.values() if s.path.name == name), None)
        if source is None or not isinstance(loc, list) or not loc:
            raise EditRefused(f"'{name}' is not one of this game's component files")
        assert self.user_dir is not None  # writable
        if not source.path.resolve().is_relative_to(self.user_dir.resolve()):
            raise EditRefused(f"{name} comes from the bundled game (your variant does not "
                              "change it): copy it into your deck's folder to edit it here")
        if seen != version(source.path):
            raise EditRefused(f"{name} was saved elsewhere since you loaded it (another tab "
                              "or program): reload to see that change; your edit was not saved")
        write_value(source, tuple(loc), typed(str(body.get("value", ""))))
        row = next((r for r in self.rows if any(c.loc == tuple(loc) for c in r.cells)), None)
        self.refresh(edited=(row.piece, row.face) if row else None)
        return self.state()

    def diff(self) -> str:
        """What ``copperplate diff GAME --components DIR`` prints for this deck (a game of
        one's own: ``--base`` the game as the studio opened it)."""
        from generator.deck.deckdiff import deck_diff
        from generator.studio.runs import OPENED

        against = "the bundled deck" if self.opened is None else OPENED
        return deck_diff(self.game, self.user_dir, self.opened, against)[1]

    def make_variant(self, name: Any) -> dict[str, Any]:
        """``copperplate new-variant GAME DIR --name NAME`` into the components folder, then
        the studio opens that variant."""
        import argparse

        from generator.commands import new_variant
        from generator.commands.common import UsageError

        if self.user_dir is None:
            raise EditRefused("start the studio with --components DIR: the variant is "
                              "written there")
        try:
            new_variant.run(argparse.Namespace(game=self.game, dir=str(self.user_dir),
                                               name=str(name or ""), notes=""))
        except UsageError as exc:
            raise EditRefused(str(exc)) from None
        self.refresh(wait=True)  # a new folder: its templates compiled here, once
        return self.state()

    def compare(self, games: Any) -> dict[str, Any]:
        """Start a comparison of this deck with the rulebook's, or for a game of one's own
        with the game as the studio opened it (one at a time)."""
        if not self.writable or self.user_dir is None:
            raise EditRefused("start the studio with --components DIR: a run compares "
                              "your deck with the rulebook's")
        if self.run is not None and not self.run.finished.is_set():
            raise EditRefused("a comparison is already running: wait for its verdict")
        if not isinstance(games, int) or not 2 <= games <= MAX_GAMES:
            raise EditRefused(f"games: a whole number from 2 to {MAX_GAMES} (a difference's "
                              "interval needs two games, as `compare` says)")
        self.run = Run(self.game, self.user_dir, games, self.run.number + 1 if self.run else 1,
                       base=self.opened)
        self.run.start()
        return self.run.state()

    def export(self, to: str, preset: str | None) -> Path:
        """``copperplate export GAME --to png|pod|tts|tuck [--preset P]``'s folder for this round
        of the deck (made once, in a folder of the studio's own)."""
        import tempfile

        from generator.export import ExportError, ExportOptions, export_game

        if to not in EXPORTS:
            raise EditRefused(f"exports here: {', '.join(EXPORTS)}")
        if self.loaded.data is None:
            raise EditRefused("the deck has errors: fix them to export it")
        if (to, preset) not in self.exports:
            out = Path(tempfile.mkdtemp(prefix="copperplate-studio-"))
            try:
                work = export_game(self.loaded, ExportOptions(to=to, preset=preset, out=out))
            except ExportError as exc:
                raise EditRefused(str(exc)) from None
            self.exports[(to, preset)] = work.final
        return self.exports[(to, preset)]

    def close(self) -> None:
        """Remove the exports' folders (after an edit, and when the studio stops)."""
        for folder in self.exports.values():
            shutil.rmtree(folder.parent.parent, ignore_errors=True)
        self.exports.clear()

    def build_pdf(self) -> tuple[str, bytes]:
        """The PDF ``copperplate build GAME`` writes (A4, long-edge duplex), in memory."""
        from generator.render.build import BuildOptions, prepare_game

        if self.pdf is None:
            if self.loaded.data is None:
                raise EditRefused("the deck has errors: fix them to build its PDF")
            prepared = prepare_game(self.loaded, BuildOptions())
            self.pdf = (prepared.pdf_name, prepared.files[prepared.pdf_name])
        return self.pdf


def _lint(loaded: LoadedGame) -> list[Problem]:
    """The print lint's findings on the faces, each with the severity ``lint`` gives it."""
    from generator.lint import findings_by_piece

    return [p for found in findings_by_piece(loaded).values() for p in found]


def _face_json(view: FaceView, by_key: dict[str, Any]) -> dict[str, Any]:
    return {"stem": view.stem, "piece": view.piece, "face": view.face, "name": view.name,
            "count": view.count, "shape": view.shape, "trim": view.trim, "bleed": view.bleed,
            "safe": view.safe, "words": view.words, "hash": view.svg_hash,
            "problems": [p for key in sorted(view.keys) for p in by_key.get(key, [])]}
