"""The quality measures of a game, after Ludii's metrics: the ones a designer reads.

- **first-player advantage**: the first player's win rate less the fair share (1/players);
- **ties**: how often the win is shared;
- **decisiveness**: how often the seat leading alone at each tenth of the game goes on to
  win (early tenths near 100 %: decided early; near the fair share: it swings);
- **lead changes**: how often the sole leader changes hands in a game;
- **length spread**: the standard deviation of game length with its 95 % interval, and
  its share of the mean;
- **stalls**: the share of a game's turns in which no seat's score moved.

A ``Watch`` follows a game as it is played: every seat's ``standing`` (its score as if the
game ended now) at the start of each turn. It is shown the position only when
``turn_key`` says the turn can have changed (a game's ``turn_field``), so following a
game costs a read of one attribute an action. Each game leaves a small ``quality`` summary
on its record; a ``QualityTally`` adds them up exactly (``stats``), mergeable like the
rest of a run's tally.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter, eq
from typing import Any

from generator.engine.api import State
from generator.engine.stats import Moments, rate, spread

TENTHS = 9  # the leader at 10 %, 20 %, … 90 % of the game


def turn_key(state: State) -> Callable[[State], Any]:
    """A cheap reading of a position that changes whenever its ``turn_count`` does: the
    game's ``turn_field``, or ``turn_count`` itself for a game that names none."""
    field_ = state.turn_field
    return attrgetter(field_) if field_ else type(state).turn_count


class Watch:
    """Every seat's standing at the start of each turn of one game (a finished game's
    standing is its returns: every game's test holds it to that)."""

    def __init__(self) -> None:
        self.turn: int | None = None
        self.standings: list[tuple[float, ...]] = []

    def __call__(self, state: State) -> None:
        turn = state.turn_count()
        if turn != self.turn:
            self.turn = turn
            self.standings.append(tuple(state.standing()))

    def quality(self, final: list[float]) -> dict[str, Any]:
        """The game's summary: the sole leader at each tenth (None: a tie at the top),
        lead changes, turns without a score moving, turns followed."""
        end = tuple(final)
        snaps = [*self.standings, end]
        last = len(self.standings)
        stalls = sum(map(eq, snaps, snaps[1:]))
        if len(end) == 1:  # a solo game: its one seat leads alone throughout
            return {"leaders": [0] * TENTHS, "lead_changes": 0, "stalls": stalls,
                    "turns": last}
        leaders = list(map(sole_leader, snaps))
        return {"leaders": [leaders[(k * last) // 10] for k in range(1, TENTHS + 1)],
                "lead_changes": _changes(leaders), "stalls": stalls, "turns": last}


def sole_leader(scores: tuple[float, ...]) -> int | None:
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def _changes(leaders: list[int | None]) -> int:
    """Times the sole leader changed hands (a tie at the top keeps the last one)."""
    changes, current = 0, None
    for seat in leaders:
        if seat is None:
            continue
        changes += current is not None and seat != current
        current = seat
    return changes


@dataclass
class QualityTally:
    leading: list[int] = field(default_factory=lambda: [0] * TENTHS)  # games, sole leader
    leader_won: list[int] = field(default_factory=lambda: [0] * TENTHS)
    lead_changes: Moments = field(default_factory=Moments)
    # games by (turns without a score moving, turns): each game's stall share is the exact
    # fraction of the two, added up only for the summary (bounded by the game's length)
    stalls: Counter[tuple[int, int]] = field(default_factory=Counter)

    def add(self, quality: dict[str, Any], winners: list[int]) -> None:
        if not quality:
            return  # a game that did not end, or a record from before the measures
        for k, seat in enumerate(quality["leaders"]):
            if seat is not None:
                self.leading[k] += 1
                self.leader_won[k] += seat in winners
        self.lead_changes.add(quality["lead_changes"])
        self.stalls[quality["stalls"], quality["turns"]] += 1

    def merge(self, other: QualityTally) -> None:
        for k in range(TENTHS):
            self.leading[k] += other.leading[k]
            self.leader_won[k] += other.leader_won[k]
        self.lead_changes.merge(other.lead_changes)
        self.stalls.update(other.stalls)

    def stall_share(self) -> Moments:
        """Each game's share of turns in which no score moved, exactly (a game of no
        turns: none)."""
        shares = Moments()
        for (stalls, turns), games in self.stalls.items():
            shares.add_many(Fraction(stalls, turns) if turns else 0, games)
        return shares

    def summary(self, players: int, games: int, first_wins: int, ties: int,
                lengths: dict[int, int]) -> dict[str, Any]:
        """Every measure with its 95 % interval (``lengths``: games by their length in
        turns); a solo game has no leader to follow."""
        out: dict[str, Any] = {"length_spread": spread(lengths),
                               "stalls": self.stall_share().summary()}
        if players < 2:
            return out
        first, fair = rate(first_wins, games), 1 / players
        return {"first_player_advantage": {
                    **first, "fair": round(fair, 4), "advantage": round(first["rate"] - fair, 4),
                    "advantage_ci95": [round(x - fair, 4) for x in first["ci95"]]},
                "ties": rate(ties, games),
                "decisiveness": [{"tenth": k + 1, "games": self.leading[k],
                                  **rate(self.leader_won[k], self.leading[k])}
                                 for k in range(TENTHS)],
                "lead_changes": self.lead_changes.summary(), **out}


def _rate(x: dict[str, Any]) -> str:
    return f"{x['rate']:.1%} [{x['ci95'][0]:.1%}, {x['ci95'][1]:.1%}]"


def _short(x: dict[str, Any]) -> str:
    return f"{x['rate']:.0%} [{x['ci95'][0]:.0%}, {x['ci95'][1]:.0%}]"


def quality_words(q: dict[str, Any]) -> list[str]:
    """The quality measures in words, each with its 95 % interval."""
    lines = []
    if "first_player_advantage" in q:
        first, changes = q["first_player_advantage"], q["lead_changes"]
        tenths = ", ".join(f"{d['tenth'] * 10}% " + (_short(d) if d["games"]
                                                     else "no sole leader")
                           for d in q["decisiveness"])
        lines += [f"first-player advantage: {first['advantage']:+.1%} "
                  f"[{first['advantage_ci95'][0]:+.1%}, {first['advantage_ci95'][1]:+.1%}] "
                  f"(wins {_rate(first)}, "
                  f"fair share {first['fair']:.1%}); ties {_rate(q['ties'])}",
                  f"decisiveness (the sole leader at each tenth of the game wins): {tenths}",
                  f"lead changes: {changes['mean']} a game [{changes['ci95'][0]}, "
                  f"{changes['ci95'][1]}]"]
    length, stalls = q["length_spread"], q["stalls"]
    lines.append(f"length spread: sd {length['sd']} turns [{length['ci95'][0]}, "
                 f"{length['ci95'][1]}] ({length['cv']:.0%} of the mean); "
                 f"stalls: {stalls['mean']:.1%} of turns move no score "
                 f"[{stalls['ci95'][0]:.1%}, {stalls['ci95'][1]:.1%}]")
    return lines
