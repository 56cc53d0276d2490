"""The words of the generator's own pages (contents, duplex test, assembly overviews,
footers), in one table a deck can translate.

A deck's ``game.yaml`` ``words`` may give any of these keys (a translated deck gives them
all); each text keeps the ``{fields}`` of the English one, which the core check
``page-words`` makes sure of, so a translation can never break a build. The pages fit
what they print with ``fit()``: a longer translation shrinks or wraps, never runs off.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")
"""A field of a printed text: a plain name in braces, filled from the data's numbers."""

PAGE_WORDS: dict[str, str] = {
    # contents: the head
    "page_set": "Print-and-play set",
    "page_players_solo": "solo",
    "page_players_fixed": "{n} players",
    "page_players_range": "{low}–{high} players",
    "page_minutes": "about {n} minutes",
    "page_rules": "rules: {version}",
    # contents: how to print
    "page_how_to_print": "How to print",
    "page_paper": "Paper {paper}. Print at 100 % (“actual size”), never “fit to page”: "
                  "pieces are to scale.",
    "page_duplex": "Print {flip}. Every sheet of fronts is an odd page; its backs are on the "
                   "next page.",
    "page_duplex_test": "First print the duplex test (pages {first}–{second}) and read your "
                        "printer’s offset.",
    "page_duplex_test_offset": "First print the duplex test (pages {first}–{second}) and read "
                               "your printer’s offset (this file uses {x}, {y} mm).",
    "page_duplex_alone": "Pages {pages} have nothing on their backs: print them single-sided, "
                         "as a job of their own.",
    "page_single": "Print single-sided. A sheet of backs follows its sheet of fronts: glue it "
                   "behind them before cutting.",
    "page_single_plain": "Print single-sided.",
    "page_single_fold": "Print single-sided. Fold each piece on the dashed line between front "
                        "and back, glue, then cut.",
    "page_single_backs_too": "Other backs are on the sheet after their fronts: glue it behind "
                             "them before cutting.",
    # no longer printed (a single-sided build has no duplex test to skip); kept so that a
    # deck which translated it stays valid
    "page_single_test": "The duplex test (pages {first}–{second}) is for double-sided "
                        "printing: skip it.",
    "page_flip_long": "double-sided, flip on the long edge",
    "page_flip_short": "double-sided, flip on the short edge",
    "page_flip_none": "single-sided (each sheet of backs follows its fronts, to glue behind "
                      "them)",
    # contents: what to bring
    "page_bring": "Also bring",
    "page_bring_nothing": "nothing else from the game: everything is in this file",
    "page_bring_cutting": "scissors or a craft knife and a ruler",
    "page_bring_glue": "glue",
    # contents: a declared variant
    "page_variant": "Variant: {name}",
    "page_variant_changes": "Changes from the rulebook: {changes}.",
    "page_variant_no_numbers": "none of the rulebook's numbers",
    # contents: the list of components
    "page_components": "Components",
    "page_column_component": "component",
    "page_column_count": "count",
    "page_column_size": "size",
    "page_column_pages": "pages",
    "page_size": "{w} × {h} mm",
    "page_size_cube": "{w} mm cube",
    "page_odd": "odd",
    "page_even": "even",
    "page_cut_die": "cut the solid lines, fold the dashed ones, glue the tabs inside",
    "page_cut_tiled": "tiled: see its assembly page; cut on the dashed seams, align, glue",
    "page_cut_circle": "cut along the round line",
    "page_cut_hex": "cut along the six-sided line",
    "page_cut_sheet": "one per page; trim at the corner marks",
    "page_cut_spaced": "cut each piece out on its crop marks (two cuts between neighbours)",
    "page_cut_block": "cut straight through the block from crop mark to crop mark",
    "page_contents_footer": "contents · page {n} of {total}",
    # every page's foot
    "page_number": "page {n} of {total}",
    # the duplex registration test
    "page_registration": "Duplex registration test",
    "page_registration_how": "Print this sheet {flip}, at 100 %, like the rest of the file.",
    "page_registration_read": "Hold it against a window or lamp, front side towards you. The "
                              "bold cross is the back side. Where the bold lines cross the "
                              "rulers, read X (the vertical line on the lower ruler) and Y (the "
                              "horizontal line on the right-hand ruler): long ticks every 5 mm, "
                              "then 1 and 0.5 mm.",
    "page_registration_exact": "Both 0: your printer is exact. Otherwise build again with "
                               "--back-offset X,Y.",
    "page_registration_exact_offset": "Both 0: your printer is exact. Otherwise build again "
                                      "with --back-offset X,Y adding the reading to the offset "
                                      "this file already uses ({x}, {y}).",
    "page_registration_back": "Back of the duplex registration test: the bold cross should "
                              "sit behind the front’s thin one.",
    # a tiled board's assembly page and tiles
    "page_assembly": "{name}: assembly",
    "page_assembly_copy": "{name} (copy {n}): assembly",
    "page_assembly_tiles": "{tiles} tiles in {rows} rows of {cols}; the picture is at "
                           "{scale} %.",
    "page_assembly_row": "{tiles} tiles in 1 row; the picture is at {scale} %.",
    "page_assembly_how": "Cut each tile along the seam where its picture ends on its left and "
                         "top (straight or stepped); lay that edge on the neighbour’s dashed "
                         "line so the half crosses meet; glue; trim at the corner marks.",
    "page_tile": "{name} · tile {label} (row {row} of {rows}, column {col} of {cols})",
}


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def page_words(words: Mapping[str, str]) -> dict[str, str]:
    """The table with a deck's own words for these pages in place of the English ones."""
    return {key: words.get(key, text) for key, text in PAGE_WORDS.items()}


def say(words: Mapping[str, str], key: str, **values: object) -> str:
    """One entry of the table with its fields filled."""
    return FIELD.sub(lambda m: str(values[m.group(1)]), words[key])
