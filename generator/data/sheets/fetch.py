"""A published CSV (a spreadsheet shared "as CSV" by its link), fetched only when the user
names its address on the command line (``copperplate fetch``), never because a deck says so.

The download is bounded in time and size, must be a CSV table the loader can read, and
replaces its file whole; every later command reads the local file, so builds stay the
same bytes whatever the sheet online becomes.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from generator.data.sheets.source import load_sheet
from generator.data.yamlsrc import MAX_FILE_BYTES, YamlError
from generator.files.fileio import write_atomic
from generator.files.problems import format_text

TIMEOUT_S = 20.0


class FetchError(Exception):
    """A download that failed or gave no usable table (the message says which)."""


def fetch_csv(url: str, target: Path, *, timeout: float = TIMEOUT_S,
              limit: int = MAX_FILE_BYTES) -> int:
    """Download ``url`` into ``target`` (a ``.csv`` file); the number of bytes written."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise FetchError(f"'{url}' is not an http(s) address")
    request = urllib.request.Request(url, headers={"User-Agent": "copperplate"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # http(s) only
            raw = answer.read(limit + 1)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"cannot fetch {url}: HTTP {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise FetchError(f"cannot fetch {url}: {reason}") from None
    if len(raw) > limit:
        raise FetchError(f"{url} sends more than {limit} bytes, the limit for one sheet")
    try:
        source = load_sheet(target, raw)
    except YamlError as exc:
        raise FetchError(exc.problem.format()) from None
    if source.problems:
        raise FetchError(format_text(source.problems))
    write_atomic(target, raw)
    return len(raw)
