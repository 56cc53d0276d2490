"""The reference game of Copper Creek (rules/copper-creek.md).

Phases: ``setup`` (chance deals three gray cards to the start slots), ``first`` (chance
picks the first player), then turns of ``draw`` (chance) → ``build`` → ``buy`` with
buying rounds (``round``) until the active player passes, and ``end``.

Actions are ints: a card index at chance nodes, a seat for the first player, a
placement ``4 * cell + rotation`` when building, a building id when buying, ``PASS``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.games.copper_creek.economy import share_price, split_income
from generator.games.copper_creek.invariants import broken
from generator.games.copper_creek.market import affordable, can_buy
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.tables import GRAY, Tables
from generator.games.copper_creek.town import Town, xy
from generator.games.copper_creek.words import action_words, describe

PASS = -1
SET_ASIDE = -1  # only offered when a drawn card fits nowhere (ruling)
NO_CARD = -1


class CopperCreekState(State):
    # Nothing hidden: no hands, a card drawn is a chance node over the pile (a set of
    # unseen cards) and is built face up at once.
    hidden_information = False

    def __init__(self, game: CopperCreekGame, players: int):
        t = game.tables
        self.game = game
        self.t = t
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

    # -- the API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in ("setup", "first", "draw"):
            return CHANCE
        if self.phase == "end":
            return TERMINAL
        return self.responder if self.phase == "round" else self.active

    def legal_actions(self) -> list[Action]:
        return list(self._legal_list())

    def legal_moves(self) -> list[int]:
        """The legal actions as what they are in this game: ints (see the module doc)."""
        return list(self._legal_list())

    def _legal_list(self) -> list[int]:
        """The cached list itself (a build offers thousands: copied only for callers)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[int]:
        if self.phase == "setup":
            return sorted(self.gray_pile)
        if self.phase == "first":
            return list(range(self.players))
        if self.phase == "draw":
            return sorted(self.gray_pile or self.main_pile)
        if self.phase == "build":
            return self.placements(self.drawn) or [SET_ASIDE]
        if self.phase in ("buy", "round"):
            return [PASS] + self.affordable(self.current_player())
        return []

    def apply_action(self, action: Any) -> None:
        legal = self._legal_list()  # sorted: a bisection, not a scan of thousands
        at = bisect_left(legal, action) if isinstance(action, int) else len(legal)
        if at == len(legal) or legal[at] != action:
            raise ValueError(f"illegal action {action!r} in phase {self.phase}")
        self._legal = None
        PHASES[self.phase](self, action)

    def is_terminal(self) -> bool:
        return self.phase == "end"

    def returns(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        """Most points; then most money (after the tie-break income); then the player who
        drew the last card, or the closest on their left (rulebook, Ending the Game)."""
        best = max(self.points)
        tied = [s for s in range(self.players) if self.points[s] == best]
        richest = max(self.money[s] for s in tied)
        tied = [s for s in tied if self.money[s] == richest]
        order = [(self.last_drawer + k) % self.players for k in range(self.players)]
        return [next(s for s in order if s in tied)]

    def turn_count(self) -> int:
        return self.turn

    def events(self) -> dict[str, int]:
        return {"elections": len(self.elections), "shares bought": self.shares_bought,
                "cards set aside": len(self.set_aside)}

    def clone(self) -> CopperCreekState:
        other = CopperCreekState.__new__(CopperCreekState)
        other.__dict__.update(self.__dict__)
        for name in ("money", "points", "placed", "gray_pile", "main_pile", "stones",
                     "elections", "set_aside", "chips"):
            setattr(other, name, list(getattr(self, name)))
        other.stacks = [list(s) for s in self.stacks]
        other.town = self.town.clone()
        other._prices_of = {}
        return other

    # -- setup (rulebook, Setup) -----------------------------------------------------
    def _on_setup(self, card: int) -> None:
        self.gray_pile.remove(card)
        zone, square = self.t.start_slots[len(self.placed)]
        x, y, rot = self.game.start_placement(self.town, card, zone, square)
        self._build(card, x, y, rot)
        self._advance_calendar(card)  # "advancing the three stones" (no election)
        if len(self.placed) == len(self.t.start_slots):
            self.phase = "first"

    def _on_first(self, seat: int) -> None:
        self.active = self.last_drawer = self.first_player = seat
        self.turn = 1
        self.phase = "buy"  # the very first turn has no draw (rulebook, Step 1)

    # -- draw, elections, income (rulebook, Steps 1-3) ----------------------------------
    def _on_draw(self, card: int) -> None:
        (self.gray_pile if self.gray_pile else self.main_pile).remove(card)
        self.drawn = card
        self.last_drawer = self.active
        self._advance_calendar(card)
        if self._hold_elections():
            return
        self._pay_income(card)
        self.phase = "build"

    def _advance_calendar(self, card: int) -> None:
        self.cards_seen += 1
        for row in self.t.cards[card].colors:
            self.stones[row] = min(self.stones[row] + 1, self.t.last_column)

    def _hold_elections(self) -> bool:
        """Hold every election now due, in order; True when the final one ended the game."""
        for election in self.t.elections[len(self.elections):]:
            if sum(s >= election.column for s in self.stones) < election.stones:
                break
            self.elections.append((election.year, self.cards_seen))
            for gid, stack in enumerate(self.stacks):
                if stack:
                    self.points[stack[-1]] += self.t.buildings[gid].points
        if len(self.elections) < len(self.t.elections):
            return False
        top = max(self.points)
        if self.points.count(top) > 1:  # money breaks the tie: income is paid first
            self._pay_income(self.drawn)
        self.phase = "end"
        return True

    def _pay_income(self, card: int) -> None:
        """One block per colour of the drawn card, top calendar row first."""
        for row in self.t.cards[card].colors:
            for gid, amount in sorted(self.income_for_color(row).items()):
                for seat, part in enumerate(split_income(amount, self.stacks[gid],
                                                         self.players)):
                    self.money[seat] += part
                    self.bank -= part
                    if part and not self.first_income_turn:
                        self.first_income_turn = self.turn

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

    # -- build (rulebook, Step 4) ------------------------------------------------------
    def placements(self, card: int) -> list[int]:
        """Every legal placement of the card, as ``4 * cell + rotation``, sorted."""
        info = self.t.cards[card]
        return self.town.placements(info.rotations, self.t.gray_gids if info.gray else set())

    def _on_build(self, action: int) -> None:
        if action == SET_ASIDE:
            self.set_aside.append(self.drawn)
        else:
            c, rot = divmod(action, 4)
            x, y = xy(c)
            self._build(self.drawn, x, y, rot)
        self.drawn = NO_CARD
        self.phase = "buy"

    def _build(self, card: int, x: int, y: int, rot: int) -> None:
        self.placed.append((card, x, y, rot))
        self.town.place(self.t.cards[card].rotations[rot], x, y)
        self._prices_of = {}

    # -- buy (rulebook, Step 5) --------------------------------------------------------
    def price(self, gid: int, buyer: int) -> int:
        return share_price(self.town.open_doors[gid], self.t.points[gid],
                           self.stacks[gid], buyer, self.t.minimum_price)

    def tokens_left(self, seat: int) -> int:
        """Share tokens a seat may still buy with: the score track keeps its own."""
        return self.t.tokens[seat] - self.t.score_tokens - self.chips[seat]

    def affordable(self, seat: int) -> list[int]:
        return affordable(self, seat)

    def can_buy(self, seat: int) -> bool:
        """Cheaper than ``affordable``: any share at all within reach?"""
        return can_buy(self, seat)

    def _buy(self, seat: int, gid: int) -> None:
        cost = self.price(gid, seat)
        self.money[seat] -= cost
        self.bank += cost
        self.stacks[gid].append(seat)
        self._prices_of = {}
        self.chips[seat] += 1
        self.shares_bought += 1

    def _on_buy(self, action: int) -> None:
        if action == PASS:
            self._end_turn()
            return
        self._buy(self.active, action)
        self.phase = "round"
        self.responder = self.active
        self._next_responder()

    def _on_round(self, action: int) -> None:
        if action != PASS:
            self._buy(self.responder, action)
        self._next_responder()

    def _next_responder(self) -> None:
        """The next player to the left who can buy something; back to the active player
        when the round is done (players who can afford nothing are passed over)."""
        seat = (self.responder + 1) % self.players
        while seat != self.active and not self.can_buy(seat):
            seat = (seat + 1) % self.players
        if seat == self.active:
            self.phase = "buy"
        else:
            self.responder = seat

    def _end_turn(self) -> None:
        self.active = (self.active + 1) % self.players
        self.turn += 1
        # The data checks guarantee the final election first; this only guards bad data.
        self.phase = "draw" if self.gray_pile or self.main_pile else "end"

    # -- words and records -------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        return action_words(self, action)

    def describe(self) -> str:
        return describe(self)

    def to_dict(self) -> dict[str, Any]:
        names = ("players", "phase", "active", "responder", "turn", "money", "bank",
                 "points", "gray_pile", "main_pile", "drawn", "cards_seen", "stones",
                 "first_income_turn", "shares_bought", "last_drawer", "set_aside",
                 "first_player")
        out: dict[str, Any] = {n: getattr(self, n) for n in names}
        out["stacks"] = [list(s) for s in self.stacks]
        out["placed"] = [list(p) for p in self.placed]
        out["elections"] = [list(e) for e in self.elections]
        return {k: list(v) if isinstance(v, list) else v for k, v in out.items()}

    def invariants(self) -> list[str]:
        return broken(self)


# What each phase does with the action taken in it.
PHASES: dict[str, Callable[[CopperCreekState, Any], None]] = {
    "setup": CopperCreekState._on_setup, "first": CopperCreekState._on_first,
    "draw": CopperCreekState._on_draw, "build": CopperCreekState._on_build,
    "buy": CopperCreekState._on_buy, "round": CopperCreekState._on_round}


class CopperCreekGame(Game):
    id = "copper-creek"

    def __init__(self, data: CopperCreekData):
        self.data = data
        self.tables = Tables(data)
        self.min_players = data.game.players.min
        self.max_players = min(data.game.players.max, len(self.tables.tokens))

    def new_initial_state(self, players: int) -> CopperCreekState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Copper Creek is for {self.min_players}-{self.max_players} "
                             "players")
        return CopperCreekState(self, players)

    def state_from_dict(self, data: dict[str, Any]) -> CopperCreekState:
        state = CopperCreekState(self, data["players"])
        for name, value in data.items():
            if name not in ("stacks", "placed", "elections"):
                setattr(state, name, list(value) if isinstance(value, list) else value)
        state.stacks = [list(s) for s in data["stacks"]]
        state.chips = [sum(s.count(seat) for s in state.stacks) for seat in range(state.players)]
        state.elections = [(y, n) for y, n in data["elections"]]
        for card, x, y, rot in data["placed"]:
            state._build(card, x, y, rot)
        return state

    def max_game_length(self, players: int) -> int:
        """Setup and first player, a draw and a build per card, a pass per turn, and
        every share bought followed by at most a full buying round."""
        cards = len(self.tables.cards)
        shares = sum(self.tables.tokens[:players])
        return len(self.tables.start_slots) + 1 + 3 * cards + shares * players

    def start_placement(self, town: Town, card: int, zone: str,
                        square: tuple[int, int]) -> tuple[int, int, int]:
        """The first legal placement, in rotation then position order, that covers the
        slot's square and stays in its zone (ruling: the "as shown" start layout)."""
        info = self.tables.cards[card]
        for r, rot in enumerate(info.rotations):
            for x in range(square[0] - rot.width + 1, square[0] + 1):
                for y in range(square[1] - rot.height + 1, square[1] + 1):
                    if self._in_zone(zone, x, y, rot.width, rot.height) and not any(
                            town.is_street(x + dx, y + dy) for dx, dy, _ in rot.squares) \
                            and town.touches_street(rot, x, y, self.tables.gray_gids):
                        return x, y, r
        raise ValueError(f"card '{info.id}' has no legal start placement in the {zone}")

    def _in_zone(self, zone: str, x: int, y: int, w: int, h: int) -> bool:
        f, m = self.tables.front_row, self.tables.main_column
        if zone == "north":
            return y + h - 1 < f
        if zone == "southwest":
            return y > f and x + w - 1 < m
        return y > f and x > m


__all__ = ["CHANCE", "GRAY", "PASS", "SET_ASIDE", "CopperCreekGame", "CopperCreekState"]
