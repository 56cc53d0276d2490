"""Checks of Copperdale's deck: suits, ranks, Values and how the deck feeds the months."""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.games.copperdale.checks.common import ids_once
from generator.games.copperdale.model import CopperdaleData

PART = Registry("copperdale deck")


@PART.check("unique-suits-and-ranks", cite="rulebook, Playing Copperdale (four Suits)")
def unique_suits_and_ranks(data: CopperdaleData, report: Reporter) -> None:
    """Suit ids and rank ids are each named once, so a card's suit and rank are unambiguous."""
    for key in ("suits", "ranks"):
        ids_once(report, ("deck", key), getattr(data.deck, key), key[:-1])


@PART.check("card-values", cite="rulebook, Playing Copperdale: Ace = 1, face = 1 + Population")
def card_values(data: CopperdaleData, report: Reporter) -> None:
    """Number cards carry their Value and face cards carry none (theirs depends on the
    Population Level; the Ace's 1: the baseline)."""
    for i, rank in enumerate(data.deck.ranks):
        loc = ("deck", "ranks", i)
        if rank.face_card and rank.value is not None:
            report.error(loc + ("value",), f"face card '{rank.label}' has no fixed Value "
                         "(it is 1 + its suit's Population Level)")
        elif not rank.face_card and rank.value is None:
            report.error(loc, f"rank '{rank.label}' needs a value")


@PART.check("standard-deck", cite="rulebook, What you will need: a standard deck, no Jokers")
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


@PART.check("deck-feeds-months", cite="rulebook, Set Up and Months: 12 months x 3 cards")
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
