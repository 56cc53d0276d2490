"""The position of a Copper Creek game: the town, the stacks of shares, the piles, money
and the calendar as plain data, plus what can be read off them (a colour's income, where
a card fits, tokens left) and the bookkeeping every phase shares (a card built, a share
paid for). Prices are in ``market.py``, the turn in ``turn.py``; the State API is bound
in ``rules.py``.
"""

from __future__ import annotations

from typing import Any, Self

from generator.engine.api import State
from generator.games.copper_creek.tables import Tables
from generator.games.copper_creek.town import Town

PASS = -1
SET_ASIDE = -1  # only offered when a drawn card fits nowhere (ruling)
NO_CARD = -1

# The fields a record keeps (``to_dict``), besides the nested ones.
FLAT = ("players", "phase", "active", "responder", "turn", "money", "bank", "points",
        "gray_pile", "main_pile", "drawn", "cards_seen", "stones", "first_income_turn",
        "shares_bought", "last_drawer", "set_aside", "first_player")
NESTED = ("stacks", "placed", "elections")


class CreekPosition(State):
    """Everything on the table; ``CopperCreekState`` binds the rules to it."""

    # Nothing hidden: no hands, a card drawn is a chance node over the pile (a set of
    # unseen cards) and is built face up at once.
    hidden_information = False
    turn_field = "turn"  # what ``turn_count`` reads

    def __init__(self, tables: Tables, players: int):
        t = self.t = tables
        self.players = players
        self.phase = "setup"
        self.active = 0
        self.responder = 0
        self.turn = 0
        self.money = [t.starting_money] * players
        self.bank = t.money_total - t.starting_money * players
        self.points = [0] * players
        self.stacks: list[list[int]] = [[] for _ in t.buildings]
        self.chips = [0] * players  # share tokens each seat has on the table (derived)
        self.placed: list[tuple[int, int, int, int]] = []  # (card, x, y, rotation)
        self.gray_pile = list(t.gray_cards)
        self.main_pile = list(t.other_cards)
        self.drawn = NO_CARD
        self.cards_seen = 0
        self.stones = [0] * len(t.row_names)
        self.elections: list[tuple[int, int]] = []  # (year, cards seen when held)
        self.first_income_turn = 0
        self.shares_bought = 0
        self.last_drawer = 0
        self.first_player = 0  # the seat chance picks to play first (turn order)
        self.set_aside: list[int] = []
        self.town = Town(t.front_row, t.main_column, t.reach, t.color_of)
        self._legal: list[int] | None = None  # cache; derived, not part of the state
        # seat -> share prices in town (``market``): derived, dropped when a card is
        # built or a share bought (the only moves that change a price)
        self._prices_of: dict[int, list[int]] = {}
        # what every seat's prices are worked out from (``market``), dropped with them
        self._price_rows: tuple[list[int], list[int], list[list[int]]] | None = None

    # -- what the table says -----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "end"

    def returns(self) -> list[float]:
        return [float(p) for p in self.points]

    def turn_count(self) -> int:
        return self.turn

    def events(self) -> dict[str, int]:
        return {"elections": len(self.elections), "shares bought": self.shares_bought,
                "cards set aside": len(self.set_aside)}

    def tokens_left(self, seat: int) -> int:
        """Share tokens a seat may still buy with: the score track keeps its own."""
        return self.t.tokens[seat] - self.t.score_tokens - self.chips[seat]

    def income_for_color(self, row: int) -> dict[int, int]:
        """Dollars each building earns when a card of this colour is drawn: its open doors
        pull, its connected doors push into the neighbours (rulebook, Step 3)."""
        earned: dict[int, int] = {}
        town = self.town
        for gid in town.by_color.get(row, ()):
            earned[gid] = earned.get(gid, 0) + town.open_doors[gid]
            for other, count in town.links.get(gid, {}).items():
                earned[other] = earned.get(other, 0) + count
        return {g: a for g, a in earned.items() if a}

    def placements(self, card: int) -> list[int]:
        """Every legal placement of the card, as ``4 * cell + rotation``, sorted."""
        info = self.t.cards[card]
        return self.town.placements(info.rotations, self.t.gray_gids if info.gray else set())

    # -- bookkeeping -------------------------------------------------------------------
    def build(self, card: int, x: int, y: int, rot: int) -> None:
        """The card goes into town (prices change with its doors)."""
        self.placed.append((card, x, y, rot))
        self.town.place(self.t.cards[card].rotations[rot], x, y)
        self._prices_of, self._price_rows = {}, None

    def buy(self, seat: int, gid: int, cost: int) -> None:
        """The seat pays the bank ``cost`` for a share and stacks its token on the
        building (its price: ``market.price``)."""
        self.money[seat] -= cost
        self.bank += cost
        self.stacks[gid].append(seat)
        self._prices_of, self._price_rows = {}, None
        self.chips[seat] += 1
        self.shares_bought += 1

    # -- copies and records ------------------------------------------------------------
    def clone(self) -> Self:
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        for name in ("money", "points", "placed", "gray_pile", "main_pile", "stones",
                     "elections", "set_aside", "chips"):
            setattr(other, name, list(getattr(self, name)))
        other.stacks = [list(s) for s in self.stacks]
        other.town = self.town.clone()
        other._prices_of, other._price_rows = {}, None
        return other

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {n: getattr(self, n) for n in FLAT}
        out["stacks"] = [list(s) for s in self.stacks]
        out["placed"] = [list(p) for p in self.placed]
        out["elections"] = [list(e) for e in self.elections]
        return {k: list(v) if isinstance(v, list) else v for k, v in out.items()}

    def load(self, data: dict[str, Any]) -> None:
        """Take the fields of a ``to_dict`` record (the town is built again, card by card)."""
        for name, value in data.items():
            if name not in NESTED:
                setattr(self, name, list(value) if isinstance(value, list) else value)
        self.stacks = [list(s) for s in data["stacks"]]
        self.chips = [sum(s.count(seat) for s in self.stacks) for seat in range(self.players)]
        self.elections = [(y, n) for y, n in data["elections"]]
        for card, x, y, rot in data["placed"]:
            self.build(card, x, y, rot)
