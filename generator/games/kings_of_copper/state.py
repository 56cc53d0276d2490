"""The position of a Kings of Copper game: plain data, plus bookkeeping every phase shares.

Chips are named by their face id (``copper-vein``); a hand is a sorted list of them. Money
only moves between players and the bank, so the total never changes (an invariant).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from generator.engine.api import TERMINAL, State
from generator.games.kings_of_copper.tables import FINISH, START, Tables

# Counted as they happen (``count``); chips cashed and titles bought are read at the end.
EVENTS = ("event cards drawn", "tunnel rolls", "Anaconda Sapphire taken")


@dataclass
class Mine:
    owner: int | None = None  # None: the Claim Title still lies on the mine
    green: str | None = None  # Prospecting chip still on the mine
    blue: str | None = None  # Mining chip still on the mine

    def empty(self) -> bool:
        return self.green is None and self.blue is None


@dataclass
class Table:
    """Everything on and around the board; ``KingsState`` wraps it with the API."""

    players: int
    stage: str = "setup"  # setup, start (mining & trading), roll, move, over
    seat: int = 0  # whose turn it is
    turns: int = 0  # turns begun
    tokens: list[list[str]] = field(default_factory=list)  # seat -> token -> space id
    money: list[int] = field(default_factory=list)
    bank: int = 0
    hands: list[list[str]] = field(default_factory=list)  # uncashed chips, face down
    cashed: list[list[str]] = field(default_factory=list)  # chips turned into money
    mines: dict[str, Mine] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)  # the pile, top first
    anaconda: int | None = None  # who holds the Anaconda Sapphire
    anaconda_cashed: bool = False
    characters: list[str | None] = field(default_factory=list)  # seat -> card
    entered: list[bool] = field(default_factory=list)  # first turn taken
    curse: list[int] = field(default_factory=list)  # one-die turns left
    home_bonus_paid: bool = False
    final_seat: int | None = None  # the Great Blue was cashed by this seat: last round
    dice: list[int] = field(default_factory=list)  # dice still to move this roll
    roll: list[int] = field(default_factory=list)  # the current roll
    moved: list[int] = field(default_factory=list)  # tokens moved by a single die
    overshot: bool = False  # this roll's doubles already took a token past the need
    head_frame: list[int] = field(default_factory=list)  # tokens that came to a head frame
    rerolls: int = 0
    one_die: bool = False  # this turn's rolls use one die (the ladder curse)
    acted: list[str] = field(default_factory=list)  # mines mined this turn
    offers: int = 0
    tunnels: list[int] = field(default_factory=list)  # tokens that landed on a tunnel
    seen: list[dict[str, str]] = field(default_factory=list)  # seat -> mine -> chip peeked at
    pending: list[list[Any]] = field(default_factory=list)  # tasks before play goes on
    setup_left: list[list[str]] = field(default_factory=list)  # [layer, mine] to fill
    first_player: int = 0  # who won the roll for the first turn (Starting Play)
    counts: dict[str, int] = field(default_factory=dict)  # events so far (see events())


class KingsState(State):
    """The position and the bookkeeping every phase shares. It imports no rules: the
    State API's rule-bound half (whose turn, legal actions, playing one) is bound in
    ``rules.KingsOfCopperState``, the class every game hands out."""

    turn_field = "s.turns"  # what ``turn_count`` reads

    def __init__(self, tables: Tables, table: Table):
        self.t = tables
        self.s = table
        # what happened without a choice (bumps, payments, curses …), kept only while a
        # log is written: a referee follows every dollar and chip from it (words.py)
        self.notes: list[str] | None = None

    # --- API ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.s.stage == "over"

    def returns(self) -> list[float]:
        """Final wealth: money; uncashed chips and sapphires are discarded (Winning)."""
        return [float(m) for m in self.s.money]

    def turn_count(self) -> int:
        return self.s.turns

    @property
    def first_player(self) -> int:
        return self.s.first_player

    @first_player.setter
    def first_player(self, seat: int) -> None:
        self.s.first_player = seat

    def events(self) -> dict[str, int]:
        s = self.s
        return {**dict.fromkeys(EVENTS, 0), **s.counts,
                "chips cashed": sum(len(c) for c in s.cashed),
                "claim titles bought": sum(m.owner is not None for m in s.mines.values())}

    def clone(self) -> KingsState:
        return type(self)(self.t, copy_table(self.s))

    def trial(self) -> KingsState:
        """A copy to try one move on (a bot looking ahead), sharing the mines: no move
        changes a mine, since mining waits for the start of a turn and a landing's tasks
        (buying, digging …) wait for their player."""
        return type(self)(self.t, copy_table(self.s, mines=False))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self.s)

    # --- shared bookkeeping -------------------------------------------------------------
    def color(self, seat: int) -> str:
        return self.t.board.colors[seat]

    def note(self, text: str) -> None:
        if self.notes is not None:
            self.notes.append(text)

    def pay(self, seat: int, amount: int, why: str = "") -> int:
        """The seat pays the bank what it can of ``amount``; returns what was paid."""
        paid = min(amount, self.s.money[seat])
        self.s.money[seat] -= paid
        self.s.bank += paid
        self._note_money(self.color(seat), "the bank", paid, amount, why, seat)
        return paid

    def collect(self, seat: int, amount: int, why: str = "") -> int:
        """The bank pays the seat what it can of ``amount`` (ruling: never below $0)."""
        got = min(amount, self.s.bank)
        self.s.bank -= got
        self.s.money[seat] += got
        self._note_money("the bank", self.color(seat), got, amount, why, seat)
        return got

    def transfer(self, payer: int, payee: int, amount: int, why: str = "") -> int:
        paid = min(amount, self.s.money[payer])
        self.s.money[payer] -= paid
        self.s.money[payee] += paid
        self._note_money(self.color(payer), self.color(payee), paid, amount, why, payer, payee)
        return paid

    def _note_money(self, payer: str, payee: str, paid: int, owed: int, why: str,
                    *seats: int) -> None:
        if self.notes is None or owed <= 0:
            return
        short = f" of ${owed} (all {payer} has)" if paid < owed else ""
        purpose = f" for {why}" if why else ""
        purses = ", ".join(f"{self.color(p)} ${self.s.money[p]}" for p in seats)
        self.note(f"$ {payer} pays {payee} ${paid}{short}{purpose} [{purses}; "
                  f"bank ${self.s.bank}]")

    def count(self, event: str) -> None:
        self.s.counts[event] = self.s.counts.get(event, 0) + 1

    def titles(self, seat: int) -> list[str]:
        return [self.t.title_of[m] for m, mine in self.s.mines.items() if mine.owner == seat]

    def all_home(self, seat: int) -> bool:
        places = self.s.tokens[seat]
        return places.count(FINISH) == len(places)

    def occupants(self, space: str) -> Counter[int]:
        """How many tokens of each seat stand on ``space``."""
        return Counter(seat for seat, toks in enumerate(self.s.tokens) for p in toks
                       if p == space)

    def power(self, seat: int, kind: str) -> int:
        """The amount of the seat's Character power of ``kind`` (0 without it)."""
        card = self.s.characters[seat]
        face = self.t.characters.get(card) if card else None
        return face.amount if face is not None and face.power == kind else 0


def new_table(tables: Tables, players: int) -> Table:
    rules = tables.rules
    table = Table(players=players)
    table.tokens = [[START] * rules.tokens_per_player for _ in range(players)]
    table.money = [rules.start_money] * players
    table.bank = tables.money_supply - rules.start_money * players
    table.hands = [[] for _ in range(players)]
    table.cashed = [[] for _ in range(players)]
    table.mines = {m: Mine() for m in tables.mines}
    table.characters = [None] * players
    table.entered = [False] * players
    table.curse = [0] * players
    table.seen = [{} for _ in range(players)]
    table.setup_left = [["first", ""]] + [["blue", m] for m in tables.mines] + [
        ["green", m] for m in tables.mines] + [["event", ""]] * sum(
        tables.event_counts.values())
    return table


def copy_table(table: Table, mines: bool = True) -> Table:
    """A deep copy, by hand: bots clone positions thousands of times a game. The fields
    are copied as one dict, the lists and mines (unless ``mines`` is False: see
    ``KingsState.trial``) in it then replaced by copies."""
    new = Table.__new__(Table)
    copied = new.__dict__
    copied.update(table.__dict__)
    for name in LIST_FIELDS:
        copied[name] = copied[name][:]
    for name in NESTED_FIELDS:
        copied[name] = [x.copy() for x in copied[name]]
    if mines:
        copied["mines"] = {k: Mine(m.owner, m.green, m.blue) for k, m in table.mines.items()}
    copied["counts"] = table.counts.copy()
    return new


LIST_FIELDS = ("money", "events", "characters", "entered", "curse", "dice", "roll", "moved",
               "acted", "tunnels", "head_frame")
NESTED_FIELDS = ("tokens", "hands", "cashed", "pending", "setup_left", "seen")


def table_from_dict(players: int, data: dict[str, Any]) -> Table:
    table = Table(players=players)
    for f in fields(Table):
        if f.name == "mines":
            table.mines = {k: Mine(**v) for k, v in data["mines"].items()}
        elif f.name != "players":
            setattr(table, f.name, copy.deepcopy(data[f.name]))
    return table


__all__ = ["FINISH", "START", "TERMINAL", "KingsState", "Mine", "Table", "new_table",
           "table_from_dict"]
