"""The running tally of a simulation: every figure of the summary, updated game by game
in constant memory, mergeable exactly (see ``stats``) so that chunks played anywhere add
up to the same summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.engine.playout import GameRecord
from generator.engine.quality import QualityTally
from generator.engine.stats import Moments, quantile, rate


@dataclass
class Tally:
    players: int
    games: int = 0
    completed: int = 0
    ties: int = 0
    violations: list[str] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    seat_scores: list[Moments] = field(default_factory=list)
    bot_wins: list[int] = field(default_factory=list)  # by lineup position
    bot_scores: list[Moments] = field(default_factory=list)
    order_wins: list[int] = field(default_factory=list)  # by turn order: first player, …
    scores: Moments = field(default_factory=Moments)
    turns: Moments = field(default_factory=Moments)
    lengths: Counter[int] = field(default_factory=Counter)  # turns -> games
    events: dict[str, Moments] = field(default_factory=dict)
    # score -> how often, by seat and by lineup position (for the report's distributions;
    # bounded by the game's range of scores, so still constant memory)
    seat_hist: list[Counter[float]] = field(default_factory=list)
    bot_hist: list[Counter[float]] = field(default_factory=list)
    quality: QualityTally = field(default_factory=QualityTally)

    def __post_init__(self) -> None:
        p = self.players
        self.seat_wins = self.seat_wins or [0] * p
        self.bot_wins = self.bot_wins or [0] * p
        self.order_wins = self.order_wins or [0] * p
        self.seat_scores = self.seat_scores or [Moments() for _ in range(p)]
        self.bot_scores = self.bot_scores or [Moments() for _ in range(p)]
        self.seat_hist = self.seat_hist or [Counter() for _ in range(p)]
        self.bot_hist = self.bot_hist or [Counter() for _ in range(p)]

    def add(self, index: int, record: GameRecord) -> None:
        """One finished game (number ``index`` of the run)."""
        self.games += 1
        self.completed += record.completed
        self.violations.extend(f"game {index} (seed {record.seed}): {v}"
                               for v in record.violations)
        self.turns.add(record.turns)
        self.lengths[record.turns] += 1
        for name, count in record.events.items():
            self.events.setdefault(name, Moments()).add(count)
        if not record.scores:
            return
        self.ties += len(record.winners) > 1
        self.quality.add(record.quality, record.winners)
        for seat, score in enumerate(record.scores):
            self.scores.add(score)
            self.seat_scores[seat].add(score)
            self.bot_scores[record.positions[seat]].add(score)
            self.seat_hist[seat][score] += 1
            self.bot_hist[record.positions[seat]][score] += 1
        for seat in record.winners:
            self.seat_wins[seat] += 1
            self.bot_wins[record.positions[seat]] += 1
            self.order_wins[(seat - record.first_player) % self.players] += 1

    def merge(self, other: Tally) -> None:
        """Add another tally (another chunk of the run): violations keep run order when
        chunks are merged in order; every figure is exact, so merge order is free."""
        for name in ("games", "completed", "ties"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.violations.extend(other.violations)
        for mine, theirs in ((self.seat_wins, other.seat_wins), (self.bot_wins, other.bot_wins),
                             (self.order_wins, other.order_wins)):
            for i, wins in enumerate(theirs):
                mine[i] += wins
        for ours, more in zip(self.seat_scores + self.bot_scores, other.seat_scores
                              + other.bot_scores, strict=True):
            ours.merge(more)
        self.scores.merge(other.scores)
        self.turns.merge(other.turns)
        self.lengths.update(other.lengths)
        for ours_hist, more_hist in zip(self.seat_hist + self.bot_hist,
                                        other.seat_hist + other.bot_hist, strict=True):
            ours_hist.update(more_hist)
        for name, moments in other.events.items():
            self.events.setdefault(name, Moments()).merge(moments)
        self.quality.merge(other.quality)

    # -- the summary ---------------------------------------------------------------------
    def summary(self, lineup: list[str]) -> dict[str, Any]:
        """Everything but the run's identity (game, seed…) and its time."""
        n = self.games
        return {
            "completed": self.completed, "violations": self.violations,
            "turns": _plain(self.turns.summary()),
            "wins_by_seat": self.seat_wins,
            "score": _plain(self.scores.summary()),
            "score_ci95": self.scores.summary()["ci95"],
            "lengths": self._lengths(),
            "seats": [{"seat": s + 1, **rate(self.seat_wins[s], n),
                       "score": self.seat_scores[s].summary()} for s in range(self.players)],
            "lineup": [{"position": p + 1, "bot": lineup[p], **rate(self.bot_wins[p], n),
                        "score": self.bot_scores[p].summary()} for p in range(self.players)],
            "wins_by_turn_order": [{"order": k + 1, **rate(self.order_wins[k], n)}
                                   for k in range(self.players)],
            "ties": self.ties,
            # per game: how often each declared event happened; total over the run
            "events": {name: {**m.summary(), "total": int(m.total)}
                       for name, m in sorted(self.events.items())},
            "quality": self.quality.summary(self.players, n, self.order_wins[0], self.ties,
                                            self.lengths),
        }

    def _lengths(self) -> dict[str, Any]:
        """Game length in turns: the mean's interval, deciles and the whole histogram."""
        return {"ci95": self.turns.summary()["ci95"],
                "p10": quantile(self.lengths, 0.1), "p50": quantile(self.lengths, 0.5),
                "p90": quantile(self.lengths, 0.9),
                "histogram": {str(t): c for t, c in sorted(self.lengths.items())}}


def _plain(figure: dict[str, Any]) -> dict[str, Any]:
    """min / mean / max only: the CONTRACT.md shape of ``turns`` and ``score``."""
    return {k: figure[k] for k in ("min", "mean", "max")}
