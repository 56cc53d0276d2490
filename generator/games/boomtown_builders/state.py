"""The position of a Boomtown Builders game: plain data, plus the queries every phase,
bot and picture reads (scores, the Train Marker's preview, where a seat may invest).

It imports no rules: the State API's rule-bound half (whose turn, legal actions, playing
one) is bound in ``rules.BoomtownState``, the class every game hands out.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from generator.engine.api import Action, State
from generator.games.boomtown_builders.tables import Tables
from generator.games.boomtown_builders.town import (
    BUILDING,
    EMPTY,
    HIDEOUT,
    Lot,
    score_town,
    token_column,
    totals,
)

PLAYER_PHASES = ("build", "invest")
NO_LOT = Lot()  # an empty location, never changed: stands in for an untracked row


def build_move(action: Action) -> tuple[str, int, int]:
    """The card and lot (row, column) of a ``("build", card, row, col)`` action."""
    assert isinstance(action, tuple) and action[0] == "build", action
    return str(action[1]), int(action[2]), int(action[3])


def invest_size(action: Action) -> str:
    """The cube size of an ``("invest", size)`` action."""
    assert isinstance(action, tuple) and action[0] == "invest", action
    return str(action[1])


@dataclass
class Board:
    """The plain data of a position (``to_dict`` is its ``asdict``)."""

    players: int
    terrain: bool
    phase: str = "draft"
    lots: list[Lot] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)  # token column of each tracked row
    train: int = 0  # the Train Marker's column, in row len(tokens)
    round: int = 1
    start_seat: int = 0
    seat: int = 0
    turns_in_round: int = 0
    turns: int = 0
    draft: list[str] = field(default_factory=list)
    deck: dict[str, int] = field(default_factory=dict)
    hideout_pool: dict[str, int] = field(default_factory=dict)
    terrain_pool: dict[str, int] = field(default_factory=dict)
    terrain_left: int = 0
    terrain_in_hand: str = ""
    cubes: list[dict[str, int]] = field(default_factory=list)
    pending: int = -1  # the lot whose building awaits its cube
    tokens_due: int = 0  # Track Tokens still to place this end of round


class BoomtownPosition(State):
    """The position and what can be read off it; ``rules.BoomtownState`` binds the rest."""

    # Seat 0 holds the Starting Player Marker in round 1 (it then passes left)
    first_player = 0
    # Nothing hidden: the draft lies face up, and a card drawn, a terrain tile laid or a
    # hideout revealed is a chance node taken when it happens (the piles are counts).
    hidden_information = False
    turn_field = "b.turns"  # what ``turn_count`` reads

    def __init__(self, tables: Tables, board: Board):
        self.tables = tables
        self.b = board
        self._standing: tuple[int, list[float]] | None = None  # tracked rows, standing

    # -- the standard set -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.b.phase == "over"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.b.players
        return [float(p) for p in self.totals()[0]]

    def standing(self) -> list[float]:
        """The points the rows with a Track Token already score (``returns`` is 0 until
        the end, when every row has its token)."""
        b, rows = self.b, len(self.b.tokens)
        if self._standing is None or self._standing[0] != rows:
            # tracked rows never change (a building goes up below the last token), so
            # the standing moves only with a token; a Goldmine below the last tracked
            # row is not seen yet (an empty row stands in for the rest)
            cols = self.tables.columns
            lots = b.lots[:rows * cols] + [NO_LOT] * cols
            points = totals(score_town(self.tables, lots, b.tokens), b.players)[0]
            self._standing = rows, [float(p) for p in points]
        return list(self._standing[1])

    def winners(self) -> list[int]:
        """Most VP; a tie goes to the most cubes on the Scoring Track (End of Game);
        a tie on both is shared."""
        points, cubes = self.totals()
        best = max(zip(points, cubes, strict=True))
        return [s for s in range(self.b.players) if (points[s], cubes[s]) == best]

    def turn_count(self) -> int:
        return self.b.turns

    def events(self) -> dict[str, int]:
        """Read off the final board: what was built, revealed and tracked."""
        lots = self.b.lots
        return {"buildings built": sum(lot.kind == BUILDING for lot in lots),
                "hideouts revealed": sum(lot.kind == HIDEOUT and bool(lot.name) for lot in lots),
                "track tokens placed": len(self.b.tokens)}

    def clone(self) -> BoomtownPosition:
        b = self.b
        copy = replace(b, lots=list(b.lots), tokens=list(b.tokens),  # a lot is replaced, not changed
                       draft=list(b.draft), deck=dict(b.deck),
                       hideout_pool=dict(b.hideout_pool), terrain_pool=dict(b.terrain_pool),
                       cubes=[dict(c) for c in b.cubes])
        return type(self)(self.tables, copy)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self.b)

    # -- reading the position ----------------------------------------------------------
    def player_name(self, seat: int) -> str:
        colors = self.tables.colors
        return colors[seat].name if seat < len(colors) else f"P{seat + 1}"

    def totals(self) -> tuple[list[int], list[int]]:
        return totals(score_town(self.tables, self.b.lots, self.b.tokens), self.b.players)

    def ahead(self) -> int:
        """The column straight ahead of the furthest Track Token (the station's, the
        middle, before the first token)."""
        return self.b.tokens[-1] if self.b.tokens else self.tables.middle

    def preview(self) -> int:
        """Where the Train Marker shows the next token would go (End of Round 2, note)."""
        return token_column(self.tables, self.b.lots, len(self.b.tokens), self.ahead())

    def rows_ahead(self, row: int) -> int:
        """Rows between a location and the furthest Track Token (the station is row 0)."""
        return row + 1 - len(self.b.tokens)

    def cube_choices(self, seat: int, row: int) -> list[str]:
        """Cube sizes ``seat`` may invest ``row`` rows ahead (Invest): 1 row → Single,
        2 → up to Double, 3+ → up to Triple; only sizes they still own."""
        ahead = self.rows_ahead(row)
        return sorted(s.id for s in self.tables.sizes
                      if s.rows_ahead <= ahead and self.b.cubes[seat][s.id] > 0)

    def open_lots(self, seat: int) -> list[tuple[int, int]]:
        """Empty locations in rows without a Track Token where ``seat`` could invest."""
        places = self.tables.places
        return [places[i] for i in self.open_lot_indexes(seat)]

    def open_lot_indexes(self, seat: int) -> list[int]:
        first = self.first_open_row(seat)
        if first is None:
            return []
        lots = self.b.lots
        return [i for i in range(first * self.tables.columns, len(lots))
                if lots[i].kind == EMPTY]

    def first_open_row(self, seat: int) -> int | None:
        """The first row where ``seat`` could invest (None: it owns no cube)."""
        # a row takes a cube when the seat still owns a size needing no more rows ahead
        # than it has (``cube_choices`` not empty), asked once, not once per lot
        cubes = self.b.cubes[seat]
        need = min((s.rows_ahead for s in self.tables.sizes if cubes[s.id] > 0), default=None)
        if need is None:
            return None
        # rows_ahead(row) >= need from this row on (and never a row with a Track Token)
        return len(self.b.tokens) + max(0, need - 1)

    def empty_at(self, row: int, col: int, first_row: int) -> bool:
        """An empty lot at (row, col), in ``first_row`` or below."""
        cols, lots = self.tables.columns, self.b.lots
        i = row * cols + col
        return 0 <= col < cols and first_row * cols <= i < len(lots) and lots[i].kind == EMPTY

    def draw_pool(self, kind: str) -> dict[str, int] | None:
        """The pool a chance draw of ``kind`` takes a card from now (None: no such draw)."""
        b = self.b
        return {("draft", "draw"): b.deck, ("hideout", "reveal"): b.hideout_pool,
                ("terrain", "terrain"): b.terrain_pool}.get((b.phase, kind))
