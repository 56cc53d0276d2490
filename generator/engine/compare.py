"""Two decks played with common random numbers: game ``i`` of both sides has the same
seed, so the same chance draws where the decks agree and the same bots' generators, and
each measure's difference is taken game by game (a paired difference, whose interval is
far narrower than that of two independent runs)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from generator.engine.playout import GameRecord
from generator.engine.simulate import Plan, play_game
from generator.engine.stats import Moments
from generator.engine.tally import Tally


@dataclass(frozen=True)
class Pairing:
    base: Plan
    variant: Plan

    @property
    def players(self) -> int:
        return self.base.players

    @property
    def games(self) -> int:
        return self.base.games


def measures(record: GameRecord) -> dict[str, float]:
    """What one game says about a deck, each compared game by game."""
    seen: dict[str, float] = {}
    if record.scores:
        seen["score_mean"] = sum(record.scores) / len(record.scores)
        if record.players > 1:
            seen["first_seat_win_rate"] = float(0 in record.winners)
            seen["first_player_win_rate"] = float(record.first_player in record.winners)
            seen["tie_rate"] = float(len(record.winners) > 1)
    seen["turns_mean"] = float(record.turns)
    seen.update(_quality_measures(record))
    for name, count in record.events.items():
        seen[f"{name} per game"] = float(count)
    return seen


def _quality_measures(record: GameRecord) -> dict[str, float]:
    """The game's quality figures (see ``quality``), each compared game by game."""
    q = record.quality
    if not q:
        return {}
    seen = {"stall_share": q["stalls"] / q["turns"] if q["turns"] else 0.0}
    if record.players > 1:
        seen["lead_changes"] = float(q["lead_changes"])
        half = q["leaders"][4]
        if half is not None:  # only games with a sole leader at half time say anything
            seen["half_time_leader_win_rate"] = float(half in record.winners)
    return seen


@dataclass
class PairTally:
    players: int
    base: Tally = field(init=False)
    variant: Tally = field(init=False)
    deltas: dict[str, Moments] = field(default_factory=dict)  # variant - base, per game
    sides: dict[str, tuple[Moments, Moments]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.base, self.variant = Tally(self.players), Tally(self.players)

    @property
    def games(self) -> int:
        return self.base.games

    def add(self, index: int, base: GameRecord, variant: GameRecord) -> None:
        self.base.add(index, base)
        self.variant.add(index, variant)
        before, after = measures(base), measures(variant)
        for name in sorted(before.keys() & after.keys()):
            self.deltas.setdefault(name, Moments()).add(after[name] - before[name])
            pair = self.sides.setdefault(name, (Moments(), Moments()))
            pair[0].add(before[name])
            pair[1].add(after[name])

    def merge(self, other: PairTally) -> None:
        self.base.merge(other.base)
        self.variant.merge(other.variant)
        for name, delta in other.deltas.items():
            self.deltas.setdefault(name, Moments()).merge(delta)
            mine = self.sides.setdefault(name, (Moments(), Moments()))
            mine[0].merge(other.sides[name][0])
            mine[1].merge(other.sides[name][1])

    def differences(self) -> dict[str, dict[str, Any]]:
        """CONTRACT.md: measure -> base, variant, delta, its 95 % interval, significant."""
        out = {}
        for name in sorted(self.deltas):
            lo, hi = self.deltas[name].ci95()
            base, variant = (m.mean() for m in self.sides[name])
            out[name] = {"base": round(base, 4), "variant": round(variant, 4),
                         "delta": round(variant - base, 4),
                         "ci95": [round(lo, 4), round(hi, 4)],
                         "significant": bool(lo > 0 or hi < 0)}
        return out


def play_pair_chunk(pairing: Pairing, start: int,
                    stop: int) -> tuple[PairTally, list[dict[str, Any]]]:
    """Games ``start``..``stop - 1`` on both decks, same seeds; record lines say the side."""
    tally, lines = PairTally(pairing.players), []
    for index in range(start, stop):
        base, variant = play_game(pairing.base, index), play_game(pairing.variant, index)
        tally.add(index, base, variant)
        if pairing.base.record:
            lines += [{**base.to_line(index), "side": "base"},
                      {**variant.to_line(index), "side": "variant"}]
    return tally, lines


WORDS = {"score_mean": "mean score", "first_seat_win_rate": "seat 1's win rate",
         "first_player_win_rate": "the first player's win rate", "tie_rate": "the tie rate",
         "turns_mean": "mean game length (turns)",
         "lead_changes": "lead changes per game",
         "stall_share": "the share of turns in which no score moved",
         "half_time_leader_win_rate": "how often the half-time leader wins"}


def verdict(name: str, d: dict[str, Any]) -> str:
    """One plain sentence: which way the variant moves the measure, by how much, and
    whether the 95 % interval of the difference excludes no change."""
    what = WORDS.get(name, name)
    half = (d["ci95"][1] - d["ci95"][0]) / 2
    if name.endswith("_rate"):
        fig = "{:.1%}".format
    elif half > 0:  # the interval with two significant digits, the figures to as many decimals
        places = min(4, max(0, 1 - math.floor(math.log10(half))))
        fig = f"{{:.{places}f}}".format
    else:
        fig = "{:.4g}".format
    if d["delta"] == 0 and half == 0:
        return f"the variant leaves {what} at {fig(d['base'])}: the same in every game"
    way = "raises" if d["delta"] > 0 else "lowers" if d["delta"] < 0 else "leaves"
    judged = "significant" if d["significant"] else "not significant (could be chance)"
    return (f"the variant {way} {what} from {fig(d['base'])} to {fig(d['variant'])}, "
            f"±{fig(half)}; {judged}")
