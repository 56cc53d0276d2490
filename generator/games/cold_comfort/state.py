"""The position of a Cold Comfort game: plain data, plus the bookkeeping every phase
shares (paying out of the bank, returning dice to the pool).

It imports no rules: the State API's rule-bound half (whose turn, legal actions, playing
one) is bound in ``rules.ColdComfortState``, the class every game hands out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol, Self

from generator.engine.api import Action, State
from generator.games.cold_comfort.city import City
from generator.games.cold_comfort.geometry import Square
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.cold_comfort.setup import Setup

# Turn actions counted for the simulation summary (a mechanic never used shows as 0).
COUNTED = {"mine": "mines worked", "host": "campers hosted", "build": "hotels built",
           "resize": "hotels resized", "fire": "fires set", "spread": "fires spread"}


class Hotel(NamedTuple):
    """A hotel standing on a lot: a value, never changed in place (a change puts a new
    one on the square), so the positions the greedy bot tries share them."""

    owner: int
    size: int
    guest: int = 0  # the guest's die value; 0: the hotel is empty
    fresh: bool = False  # built this turn: cannot host or burn (rules: Host, Fire)

    def with_guest(self, guest: int) -> Hotel:
        return Hotel(self.owner, self.size, guest, self.fresh)

    def as_list(self) -> list[int]:
        return [self.owner, self.size, self.guest, int(self.fresh)]


@dataclass(frozen=True)
class Verdict:
    """One neighbourhood's scoring: its tiles, points, winners and the best strengths."""

    tiles: tuple[int, ...]
    points: int
    winners: tuple[int, ...]  # empty: a street gang or nobody holds it
    best_block: int
    best_gang: int


class Rulebook(Protocol):
    """What a position reads from its game: the data and the setup of a player count."""

    data: ColdComfortData

    def setup(self, players: int) -> Setup: ...


class ColdComfortPosition(State):
    """The position and its bookkeeping; ``rules.ColdComfortState`` binds the rest."""

    # Seat 0 plays first and takes the least starting Gold (Setup); wins by turn order
    first_player = 0
    # Nothing hidden: the city tiles are drawn by chance when placed (the deck is the set
    # not yet drawn), the dice and everything else lie open.
    hidden_information = False
    turn_field = "turns"  # what ``turn_count`` reads

    def __init__(self, game: Rulebook, players: int):
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
        self.legal_cache: list[Action] | None = None  # legal actions of this position (a cache)
        # how often each kind of turn action was taken (events(); not part of the position)
        self.counts = dict.fromkeys(COUNTED.values(), 0)

    # ----- the State API's data half --------------------------------------------------
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

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        # the map changes only when a tile is placed (``flow``), which copies it first:
        # until then copies share it
        other.deck, other.gold, other.points = list(self.deck), list(self.gold), list(self.points)
        other.campers = dict(self.campers)
        other.hotels = dict(self.hotels)  # hotels are never changed in place: shared
        other.supply = [dict(s) for s in self.supply]
        other.rolled, other.extras = list(self.rolled), list(self.extras)
        other.options, other.last_round = list(self.options), list(self.last_round)
        other.counts = dict(self.counts)
        return other

    # ----- bookkeeping ----------------------------------------------------------------
    def pay(self, seat: int, amount: int) -> None:
        """The bank pays ``seat`` (a negative amount: the seat pays the bank)."""
        self.gold[seat] += amount
        self.bank -= amount

    def return_dice(self, count: int) -> None:
        """Dice in hand go back to the pool."""
        self.hand -= count
        self.pool += count
