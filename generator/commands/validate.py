"""``copperplate validate``: schema and rules checks, every problem located."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from generator.checks.memo import ResultMemo
from generator.commands.common import (
    add_components,
    add_games,
    add_report_options,
    components_dir,
    fewer_collections,
    games_named,
    report,
)
from generator.files.problems import Problem
from generator.games import GAMES
from generator.render.cachedir import cache_root


def register(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate", help="schema and rules checks",
                       description="Check a game's component data: schema, rules checks "
                       "and templates. Exit 0 clean, 1 problems, 2 usage.")
    add_games(v, "the games to check")
    add_components(v)
    add_report_options(v)
    v.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    user_dir = components_dir(args.components)
    problems: list[Problem] = []
    if user_dir is not None:  # reading the schema: not for the bundled games alone
        from generator.deck.validate import user_tree_problems

        problems = user_tree_problems(user_dir)
    games = games_named(args.games, user_dir)
    memo = ResultMemo.for_run(cache_root(), user_dir)
    with fewer_collections():  # every face drawn and measured: few cycles, many objects
        for game_id in games:  # an unchanged tree: the same problems
            problems += memo.remembered(f"validate {game_id}",
                                        partial(game_problems, game_id, user_dir))
    return report(problems, args, f"{len(games)} game(s) checked")


def game_problems(game_id: str, user_dir: Path | None) -> list[Problem]:
    """Schema and rules checks, then (on sound data) every face drawn and measured."""
    from generator.deck.validate import validate_game  # loads the schema: only when a
    from generator.lint import lint_game  # game is checked, not when the memo answers
    from generator.render.preflight import template_problems

    loaded = validate_game(GAMES[game_id], user_dir)
    problems = list(loaded.problems)
    if loaded.data is not None:  # the data is sound: now draw every face once (the lint
        drawn = template_problems(loaded)  # reads those very drawings)
        problems.extend(drawn)
        if not drawn:  # and measure what the faces draw (papers are build's business),
            problems.extend(lint_game(loaded, papers=()))  # each with its own severity
    return problems
