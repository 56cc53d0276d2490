"""Speed of Boomtown Builders written in the rules language (the ``boomtown`` starter)
against the bundled hand-written engine of the same game (the basic game, without Terrain
Cards): the compiled rules play seeded random games, the engine plays the very same games
(each action put in its terms, ``tests/rulesfile/boomtown.py``, before the clock starts);
both list the legal actions at every step and check the action played against them.
Games per CPU second for each, the best of ``--rounds`` rounds (the two taking turns, so
that a machine busy with other work slows both alike), and whether the engine reached the
same scores on every game. ``--terrain``: the advanced game (the starter's option
``terrain`` turned on, the engine's ``terrain=True``).

    .venv/bin/python bench/boomtown_rules.py [--games N] [--rounds R] [--players P]
        [--terrain]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rulesfile.boomtown import in_engine_terms  # noqa: E402
from rulesfile.starters import compiled, make_starter  # noqa: E402

from generator.deck.validate import validate_game  # noqa: E402
from generator.engine.api import CHANCE  # noqa: E402
from generator.games.boomtown_builders import SPEC  # noqa: E402
from generator.games.boomtown_builders.rules import BoomtownGame  # noqa: E402


def compiled_game(game: Any, players: int, seed: int) -> tuple[list[Any], list[float]]:
    """One seeded random game of the compiled rules: its actions and scores."""
    rng, state, actions = random.Random(seed), game.new_initial_state(players), []
    while not state.is_terminal():
        listed = state.legal_actions()
        action = listed[rng.randrange(len(listed))]
        actions.append(action)
        state.apply_action(action)
    return actions, state.returns()


def in_terms(game: Any, players: int, actions: list[Any]) -> list[Any]:
    """The compiled game's actions put in the engine's terms (outside the clock)."""
    state, out = game.new_initial_state(players), []
    for action in actions:
        out.append(in_engine_terms(state, action))
        state.apply_action(action)
    return out


def engine_game(engine: Any, players: int, actions: list[Any]) -> list[float]:
    """The same game on the engine (its one-outcome Track Token nodes taken as they come),
    each action checked against the legal ones: its scores."""
    state, moves = engine.new_initial_state(players), iter(actions)
    while not state.is_terminal():
        listed = state.legal_actions()
        if state.current_player() == CHANCE and state.b.phase == "track":
            action = listed[0]
        else:
            action = next(moves)
            if action not in listed:
                raise ValueError(f"illegal action {action!r}")
        state.apply_action(action)
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--terrain", action="store_true", help="the advanced game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stdout(io.StringIO()):
        rules = make_starter(Path(tmp), "boomtown") / "rules.yaml"
        if args.terrain:
            rules.write_text(rules.read_text(encoding="utf-8").replace(
                "  terrain: false", "  terrain: true"), encoding="utf-8")
        game = compiled(Path(tmp), "boomtown")
    loaded = validate_game(SPEC)
    assert loaded.data is not None
    engine, seeds, n = BoomtownGame(loaded.data, terrain=args.terrain), range(args.games), args.players
    played = [compiled_game(game, n, seed) for seed in seeds]
    moves = [in_terms(game, n, actions) for actions, _ in played]
    ours = theirs = 0.0
    same = True
    for _ in range(args.rounds):
        started = time.process_time()
        for seed in seeds:
            compiled_game(game, n, seed)
        ours = max(ours, args.games / (time.process_time() - started))
        started = time.process_time()
        for seed in seeds:
            same &= engine_game(engine, n, moves[seed]) == played[seed][1]
        theirs = max(theirs, args.games / (time.process_time() - started))
    print("| game | players | rules file games/s | hand-written games/s | slower by | "
          "same games |\n|---|---:|---:|---:|---:|---|")
    print(f"| boomtown{' (terrain)' if args.terrain else ''} | {n} | {ours:,.0f} | {theirs:,.0f} | {theirs / ours:.1f}x | "
          f"{'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
