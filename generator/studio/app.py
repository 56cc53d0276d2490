"""The studio's web application (Starlette).

Every request must name this server in its Host header (``server.HostCheck``), and
every write must carry the token printed at start (a header no other site can send
without asking first). Pages come from Jinja2 templates, autoescaped; faces are
drawn by the build's own sandboxed templates and served as PNG, never as SVG.
"""

from __future__ import annotations

import hmac
import io
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from generator.serve.server import SECURITY, HostCheck, render
from generator.studio.desk import Desk
from generator.studio.writeback import EditRefused

TOKEN_HEADER = "x-copperplate-token"
ROUND_HEADER = "x-copperplate-round"
ZOOM_DPI = (50, 600)


class Studio(HostCheck):
    """The studio behind its host check, with the game it serves (the command closes it
    when it stops)."""

    def __init__(self, app: ASGIApp, port: int, desk: Desk):
        super().__init__(app, port)
        self.desk = desk


def make_app(game: str, user_dir: Path | None, port: int, token: str) -> Studio:
    """The studio for one game, answering only as ``127.0.0.1:port``/``localhost:port``."""
    desk = Desk(game, user_dir)

    def allowed(request: Request) -> bool:
        return hmac.compare_digest(request.headers.get(TOKEN_HEADER, ""), token)

    async def page(request: Request) -> Response:
        html = render("studio.html.j2", game=desk.loaded.data.game.name if desk.loaded.data
                      else game, own=desk.opened is not None)
        return HTMLResponse(html, headers=SECURITY)

    async def script(request: Request) -> Response:
        return Response(render("studio.js.j2"), media_type="text/javascript",
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

    async def compare_report(request: Request) -> Response:
        found = desk.run.page() if desk.run else None
        if found is None:
            return JSONResponse({"error": "no finished comparison yet"}, 404)
        return HTMLResponse(found, headers=SECURITY)

    def exported(request: Request) -> tuple[Path, int] | Response:
        """The export's folder and the round of the deck it was made from."""
        to = request.path_params["to"]
        with desk.lock:
            try:
                return desk.export(to, request.query_params.get("preset") or None), desk.round
            except EditRefused as exc:
                return JSONResponse({"error": str(exc)}, 409)

    async def export(request: Request) -> Response:
        """The export's ``index.json``: every file, to download one by one (its round in a
        header: the page lists no files of a deck edited since)."""
        found = exported(request)
        if isinstance(found, Response):
            return found
        folder, round_ = found
        return Response((folder / "index.json").read_bytes(), media_type="application/json",
                        headers={**SECURITY, ROUND_HEADER: str(round_)})

    async def export_file(request: Request) -> Response:
        found = exported(request)
        if isinstance(found, Response):
            return found
        folder = found[0]
        path = (folder / request.path_params["path"]).resolve()
        if not path.is_relative_to(folder.resolve()) or not path.is_file():
            return Response("no such file", 404)
        return Response(path.read_bytes(), media_type="application/octet-stream", headers={
            **SECURITY, "content-disposition": f'attachment; filename="{path.name}"'})

    async def variant(request: Request) -> Response:
        return await write(request, lambda body: desk.make_variant(body.get("name")))

    async def diff(request: Request) -> Response:
        with desk.lock:
            return JSONResponse({"text": desk.diff()}, headers=SECURITY)

    def built() -> tuple[str, bytes, int] | Response:
        """The game's PDF and the round of the deck it shows, or why there is none (the
        deck has errors)."""
        with desk.lock:
            try:
                return (*desk.build_pdf(), desk.round)
            except EditRefused as exc:
                return JSONResponse({"error": str(exc)}, 409)

    async def pdf(request: Request) -> Response:
        found = built()
        if isinstance(found, Response):
            return found
        name, data, _ = found
        return Response(data, media_type="application/pdf", headers={
            **SECURITY, "content-disposition": f'attachment; filename="{name}"'})

    async def sheets(request: Request) -> Response:
        import pypdfium2  # type: ignore[import-untyped]

        found = built()
        if isinstance(found, Response):
            return found
        return JSONResponse({"pages": len(pypdfium2.PdfDocument(found[1])), "round": found[2]},
                            headers=SECURITY)

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
              Route("/compare/report.html", compare_report),
              Route("/api/variant", variant, methods=["POST"]),
              Route("/api/export/{to}", export),
              Route("/download/export/{to}/{path:path}", export_file)]
    app = Starlette(routes=routes)
    app.state.desk = desk  # for tests that wait on a run
    return Studio(app, port, desk)
