"""Moved to ``generator.commands.runs``: run options and their checks are the commands'
business (commands own argparse; nothing below them sees a Namespace or a usage error).
Re-exported here for one round, for code written against the old path."""

from generator.commands.runs import (  # noqa: F401
    MAX_GAMES,
    Bundled,
    add_run_options,
    bots_by_game,
    cores,
    lineup,
    playable,
    pool_for,
    progress,
    record_path,
    resolved_spec,
    run_numbers,
    run_plan,
    whole,
)
