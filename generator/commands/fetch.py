"""``copperplate fetch``: a spreadsheet published as CSV, saved as a component file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fetch", help="save a spreadsheet published as CSV into a deck",
                       description="Download URL (a sheet published as CSV, e.g. Google "
                       "Sheets' File > Share > Publish to web > CSV) into FILE.csv, a "
                       "component file of your deck; it is checked as a table first and "
                       "replaces FILE whole. Only the address you name is fetched; every "
                       "other command reads the saved file. Exit 0, 1 a failed download or "
                       "a table that cannot be read, 2 usage.")
    p.add_argument("url", metavar="URL", help="the http(s) address of the published CSV")
    p.add_argument("--out", required=True, metavar="FILE.csv",
                   help="the component file to write (its folder must exist)")
    p.add_argument("--timeout", type=float, default=20.0, metavar="S",
                   help="seconds to wait for the server")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.data.sheets.fetch import FetchError, fetch_csv

    target = Path(args.out)
    if target.suffix != ".csv" or not target.parent.is_dir():
        raise UsageError(f"--out: '{target}' must be a .csv file in a folder that exists")
    if not 0 < args.timeout <= 600:
        raise UsageError("--timeout: expected 0-600 seconds")
    try:
        size = fetch_csv(args.url, target, timeout=args.timeout)
    except FetchError as exc:
        print(f"copperplate: error: {exc} (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    print(f"{target}: {size} bytes from {args.url}")
    return EXIT_OK
