"""A toy game for testing the engine apart from the real games.

Each turn a d3 is rolled (a chance action), then the player keeps the roll or gives it
to the next player. The first to 10 points wins.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.engine.bots import Bot, RandomBot
from generator.engine.playout import BotFactory

GOAL = 10
KEEP, GIVE = 0, 1


@dataclass
class ToyState(State):
    scores: list[int]
    seat: int = 0
    roll: int = 0  # 0: the die is about to be rolled
    turns: int = 0
    history: list[Any] = field(default_factory=list)

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.roll == 0 else self.seat

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        return [1, 2, 3] if self.roll == 0 else [KEEP, GIVE]

    def apply_action(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        if self.roll == 0:
            self.roll = int(action)  # type: ignore[arg-type]
            return
        target = self.seat if action == KEEP else (self.seat + 1) % len(self.scores)
        self.scores[target] += self.roll
        self.roll, self.turns = 0, self.turns + 1
        self.seat = (self.seat + 1) % len(self.scores)

    def is_terminal(self) -> bool:
        return max(self.scores) >= GOAL

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def turn_count(self) -> int:
        return self.turns

    def clone(self) -> ToyState:
        return ToyState(list(self.scores), self.seat, self.roll, self.turns)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("history")
        return data

    def invariants(self) -> list[str]:
        return [f"seat {i} has negative points" for i, s in enumerate(self.scores) if s < 0]

    def action_to_string(self, action: Action) -> str:
        if self.roll == 0:
            return f"rolls {action}"
        return "keeps it" if action == KEEP else "gives it away"


class ToyGame(Game):
    id = "toy"
    min_players = 2
    max_players = 4

    def new_initial_state(self, players: int) -> ToyState:
        return ToyState([0] * players)

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        return ToyState(**data)

    def max_game_length(self, players: int) -> int:
        return 2 * ((GOAL - 1) * players + 1)


class Keeper(Bot):
    """Always keeps the roll: the winning strategy of the toy game."""

    name = "keeper"

    def step(self, state: State) -> Action:
        return KEEP


def toy_setup() -> tuple[ToyGame, dict[str, BotFactory]]:
    """A picklable ``Plan.setup`` for runs in other processes."""
    return ToyGame(), {"random": RandomBot, "keeper": Keeper}
