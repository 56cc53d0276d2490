"""Rules checks of Copperdale: each proves one thing the rulebook says about the sheet or deck.

The rulebook's own numbers live in ``baseline.py`` alone (a declared variant may change
them); these checks prove what must hold whatever the numbers are.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from generator.checks import Registry, Reporter
from generator.games.copperdale.model import CopperdaleData
from generator.games.copperdale.scoring import medal_ceiling

CHECKS = Registry("copperdale")


def _ids_once(report: Reporter, loc: tuple[str, ...], items: list[Any], what: str) -> set[str]:
    """Report every item whose id was used by an earlier one; return the ids seen."""
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item.id in seen:
            report.error(loc + (i, "id"), f"{what} '{item.id}' is listed twice")
        seen.add(item.id)
    return seen


@CHECKS.check("unique-suits-and-ranks", cite="rulebook, Playing Copperdale (four Suits)")
def unique_suits_and_ranks(data: CopperdaleData, report: Reporter) -> None:
    """Suit ids and rank ids are each named once, so a card's suit and rank are unambiguous."""
    for key in ("suits", "ranks"):
        _ids_once(report, ("deck", key), getattr(data.deck, key), key[:-1])


@CHECKS.check("card-values", cite="rulebook, Playing Copperdale: Ace = 1, face = 1 + Population")
def card_values(data: CopperdaleData, report: Reporter) -> None:
    """Number cards carry their Value, the Ace is 1, and face cards carry none (theirs
    depends on the Population Level)."""
    for i, rank in enumerate(data.deck.ranks):
        loc = ("deck", "ranks", i)
        if rank.face_card and rank.value is not None:
            report.error(loc + ("value",), f"face card '{rank.label}' has no fixed Value "
                         "(it is 1 + its suit's Population Level)")
        elif not rank.face_card and rank.value is None:
            report.error(loc, f"rank '{rank.label}' needs a value")
        elif rank.name == "Ace" and rank.value != 1:
            report.error(loc + ("value",), "Ace cards are always Value 1")


@CHECKS.check("standard-deck", cite="rulebook, What you will need: a standard deck, no Jokers")
def standard_deck(data: CopperdaleData, report: Reporter) -> None:
    """The printed deck holds every suit and rank exactly once (how many cards: the
    baseline's 52)."""
    suits = [s.id for s in data.deck.suits]
    ranks = [r.id for r in data.deck.ranks]
    for p, piece in enumerate(data.deck.pieces):
        seen: Counter[tuple[str, str]] = Counter()
        for j, face in enumerate(piece.faces):
            loc = ("deck", "pieces", p, "faces", j)
            if face.suit not in suits:
                report.error(loc + ("suit",), f"unknown suit '{face.suit}'")
            if face.rank not in ranks:
                report.error(loc + ("rank",), f"unknown rank '{face.rank}'")
            if face.count != 1:
                report.error(loc + ("count",), "a standard deck has one copy of each card")
            if seen[(face.suit, face.rank)]:
                report.error(loc, f"card {face.rank} of {face.suit} is listed twice")
            seen[(face.suit, face.rank)] += 1
        missing = [f"{r.name} of {s.name}" for s in data.deck.suits for r in data.deck.ranks
                   if not seen[(s.id, r.id)]]
        if missing:
            report.error(("deck", "pieces", p, "faces"), f"missing cards: {', '.join(missing)}")


@CHECKS.check("deck-feeds-months", cite="rulebook, Set Up and Months: 12 months x 3 cards")
def deck_feeds_months(data: CopperdaleData, report: Reporter) -> None:
    """The Border Deck has a card for every month and the Main Deck (the rest) can feed
    one card per segment every month: 52 - 12 = 40 >= 12 x 3."""
    board = data.board
    deck = len(data.deck.suits) * len(data.deck.ranks)
    if board.border_deck < board.months:
        report.error(("board", "border_deck"), f"{board.border_deck} Border cards cannot "
                     f"serve {board.months} months")
    main = deck - board.border_deck
    need = board.months * len(board.segments)
    if main < need:
        report.error(("board", "months"), f"the Main Deck holds {main} cards but "
                     f"{board.months} months x {len(board.segments)} segments need {need}")


@CHECKS.check("segments-in-order", cite="rulebook, Months: Resolving (Economy, Infrastructure, Growth)")
def segments_in_order(data: CopperdaleData, report: Reporter) -> None:
    """The three segments, each once, numbered 1-3 in their fixed resolution order."""
    expected = ["economy", "infrastructure", "growth"]
    for i, segment in enumerate(data.board.segments):
        if i >= len(expected) or segment.id != expected[i] or segment.number != i + 1:
            report.error(("board", "segments", i), f"segment {i + 1} must be "
                         f"'{expected[i] if i < len(expected) else '(none)'}' numbered {i + 1}")
    if len(data.board.segments) != len(expected):
        report.error(("board", "segments"), "the board has exactly three segments")


@CHECKS.check("occupation-spaces", cite="rulebook, Economy: seven Occupations, two spaces each")
def occupation_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Each skill is unlocked by exactly one Occupation (how many Occupations and spaces:
    the baseline's seven and two)."""
    board = data.board
    seen = _ids_once(report, ("board", "occupations"), board.occupations, "occupation")
    missing = sorted(set(type(board.skills).model_fields) - seen)
    if missing:
        report.error(("board", "occupations"), f"every skill needs its Occupation; "
                     f"missing: {', '.join(missing)}")


@CHECKS.check("prosperity-levels", cite="rulebook, Economy: Prosperity Levels 60, 80, 100, 120")
def prosperity_levels(data: CopperdaleData, report: Reporter) -> None:
    """The Prosperity Levels rise (which levels: the baseline's 60, 80, 100, 120)."""
    levels = data.board.prosperity_levels
    for i in range(1, len(levels)):
        if levels[i] <= levels[i - 1]:
            report.error(("board", "prosperity_levels", i), f"Prosperity Level {levels[i]} "
                         f"must be above {levels[i - 1]}")


def _suit_ids(data: CopperdaleData) -> list[str]:
    return [s.id for s in data.deck.suits]


@CHECKS.check("estates-cover-suit-pairs", cite="rulebook, Infrastructure: six Estates, two Suits each")
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


@CHECKS.check("monument-spaces", cite="rulebook, Infrastructure: four Monuments, four suit spaces")
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


@CHECKS.check("population-spaces", cite="rulebook, Growth: 36 Population spaces, nine per Suit")
def population_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Population spaces for every suit (nine each: the baseline)."""
    _per_suit(data, "population", "Population", report)


@CHECKS.check("border-spaces", cite="rulebook, Growth: 20 Border spaces, five per Suit")
def border_spaces(data: CopperdaleData, report: Reporter) -> None:
    """Border spaces for every suit (five each: the baseline)."""
    _per_suit(data, "borders", "Border", report)


@CHECKS.check("medal-total", cite="rulebook, Ending the Game: a total of 33 medals")
def medal_total(data: CopperdaleData, report: Reporter) -> None:
    """The medals the sheet can award, computed from its sources and monuments, equal the
    declared total (the rulebook's 33, 1 Masons + 8 sources x 4: the baseline)."""
    board = data.board
    computed = medal_ceiling(board)
    if computed != board.medal_total:
        report.error(("board", "medal_total"), f"the medal sources add up to {computed}, "
                     f"not {board.medal_total}")
    _ids_once(report, ("board", "medals"), board.medals, "medal source")


@CHECKS.check("ratings-ascending", cite="rulebook, Ending the Game: the rating ladder")
def ratings_ascending(data: CopperdaleData, report: Reporter) -> None:
    """Rating bands rise and the last one reaches the medal total, so every score has one."""
    ratings = data.board.ratings
    for i in range(1, len(ratings)):
        if ratings[i].up_to <= ratings[i - 1].up_to:
            report.error(("board", "ratings", i, "up_to"), "rating bands must rise")
    if ratings[-1].up_to < data.board.medal_total:
        report.error(("board", "ratings", len(ratings) - 1, "up_to"),
                     f"the last band must reach {data.board.medal_total} medals")


@CHECKS.check("monument-words", cite="rulebook, Ending the Game: each Monument's end bonus")
def monument_words(data: CopperdaleData, report: Reporter) -> None:
    """Every Monument prints its bonus: its text, or its words for the reading of "unique
    suit filled in" that `unique_suit_filled_in` names."""
    board = data.board
    for i, monument in enumerate(board.monuments):
        if not monument.text:
            wanted = "" if monument.text_by_reading is None else \
                f" for the '{board.unique_suit_filled_in}' reading"
            report.error(("board", "monuments", i), f"{monument.name} prints no words{wanted}")
