"""The watch's live preview: ``OUT/GAME/preview`` served on 127.0.0.1, each open page told
the moment the watch has written it again.

The watch bumps a ``Beacon`` after every preview it writes; each open page holds one
server-sent-events stream (``/events``) that carries the beacon's number, and when the
number passes the one the page was served with, the page fetches ``index.html`` again
and takes its content in place (scroll and search kept); a page of a watch stopped and
started again loads itself anew. The server pushes; the page never polls. Nothing but
the preview is served: the page (as ``preview`` writes it, with one script tag added)
and its images, read inside the preview folder, never through a link; every request
must name the server in its Host header (``server.HostCheck``).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import secrets
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from generator.files.confined import FileMissing, FileRefused, read_inside
from generator.serve.server import UNSNIFFED, HostCheck, port_of, render, serving

PAGE_LIMIT = 64 << 20  # bytes read of the page or of one image, at most
IMAGE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.png")  # as the preview names its images
INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)  # the page's own code

WAITING = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<title>preview: the first build</title>\n</head>\n<body>\n<p>The first build is "
           "under way: this page shows the preview as soon as it is written.</p>\n</body>\n"
           "</html>\n")  # what is served before the watch has written any preview


class Beacon:
    """The preview's number: bumped by the watch (any thread) each time it has written
    the page; every open page's stream waits on it (on the server's event loop)."""

    def __init__(self) -> None:
        self.run = secrets.token_hex(4)  # this watch: a page of another is loaded again
        self.number = 0
        self.closed = False
        self._lock = threading.Lock()
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()

    def bump(self, page: Path | None = None) -> None:
        """The preview was written again: wake every stream."""
        with self._lock:
            self.number += 1
        self._wake()

    def close(self) -> None:
        """The watch stops: every stream ends (so the server can stop at once)."""
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        with self._lock:
            waiting = list(self._waiting)
        for loop, event in waiting:
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that loop has closed: its stream is gone
                continue

    async def numbers(self) -> AsyncIterator[int]:
        """The number now, then each new one until closed (numbers bumped while one is
        being sent are folded into the latest)."""
        mine = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiting.add(mine)
        try:
            sent = None
            while not self.closed:
                mine[1].clear()  # before the number is read: a bump after it wakes us
                if self.number != sent:
                    sent = self.number
                    yield sent
                else:
                    await mine[1].wait()
        finally:
            with self._lock:
                self._waiting.discard(mine)


def live_page(html: str, run: str, number: int) -> tuple[str, str]:
    """The preview page with the live script added (told the watch's run and round it was
    served at), and the content security policy that lets exactly its own inline script
    and style run (by their hashes) beside it."""
    tag = f'<script src="/live.js" data-run="{run}" data-number="{number}"></script>'
    page = html.replace("</head>", f"{tag}\n</head>", 1) if "</head>" in html else html + tag
    own = INLINE.findall(html)
    scripts = " ".join(["'self'", *(_allowed(body) for kind, body in own if kind == "script")])
    styles = " ".join(_allowed(body) for kind, body in own if kind == "style") or "'none'"
    policy = (f"default-src 'none'; img-src 'self'; connect-src 'self'; "
              f"script-src {scripts}; style-src {styles}; "
              "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return page, policy


def _allowed(code: str) -> str:
    """The policy's source for one inline script or style: its SHA-256."""
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def make_live_app(folder: Path, port: int, beacon: Beacon) -> HostCheck:
    """The preview in ``folder`` (``OUT/GAME/preview``), answering only as
    ``127.0.0.1:port``/``localhost:port``."""

    async def page(request: Request) -> Response:
        number = beacon.number  # before the read: a page newer than its number is
        try:                    # fetched once more, never an older one kept
            html = read_inside(folder, "index.html", PAGE_LIMIT).decode("utf-8")
        except FileMissing:
            html = WAITING
        except FileRefused:
            return Response("no preview", 404, headers=UNSNIFFED)
        shown, policy = live_page(html, beacon.run, number)
        return HTMLResponse(shown, headers={**UNSNIFFED, "content-security-policy": policy,
                                            "cache-control": "no-store"})

    async def image(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            if not IMAGE.fullmatch(name):
                raise FileMissing(name)
            png = read_inside(folder, f"img/{name}", PAGE_LIMIT)
        except (FileMissing, FileRefused):
            return Response("no such image", 404, headers=UNSNIFFED)
        # named by its content: the same name is the same picture
        return Response(png, media_type="image/png", headers={
            **UNSNIFFED, "cache-control": "max-age=86400, immutable"})

    async def script(request: Request) -> Response:
        return Response(render("preview-live.js.j2"), media_type="text/javascript",
                        headers={**UNSNIFFED, "cache-control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"  # the page asks again a second after the watch stops
            async for number in beacon.numbers():
                yield f"event: preview\ndata: {beacon.run} {number}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**UNSNIFFED, "cache-control": "no-store"})

    routes = [Route("/", page), Route("/index.html", page), Route("/img/{name}", image),
              Route("/live.js", script), Route("/events", events)]
    return HostCheck(Starlette(routes=routes), port)


@contextmanager
def served(folder: Path, sock: socket.socket) -> Iterator[tuple[str, Beacon]]:
    """The preview in ``folder`` served on ``sock`` while the block runs: its address, and
    the beacon to bump each time the page is written. Every stream ends, then the server
    stops, when the block does (Ctrl-C included)."""
    beacon = Beacon()
    port = port_of(sock)
    with serving(make_live_app(folder, port, beacon), sock):
        try:
            yield f"http://127.0.0.1:{port}/", beacon
        finally:
            beacon.close()
