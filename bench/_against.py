"""Side-by-side speed of this checkout and an older revision (``simulate.py --against``,
``ladder.py --against``).

The old revision is checked out into a temporary ``git worktree``; each side plays the
same seeded games in its own subprocess (its own imports and caches), which prints the CPU
seconds the games took and a digest of every game's actions and scores. Equal digests mean
the two sides played exactly the same games.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Run in each tree: only APIs every revision since the engines began has (GAMES,
# validate_game, make_game, bots, playout.play), so old revisions run it unchanged
# (validate_game is found where each revision keeps it).
CHILD = """
import hashlib, json, sys, time
from generator.engine.playout import play
from generator.games import GAMES
import importlib, os
# where this tree keeps it (the venv's editable install would find main's otherwise)
validate_game = importlib.import_module("generator.validate" if os.path.exists(
    "generator/validate.py") else "generator.deck.validate").validate_game
game_id, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
spec = GAMES[game_id]
game = spec.make_game(validate_game(spec).data)
seats = [(bot, BOT)] * players
digest = hashlib.sha256()
started = time.process_time()
records = [play(game, players, seats, f"bench/{i}", check="end") for i in range(games)]
seconds = time.process_time() - started
for r in records:
    digest.update(json.dumps([r.to_dict()["actions"], r.scores]).encode())
print(json.dumps({"seconds": seconds, "digest": digest.hexdigest(),
                  "done": sum(r.completed for r in records)}))
"""
# a game's own bot (every revision), or any bot ``simulate`` knows (``mcts:N:BOT``: only
# revisions since the general bot took a rollout bot, 475cb04 among them)
OWN_BOT = "spec.bots[bot]"
ANY_BOT = ("__import__('generator.engine.simulate').engine.simulate"
           ".bot_named(spec.bots, bot)")


@contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """``rev`` in a temporary worktree, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="copperplate-bench-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet",
                        str(tree), rev], check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force",
                            str(tree)], check=True)


def play_in(tree: Path, game_id: str, players: int, bot: str, games: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    child = CHILD.replace("BOT", OWN_BOT if ":" not in bot else ANY_BOT)
    out = subprocess.run([sys.executable, "-c", child, game_id, str(players), bot, str(games)],
                         cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def compare(revs: list[str], rows: list[tuple[str, int, str, int]], repeat: int = 3) -> None:
    """One table row per (game, players, bot, games): games per CPU second on each side,
    the best of ``repeat`` runs taken in turn (a shared machine's load comes and goes)."""
    with _trees(revs) as trees:
        head = " | ".join(f"{rev} games/s | this ÷ {rev} | same games" for rev in revs)
        print(f"| game | players | bot | games | this games/s | {head} |")
        print("|---|---:|---|---:|---:|" + "---:|---:|---|" * len(revs))
        for game_id, players, bot, games in rows:
            mine, *olds = best_of(repeat, [HERE, *trees], game_id, players, bot, games)
            cells = [f"{games / old['seconds']:,.1f} | {old['seconds'] / mine['seconds']:.2f}× | "
                     f"{'yes' if old['digest'] == mine['digest'] else 'no'}" for old in olds]
            print(f"| {game_id} | {players} | {bot} | {games} | "
                  f"{games / mine['seconds']:,.1f} | {' | '.join(cells)} |", flush=True)


def best_of(repeat: int, trees: list[Path], game_id: str, players: int, bot: str,
            games: int) -> list[dict[str, float]]:
    """Each tree's fastest run of the same games, the trees taking turns."""
    best: list[dict[str, float]] = [{} for _ in trees]
    for _ in range(repeat):
        for i, tree in enumerate(trees):
            run = play_in(tree, game_id, players, bot, games)
            assert not best[i] or run["digest"] == best[i]["digest"], "not deterministic"
            if not best[i] or run["seconds"] < best[i]["seconds"]:
                best[i] = run
    return best


@contextmanager
def _trees(revs: list[str]) -> Iterator[list[Path]]:
    if not revs:
        yield []
        return
    with checkout(revs[0]) as first, _trees(revs[1:]) as rest:
        yield [first, *rest]
