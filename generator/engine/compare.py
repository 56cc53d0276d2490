"""Two decks played with common random numbers: game ``i`` of both sides has the same
seed, so the same chance draws where the decks agree and the same bots' generators, and
each measure's difference is taken game by game (a paired difference, whose interval is
far narrower than that of two independent runs)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.engine.playout import GameRecord
from generator.engine.quality import TENTHS
from generator.engine.simulate import Plan, play_game
from generator.engine.stats import Moments, benjamini_hochberg, t95, t_p_value
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
        for k, leader in enumerate(q["leaders"]):
            if leader is not None:  # only games with a sole leader then say anything
                seen[decisive(k)] = float(leader in record.winners)
    return seen


def decisive(k: int) -> str:
    """The name of decisiveness at tenth ``k + 1``: how often its sole leader wins."""
    return f"decisiveness_{(k + 1) * 10}pct_rate"


@dataclass
class PairTally:
    players: int
    base: Tally = field(init=False)
    variant: Tally = field(init=False)
    deltas: dict[str, Moments] = field(default_factory=dict)  # variant - base, per game
    sides: dict[str, tuple[Moments, Moments]] = field(default_factory=dict)
    # games by their (base, variant) lengths in turns: the length spreads' paired difference
    lengths: Counter[tuple[int, int]] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.base, self.variant = Tally(self.players), Tally(self.players)

    @property
    def games(self) -> int:
        return self.base.games

    def add(self, index: int, base: GameRecord, variant: GameRecord) -> None:
        self.base.add(index, base)
        self.variant.add(index, variant)
        self.lengths[base.turns, variant.turns] += 1
        before, after = measures(base), measures(variant)
        for name in sorted(before.keys() & after.keys()):
            self.deltas.setdefault(name, Moments()).add(after[name] - before[name])
            pair = self.sides.setdefault(name, (Moments(), Moments()))
            pair[0].add(before[name])
            pair[1].add(after[name])

    def merge(self, other: PairTally) -> None:
        self.base.merge(other.base)
        self.variant.merge(other.variant)
        self.lengths.update(other.lengths)
        for name, delta in other.deltas.items():
            self.deltas.setdefault(name, Moments()).merge(delta)
            mine = self.sides.setdefault(name, (Moments(), Moments()))
            mine[0].merge(other.sides[name][0])
            mine[1].merge(other.sides[name][1])

    def differences(self) -> dict[str, dict[str, Any]]:
        """CONTRACT.md: measure -> base, variant, delta, its 95 % interval (Student's t:
        sound for few games), p, significant; a measure seen in fewer than two games on
        both decks (a tenth with no sole leader) has no interval, so it is left out.
        The decisiveness tenths are one family of up to ten tests of one question, so a
        tenth is significant only past the Benjamini-Hochberg control across the tenths
        there are (``false_discoveries``)."""
        out = {"length_sd": spread_difference(self.lengths)} if self.games > 1 else {}
        for name, delta in self.deltas.items():
            if delta.n < 2:
                continue
            base, variant = (m.mean() for m in self.sides[name])
            out[name] = _difference(base, variant, delta.mean(),
                                    math.sqrt(delta.variance() / delta.n), delta.n - 1)
        return false_discoveries(dict(sorted(out.items())))


def _difference(base: float, variant: float, mean: float, se: float,
                df: int) -> dict[str, Any]:
    """One paired difference: its ``mean`` and standard error ``se`` on ``df`` degrees of
    freedom, the 95 % interval and the two-sided p-value of no difference (Student's t)."""
    half = t95(df) * se
    p = t_p_value(mean / se, df) if se else float(mean == 0)
    return {"base": round(base, 4), "variant": round(variant, 4),
            "delta": round(variant - base, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)], "p": round(p, 4),
            "significant": bool(mean - half > 0 or mean + half < 0)}


def false_discoveries(differences: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The decisiveness tenths judged together: each one's ``significant`` is whether it
    passes the Benjamini-Hochberg step-up at a false-discovery rate of 5 % across the
    tenths present, so that among ten looks at one curve a chance dip is not called a
    change (its own 95 % interval is left as it is)."""
    family = [decisive(k) for k in range(TENTHS) if decisive(k) in differences]
    passed = benjamini_hochberg([differences[name]["p"] for name in family])
    for name, past in zip(family, passed, strict=True):
        differences[name]["significant"] = past
    return differences


def spread_difference(joint: Counter[tuple[int, int]]) -> dict[str, Any]:
    """The standard deviation of game length on both decks and its paired difference: the
    interval by the delta method on each game's pair of squared deviations (an sd moves by
    ((x - mean)² - sd²) / (2 sd) per game), so, as with the means, the common seeds narrow
    it; no assumption that lengths are normal."""
    n = sum(joint.values())
    assert n > 1, "a spread needs two games"
    pairs = sorted(joint.items())
    means = [sum(pair[i] * c for pair, c in pairs) / n for i in (0, 1)]
    sds = [math.sqrt(sum(c * (pair[i] - means[i]) ** 2 for pair, c in pairs) / (n - 1))
           for i in (0, 1)]

    def moves(pair: tuple[int, int]) -> float:
        return sum(((pair[i] - means[i]) ** 2 - sds[i] ** 2) / (2 * sds[i]) * (2 * i - 1)
                   for i in (0, 1) if sds[i])

    shifts = [(moves(pair), c) for pair, c in pairs]
    mean = sum(g * c for g, c in shifts) / n
    variance = sum(c * (g - mean) ** 2 for g, c in shifts) / (n - 1)
    return _difference(sds[0], sds[1], sds[1] - sds[0], math.sqrt(variance / n), n - 1)


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
         "length_sd": "the spread of game length (sd, turns)",
         **{decisive(k): f"how often the sole leader at {(k + 1) * 10} % of the game wins"
            for k in range(TENTHS)}}


def _figure(name: str, half: float) -> Any:
    """How a measure's figures print: rates in per cent, others to as many decimals as
    two significant digits of the interval's half width."""
    if name.endswith("_rate"):
        return "{:.1%}".format
    if half > 0:
        places = min(4, max(0, 1 - math.floor(math.log10(half))))
        return f"{{:.{places}f}}".format
    return "{:.4g}".format


def verdict(name: str, d: dict[str, Any]) -> str:
    """One plain sentence: which way the variant moves the measure, by how much, and
    whether the 95 % interval of the difference excludes no change."""
    what = WORDS.get(name, name)
    half = (d["ci95"][1] - d["ci95"][0]) / 2
    fig = _figure(name, half)
    if d["delta"] == 0 and half == 0:
        return f"the variant leaves {what} at {fig(d['base'])}: the same in every game"
    way = "raises" if d["delta"] > 0 else "lowers" if d["delta"] < 0 else "leaves"
    judged = "significant" if d["significant"] else "not significant (could be chance)"
    return (f"the variant {way} {what} from {fig(d['base'])} to {fig(d['variant'])}, "
            f"±{fig(half)}; {judged}")


def tenths(differences: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The decisiveness differences there are, by the per cent of the game played."""
    return [((k + 1) * 10, differences[decisive(k)]) for k in range(TENTHS)
            if decisive(k) in differences]


def difference_lines(differences: dict[str, Any],
                     words: Callable[[str, dict[str, Any]], str] = verdict) -> list[str]:
    """Each measure's ``words`` on one line; decisiveness, one figure a tenth, on one."""
    folded = {decisive(k) for k in range(TENTHS)}
    lines = [f"{name}: {words(name, d)}" for name, d in differences.items()
             if name not in folded]
    shown = tenths(differences)
    if shown:
        figures = ", ".join(f"{at}% {d['delta']:+.0%} [{d['ci95'][0]:+.0%}, "
                            f"{d['ci95'][1]:+.0%}]" for at, d in shown)
        told = [f"{at}%" for at, d in shown if d["significant"]] or ["none"]
        lines.append("decisiveness (how often the sole leader at each tenth of the game "
                     f"wins), variant less base: {figures}; significant (false-discovery control "
                     f"across the tenths) at {', '.join(told)}")
    return lines


def notes(differences: dict[str, Any], games: int) -> list[str]:
    """What the run cannot tell: when no difference is significant, the change in mean
    score (else game length) that these games could have told from chance."""
    if games < 2:
        return [f"{games} game{'s' * (games != 1)} cannot be compared: a difference's 95 % "
                "interval needs 2 games or more on each deck"]
    if any(d["significant"] for d in differences.values()):
        return []
    halves = {name: (d["ci95"][1] - d["ci95"][0]) / 2 for name, d in differences.items()}
    if not any(halves.values()) and not any(d["delta"] for d in differences.values()):
        return [f"no difference in {games} games: every measure is the same on both decks "
                "game by game"]
    told = "; play more with --games"
    for name in ("score_mean", "turns_mean"):
        if halves.get(name):
            half = _figure(name, halves[name])(halves[name])
            told = (f", and {WORDS[name]} would have to move by more than ±{half} (its 95 % "
                    f"interval) to show{told}")
            break
    return [f"{games} games are too few to tell the decks apart: no difference is "
            f"significant{told}"]
