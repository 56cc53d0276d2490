"""Moved to ``generator.commands.simulate_cli`` (commands own argparse). Re-exported
here for one round, for code written against the old path."""

from generator.commands.simulate_cli import plan_for, recorded_run, simulate  # noqa: F401
