"""Checks of Copperdale's sheet: segments, Occupations, Estates, Monuments, Population,
Borders, medals and ratings."""

from __future__ import annotations

from itertools import combinations

from generator.checks import Registry, Reporter
from generator.games.copperdale.checks.common import ids_once
from generator.games.copperdale.model import CopperdaleData
from generator.games.copperdale.scoring import medal_ceiling
from generator.games.copperdale.tables import SEGMENTS

PART = Registry("copperdale board")


@PART.check("segments-in-order", cite="rulebook, Months: Resolving (Economy, Infrastructure, Growth)")
def segments_in_order(data: CopperdaleData, report: Reporter) -> None:
    """The three segments, each once, numbered 1-3 in their fixed resolution order."""
    expected = list(SEGMENTS)
    for i, segment in enumerate(data.board.segments):
        if i >= len(expected) or segment.id != expected[i] or segment.number != i + 1:
            report.error(("board", "segments", i), f"segment {i + 1} must be "
                         f"'{expected[i] if i < len(expected) else '(none)'}' numbered {i + 1}")
    if len(data.board.segments) != len(expected):
        report.error(("board", "segments"), "the board has exactly three segments")


@PART.check("occupation-spaces", cite="rulebook, Economy: seven Occupations, two spaces each")
def occupation_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Each skill is unlocked by exactly one Occupation (how many Occupations and spaces:
    the baseline's seven and two)."""
    board = data.board
    seen = ids_once(report, ("board", "occupations"), board.occupations, "occupation")
    missing = sorted(set(type(board.skills).model_fields) - seen)
    if missing:
        report.error(("board", "occupations"), f"every skill needs its Occupation; "
                     f"missing: {', '.join(missing)}")


@PART.check("prosperity-levels", cite="rulebook, Economy: Prosperity Levels 60, 80, 100, 120")
def prosperity_levels(data: CopperdaleData, report: Reporter) -> None:
    """The Prosperity Levels rise (which levels: the baseline's 60, 80, 100, 120)."""
    levels = data.board.prosperity_levels
    for i in range(1, len(levels)):
        if levels[i] <= levels[i - 1]:
            report.error(("board", "prosperity_levels", i), f"Prosperity Level {levels[i]} "
                         f"must be above {levels[i - 1]}")


def _suit_ids(data: CopperdaleData) -> list[str]:
    return [s.id for s in data.deck.suits]


@PART.check("estates-cover-suit-pairs", cite="rulebook, Infrastructure: six Estates, two Suits each")
def estates_cover_suit_pairs(data: CopperdaleData, report: Reporter) -> None:
    """The six Estates spaces are the six pairs of two different suits, each exactly once."""
    suits = _suit_ids(data)
    wanted = {frozenset(pair) for pair in combinations(suits, 2)}
    seen: set[frozenset[str]] = set()
    for i, estate in enumerate(data.board.estates):
        loc = ("board", "estates", i, "suits")
        pair = frozenset(estate.suits)
        unknown = [s for s in estate.suits if s not in suits]
        if unknown:
            report.error(loc, f"unknown suit '{unknown[0]}'")
        elif len(estate.suits) != 2 or len(pair) != 2:
            report.error(loc, "an Estates space shows two different suits")
        elif pair in seen:
            report.error(loc, f"suit pair {' + '.join(estate.suits)} is already an Estate")
        seen.add(pair)
    missing = sorted(" + ".join(sorted(p)) for p in wanted - seen)
    if missing:
        report.error(("board", "estates"), f"expected {len(wanted)} Estates, one per suit "
                     f"pair; missing: {', '.join(missing) or 'none'}")


@PART.check("monument-spaces", cite="rulebook, Infrastructure: four Monuments, four suit spaces")
def monument_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Each Monument has one space of every suit (how many Monuments: the baseline's
    four)."""
    suits = _suit_ids(data)
    board = data.board
    for i, monument in enumerate(board.monuments):
        if sorted(monument.suits) != sorted(suits) or len(monument.suits) != board.monument_spaces:
            report.error(("board", "monuments", i, "suits"), f"{monument.name} needs one "
                         f"space of each suit ({', '.join(suits)})")
    if board.monument_spaces != len(suits):
        report.error(("board", "monument_spaces"), "a Monument has one space per suit")
    if board.skills.artisans.monument_spaces >= board.monument_spaces:
        report.error(("board", "skills", "artisans", "monument_spaces"),
                     "Artisans must need fewer spaces than a Monument has")


def _per_suit(data: CopperdaleData, key: str, what: str, report: Reporter) -> None:
    """Every suit has its spaces and no other key does (how many: the baseline)."""
    counts: dict[str, int] = getattr(data.board, key)
    suits = _suit_ids(data)
    for suit in counts:
        if suit not in suits:
            report.error(("board", key, suit), f"unknown suit '{suit}'", key=True)
    for suit in suits:
        if suit not in counts:
            report.error(("board", key), f"no {what} spaces for {suit}")


@PART.check("population-spaces", cite="rulebook, Growth: 36 Population spaces, nine per Suit")
def population_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Population spaces for every suit (nine each: the baseline)."""
    _per_suit(data, "population", "Population", report)


@PART.check("border-spaces", cite="rulebook, Growth: 20 Border spaces, five per Suit")
def border_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Border spaces for every suit (five each: the baseline)."""
    _per_suit(data, "borders", "Border", report)


@PART.check("medal-total", cite="rulebook, Ending the Game: a total of 33 medals")
def medal_total(data: CopperdaleData, report: Reporter) -> None:
    """The medals the sheet can award, computed from its sources and monuments, equal the
    declared total (the rulebook's 33, 1 Masons + 8 sources x 4: the baseline)."""
    board = data.board
    computed = medal_ceiling(board)
    if computed != board.medal_total:
        report.error(("board", "medal_total"), f"the medal sources add up to {computed}, "
                     f"not {board.medal_total}")
    ids_once(report, ("board", "medals"), board.medals, "medal source")


@PART.check("ratings-ascending", cite="rulebook, Ending the Game: the rating ladder")
def ratings_ascending(data: CopperdaleData, report: Reporter) -> None:
    """Rating bands rise and the last one reaches the medal total, so every score has one."""
    ratings = data.board.ratings
    for i in range(1, len(ratings)):
        if ratings[i].up_to <= ratings[i - 1].up_to:
            report.error(("board", "ratings", i, "up_to"), "rating bands must rise")
    if ratings[-1].up_to < data.board.medal_total:
        report.error(("board", "ratings", len(ratings) - 1, "up_to"),
                     f"the last band must reach {data.board.medal_total} medals")


@PART.check("monument-words", cite="rulebook, Ending the Game: each Monument's end bonus")
def monument_words(data: CopperdaleData, report: Reporter) -> None:
    """Every Monument prints its bonus: its text, or its words for the reading of "unique
    suit filled in" that `unique_suit_filled_in` names."""
    board = data.board
    for i, monument in enumerate(board.monuments):
        if not monument.text:
            wanted = "" if monument.text_by_reading is None else \
                f" for the '{board.unique_suit_filled_in}' reading"
            report.error(("board", "monuments", i), f"{monument.name} prints no words{wanted}")
