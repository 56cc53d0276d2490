"""What the rules read from the validated data, in 0-based board indexes.

Built once per game from the model, so the rules code never repeats a number: the
board's size, the cards, the round-track plan per player count, cube sizes and so on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.engine.api import Action
from generator.games.boomtown_builders.model import (
    BoomtownBuildersData,
    BuildingFace,
    Color,
    CubeSize,
    VotingFace,
    for_players,
    player_counts,
)


@dataclass(frozen=True)
class Tables:
    rows: int
    columns: int
    cards: dict[str, BuildingFace]
    hideout_cards: dict[str, VotingFace]
    hideout_spaces: tuple[tuple[int, int], ...]
    printed_votes: dict[tuple[int, int], int]  # signed arrows: -n left, +n right
    tokens_by_round: dict[int, tuple[int, ...]]  # players -> tokens placed after each round
    draft: dict[int, int]
    terrain_placed: dict[int, int]
    terrain_deck: dict[str, int]  # terrain kind -> cards
    terrain_enabled: bool
    middle_mountain_arrow: int  # the printed arrow, used when a Mountain sits mid-row
    goldmine_bonus: int
    sizes: tuple[CubeSize, ...]  # by multiplier, smallest first
    colors: tuple[Color, ...]
    scoring_track: int
    multiplier: dict[str, int]  # cube size id -> x1, x2, x3
    # Built once: each lot index's (row, column), and the actions naming a lot, by index
    # (a turn lists hundreds of builds; terrain is laid on any empty lot).
    places: tuple[tuple[int, int], ...] = ()
    builds: dict[str, tuple[Action, ...]] = field(default_factory=dict)  # card -> by lot
    terrain_at: tuple[Action, ...] = ()
    # Each lot index's orthogonal neighbours on the board, by index (a Goldmine next door).
    neighbours: tuple[tuple[int, ...], ...] = ()
    # Each card's points by distance from the Track Token, one entry per column apart.
    points_apart: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # (card, first column, last column, column) -> (the card's points at that column
    # summed over a token at each column first..last, how many of those score): the
    # greedy bot's guess for a row the track may drift over, looked up, not summed
    span_points: dict[tuple[str, int, int, int], tuple[int, int]] = \
        field(default_factory=dict)

    @property
    def middle(self) -> int:
        return self.columns // 2

    def size(self, size_id: str) -> CubeSize:
        return next(s for s in self.sizes if s.id == size_id)

    def rounds(self, players: int) -> int:
        return len(self.tokens_by_round[players])


def _signed(direction: str, arrows: int) -> int:
    return -arrows if direction == "left" else arrows


def _span_points(points_apart: dict[str, tuple[int, ...]],
                 columns: int) -> dict[tuple[str, int, int, int], tuple[int, int]]:
    spans = {}
    for card, apart in points_apart.items():
        for col in range(columns):
            for first in range(columns):
                total = scoring = 0
                for last in range(first, columns):
                    points = apart[abs(col - last)]
                    total, scoring = total + points, scoring + (points != 0)
                    spans[card, first, last, col] = (total, scoring)
    return spans


def build_tables(data: BoomtownBuildersData) -> Tables:
    board = data.board
    counts = player_counts(data)
    mountains = [f for f in data.terrain_faces() if f.terrain == "mountain"]
    deck: dict[str, int] = {}
    for face in data.terrain_faces():
        deck[face.terrain] = deck.get(face.terrain, 0) + face.count
    places = tuple(divmod(i, board.columns) for i in range(board.rows * board.columns))
    points_apart = {f.id: tuple(map(f.points_at, range(board.columns)))
                    for f in data.building_faces()}
    return Tables(
        rows=board.rows, columns=board.columns,
        cards={f.id: f for f in data.building_faces()},
        hideout_cards={f.id: f for f in data.hideout_faces()},
        hideout_spaces=tuple(sorted(s.index for s in board.hideout_spaces)),
        printed_votes={v.index: _signed(v.direction, v.arrows) for v in board.printed_votes},
        tokens_by_round={p: tuple(board.round_track.known_setup_for(p).tokens_by_round())
                         for p in counts},
        draft={p: for_players(data.buildings.draft, p) or 0 for p in counts},
        terrain_placed={p: for_players(data.terrain.placed, p) or 0 for p in counts},
        terrain_deck=dict(sorted(deck.items())),
        terrain_enabled=data.terrain.enabled,
        middle_mountain_arrow=_signed(mountains[0].arrow or "right", 1) if mountains else 1,
        goldmine_bonus=data.terrain.goldmine_bonus,
        sizes=tuple(sorted(data.investments.sizes, key=lambda s: s.multiplier)),
        colors=tuple(data.investments.colors),
        scoring_track=board.scoring_track.spaces,
        multiplier={s.id: s.multiplier for s in data.investments.sizes},
        places=places,
        builds={f.id: tuple(("build", f.id, r, c) for r, c in places)
                for f in data.building_faces()},
        terrain_at=tuple(("terrain-at", r, c) for r, c in places),
        neighbours=tuple(tuple(r * board.columns + c
                               for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                            (row, col + 1))
                               if 0 <= r < board.rows and 0 <= c < board.columns)
                         for row, col in places),
        points_apart=points_apart,
        span_points=_span_points(points_apart, board.columns),
    )
