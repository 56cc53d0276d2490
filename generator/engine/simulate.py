"""``copperplate simulate``: many seeded games, summarised as CONTRACT.md says."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from generator.engine.api import Game
from generator.engine.playout import BotFactory, GameRecord, play


def game_seed(seed: int, index: int) -> str:
    """Each game of a run has its own seed, derived from the run's seed and its number."""
    return f"{seed}/{index}"


def run(game: Game, players: int, games: int, seed: int,
        bots: Sequence[tuple[str, BotFactory]], *, check: str = "step") -> dict[str, Any]:
    started = time.perf_counter()
    records = [play(game, players, bots, game_seed(seed, i), check=check) for i in range(games)]
    return summarise(game.id, players, games, seed, [n for n, _ in bots], records,
                     time.perf_counter() - started)


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"min": 0, "mean": 0.0, "max": 0}
    return {"min": min(values), "mean": round(sum(values) / len(values), 3), "max": max(values)}


def summarise(game_id: str, players: int, games: int, seed: int, bot_names: list[str],
              records: list[GameRecord], seconds: float) -> dict[str, Any]:
    wins = [0] * players
    violations: list[str] = []
    for i, record in enumerate(records):
        for seat in record.winners:
            wins[seat] += 1
        violations.extend(f"game {i} (seed {record.seed}): {v}" for v in record.violations)
    return {
        "game": game_id, "players": players, "games": games, "seed": seed, "bots": bot_names,
        "completed": sum(r.completed for r in records), "violations": violations,
        "turns": _stats([r.turns for r in records]),
        "wins_by_seat": wins,
        "score": _stats([s for r in records for s in r.scores]),
        "seconds": round(seconds, 3),
    }
