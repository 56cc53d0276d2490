"""Speed of a game written in the rules language against a hand-written engine of the same
game: each starter's compiled game and its hand-written referee (``tests/rulesfile/
referees.py``, plain Python from the rulebook) play the same seeded random games; games per
CPU second for each (the best of ``--rounds`` rounds, the two taking turns, so that a
machine busy with other work slows both alike), the ratio, and whether both played
exactly the same games.

    .venv/bin/python bench/rules_file.py [--games N] [--rounds R] [STARTER ...]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rulesfile import referees  # noqa: E402
from rulesfile.starters import STARTERS, starter  # noqa: E402

from generator.engine.api import TERMINAL  # noqa: E402

REFEREES = {"claim-jumper": referees.ClaimJumper, "trading-post": referees.TradingPost,
            "high-noon": referees.HighNoon, "auction-house": referees.AuctionHouse,
            "land-rush": referees.LandRush, "gold-camp": referees.GoldCamp,
            "homestead": referees.Homestead}
PLAYERS = {"high-noon": 4, "auction-house": 4}  # the others at 3


class Factory:
    """What ``starter`` needs of pytest's temporary folders."""

    def __init__(self, root: Path):
        self.root = root

    def mktemp(self, name: str) -> Path:
        path = Path(tempfile.mkdtemp(prefix=name, dir=self.root))
        return path


def play(to_move: Callable[[], int], legal: Callable[[], list[Any]],
         apply: Callable[[Any], None], seed: int, check: bool = False) -> list[Any]:
    """One game, every choice (chance too) drawn from ``seed``: the actions played. With
    ``check``, an action not among those ``legal`` listed is refused before ``apply``
    plays it: the check the State API asks of every engine's apply_action (the compiled
    game makes it in its own; a referee plays any action it is given)."""
    rng, actions = random.Random(seed), []
    while to_move() != TERMINAL:
        listed = legal()
        options = sorted(listed)
        action = options[rng.randrange(len(options))]
        if check and action not in listed:
            raise ValueError(f"illegal action {action!r}")
        apply(action)
        actions.append(action)
    return actions


def timed(run: Callable[[int], list[Any]], games: int) -> tuple[float, str]:
    digest = hashlib.sha256()
    started = time.process_time()
    for seed in range(games):
        digest.update(repr(run(seed)).encode())
    return games / (time.process_time() - started), digest.hexdigest()


def best(runs: list[Callable[[int], list[Any]]], games: int, rounds: int
         ) -> list[tuple[float, str]]:
    """Each run's fastest round (games per CPU second) and its games' digest."""
    out = [(0.0, "")] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            speed, digest = timed(run, games)
            out[i] = (max(out[i][0], speed), digest)
    return out


def compiled(game: Any, players: int) -> Callable[[int], list[Any]]:
    """The seeded games of the compiled rules, through the State API."""
    def run(seed: int) -> list[Any]:
        state = game.new_initial_state(players)
        return play(state.current_player, state.legal_actions, state.apply_action, seed)
    return run


def hand_written(name: str, cards: list[Any], players: int) -> Callable[[int], list[Any]]:
    """The same games by the referee, each action checked as the compiled game checks it
    (``play``'s ``check``)."""
    def run(seed: int) -> list[Any]:
        ref = REFEREES[name](cards, players)
        return play(ref.to_move, ref.legal, ref.apply, seed, check=True)
    return run


def row(name: str, game: Any, cards: list[Any], games: int, rounds: int) -> str:
    players = PLAYERS.get(name, 3)
    (fast, same), (ours, digest) = best(
        [hand_written(name, cards, players), compiled(game, players)], games, rounds)
    return (f"| {name} | {players} | {ours:,.0f} | {fast:,.0f} | {fast / ours:.1f}x | "
            f"{'yes' if digest == same else 'NO'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("starters", nargs="*", default=list(REFEREES))
    args = parser.parse_args()
    print("| starter | players | rules file games/s | hand-written games/s | slower by | "
          "same games |\n|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        factory: Any = Factory(Path(tmp))
        for name in args.starters:
            with contextlib.redirect_stdout(io.StringIO()):  # new's "created …" lines
                game, cards = starter(factory, name, STARTERS[name])
            print(row(name, game, cards, args.games, args.rounds), flush=True)


if __name__ == "__main__":
    main()
