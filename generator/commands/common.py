"""What the commands share: exit codes, the usage error and argument parsers."""

from __future__ import annotations

import argparse
import gc
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import NoReturn

from generator.files.problems import FORMATS, Problem, counts, fails, printable
from generator.games import GAMES

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
GC_THRESHOLDS = (20_000, 50, 100)  # Python's are (700, 10, 10)


class UsageError(Exception):
    """A mistake in the command line: one line on stderr, exit 2."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """A command that draws faces (build, validate, lint) makes millions of short-lived
    objects and few cycles (the trees of each face), and Python's default thresholds walked
    every live object some 730 times in a cold build of the five games (0.2-0.45 CPU s,
    measured with ``gc.callbacks``; about 200 times, 0.09 s, in a cold ``validate``). What
    is alive once the command has started (modules, the games' models) is set aside for
    good (``gc.freeze``), and the young are collected every 20,000 allocations: 18
    collections in that build, 0.1 s, a peak memory 3 MB larger (5 in that ``validate``,
    0.04 s). What is made does not change. Put back afterwards, for a process that goes on
    (tests, a watch)."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def games_named(names: Sequence[str], user_dir: Path | None = None) -> list[str]:
    """The games asked for, in order and once each; when none is named, every registered
    game and every game of the user's own in ``user_dir`` (``--components``)."""
    own: list[str] = []
    if user_dir is not None:  # reading the schema: not for the bundled games alone
        from generator.deck.validate import own_games

        own = own_games(user_dir)
    for name in names:
        if name not in GAMES and name not in own:
            raise UsageError(f"unknown game '{name}' (games: {', '.join([*GAMES, *own])})")
    return list(dict.fromkeys(names)) or [*GAMES, *own]


def components_dir(value: str | None, flag: str = "--components") -> Path | None:
    """The components tree ``value`` names (given as ``flag``), or None; a usage error when
    it is no folder or no tree of games."""
    if value is None:
        return None
    path = Path(value)
    if not path.is_dir():
        raise UsageError(f"{flag}: '{value}' is not a folder")
    from generator.data.components import tree_mistake  # the schema: not for a memo's answer

    mistake = tree_mistake(path)
    if mistake:
        raise UsageError(f"{flag}: {mistake}")
    return path


def deck_side(value: str, flag: str) -> Path | None:
    """One side of a comparison (``--base``, ``--variant``): a components tree, or None
    for ``--base rulebook``, the bundled decks."""
    if flag == "--base" and value == "rulebook":
        return None
    return components_dir(value, flag)


def add_report_options(p: argparse.ArgumentParser) -> None:
    """``--format``, ``--json`` and ``--strict``: how problems are printed and when they fail
    the run (``validate`` and ``lint``)."""
    p.add_argument("--format", choices=list(FORMATS), default="text",
                   help="text: PATH:LINE:COL lines; json: a list of objects; github: "
                   "workflow annotations; junit: a JUnit XML report (default: text)")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="the same as --format json")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too")


def report(problems: list[Problem], args: argparse.Namespace, summary: str) -> int:
    """Print the problems in ``args.format`` on stdout (a human summary on stderr for the
    line formats) and return the exit code."""
    shown = FORMATS[args.format](problems)
    if shown or args.format in ("json", "junit"):
        print(shown)
    if args.format in ("text", "github"):
        errors, warnings = counts(problems)
        print(f"{summary}: {errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return EXIT_PROBLEMS if fails(problems, strict=args.strict) else EXIT_OK


class HelpFormatter(argparse.HelpFormatter):
    """Every option's help ends with its default (unless it says it, or there is none);
    lines are never broken inside a hyphenated name (``kings-of-copper`` stays whole)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        for name, field in getattr(action, "help_fields", {}).items():  # costly: only now
            text = text.replace(f"{{{name}}}", field())
        if (action.option_strings and action.default not in (None, False, argparse.SUPPRESS)
                and "default" not in text):
            text += " (default: %(default)s)"
        return text


def add_games(p: argparse.ArgumentParser, what: str = "the games to use") -> None:
    """The GAME… positional shared by the commands that take games."""
    p.add_argument("games", nargs="*", metavar="GAME",
                   help=f"{what} (default: all): {', '.join(GAMES)}, or a game of your own "
                   "in --components")


def add_game(p: argparse.ArgumentParser, what: str) -> None:
    """The single GAME positional of the commands that work on one game."""
    p.add_argument("game", metavar="GAME", help=f"{what}: {', '.join(GAMES)}, or a game of "
                   "your own in --components")


def add_components(p: argparse.ArgumentParser) -> None:
    p.add_argument("--components", metavar="DIR",
                   help="a components tree like the bundled components/: its game folders "
                   "replace the bundled games of the same id, or are games of your own")


def bot_list(value: str) -> str:
    """``--bots "greedy, random"``: one bot per seat, commas with or without spaces."""
    names = [name.strip() for name in value.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected bot names separated by commas, got '{value}'")
    return ",".join(names)


def out_folder(value: str) -> str:
    """An argparse type: an output folder's name (an empty one is a usage error)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a folder name")
    return value


PAPER_CHOICES = ["a4", "letter", "a3", "tabloid"]


def add_printer_margin(p: argparse.ArgumentParser) -> None:
    """``--printer-margin MM``: what the printer cannot reach; build plans its marks inside
    it and lint measures them against it."""
    p.add_argument("--printer-margin", type=millimetres(0, 25, "a printer margin"),
                   default=5.0, metavar="MM",
                   help="what the printer cannot reach at each edge (default 5 mm; "
                   "6.35 is a quarter inch)")


def ranged(low: float, high: float, what: str, *, unit: str = "",
           whole: bool = False) -> Callable[[str], float]:
    """An argparse type: a number (a whole one with ``whole``) from ``low`` to ``high``;
    nan and infinities are refused with the rest."""
    kind = "whole number" if whole else "number"

    def parse(value: str) -> float:
        try:
            number = int(value) if whole else float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{value}' is not a {kind}") from None
        if not low <= number <= high:  # also refuses nan
            shown = (f"{int(x)}" if whole else f"{x:g}" for x in (low, high))
            raise argparse.ArgumentTypeError(f"{what} must be between {next(shown)} and "
                                             f"{next(shown)}{unit}, not {value}")
        return number
    return parse


def millimetres(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argparse type: a number of millimetres from ``low`` to ``high``."""
    return ranged(low, high, what, unit=" mm")


class OneLineParser(argparse.ArgumentParser):
    """A mistake on the command line is one line on stderr and exit 2, not the usage
    block: CI logs and scripts read one line per problem."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, printable(f"{self.prog}: error: {message} (see {self.prog} "
                                        "--help)") + "\n")


def command_parser(commands: Sequence[ModuleType], version: str,
                   description: str | None = None) -> argparse.ArgumentParser:
    """``copperplate`` with these subcommands (each module's ``register(sub)``), every one
    showing its defaults: the console's whole parser, or a front end's one command."""
    p = OneLineParser(prog="copperplate", description=description,
                      epilog="'copperplate COMMAND --help' explains a command.")
    p.add_argument("--version", action="version", version=f"copperplate {version}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           parser_class=OneLineParser)
    for command in commands:
        command.register(sub)
    for command_parser in sub.choices.values():
        command_parser.formatter_class = HelpFormatter
    return p
