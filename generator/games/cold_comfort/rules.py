"""The reference game of Cold Comfort (rules draft 1.8): setup, turns, scoring rounds.

Chance is made of actions: drawing a city tile is an outcome per undrawn tile, and every
die is rolled one at a time (outcomes 1-6). Turn actions live in ``turn.py``, scoring
rounds in ``scoring.py``; this module holds the state and the flow between phases.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.games.cold_comfort import invariants, persist, turn, words
from generator.games.cold_comfort.city import City
from generator.games.cold_comfort.geometry import Square
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.cold_comfort.scoring import (
    Hotel,
    Verdict,
    landing_origins,
    landing_spots,
    score_round,
)
from generator.games.cold_comfort.setup import Setup

CHANCE_PHASES = ("heart-draw", "heart-roll", "mine-roll", "grow-draw", "roll")


class ColdComfortState(State):
    # Seat 0 plays first and takes the least starting Gold (Setup); wins by turn order
    first_player = 0
    # Nothing hidden: the city tiles are drawn by chance when placed (the deck is the set
    # not yet drawn), the dice and everything else lie open.
    hidden_information = False

    def __init__(self, game: ColdComfortGame, players: int):
        self.game = game
        self.setup = s = game.setup(players)
        self.players = players
        self.city = City(s.shapes, s.main_street_squares())
        self.deck = list(range(len(s.tiles)))  # undrawn tiles (the shuffle is the draws)
        self.campers: dict[Square, int] = {}
        self.hotels: dict[Square, Hotel] = {}
        self.pool, self.hand = s.dice, 0  # hand: dice out of the pool, rolling or landing
        self.gold = list(s.starting_gold)
        self.bank = s.supply - sum(self.gold)  # the bank pays out and takes in: conserved
        self.points = [0] * players
        self.supply = [dict(s.hotels) for _ in range(players)]
        self.phase, self.active, self.turns, self.rounds = "heart-draw", 0, 0, 0
        self.acted = self.built = self.fired = False
        self.drawn, self.target, self.chooser = -1, -1, -1
        self.rolled: list[int] = []
        self.to_roll = 0
        self.extras: list[int] = []  # dice of the roll still looking for a spot
        self.options: list[Square] = []  # the tied spots (land) or buildings (fire)
        self.mine_at: Square | None = None
        self.last_round: list[Verdict] = []
        self.checked_tiles = -1  # tiles whose layout invariants last held (a cache)
        self._legal: list[Action] | None = None  # legal actions of this position (a cache)
        # how often each kind of turn action was taken (events(); not part of the position)
        self.counts = dict.fromkeys(turn.COUNTED.values(), 0)

    # ----- the State API -------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.chooser if self.phase in ("land", "fire") else self.active

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._find_legal()
        return list(self._legal)

    def _find_legal(self) -> list[Action]:
        phase = self.phase
        if phase in ("heart-draw", "grow-draw"):
            return list(self.deck)
        if phase in CHANCE_PHASES:
            return list(range(1, self.setup.faces + 1))
        if phase == "turn":
            return turn.actions(self)
        if phase == "grow-place":
            return [("place", x, y, r) for _, x, y, r in self.city.placements(self.drawn)]
        if phase == "land":
            return [("land", x, y) for x, y in self.options]
        if phase == "fire":
            return [("spread", x, y) for x, y in self.options]
        return []

    def apply_action(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r} in phase {self.phase}")
        self.play(action)

    def play(self, action: Action) -> None:
        """Apply an action known to be legal (bots use this on clones)."""
        self._legal = None
        phase = self.phase
        if phase in ("heart-draw", "grow-draw"):
            self._draw(turn.outcome(action))
        elif phase in ("heart-roll", "roll"):
            self._roll(turn.outcome(action))
        elif phase == "mine-roll":
            turn.mined(self, turn.outcome(action))
        elif phase == "grow-place":
            x, y, r = turn.numbers(action)
            self._grow((self.drawn, x, y, r))
        elif phase == "land":
            self._land(self.extras[0], turn.square(action))
            self.settle()
        else:
            turn.apply(self, action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """Rules: Game End. Points plus 1 point per 5 Gold (rounded down)."""
        per = self.setup.gold_per_point
        return [float(p + g // per) for p, g in zip(self.points, self.gold, strict=True)]

    def turn_count(self) -> int:
        return self.turns

    def events(self) -> dict[str, int]:
        return dict(self.counts)

    def clone(self) -> ColdComfortState:
        other = object.__new__(ColdComfortState)
        other.__dict__.update(self.__dict__)
        other.city = self.city.copy()
        other.deck, other.gold, other.points = list(self.deck), list(self.gold), list(self.points)
        other.campers = dict(self.campers)
        other.hotels = {sq: Hotel(h.owner, h.size, h.guest, h.fresh) for sq, h in
                        self.hotels.items()}
        other.supply = [dict(s) for s in self.supply]
        other.rolled, other.extras = list(self.rolled), list(self.extras)
        other.options, other.last_round = list(self.options), list(self.last_round)
        other.counts = dict(self.counts)
        return other

    def invariants(self) -> list[str]:
        return invariants.broken(self)

    def action_to_string(self, action: Action) -> str:
        return words.describe_action(self, action)

    def describe(self) -> str:
        return words.describe_state(self)

    def to_dict(self) -> dict[str, Any]:
        return persist.state_to_dict(self)

    # ----- setup and scoring rounds ---------------------------------------------------
    def _draw(self, tile: int) -> None:
        self.deck.remove(tile)
        if self.phase == "heart-draw":
            self._grow(self.setup.heart_placement(len(self.city.placed), tile))
        else:
            self.drawn, self.phase = tile, "grow-place"

    def _grow(self, placement: tuple[int, int, int, int]) -> None:
        """Place a tile, then take dice from the pool to roll for it (rules: Heart, Roll)."""
        self.city.place(placement)
        self.target, self.drawn = len(self.city.placed) - 1, -1
        heart = self.phase == "heart-draw"
        self.to_roll = min(self.setup.heart_dice, self.pool) if heart else self.pool
        self.pool -= self.to_roll
        self.hand += self.to_roll
        self.rolled = []
        self.phase = "heart-roll" if heart else "roll"
        if self.to_roll == 0:
            self._rolled_all()

    def _roll(self, value: int) -> None:
        self.rolled.append(value)
        if len(self.rolled) == self.to_roll:
            self._rolled_all()

    def _rolled_all(self) -> None:
        extras = self._fill(self.target, sorted(self.rolled, reverse=True))
        self.rolled, self.to_roll = [], 0
        if self.phase == "heart-roll":
            self._return(len(extras))  # "Any dice that cannot be placed return to the pool"
            self._next_heart_tile()
        else:
            self.extras = extras
            self.settle()

    def _fill(self, index: int, dice: list[int]) -> list[int]:
        """Put dice on the tile's vacant lots of matching value; return the extras."""
        left = Counter(dice)
        for sq, value in sorted(self.city.lots(index)):
            if left[value] and sq not in self.campers and sq not in self.hotels:
                left[value] -= 1
                self.campers[sq] = value
                self.hand -= 1
        return sorted(left.elements(), reverse=True)

    def _return(self, count: int) -> None:
        self.hand -= count
        self.pool += count

    def _next_heart_tile(self) -> None:
        built = len(self.city.placed)
        if built < 2 or (built < self.setup.heart_max and self.pool >= self.setup.heart_dice):
            self.phase = "heart-draw"
        else:
            turn.start(self, 0)

    def settle(self) -> None:
        """Rules: Roll. Land the extras, best spot first; stop for the next player's
        choice when equal spots are more than the dice of that value."""
        origins = landing_origins(self.city, self.target)
        while self.extras:
            value = self.extras[0]
            count = self.extras.count(value)
            spots = landing_spots(value, self.city, self.hotels, self.campers, origins)
            if not spots:
                del self.extras[:count]
                self._return(count)
                continue
            best = [sq for kind, dist, sq in spots if (kind, dist) == spots[0][:2]]
            if len(best) > count:
                self.phase, self.options = "land", best
                self.chooser = (self.active + 1) % self.players
                return
            for sq in best:
                self._land(value, sq)
        self.score_round()

    def _land(self, value: int, square: Square) -> None:
        self.extras.remove(value)
        self.hand -= 1
        if square in self.hotels:
            self.hotels[square].guest = value
        else:
            self.campers[square] = value

    def score_round(self) -> None:
        s = self.setup
        self.last_round = score_round(self.city, self.hotels, self.campers,
                                      s.points_per_tile, s.points_per_public)
        for verdict in self.last_round:
            for seat in verdict.winners:
                self.points[seat] += verdict.points // len(verdict.winners)
        self.rounds += 1
        self.options, self.chooser = [], -1
        if self.rounds >= s.rounds:
            self.phase = "over"
        else:
            turn.start(self, (self.active + 1) % self.players)


class ColdComfortGame(Game):
    id = "cold-comfort"

    def __init__(self, data: ColdComfortData):
        self.data = data
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max
        self._setups: dict[int, Setup] = {}

    def setup(self, players: int) -> Setup:
        if players not in self._setups:
            self._setups[players] = Setup.of(self.data, players)
        return self._setups[players]

    def new_initial_state(self, players: int) -> ColdComfortState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"cold-comfort is for {self.min_players}-{self.max_players} players")
        return ColdComfortState(self, players)

    def state_from_dict(self, data: dict[str, Any]) -> ColdComfortState:
        state = self.new_initial_state(int(data["players"]))
        persist.fill_state(state, data)
        return state

    def max_game_length(self, players: int) -> int:
        # Turns are not bounded by the rules (a table that only passes never scores); the
        # bound is generous for real play: rounds x turns per round x actions per turn.
        s = self.setup(players)
        return (s.rounds + 1) * 60 * players * (2 * sum(s.hotels.values()) + 4 * s.dice)
