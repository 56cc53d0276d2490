"""``copperplate replay FILE.jsonl --game K [--log]``: one recorded game played again from
its action list (every action checked for legality), its result compared with the one
recorded."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError, components_dir


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
    from generator.commands.runs import Bundled, playable, whole
    from generator.engine.record import RecordError, read_records

    path = Path(args.record)
    if not path.is_file():
        raise UsageError(f"'{args.record}' is not a file")
    wanted = whole(args.game, "--game", 0)
    try:
        record = next((r for index, r in read_records(path) if index == wanted), None)
    except RecordError as exc:
        print(exc.located, file=sys.stderr)
        return EXIT_PROBLEMS
    if record is None:
        raise UsageError(f"{args.record} holds no game {wanted}")
    spec = playable(record.game)
    user = components_dir(args.components)
    game, _ = Bundled(spec.id, str(user.resolve()) if user else None)()
    state = game.new_initial_state(record.players)
    for step, action in enumerate(record.actions, start=1):
        player = state.current_player()
        if args.log:
            who = "chance" if player < 0 else f"P{player + 1} ({record.bots[player]})"
            print(f"{who}: {state.action_to_string(action)}")
        try:
            state.apply_action(action)
        except ValueError as exc:
            print(f"{path}: error: game {wanted}, action {step}: {exc} (replay-illegal)",
                  file=sys.stderr)
            return EXIT_PROBLEMS
    scores = list(state.returns()) if state.is_terminal() else []
    print(f"game {wanted} (seed {record.seed}): {len(record.actions)} actions; final scores "
          f"{scores}; winners {', '.join(f'P{s + 1}' for s in state.winners()) if scores else '-'}")
    if scores != record.scores:
        print(f"{path}: error: game {wanted} replays to scores {scores}, recorded "
              f"{record.scores} (replay-differs)", file=sys.stderr)
        return EXIT_PROBLEMS
    return EXIT_OK
