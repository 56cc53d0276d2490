"""Checks every game gets, whatever its own rules say."""

from __future__ import annotations

from generator.checks.composition import check_composition
from generator.checks.registry import Registry, Reporter
from generator.render.pagewords import PAGE_WORDS, fields
from generator.schema import GameData

CORE = Registry("core")
MAX_PRINTED_PIECES = 5000


@CORE.check("unique-piece-ids", cite="copperplate: every piece is named once")
def unique_piece_ids(data: GameData, report: Reporter) -> None:
    """Two pieces of one game may not share an id (the manifest names pieces by id)."""
    seen: dict[str, tuple[str | int, ...]] = {}
    for loc, piece in data.pieces():
        if piece.id in seen:
            report.error(loc + ("id",), f"piece id '{piece.id}' is already used by another "
                         f"piece in '{seen[piece.id][0]}.yaml'")
        seen.setdefault(piece.id, loc)


@CORE.check("unique-face-ids", cite="copperplate: every face of a piece is named once")
def unique_face_ids(data: GameData, report: Reporter) -> None:
    """Two faces of one piece may not share an id."""
    for loc, piece in data.pieces():
        first: dict[str, int] = {}
        for j, face in enumerate(piece.faces):
            if face.id in first:
                report.error(loc + ("faces", j, "id"), f"face id '{face.id}' is already used "
                             f"by face {first[face.id] + 1} of piece '{piece.id}'")
            first.setdefault(face.id, j)


@CORE.check("printed-piece-count", cite="copperplate: a print-and-play set is finite")
def printed_piece_count(data: GameData, report: Reporter) -> None:
    """The whole game prints at most 5000 pieces (a count typo must not print a ream)."""
    total = sum(piece.total() for _, piece in data.pieces())
    if total > MAX_PRINTED_PIECES:
        report.error(("game",), f"the game prints {total} pieces; the limit is "
                     f"{MAX_PRINTED_PIECES} (check the counts)")


CORE.check("composition", cite="the game's own composition rules (composition: in its YAML)")(
    check_composition)


@CORE.check("page-words", cite="copperplate: the generator's own pages may be translated")
def page_words(data: GameData, report: Reporter) -> None:
    """A deck's words for the generator's own pages (``page_*`` keys of ``game.yaml``
    ``words``) name a word those pages print and keep its ``{fields}``: a translation can
    change the words, never break a build or drop a number."""
    for key, text in data.game.words.items():
        if not key.startswith("page_"):
            continue
        english = PAGE_WORDS.get(key)
        if english is None:
            from difflib import get_close_matches  # only for a hint

            near = ", ".join(get_close_matches(key, PAGE_WORDS, 3)) or "none close"
            report.error(("game", "words", key), f"'{key}' is no word of the generator's own "
                         f"pages (near: {near})", key=True)
        elif fields(text) != fields(english):
            want = ", ".join(f"{{{f}}}" for f in sorted(fields(english))) or "no fields"
            report.error(("game", "words", key), f"'{key}' must keep the fields of "
                         f"'{english}' ({want})")
