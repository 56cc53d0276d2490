"""The local web server that the studio and the watch's live preview share.

It listens on 127.0.0.1 only (a port in use is refused in one line, which the commands
give as a usage error), answers only requests that name it in their Host header
(``127.0.0.1:PORT`` or ``localhost:PORT``: a page on another site that rebinds its name
to 127.0.0.1 is refused), and renders its pages from the bundled Jinja2 templates
through the build's sandboxed, autoescaped environment.
"""

from __future__ import annotations

import errno
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    import uvicorn

UNSNIFFED = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}
SECURITY = {"content-security-policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'", **UNSNIFFED}


class PortRefused(Exception):
    """The port cannot be listened on (the commands say so as a usage error)."""


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


def render(name: str, **values: Any) -> str:
    """One of the servers' own templates (``templates/_shared/NAME``), through the build's
    sandboxed, autoescaped environment."""
    from generator.data.components import BUNDLED_TEMPLATES
    from generator.render.svg import environment

    return environment((BUNDLED_TEMPLATES,)).get_template(f"_shared/{name}").render(**values)


def listen(port: int, who: str) -> socket.socket:
    """The server's socket on 127.0.0.1:port (0: a free port the system picks); a port in
    use is refused in words that say ``who`` may hold it."""
    if not 0 <= port < 65536:
        raise PortRefused(f"--port {port}: expected 1-65535 (or 0 for a free one)")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # a server stopped a moment ago leaves closed connections on the port: not "in use"
    # (a socket still listening there is, with this option too)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as exc:
        sock.close()
        why = f"is in use (another {who}?)" if exc.errno == errno.EADDRINUSE else (
            f"cannot be opened: {exc.strerror}")
        raise PortRefused(f"--port {port}: 127.0.0.1:{port} {why}; pick another with "
                         "--port N") from None
    sock.listen(64)
    return sock


def port_of(sock: socket.socket) -> int:
    return int(sock.getsockname()[1])


def server(app: ASGIApp) -> uvicorn.Server:
    """uvicorn for ``app``, quiet, without lifespan events; a connection still open when it
    stops is given a second to finish."""
    import uvicorn

    return uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off",
                                         timeout_graceful_shutdown=1))


@contextmanager
def serving(app: ASGIApp, sock: socket.socket) -> Iterator[None]:
    """``app`` answering on ``sock`` from a thread of its own while the block runs (the
    main thread keeps Ctrl-C); stopped, and the socket closed, when the block ends."""
    running = server(app)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]},
                              name="copperplate-server", daemon=True)
    thread.start()
    try:
        yield
    finally:
        running.should_exit = True
        thread.join()
        sock.close()
