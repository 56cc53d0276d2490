"""The one error a build raises for a problem the user can fix (fonts, a broken template).

It is a ``SystemExit`` carrying a one-line message, so even a caller that does not catch
it prints that line and exits 1 instead of showing a traceback. A located message
(``PATH:LINE:COL: error: … (rule)``) is printed as it is, like every other problem.
"""

from __future__ import annotations

import re

LOCATED = re.compile(r"^\S+?:(\d+:\d+|[^!:\s][^!:]*![A-Z]{1,3}\d+): ")  # LINE:COL, or SHEET!CELL


class BuildError(SystemExit):
    def __init__(self, message: str) -> None:
        super().__init__(message if LOCATED.match(message) else f"copperplate: error: {message}")
        self.message = message

    def __str__(self) -> str:
        return self.message
