"""Break a copy of a bundled game, the way a user editing YAML would (shared by game tests).

Every checker test does the same three things: copy ``components/<game>/`` into a temp
folder (the ``--components`` mechanism), change one piece of text in one file, and find the
line and column an error should point at. This module does each once.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.data.components import BUNDLED_COMPONENTS


def copy_game(game_id: str, root: Path) -> Path:
    """Copy the bundled game into ``root/<game_id>`` and return that folder."""
    folder = root / game_id
    shutil.copytree(BUNDLED_COMPONENTS / game_id, folder)
    return folder


def edit(path: Path, old: str, new: str, *, after: str | None = None,
         every: bool = False) -> tuple[str, int]:
    """Replace ``old`` by ``new`` in the file; return the new text and where ``new`` starts.

    By default ``old`` must occur exactly once; ``after`` takes the first ``old`` past that
    anchor text instead; ``every`` replaces every occurrence (there must be one)."""
    text = path.read_text(encoding="utf-8")
    if every:
        assert old in text, f"{old!r} not in {path.name}"
        at = text.index(old)
        text = text.replace(old, new)
    else:
        if after is None:
            assert text.count(old) == 1, f"{old!r} must occur once in {path.name}"
            at = text.index(old)
        else:
            at = text.index(old, text.index(after))
        text = text[:at] + new + text[at + len(old):]
    path.write_text(text, encoding="utf-8")
    return text, at


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def spot(text: str, needle: str) -> tuple[int, int]:
    """Line and column of the ``^`` in ``needle``, found (once) in ``text`` without the ``^``."""
    plain = needle.replace("^", "")
    assert text.count(plain) == 1, f"{plain!r} is not unique"
    return line_col(text, text.index(plain) + needle.index("^"))
