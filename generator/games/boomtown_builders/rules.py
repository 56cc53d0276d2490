"""The reference game of Boomtown Builders (rulebook sections cited inline).

Phases: ``terrain`` / ``terrain-spot`` (advanced setup, chance), ``draft`` (draw a card
into the draft, chance), ``build`` and ``invest`` (a player's turn), ``hideout`` (reveal
a hideout in the row being tracked, chance), ``track`` (place a Track Token: a chance
node with one outcome, so the log shows it), ``over``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.games.boomtown_builders.invariants import broken_invariants
from generator.games.boomtown_builders.model import BoomtownBuildersData
from generator.games.boomtown_builders.tables import Tables, build_tables
from generator.games.boomtown_builders.town import (
    BUILDING,
    EMPTY,
    HIDEOUT,
    TERRAIN,
    Lot,
    score_town,
    token_column,
    totals,
)
from generator.games.boomtown_builders.words import describe_action, describe_position

PLAYER_PHASES = ("build", "invest")


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


class BoomtownState(State):
    # Seat 0 holds the Starting Player Marker in round 1 (it then passes left)
    first_player = 0
    # Nothing hidden: the draft lies face up, and a card drawn, a terrain tile laid or a
    # hideout revealed is a chance node taken when it happens (the piles are counts).
    hidden_information = False

    def __init__(self, tables: Tables, board: Board):
        self.tables = tables
        self.b = board

    # -- the standard set -------------------------------------------------------------
    def current_player(self) -> int:
        if self.b.phase == "over":
            return TERMINAL
        return self.b.seat if self.b.phase in PLAYER_PHASES else CHANCE

    def legal_actions(self) -> list[Action]:
        phase = self.b.phase
        if phase == "over":
            return []
        if phase in PLAYER_PHASES:
            return self._build_actions() if phase == "build" else self._invest_actions()
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        b = self.b
        if b.phase == "terrain":
            return _weighted("terrain", b.terrain_pool)
        if b.phase == "terrain-spot":
            spots = [i for i, lot in enumerate(b.lots) if lot.kind == EMPTY]
            at, p = self.tables.terrain_at, 1.0 / len(spots)
            return [(at[i], p) for i in spots]
        if b.phase == "draft":
            return _weighted("draw", b.deck)
        if b.phase == "hideout":
            return _weighted("reveal", b.hideout_pool)
        if b.phase == "track":
            return [(("track", len(b.tokens), self.preview()), 1.0)]
        return []

    def apply_action(self, action: Action) -> None:
        if not self._allows(action):
            raise ValueError(f"{action!r} is not legal now ({self.b.phase})")
        assert isinstance(action, tuple)
        kind = action[0]
        if kind == "build":
            self._build(*build_move(action))
        elif kind == "invest":
            self._invest(invest_size(action))
        elif kind == "pass":
            self._end_turn()
        else:
            self._apply_chance(action)

    def is_terminal(self) -> bool:
        return self.b.phase == "over"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.b.players
        return [float(p) for p in self.totals()[0]]

    def standing(self) -> list[float]:
        """The points the rows with a Track Token already score (``returns`` is 0 until
        the end, when every row has its token)."""
        b, tracked = self.b, len(self.b.tokens) * self.tables.columns
        lots = [lot if i < tracked else Lot() for i, lot in enumerate(b.lots)]
        return [float(p) for p in totals(score_town(self.tables, lots, b.tokens),
                                         b.players)[0]]

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

    def clone(self) -> BoomtownState:
        b = self.b
        copy = replace(b, lots=[replace(lot) for lot in b.lots], tokens=list(b.tokens),
                       draft=list(b.draft), deck=dict(b.deck),
                       hideout_pool=dict(b.hideout_pool), terrain_pool=dict(b.terrain_pool),
                       cubes=[dict(c) for c in b.cubes])
        return BoomtownState(self.tables, copy)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self.b)

    def _allows(self, action: Action) -> bool:
        """``action in self.legal_actions()``, the common actions checked on their own:
        a turn offers hundreds of (card, lot) builds, a draw lists the whole deck."""
        b = self.b
        if type(action) is not tuple or not action:
            return action in self.legal_actions()
        kind, shape = action[0], tuple(map(type, action))
        if b.phase == "build" and kind == "build" and shape == (str, str, int, int):
            first = self._first_open_row(b.seat)
            return first is not None and action[1] in b.draft \
                and self._empty(action[2], action[3], first)
        if b.phase == "terrain-spot" and kind == "terrain-at" and shape == (str, int, int):
            return self._empty(action[1], action[2], 0)
        pool = self._draw_pool(kind)
        if pool is not None and shape == (str, str):
            return bool(pool.get(action[1]))
        return action in self.legal_actions()

    def _empty(self, row: int, col: int, first_row: int) -> bool:
        """An empty lot at (row, col), in ``first_row`` or below."""
        cols, lots = self.tables.columns, self.b.lots
        i = row * cols + col
        return 0 <= col < cols and first_row * cols <= i < len(lots) and lots[i].kind == EMPTY

    def _draw_pool(self, kind: str) -> dict[str, int] | None:
        """The pool a chance draw of ``kind`` takes a card from now (None: no such draw)."""
        b = self.b
        return {("draft", "draw"): b.deck, ("hideout", "reveal"): b.hideout_pool,
                ("terrain", "terrain"): b.terrain_pool}.get((b.phase, kind))

    # -- reading the position ----------------------------------------------------------
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
        return [places[i] for i in self._open_lot_indexes(seat)]

    def _open_lot_indexes(self, seat: int) -> list[int]:
        first = self._first_open_row(seat)
        if first is None:
            return []
        lots = self.b.lots
        return [i for i in range(first * self.tables.columns, len(lots))
                if lots[i].kind == EMPTY]

    def _first_open_row(self, seat: int) -> int | None:
        """The first row where ``seat`` could invest (None: it owns no cube)."""
        # a row takes a cube when the seat still owns a size needing no more rows ahead
        # than it has (``cube_choices`` not empty), asked once, not once per lot
        cubes = self.b.cubes[seat]
        need = min((s.rows_ahead for s in self.tables.sizes if cubes[s.id] > 0), default=None)
        if need is None:
            return None
        # rows_ahead(row) >= need from this row on (and never a row with a Track Token)
        return len(self.b.tokens) + max(0, need - 1)

    # -- a player's turn (Round Sequence) ---------------------------------------------
    def _build_actions(self) -> list[Action]:
        spots = self._open_lot_indexes(self.b.seat)
        if not spots:
            return [("pass",)]  # ruling: no legal building spot, the turn passes
        builds = self.tables.builds
        return [builds[card][i] for card in sorted(set(self.b.draft)) for i in spots]

    def _invest_actions(self) -> list[Action]:
        row = self.b.pending // self.tables.columns
        return [("invest", size) for size in self.cube_choices(self.b.seat, row)]

    def _build(self, card: str, row: int, col: int) -> None:
        b = self.b
        b.draft.remove(card)
        b.pending = row * self.tables.columns + col
        b.lots[b.pending] = Lot(BUILDING, card, b.seat, "", len(b.tokens))
        b.train = self.preview()  # the Train Marker follows every new building
        b.phase = "invest"

    def _invest(self, size: str) -> None:
        b = self.b
        b.cubes[b.seat][size] -= 1
        b.lots[b.pending].size = size
        b.pending = -1
        self._end_turn()

    def _end_turn(self) -> None:
        b = self.b
        b.turns += 1
        b.turns_in_round += 1
        if b.turns_in_round < b.players:
            b.seat = (b.seat + 1) % b.players
            b.phase = "build"
            return
        # End of Round 1: the Round Marker moves on and brings its token(s)
        b.tokens_due = self.tables.tokens_by_round[b.players][b.round - 1]
        self._next_token()

    # -- end of round (End of Round 2-4) -------------------------------------------------
    def _next_token(self) -> None:
        """Reveal the row's hideouts one by one, then place the token."""
        row = len(self.b.tokens)
        cols = self.tables.columns
        hidden = any(lot.kind == HIDEOUT and not lot.name
                     for lot in self.b.lots[row * cols:(row + 1) * cols])
        self.b.phase = "hideout" if hidden else "track"

    def _place_token(self, col: int) -> None:
        b = self.b
        b.tokens.append(col)
        b.tokens_due -= 1
        if len(b.tokens) < self.tables.rows:
            b.train = self.preview()  # the Train Marker moves on to the next row
        if b.tokens_due:
            self._next_token()  # the final round places several tokens
        elif len(b.tokens) == self.tables.rows:
            b.phase = "over"  # End of Game: the last Track Token is placed
        else:
            self._next_round()

    def _next_round(self) -> None:
        b = self.b
        b.start_seat = (b.start_seat + 1) % b.players  # 3) pass the Starting Player Marker
        b.seat, b.turns_in_round, b.round = b.start_seat, 0, b.round + 1
        b.phase = "draft"
        self._draft_full()  # 4) refill the draft

    def _draft_full(self) -> None:
        if len(self.b.draft) >= self.tables.draft[self.b.players] or not sum(self.b.deck.values()):
            self.b.phase = "build"

    # -- chance ------------------------------------------------------------------------
    def _apply_chance(self, action: tuple[Any, ...]) -> None:
        b = self.b
        kind = action[0]
        if kind == "terrain":
            b.terrain_pool[action[1]] -= 1
            b.terrain_in_hand, b.phase = action[1], "terrain-spot"
        elif kind == "terrain-at":
            b.lots[action[1] * self.tables.columns + action[2]] = Lot(TERRAIN, b.terrain_in_hand)
            b.terrain_left, b.terrain_in_hand = b.terrain_left - 1, ""
            b.phase = "terrain" if b.terrain_left else "draft"
        elif kind == "draw":
            b.deck[action[1]] -= 1
            b.draft = sorted(b.draft + [action[1]])
            self._draft_full()
        elif kind == "reveal":
            self._reveal(str(action[1]))
        else:
            self._place_token(int(action[2]))

    def _reveal(self, hideout: str) -> None:
        b = self.b
        row = len(b.tokens)
        cols = self.tables.columns
        first = next(i for i in range(row * cols, (row + 1) * cols)
                     if b.lots[i].kind == HIDEOUT and not b.lots[i].name)
        b.hideout_pool[hideout] -= 1
        b.lots[first].name = hideout
        self._next_token()

    # -- words ---------------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return describe_action(self, action)

    def describe(self) -> str:
        return describe_position(self)

    def invariants(self) -> list[str]:
        return broken_invariants(self)


def _weighted(kind: str, pool: dict[str, int]) -> list[tuple[Action, float]]:
    total = sum(pool.values())
    return [((kind, name), n / total) for name, n in sorted(pool.items()) if n]


class BoomtownGame(Game):
    id = "boomtown-builders"

    def __init__(self, data: BoomtownBuildersData, *, terrain: bool | None = None):
        self.data = data
        self.tables = build_tables(data)
        self.terrain = self.tables.terrain_enabled if terrain is None else terrain
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max

    def new_initial_state(self, players: int) -> BoomtownState:
        """Setup 1-9: hideouts face down on their spaces, cubes to each player, the deck
        shuffled (draws are chance), terrain first in the advanced game."""
        t = self.tables
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Boomtown Builders is for {self.min_players}-{self.max_players} "
                             f"players, not {players}")
        lots = [Lot() for _ in range(t.rows * t.columns)]
        for r, c in t.hideout_spaces:
            lots[r * t.columns + c] = Lot(HIDEOUT)
        terrain = t.terrain_placed[players] if self.terrain else 0
        board = Board(
            players=players, terrain=self.terrain, phase="terrain" if terrain else "draft",
            lots=lots, train=t.middle, terrain_left=terrain,
            deck={card_id: face.count for card_id, face in sorted(t.cards.items())},
            hideout_pool={h: face.count for h, face in sorted(t.hideout_cards.items())},
            terrain_pool=dict(t.terrain_deck) if terrain else {},
            cubes=[{s.id: s.per_player for s in t.sizes} for _ in range(players)],
        )
        return BoomtownState(t, board)

    def state_from_dict(self, data: dict[str, Any]) -> BoomtownState:
        fields = dict(data)
        fields["lots"] = [Lot(**lot) for lot in data["lots"]]
        return BoomtownState(self.tables, Board(**fields))

    def max_game_length(self, players: int) -> int:
        t = self.tables
        rounds = t.rounds(players)
        return (2 * t.terrain_placed[players] + len(t.hideout_spaces) + t.draft[players]
                + rounds * 3 * players + t.rows)

