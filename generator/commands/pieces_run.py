"""``copperplate pieces``: every piece ranked by its effect on its holder, the restricted
play of the strongest suspects, and a variant's pieces against its base's.

Nothing here sees a usage error it did not check itself: the command (``commands/pieces``)
parses, this module plans, plays where asked (``runs.run_plan``) and builds the result.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.common import UsageError
from generator.commands.runs import run_plan
from generator.commands.simulate_cli import plan_and_data
from generator.engine import simulate as sim
from generator.engine.piece_stats import (
    MIN_TELLING,
    Effect,
    adjusted_effect,
    difference,
    paired_effect,
    ranked,
)
from generator.engine.pieces import PieceBatch, PieceCounts, PieceTally, play_pieces_chunk
from generator.engine.restricted import Restriction, RestrictTally, play_restricted_chunk
from generator.engine.stats import benjamini_hochberg
from generator.games.spec import GameSpec


@dataclass
class Deck:
    """One deck ready to play: its plan and catalogue, then its tally and rows."""

    plan: sim.Plan
    catalogue: list[tuple[str, str]]
    tally: PieceTally | None = None
    rows: list[dict[str, Any]] | None = None
    effects: dict[str, Effect | None] | None = None
    interrupted: bool = False

    def ids(self) -> list[str]:
        return [piece for piece, _ in self.catalogue]


def prepared(spec: GameSpec, args: argparse.Namespace, numbers: dict[str, Any],
             folder: Path | None) -> Deck | None:
    """The deck validated and planned (None after printing its problems)."""
    assert spec.pieces is not None  # the command checked
    made = plan_and_data(spec, args, numbers, folder)
    if made is None:
        return None
    return Deck(made[0], spec.pieces.catalogue(made[1]))


def check_pieces(named: list[str], decks: list[Deck], spec: GameSpec,
                 variant: str | None = None) -> None:
    """Every ``--piece`` is a piece of the game, with copies in every deck played."""
    known = decks[0].ids()
    for piece in named:
        if piece not in known and not any(piece in d.ids() for d in decks):
            if piece in _rulebook_pieces(spec):
                raise UsageError(f"piece '{piece}' has no copies in the deck played: there "
                                 "is nothing to restrict")
            raise UsageError(f"unknown piece '{piece}' for {spec.id} (pieces: "
                             f"{', '.join(known)})")
        if variant is not None and piece not in decks[-1].ids():
            raise UsageError(f"piece '{piece}' has no copies left in the variant ({variant}): "
                             "there is nothing to compare")


def _rulebook_pieces(spec: GameSpec) -> list[str]:
    """The pieces of the bundled deck of a bundled game (none for a game of one's own)."""
    from generator.deck.validate import validate_game
    from generator.games import GAMES

    bundled = GAMES.get(spec.id)
    data = validate_game(bundled).data if bundled is not None else None
    if data is None or spec.pieces is None:
        return []
    return [piece for piece, _ in spec.pieces.catalogue(data)]


def play_deck(spec: GameSpec, deck: Deck, numbers: dict[str, Any], cluster: str | None) -> None:
    """Play the deck's games, follow every piece and rank them."""
    assert spec.pieces is not None
    batch = PieceBatch(deck.plan, spec.pieces, frozenset(deck.ids()))
    outcome = run_plan(batch, numbers["jobs"], cluster, worker=play_pieces_chunk,
                       empty=PieceTally)
    deck.tally, deck.interrupted = outcome.tally, outcome.interrupted
    rows, effects = [], []
    for piece, name in deck.catalogue:
        counts = deck.tally.pieces.get(piece, PieceCounts())
        rows.append(_row(piece, name, counts))
        effects.append(adjusted_effect(piece, deck.tally.results, deck.tally.held))
    deck.effects = dict(zip(deck.ids(), effects, strict=True))
    deck.rows = ranked(rows, effects)


def _row(piece: str, name: str, c: PieceCounts) -> dict[str, Any]:
    seats = c.holders.n + c.others.n
    return {"id": piece, "name": name, "held": c.holders.n, "games_compared": c.within.n,
            "held_rate": round(c.holders.n / seats, 4) if seats else 0.0,
            "taken": c.taken, "played": c.played,
            "holder_mean": round(c.holders.mean(), 4), "other_mean": round(c.others.mean(), 4),
            "unadjusted": round(c.within.mean(), 4) if c.within.n else None,
            "holder_win_rate": round(c.holder_wins / c.holders.n, 4) if c.holders.n else None,
            "other_win_rate": round(c.other_wins / c.others.n, 4) if c.others.n else None}


def restrict(spec: GameSpec, deck: Deck, named: list[str], numbers: dict[str, Any],
             cluster: str | None, suspects: int) -> None:
    """Restricted play for the pieces named, else the ``suspects`` strongest."""
    assert spec.pieces is not None and deck.tally is not None and deck.rows is not None
    pieces = named or [r["id"] for r in sorted(deck.rows, key=lambda r: r["rank"])
                       if r["effect"] is not None][:suspects]
    baseline = tuple(deck.tally.results.get(i, ()) for i in range(deck.plan.games))
    for row in deck.rows:
        row["restricted"] = None
        if row["id"] not in pieces or deck.interrupted:
            continue
        task = Restriction(deck.plan, row["id"], spec.pieces.holdings, baseline)
        outcome = run_plan(task, numbers["jobs"], cluster, worker=play_restricted_chunk,
                           empty=RestrictTally)
        row["restricted"] = _restricted(outcome.tally)
        deck.interrupted |= outcome.interrupted


def _restricted(t: RestrictTally) -> dict[str, Any]:
    """The paired differences' mean with Student's t (a point under two games)."""
    worth = paired_effect(t.worth)
    lo, hi = worth.ci95 if worth is not None else (t.worth.mean(), t.worth.mean())
    return {"games": t.worth.n, "worth": round(t.worth.mean(), 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "significant": worth is not None and worth.se > 0 and bool(lo > 0 or hi < 0),
            "refused_games": t.refused}


def moved(base: Deck, variant: Deck) -> tuple[list[dict[str, Any]], list[str]]:
    """Pieces of both decks whose effect changed (each with its interval), and the base's
    pieces the variant has no copies of."""
    assert base.effects is not None and variant.effects is not None
    names = dict(base.catalogue)
    out, changes = [], []
    for piece in base.ids():
        before, after = base.effects[piece], variant.effects.get(piece)
        if before is None or after is None:
            continue
        d = difference(before, after)
        lo, hi = d.ci95
        changes.append(d)
        out.append({"id": piece, "name": names[piece], "base": round(before.value, 4),
                    "variant": round(after.value, 4), "delta": round(d.value, 4),
                    "ci95": [round(lo, 4), round(hi, 4)], "p": round(d.p, 4)})
    # as with the flags, a piece moved only past the false-discovery control
    for row, moved_ in zip(out, benjamini_hochberg([d.p for d in changes]), strict=True):
        row["moved"] = moved_
    removed = [piece for piece in base.ids() if piece not in variant.effects]
    return out, removed


def notes(deck: Deck) -> list[str]:
    """Plain sentences on what the run cannot say (too few games for any verdict)."""
    assert deck.effects is not None and deck.tally is not None
    games = deck.tally.games
    widths = [e.half_width for e in deck.effects.values() if e is not None]
    if not widths:
        return [f"{games} games are too few to say anything: no piece was held by some "
                f"seats and not by others in {MIN_TELLING} games or more, so no effect has an "
                "interval; play more with --games"]
    flagged = any(r["flagged"] for r in deck.rows or [])
    if not flagged:
        return [f"no piece stands out: at {games} games an effect within ±{min(widths):.3g} "
                "(the narrowest 95 % interval) cannot be told from chance"]
    return []


def result(game_id: str, deck: Deck) -> dict[str, Any]:
    """The ``--json`` object of one deck (CONTRACT.md's keys first)."""
    assert deck.tally is not None and deck.rows is not None
    plan, run = deck.plan, deck.tally.run
    return {"game": game_id, "games": deck.tally.games, "players": plan.players,
            "bots": list(plan.lineup), "seed": plan.seed, "rotate": plan.rotate,
            "completed": run.completed, "violations": run.violations,
            "interrupted": deck.interrupted, "notes": notes(deck),
            "pieces": sorted(deck.rows, key=lambda r: r["rank"])}
