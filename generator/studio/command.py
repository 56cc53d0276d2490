"""``copperplate studio``: the designer's desk in a browser, on 127.0.0.1."""

from __future__ import annotations

import argparse
import secrets
import sys

from generator.commands.common import (
    EXIT_OK,
    UsageError,
    add_components,
    components_dir,
    games_named,
)
from generator.games import GAMES

DEFAULT_PORT = 8765


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("studio", help="a local web app: gallery, the deck as a table, PDF",
                       description="Serve the studio on http://127.0.0.1:PORT/: every face "
                       "captioned and searchable by the words printed on it, zoomable at "
                       "print resolution with trim, bleed and safe-area lines; the sheets as "
                       "they print; the deck as a table whose edits are written back to the "
                       "YAML or sheet in --components (comments and key order kept), with "
                       "problems at their cells; a variant made, diffed and compared with "
                       "the rulebook's deck; the PDF 'build' makes and the png/pod exports. "
                       "Writes need the token in the printed URL. Ctrl-C stops it (exit 0); "
                       "a port in use is a usage error (exit 2).")
    p.add_argument("game", nargs="?", metavar="GAME",
                   help=f"the game to open (default: the first): {', '.join(GAMES)}, or a "
                   "game of your own in --components")
    add_components(p)
    p.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                   help="the port on 127.0.0.1 (0: a free one, printed)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.serve.server import PortRefused, listen, port_of, server
    from generator.studio.app import make_app

    user_dir = components_dir(args.components)
    game = games_named([args.game] if args.game else [], user_dir)[0]
    try:
        sock = listen(args.port, "studio")
    except PortRefused as exc:
        raise UsageError(str(exc)) from None
    token = secrets.token_urlsafe(24)
    app = make_app(game, user_dir, port_of(sock), token)
    print(f"copperplate studio: http://127.0.0.1:{port_of(sock)}/?token={token}", flush=True)
    print("(Ctrl-C stops it)", file=sys.stderr, flush=True)
    try:
        server(app).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops cleanly, then passes Ctrl-C on: the way out
        pass
    finally:
        app.desk.close()
    print("copperplate studio: stopped", file=sys.stderr)
    return EXIT_OK
