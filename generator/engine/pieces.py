"""Which piece is out of line: what each seat took and played in a game, and its result.

A game says what a player can hold through ``PieceRules``: the catalogue of its distinct
pieces (building cards, chips, titles, characters, tiles…, by their manifest id) and
``holdings``, what each seat holds in a position. A finished game is replayed from its
action list and ``holdings`` read after every action: a piece that enters a seat's
holdings was *taken*, one that leaves them was *played* (cashed, spent, traded away), and
a seat that ever held it is its *holder* in that game.

A seat's result is the game's own measure (``returns``) less the table's mean, so a
high-scoring game does not make every piece in it look strong; a solo game's result is
its score. The tally keeps, per piece, the results of holders and of the others, and per
game the holders' mean less the others' at the same table, exact and mergeable like every
run's tally (``stats``), and each game's results by seat, which the restricted-play
comparison pairs with (``restricted``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.engine.api import Game, State
from generator.engine.playout import GameRecord
from generator.engine.simulate import Plan, built, play_game
from generator.engine.stats import Moments
from generator.engine.tally import Tally

Holdings = Callable[[State], list[frozenset[str]]]


@dataclass(frozen=True)
class PieceRules:
    """A game's pieces: ``catalogue`` (validated data -> (id, name) of every distinct
    piece a player can take, play or hold, a face counted 0 left out) and ``holdings``
    (a position -> what each seat holds in it). Module-level functions, so picklable."""

    catalogue: Callable[[Any], list[tuple[str, str]]]
    holdings: Holdings


@dataclass
class Handling:
    """What one game's seats did with the pieces."""

    held: list[set[str]]  # seat -> every piece it held at some point
    taken: Counter[str]  # piece -> times it entered a seat's holdings
    played: Counter[str]  # piece -> times it left them


def follow(game: Game, record: GameRecord, holdings: Holdings) -> Handling:
    """Replay the game, reading every seat's holdings after each action."""
    state = game.new_initial_state(record.players)
    before = holdings(state)
    done = Handling([set(h) for h in before], Counter(), Counter())
    for action in record.actions:
        state.apply_action(action)
        now = holdings(state)
        for seat, (old, new) in enumerate(zip(before, now, strict=True)):
            if old != new:
                done.taken.update(new - old)
                done.played.update(old - new)
                done.held[seat] |= new
        before = now
    return done


def standing(record: GameRecord) -> list[float]:
    """Each seat's result: its score less the table's mean (a solo game: its score)."""
    scores = record.scores
    if len(scores) < 2:
        return list(scores)
    mean = sum(scores) / len(scores)
    return [s - mean for s in scores]


@dataclass
class PieceCounts:
    holders: Moments = field(default_factory=Moments)  # results of seats that held it
    others: Moments = field(default_factory=Moments)  # results of seats that did not
    # per game where some seats held it and some did not: the holders' mean result less
    # the others' (a comparison at the same table, so games are independent samples)
    within: Moments = field(default_factory=Moments)
    holder_wins: int = 0
    other_wins: int = 0
    taken: int = 0
    played: int = 0

    def add_game(self, results: list[float], holding: list[bool], winners: list[int]) -> None:
        """One game's seats: each seat's result and whether it held the piece."""
        mine = [r for r, held in zip(results, holding, strict=True) if held]
        theirs = [r for r, held in zip(results, holding, strict=True) if not held]
        for seat, (result, held) in enumerate(zip(results, holding, strict=True)):
            won = seat in winners
            (self.holders if held else self.others).add(result)
            if held:
                self.holder_wins += won
            else:
                self.other_wins += won
        if mine and theirs:
            self.within.add(sum(mine) / len(mine) - sum(theirs) / len(theirs))

    def merge(self, other: PieceCounts) -> None:
        self.holders.merge(other.holders)
        self.others.merge(other.others)
        self.within.merge(other.within)
        for name in ("holder_wins", "other_wins", "taken", "played"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class PieceTally:
    """A run's figures by piece, beside the run's own ``Tally``."""

    players: int
    run: Tally = field(init=False)
    pieces: dict[str, PieceCounts] = field(default_factory=dict)
    results: dict[int, tuple[float, ...]] = field(default_factory=dict)  # game -> by seat
    held: dict[int, tuple[frozenset[str], ...]] = field(default_factory=dict)  # game -> seat

    def __post_init__(self) -> None:
        self.run = Tally(self.players)

    @property
    def games(self) -> int:
        return self.run.games

    def add(self, index: int, record: GameRecord, done: Handling, known: frozenset[str]) -> None:
        """One game; ``known`` is every piece of the catalogue (each seat either held it
        or not, so a piece nobody took still counts every seat as not holding it)."""
        self.run.add(index, record)
        if not record.scores:
            return
        results = standing(record)
        self.results[index] = tuple(results)
        self.held[index] = tuple(frozenset(h) for h in done.held)
        for piece in sorted(known | done.taken.keys()):
            counts = self.pieces.setdefault(piece, PieceCounts())
            counts.taken += done.taken[piece]
            counts.played += done.played[piece]
            counts.add_game(results, [piece in held for held in done.held], record.winners)

    def merge(self, other: PieceTally) -> None:
        self.run.merge(other.run)
        for piece, counts in other.pieces.items():
            self.pieces.setdefault(piece, PieceCounts()).merge(counts)
        self.results.update(other.results)
        self.held.update(other.held)


class OfPlan:
    """A ``Batch`` of ``execute`` that plays the games of one plan its own way."""

    plan: Plan

    @property
    def players(self) -> int:
        return self.plan.players

    @property
    def games(self) -> int:
        return self.plan.games


@dataclass(frozen=True)
class PieceBatch(OfPlan):
    """A run whose games are followed piece by piece."""

    plan: Plan
    rules: PieceRules
    known: frozenset[str]


def play_pieces_chunk(batch: PieceBatch, start: int,
                      stop: int) -> tuple[PieceTally, list[dict[str, Any]]]:
    """Games ``start``..``stop - 1``, each played, then replayed for its holdings."""
    game = built(batch.plan)[0]
    tally = PieceTally(batch.players)
    for index in range(start, stop):
        record = play_game(batch.plan, index)
        tally.add(index, record, follow(game, record, batch.rules.holdings), batch.known)
    return tally, []


def faces_of(data: Any, piece_ids: tuple[str, ...]) -> list[tuple[str, str]]:
    """(id, name) of every face with copies of the named printed pieces, in file order:
    the catalogue of most games."""
    return [(face.id, face.name or face.id) for _, piece in data.pieces()
            if piece.id in piece_ids for face in piece.faces if face.count > 0]
