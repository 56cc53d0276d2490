"""``copperplate replay FILE.jsonl --game K [--log]``: one recorded game played again from
its action list (every action checked for legality), its result compared with the one
recorded."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError, components_dir
from generator.engine.playout import GameRecord
from generator.files.problems import printable


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("replay", help="replay one game of a --record file",
                       description="Replay one game of a simulate --record file, checking "
                       "every action and the recorded result.")
    s.add_argument("record", metavar="FILE.jsonl", help="a file written by --record")
    s.add_argument("--game", required=True, metavar="K", help="the game's number in the run")
    s.add_argument("--log", action="store_true", help="print the game move by move")
    s.add_argument("--components", metavar="DIR",
                   help="the components the run was made with (default: the bundled ones)")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.commands.runs import whole
    from generator.engine.record import RecordError, read_records

    path = Path(args.record)
    if not path.is_file():
        raise UsageError(f"'{args.record}' is not a file")
    wanted = whole(args.game, "--game", 0)
    try:
        found = next((r for r in read_records(path) if r.number == wanted), None)
        if found is None:
            raise UsageError(f"{args.record} holds no game {wanted}")
        return _replay(path, found.line, found.record, wanted, args)
    except RecordError as exc:
        print(exc.located, file=sys.stderr)
        return EXIT_PROBLEMS


def _replay(path: Path, line: int, record: GameRecord, wanted: int,
            args: argparse.Namespace) -> int:
    """Play the record's actions again, each checked against the legal ones: a record
    that lies is a ``RecordError`` at its line."""
    from generator.commands.runs import Bundled, playable
    from generator.engine.record import RecordError

    user = components_dir(args.components)
    try:
        spec = playable(record.game, user)
    except UsageError as exc:  # the record names it, not the command line
        raise RecordError(path, line, 1, str(exc)) from None
    game, _ = Bundled(spec.id, str(user.resolve()) if user else None)()
    if not game.min_players <= record.players <= game.max_players:
        raise RecordError(path, line, 1, f"{record.players} players: {record.game} is for "
                          f"{game.min_players}-{game.max_players}")
    state = game.new_initial_state(record.players)
    for step, action in enumerate(record.actions, start=1):
        if state.is_terminal() or action not in state.legal_actions():
            raise RecordError(path, line, 1, f"game {wanted}, action {step} "
                              f"({str(action)[:80]}) is not legal here", "replay-illegal")
        if args.log:
            player = state.current_player()
            who = "chance" if player < 0 else f"P{player + 1} ({record.bots[player]})"
            print(printable(f"{who}: {state.action_to_string(action)}"))
        state.apply_action(action)
    scores = list(state.returns()) if state.is_terminal() else []
    winners = ", ".join(f"P{s + 1}" for s in state.winners()) if scores else "-"
    print(printable(f"game {wanted} (seed {record.seed}): {len(record.actions)} actions; "
                    f"final scores {scores}; winners {winners}"))
    if scores != record.scores:
        raise RecordError(path, line, 1, f"game {wanted} replays to scores {scores}, "
                          f"recorded {record.scores}", "replay-differs")
    return EXIT_OK
