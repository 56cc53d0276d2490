"""Play a few seeded random games of a compiled rules file to find what reading cannot:
a game that never ends (reported with the shape of its loop), a fault of play (a seat with
no legal action, a set-up dealing more than the pile holds), an action never legal. A
true/false option is played both ways (the advanced game's set-up is checked too)."""

from __future__ import annotations

import random

from generator.files.problems import WARNING, Problem
from generator.rulesfile.game import RulesGame
from generator.rulesfile.program import Program, compile_rules

PROBE_GAMES = 4  # per player count (the fewest and the most)
LONGEST_LOOP = 40  # actions in the longest repeating pattern we name
PROBE_LIMIT = 20_000  # actions a probe game may take (validate stays quick)


def probe(game: RulesGame) -> list[Problem]:
    prog = game.prog
    problems: list[Problem] = []
    legal: set[str] = set()
    ways = _ways(game)
    for way, said in ways:
        for players in sorted({game.min_players, game.max_players}):
            for seed in range(PROBE_GAMES):
                found = _play(way, players, seed, legal, said)
                if found is not None:
                    problems.append(found)
                    return problems
    for action in prog.actions:
        if action.name not in legal:
            problems.append(prog.source.problem(
                action.loc, f"action '{action.name}' was never legal in "
                f"{2 * PROBE_GAMES * len(ways)} random games: check its 'if' and its "
                "'choose'",
                "rules-never-legal", key=True, severity=WARNING))
    return problems


def _ways(game: RulesGame) -> list[tuple[RulesGame, str]]:
    """The game as its options stand, then with each true/false option turned the other
    way (how a problem found that way is said)."""
    ways = [(game, "")]
    declared = game.prog.source.data.get("options")
    for name, value in (declared.items() if isinstance(declared, dict) else []):
        if isinstance(value, bool):
            prog, _ = compile_rules(game.prog.source, game.pieces, game.prog.players,
                                    {name: int(not value)})
            if prog is not None:
                ways.append((RulesGame(game.id, prog, game.min_players, game.max_players,
                                       game.pieces), f", option {name}: {str(not value).lower()}"))
    return ways


def _play(game: RulesGame, players: int, seed: int, legal: set[str], said: str = ""
          ) -> Problem | None:
    rng = random.Random(f"probe:{seed}")
    state = game.new_initial_state(players)
    names: list[str] = []
    limit = min(game.prog.max_actions, PROBE_LIMIT)
    while not state.is_terminal() and len(names) < limit:
        actions = state.legal_actions()
        action = rng.choice(actions)
        if isinstance(action, tuple):
            legal.add(str(action[0]))
            names.append(f"P{state.current_player() + 1} {action[0]}")
        else:
            names.append("chance")
        state.apply_action(action)
    if state.is_terminal():
        state.winners()  # the score and every tie-break worked out, as at every game's end
    if state.fault is not None:
        loc, message = state.fault
        return game.prog.source.problem(loc, f"{message} ({players} players{said}, probe "
                                        f"game {seed})", "rules-play")
    if not state.is_terminal():
        return _never_ends(game.prog, names, f"{players} players{said}",
                           limit < game.prog.max_actions)
    return None


def _never_ends(prog: Program, names: list[str], players: str, probe_only: bool) -> Problem:
    """Past ``max_actions``: an error, with the loop the game is in when there is one.
    Past the probe's own limit only (a game declared longer still): a warning."""
    loop = _loop(names)
    shape = (f"it repeats {', '.join(loop)} for ever" if loop else
             "no end in sight (if games are really this long, raise max_actions)")
    if probe_only:
        return prog.source.problem(
            ("end",), f"a probe game with {players} had not ended after "
            f"{len(names)} actions; {shape.replace('for ever', 'so far')}",
            "rules-never-ends", severity=WARNING)
    return prog.source.problem(
        ("end",), f"the game never ends: after {len(names)} actions with {players} "
        f"the end condition has not come true; {shape}", "rules-never-ends")


def _loop(names: list[str]) -> list[str] | None:
    """The shortest pattern the last actions repeat at least four times, if any."""
    for period in range(1, LONGEST_LOOP + 1):
        tail = names[-4 * period:]
        if len(tail) == 4 * period and tail == tail[:period] * 4:
            return tail[:period]
    return None

