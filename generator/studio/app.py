"""The studio's web application (Starlette).

Every request must name this server in its Host header (``127.0.0.1:PORT`` or
``localhost:PORT``: a page on another site that rebinds its name to 127.0.0.1 is
refused), and every write must carry the token printed at start (a header no other site
can send without asking first). Pages come from Jinja2 templates, autoescaped; faces are
drawn by the build's own sandboxed templates and served as PNG, never as SVG.
"""

from __future__ import annotations

import hmac
import io
import threading
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from generator.components import BUNDLED_TEMPLATES, LoadedGame
from generator.studio.deck import (
    FaceView,
    Row,
    face_views,
    table_rows,
    tie,
    version,
)
from generator.studio.runs import MAX_GAMES, Run
from generator.studio.writeback import EditRefused, typed, write_value

TOKEN_HEADER = "x-copperplate-token"
SECURITY = {"content-security-policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
            "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}
ZOOM_DPI = (50, 600)


class HostCheck:
    """Refuse any request whose Host is not this server (no DNS rebinding)."""

    def __init__(self, app: ASGIApp, port: int):
        self.app = app
        self.allowed = {f"127.0.0.1:{port}", f"localhost:{port}"}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()
            if host not in self.allowed:
                await Response("unknown host", 421)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class Desk:
    """The game being designed: loaded, drawn and tabled again after every edit."""

    def __init__(self, game: str, user_dir: Path | None):
        self.game, self.user_dir = game, user_dir
        self.lock = threading.Lock()
        self.views: list[FaceView] = []
        self.pictures: dict[str, Any] = {}
        self.pdf: tuple[str, bytes] | None = None
        self.run: Run | None = None
        self.linted = threading.Event()  # the print lint of the current round is in
        self.round = 0
        self.refresh()

    def refresh(self, edited: tuple[str, str] | None = None) -> None:
        """Load, check, draw and table the deck again. After an edit only the edited face
        is drawn at once; the other faces and the print lint (the slow parts) follow in a
        thread, so the face and validation come back first."""
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
        self.round += 1
        self.linted.clear()
        if self.loaded.data is None:
            self.linted.set()
        else:
            threading.Thread(target=self._follow, args=(self.round, self.loaded, edited),
                             daemon=True, name="studio-lint").start()

    def _redraw(self, views: list[FaceView], pictures: dict[str, Any]) -> None:
        """Put the faces just drawn in place of their old pictures."""
        fresh = {view.stem: view for view in views}
        self.views = [fresh.pop(view.stem, view) for view in self.views] + list(fresh.values())
        self.pictures = {**self.pictures, **pictures}

    def _follow(self, round_: int, loaded: LoadedGame, edited: tuple[str, str] | None) -> None:
        drawn = face_views(loaded) if edited is not None else None
        found = _lint(loaded)
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
        """What ``copperplate diff GAME --components DIR`` prints for this deck."""
        from generator.components import game_folder, load_game
        from generator.deckdiff import report
        from generator.games import GAMES
        from generator.problems import format_text

        spec = GAMES[self.game]
        deck = load_game(spec.id, spec.model, game_folder(spec.id, self.user_dir))
        bundled = load_game(spec.id, spec.model, game_folder(spec.id, None))
        if deck.data is None or bundled.data is None:
            return format_text(deck.problems + bundled.problems)
        deviations = spec.baseline.deviations(deck.data) if spec.baseline else []
        return report(deck, bundled, deviations)

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
        self.refresh()
        return self.state()

    def compare(self, games: Any) -> dict[str, Any]:
        """Start a comparison of this deck with the rulebook's (one at a time)."""
        if not self.writable or self.user_dir is None:
            raise EditRefused("start the studio with --components DIR: a run compares "
                              "your deck with the rulebook's")
        if self.run is not None and not self.run.finished.is_set():
            raise EditRefused("a comparison is already running: wait for its verdict")
        if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise EditRefused(f"games: a whole number from 1 to {MAX_GAMES}")
        self.run = Run(self.game, self.user_dir, games)
        self.run.start()
        return self.run.state()

    def build_pdf(self) -> tuple[str, bytes]:
        """The PDF ``copperplate build GAME`` writes (A4, long-edge duplex), in memory."""
        from generator.render.build import BuildOptions, prepare_game

        if self.pdf is None:
            if self.loaded.data is None:
                raise EditRefused("the deck has errors: fix them to build its PDF")
            prepared = prepare_game(self.loaded, BuildOptions())
            self.pdf = (prepared.pdf_name, prepared.files[prepared.pdf_name])
        return self.pdf


def _render(name: str, **values: Any) -> str:
    """One of the studio's own templates, through the build's sandboxed, autoescaped
    environment."""
    from generator.render.svg import environment

    return environment((BUNDLED_TEMPLATES,)).get_template(f"_shared/{name}").render(**values)


def _lint(loaded: LoadedGame) -> list[Any]:
    from generator.lint import as_warnings, findings_by_piece

    return [p for found in findings_by_piece(loaded).values() for p in as_warnings(found)]


def _face_json(view: FaceView, by_key: dict[str, Any]) -> dict[str, Any]:
    return {"stem": view.stem, "piece": view.piece, "face": view.face, "name": view.name,
            "count": view.count, "shape": view.shape, "trim": view.trim, "bleed": view.bleed,
            "safe": view.safe, "words": view.words, "hash": view.svg_hash,
            "problems": [p for key in sorted(view.keys) for p in by_key.get(key, [])]}


def make_app(game: str, user_dir: Path | None, port: int, token: str) -> ASGIApp:
    """The studio for one game, answering only as ``127.0.0.1:port``/``localhost:port``."""
    desk = Desk(game, user_dir)

    def allowed(request: Request) -> bool:
        return hmac.compare_digest(request.headers.get(TOKEN_HEADER, ""), token)

    async def page(request: Request) -> Response:
        html = _render("studio.html.j2", game=desk.loaded.data.game.name if desk.loaded.data
                       else game)
        return HTMLResponse(html, headers=SECURITY)

    async def script(request: Request) -> Response:
        return Response(_render("studio.js.j2"), media_type="text/javascript",
                        headers=SECURITY)

    async def state(request: Request) -> Response:
        with desk.lock:
            return JSONResponse(desk.state(), headers=SECURITY)

    async def face(request: Request) -> Response:
        from generator.export import raster

        picture = desk.pictures.get(request.path_params["stem"])
        try:
            dpi = int(request.query_params.get("dpi", "100"))
        except ValueError:
            dpi = 0
        if picture is None or not ZOOM_DPI[0] <= dpi <= ZOOM_DPI[1]:
            return Response("no such face or dpi", 404)
        dpi = raster.fitting_dpi(picture.extent_mm, dpi, limit=4000)
        png = raster.png(picture.svg, raster.pixels(picture.extent_mm, dpi), dpi, alpha=True)
        return Response(png, media_type="image/png", headers=SECURITY)

    async def write(request: Request, action: Any) -> Response:
        """A request that changes something: the token, a JSON object, then ``action``."""
        if not allowed(request):
            return JSONResponse({"error": "a write needs the token printed when the studio "
                                 "started (open the URL it printed)"}, 403)
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "expected a JSON body"}, 400)
        with desk.lock:
            try:
                return JSONResponse(action(body if isinstance(body, dict) else {}),
                                    headers=SECURITY)
            except EditRefused as exc:
                return JSONResponse({"error": str(exc)}, 409)

    async def edit(request: Request) -> Response:
        return await write(request, desk.edit)

    async def compare(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(desk.run.state() if desk.run else {}, headers=SECURITY)
        return await write(request, lambda body: desk.compare(body.get("games")))

    async def variant(request: Request) -> Response:
        return await write(request, lambda body: desk.make_variant(body.get("name")))

    async def diff(request: Request) -> Response:
        with desk.lock:
            return JSONResponse({"text": desk.diff()}, headers=SECURITY)

    def built() -> tuple[str, bytes] | Response:
        """The game's PDF, or why there is none (the deck has errors)."""
        with desk.lock:
            try:
                return desk.build_pdf()
            except EditRefused as exc:
                return JSONResponse({"error": str(exc)}, 409)

    async def pdf(request: Request) -> Response:
        found = built()
        if isinstance(found, Response):
            return found
        name, data = found
        return Response(data, media_type="application/pdf", headers={
            **SECURITY, "content-disposition": f'attachment; filename="{name}"'})

    async def sheets(request: Request) -> Response:
        import pypdfium2  # type: ignore[import-untyped]

        found = built()
        if isinstance(found, Response):
            return found
        return JSONResponse({"pages": len(pypdfium2.PdfDocument(found[1]))}, headers=SECURITY)

    async def sheet(request: Request) -> Response:
        """One page of the PDF as it prints, at 60 dpi."""
        import pypdfium2

        found = built()
        if isinstance(found, Response):
            return found
        document = pypdfium2.PdfDocument(found[1])
        number = request.path_params["page"]
        if not 1 <= number <= len(document):
            return Response("no such page", 404)
        out = io.BytesIO()
        document[number - 1].render(scale=60 / 72).to_pil().save(out, "PNG")
        return Response(out.getvalue(), media_type="image/png", headers=SECURITY)

    routes = [Route("/", page), Route("/studio.js", script), Route("/api/state", state),
              Route("/face/{stem}.png", face), Route("/api/edit", edit, methods=["POST"]),
              Route("/download/pdf", pdf), Route("/sheet/{page:int}.png", sheet),
              Route("/api/sheets", sheets), Route("/api/diff", diff),
              Route("/api/compare", compare, methods=["GET", "POST"]),
              Route("/api/variant", variant, methods=["POST"])]
    app = Starlette(routes=routes)
    app.state.desk = desk  # for tests that wait on a run
    return HostCheck(app, port)
