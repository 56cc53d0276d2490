"""The town on the board: its lots, the vote that places a Track Token, and scoring.

Pure functions of the lots and the tokens, shared by the rules, the bots and the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.boomtown_builders.model import VotingFace
from generator.games.boomtown_builders.tables import Tables

EMPTY, BUILDING, TERRAIN, HIDEOUT = "", "building", "terrain", "hideout"


@dataclass
class Lot:
    """One location. ``name`` is the card (building or hideout id, "" while a hideout is
    face down) or the terrain kind; ``owner``/``size`` the cube invested in a building;
    ``tracked`` how many rows had tokens when the building went up. Never changed in
    place once on the board (a change puts a new one there): copies of a position share
    their lots."""

    kind: str = EMPTY
    name: str = ""
    owner: int = -1
    size: str = ""
    tracked: int = 0


@dataclass(frozen=True)
class Vote:
    left: int
    right: int
    left_plus: int
    right_plus: int

    @property
    def steps(self) -> int:
        """Signed steps from straight ahead (End of Round 2): the winning side moves one
        step, plus one more for each "+" icon on that side's cards; a tie moves none."""
        if self.left > self.right:
            return -(1 + self.left_plus)
        if self.right > self.left:
            return 1 + self.right_plus
        return 0


def lot_votes(tables: Tables, lots: list[Lot], row: int, col: int) -> tuple[int, int]:
    """(signed arrows, "+" icons) visible on one location: a building's or revealed
    hideout's card, or the arrows printed on the board while the location is empty."""
    lot = lots[row * tables.columns + col]
    if lot.kind == EMPTY:
        return tables.printed_votes.get((row, col), 0), 0
    card: VotingFace
    if lot.kind == BUILDING:
        card = tables.cards[lot.name]
    elif lot.kind == HIDEOUT and lot.name:
        card = tables.hideout_cards[lot.name]
    else:
        return 0, 0
    return card.right - card.left, card.plus


def count_votes(tables: Tables, lots: list[Lot], row: int) -> Vote:
    """The row's vote."""
    return tally_votes(row_votes(tables, lots, row))


def row_votes(tables: Tables, lots: list[Lot], row: int) -> list[tuple[int, int]]:
    """Every location's (arrows, plus) of the row, column by column."""
    return [lot_votes(tables, lots, row, c) for c in range(tables.columns)]


def tally_votes(seen: list[tuple[int, int]]) -> Vote:
    """The vote of these (arrows, plus) pairs."""
    tally = [0, 0, 0, 0]
    for arrows, plus in seen:
        if arrows < 0:
            tally[0] -= arrows
            tally[2] += plus
        elif arrows > 0:
            tally[1] += arrows
            tally[3] += plus
    return Vote(*tally)


def mountain_arrow(tables: Tables, col: int) -> int:
    """Mountains are laid with the arrow toward the middle of the row, never off the
    edge (Terrain Cards: Mountain); in the middle the printed arrow stands."""
    if col == tables.middle:
        return tables.middle_mountain_arrow
    return 1 if col < tables.middle else -1


def is_mountain(tables: Tables, lots: list[Lot], row: int, col: int) -> bool:
    lot = lots[row * tables.columns + col]
    return lot.kind == TERRAIN and lot.name == "mountain"


def token_column(tables: Tables, lots: list[Lot], row: int, ahead: int,
                 vote: Vote | None = None) -> int:
    """Where the row's Track Token goes: ``ahead`` (the column of the previous token)
    moved by the vote, stopped at the board's edge, then past any Mountain along its
    arrow to the next location that is not a Mountain."""
    vote = vote or count_votes(tables, lots, row)
    col = min(max(ahead + vote.steps, 0), tables.columns - 1)
    if is_mountain(tables, lots, row, col):
        step = mountain_arrow(tables, col)
        while is_mountain(tables, lots, row, col):  # the mountain-arrows check bounds this
            col += step
    return col


def goldmine_next_door(tables: Tables, lots: list[Lot], row: int, col: int) -> bool:
    """A Goldmine on an orthogonally adjacent location (the bonus counts once)."""
    for i in tables.neighbours[row * tables.columns + col]:
        lot = lots[i]
        if lot.kind == TERRAIN and lot.name == "goldmine":
            return True
    return False


@dataclass(frozen=True)
class Scored:
    """One invested building at the end: the Scoring Track space its cube moves to
    (0: the cube goes home) and the cube's multiplier."""

    row: int
    col: int
    owner: int
    space: int
    multiplier: int

    @property
    def points(self) -> int:
        return self.space * self.multiplier


def score_town(tables: Tables, lots: list[Lot], tokens: list[int]) -> list[Scored]:
    """End of Game, Scoring: each invested building by its distance from the Track Token
    in its own row, +goldmine bonus once if it scores at all, times its cube."""
    out = []
    for i, lot in enumerate(lots):
        if lot.kind != BUILDING or not lot.size:
            continue
        row, col = divmod(i, tables.columns)
        space = tables.cards[lot.name].points_at(abs(col - tokens[row]))
        if space and goldmine_next_door(tables, lots, row, col):
            space += tables.goldmine_bonus
        out.append(Scored(row, col, lot.owner, space, tables.multiplier[lot.size]))
    return out


def totals(scored: list[Scored], players: int) -> tuple[list[int], list[int]]:
    """Each player's VP and their count of cubes on the Scoring Track (the tie-break)."""
    points, cubes = [0] * players, [0] * players
    for s in scored:
        if s.space:
            points[s.owner] += s.points
            cubes[s.owner] += 1
    return points, cubes
