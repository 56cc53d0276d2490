"""Play one game from a seed: bots for the seats, a seeded generator for chance."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.engine.bots import Bot
from generator.engine.quality import Watch, turn_key

BotFactory = Callable[[int, int | str], Bot]


@dataclass
class GameRecord:
    """A finished (or stopped) game: enough to replay it without any random generator."""

    game: str
    players: int
    seed: int | str
    bots: list[str]
    actions: list[Action] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    completed: bool = False
    turns: int = 0
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)  # seat -> its bot's lineup position
    first_player: int = 0
    events: dict[str, int] = field(default_factory=dict)
    side: str = ""  # in a comparison's record: "base" or "variant"
    quality: dict[str, Any] = field(default_factory=dict)  # see ``quality.Watch``

    def __post_init__(self) -> None:
        self.positions = self.positions or list(range(self.players))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "bots": self.bots, "actions": [_jsonable(a) for a in self.actions]}

    def to_line(self, index: int) -> dict[str, Any]:
        """One line of a ``--record`` file: the game and its result, enough to replay it
        and to rebuild every figure of the summary."""
        return {"index": index, **self.to_dict(), "positions": self.positions,
                "completed": self.completed, "violations": self.violations,
                "turns": self.turns, "scores": self.scores, "winners": self.winners,
                "first_player": self.first_player, "events": self.events,
                "quality": self.quality}


def _jsonable(action: Action) -> Any:
    return list(map(_jsonable, action)) if isinstance(action, tuple) else action


def from_json_action(value: Any) -> Action:
    return tuple(map(from_json_action, value)) if isinstance(value, list) else value


class StuckError(RuntimeError):
    """Play cannot go on: a chance node with no outcome (an engine bug, reported where it
    happened as a violation of the game, never a traceback)."""


def sample_chance(state: State, rng: random.Random) -> Action:
    if _uniform(state):
        return _sample_uniform(state.legal_actions(), rng)
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise _stuck(state)
    r = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]


def _stuck(state: State) -> StuckError:
    where = state.describe()
    return StuckError(f"a chance node with no outcome{f' ({where})' if where else ''}")


def _uniform(state: State) -> bool:
    """The game leaves its chance outcomes equally likely (the State API's default)."""
    return type(state).chance_outcomes is State.chance_outcomes


def _sample_uniform(actions: list[Action], rng: random.Random) -> Action:
    """``sample_chance`` over equally likely outcomes: the first outcome whose running
    total of probabilities passes the draw, found by bisection among the same float sums
    that the general walk adds up in the same order (so the same outcome)."""
    if not actions:
        raise StuckError("a chance node with no outcome")
    r = rng.random()
    i = bisect_right(_TOTALS.get(len(actions)) or _running_totals(len(actions)), r)
    return actions[i] if i < len(actions) else actions[-1]


_TOTALS: dict[int, list[float]] = {}


def _running_totals(count: int) -> list[float]:
    """1/count added up count times, each partial sum kept (worked out once per count)."""
    p, total, totals = 1.0 / count, 0.0, []
    for _ in range(count):
        total += p
        totals.append(total)
    _TOTALS[count] = totals
    return totals


def play(game: Game, players: int, bots: Sequence[tuple[str, BotFactory]], seed: int | str,
         *, check: str = "step", log: bool = False,
         positions: Sequence[int] | None = None) -> GameRecord:
    """Play a whole game. ``check``: "step" tests invariants after every action, "end" once.
    ``bots`` are by seat; ``positions`` says which lineup position each seat's bot is."""
    record = GameRecord(game.id, players, seed, [name for name, _ in bots],
                        positions=list(positions or range(players)))
    chance_rng = random.Random(f"chance:{seed}")
    seats = [factory(seat, seed) for seat, (_, factory) in enumerate(bots)]
    state = game.new_initial_state(players)
    limit = game.max_game_length(players)
    # looked up once (the position is played in place): this is every simulation's loop
    actions, uniform, steps = record.actions, _uniform(state), [bot.step for bot in seats]
    current_player, legal_view = state.current_player, state.legal_view
    apply_action, draw = state.apply_action, chance_rng.random
    watch, key, every_step = Watch(), turn_key(state), check == "step"
    look = watch.__call__  # bound once: called as a plain method
    mark = key(state)  # the watch sees the position only when this reading changes
    look(state)
    # a game names no player once it is over, and only then (the harness checks it);
    # at most ``limit`` actions, counted by the loop itself
    player = current_player()
    for _ in range(limit):
        if player == TERMINAL:
            break
        try:
            if player != CHANCE:
                action = steps[player](state)
            elif uniform:  # ``_sample_uniform``, spelled out: every chance action asks
                outcomes = legal_view()  # read before the action: no copy
                n = len(outcomes)
                if not n:
                    raise StuckError("a chance node with no outcome")
                i = bisect_right(_TOTALS.get(n) or _running_totals(n), draw())
                action = outcomes[i] if i < n else outcomes[-1]
            else:
                action = sample_chance(state, chance_rng)
        except StuckError as stuck:
            who = "chance" if player == CHANCE else f"P{player + 1}'s {record.bots[player]}"
            record.violations.append(f"after action {len(actions)}: {who}: {stuck}")
            break
        if log:
            who = "chance" if player == CHANCE else f"P{player + 1}"
            record.log.append(f"{who}: {state.action_to_string(action)}")
        told = apply_action(action)  # the player to move next, if the game says at once
        actions.append(action)
        if (now := key(state)) != mark:
            mark = now
            look(state)
        if every_step:
            broken = state.invariants()
            if broken:
                record.violations.extend(f"after action {len(record.actions)}: {m}" for m in broken)
                break
        player = current_player() if told is None else told
    else:
        if current_player() != TERMINAL:
            record.violations.append(f"game did not end within its declared maximum of "
                                     f"{limit} actions")
    if check == "end" and not record.violations:
        record.violations.extend(state.invariants())
    record.completed = state.is_terminal() and not record.violations
    record.turns = state.turn_count()
    record.first_player = state.first_player
    record.events = state.events()
    if state.is_terminal():
        record.scores = list(state.returns())
        record.winners = state.winners()
        record.quality = watch.quality(record.scores)
    return record


def replay(game: Game, players: int, actions: Sequence[Action]) -> State:
    """Re-apply a recorded action list; every action is checked for legality."""
    state = game.new_initial_state(players)
    for action in actions:
        state.apply_action(action)
    return state
