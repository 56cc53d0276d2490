"""Rules checks of boomtown-builders about the board's spaces and the cards' printing."""

from __future__ import annotations

from generator.checks import Registry, Reporter
from generator.checks.rulebook import is_edited, the_changed_one
from generator.data.yamlsrc import Loc
from generator.games.boomtown_builders.model import BoomtownBuildersData as Data
from generator.games.boomtown_builders.model import Spot, VotingFace

PART = Registry("boomtown-builders board")


def _spots(data: Data) -> list[tuple[Loc, Spot]]:
    board = data.board
    spots: list[tuple[Loc, Spot]] = [(("board", "hideout_spaces", i), s)
                                     for i, s in enumerate(board.hideout_spaces)]
    return spots + [(("board", "printed_votes", i), s) for i, s in enumerate(board.printed_votes)]


@PART.check("spaces-on-board", cite="rulebook Setup 6: hideout spaces marked on the Board")
def spaces_on_board(data: Data, report: Reporter) -> None:
    """Hideout spaces and printed arrows are locations of the board, each named once, and
    no arrow is printed under a hideout space (it could never be seen)."""
    board = data.board
    seen: dict[tuple[str, tuple[int, int]], int] = {}
    hideouts = {s.index for s in board.hideout_spaces}
    for loc, spot in _spots(data):
        if spot.row > board.rows:
            report.error(loc + ("row",), f"row {spot.row} is off the board (1..{board.rows})")
        if spot.column > board.columns:
            report.error(loc + ("column",), f"column {spot.column} is off the board "
                         f"(1..{board.columns})")
        key = (str(loc[1]), spot.index)
        if key in seen:
            report.error(loc, f"row {spot.row} column {spot.column} is listed twice")
        seen.setdefault(key, 0)
        if loc[1] == "printed_votes" and spot.index in hideouts:
            report.error(loc, "a vote arrow under a hideout space is never visible")


@PART.check("hideout-spaces", cite="rulebook Setup 6: the remaining cards leave the game")
def hideout_spaces(data: Data, report: Reporter) -> None:
    """The board has at most as many hideout spaces as there are Hideout Cards."""
    cards = sum(p.total() for p in data.hideouts.pieces)
    if len(data.board.hideout_spaces) > cards:
        report.error(("board", "hideout_spaces"), f"{len(data.board.hideout_spaces)} hideout "
                     f"spaces but only {cards} Hideout Cards")


def _voting_faces(data: Data) -> list[tuple[Loc, VotingFace]]:
    return [*data.buildings.located_faces("buildings"), *data.hideouts.located_faces("hideouts")]


@PART.check("votes-one-way", cite="rulebook End of Round 2: + icons go with their side")
def votes_one_way(data: Data, report: Reporter) -> None:
    """A card votes one way only, and a "+" icon sits on a card with arrows (a "+" adds a
    step for the side its card votes with, so it needs a side)."""
    for loc, face in _voting_faces(data):
        if face.left and face.right:
            report.error(loc + ("right",), f"'{face.id}' votes both left and right")
        if face.plus and not (face.left or face.right):
            report.error(loc + ("plus",), f"'{face.id}' has a \"+\" icon but no arrows")


@PART.check("votes-balanced", cite="games.md: balance left and right arrows (designed)")
def votes_balanced(data: Data, report: Reporter) -> None:
    """Over the Building deck, left and right arrows (and their "+" icons) are equal, so
    the tracks do not drift to one side by design (a warning: a custom deck may tilt)."""
    sums = {"left": [0, 0], "right": [0, 0]}
    for face in data.building_faces():
        for side in ("left", "right"):
            if getattr(face, side):
                sums[side][0] += getattr(face, side) * face.count
                sums[side][1] += face.plus * face.count
    if sums["left"] != sums["right"]:
        report.warning(("buildings", "pieces"), f"left arrows and + icons {sums['left']} "
                       f"differ from right ones {sums['right']}")


@PART.check("points-fit", cite="rulebook Scoring: cubes move to the Scoring Track")
def points_fit(data: Data, report: Reporter) -> None:
    """Every score a building can make (with the Goldmine bonus) is a Scoring Track space,
    no table is longer than a row is wide, and every building scores somewhere. A score
    off a track that was shortened is reported once, at the track's ``spaces``."""
    track: Loc = ("board", "scoring_track", "spaces")
    top = data.board.scoring_track.spaces - data.terrain.goldmine_bonus
    off_track: list[int] = []
    for i, piece in enumerate(data.buildings.pieces):
        for j, face in enumerate(piece.faces):
            loc = ("buildings", "pieces", i, "faces", j, "points")
            if len(face.points) > data.board.columns:
                report.error(loc, f"{len(face.points)} distances, but a row has only "
                             f"{data.board.columns} locations")
            for k, vp in enumerate(face.points):
                if 0 <= vp <= top:
                    continue
                if the_changed_one(data, track, loc + (k,)) == track:
                    off_track.append(vp)
                else:
                    report.error(loc + (k,), f"{vp} VP is not on the Scoring Track (0..{top} "
                                 "before the Goldmine bonus)")
            if not any(face.points):
                report.error(loc, f"'{face.id}' scores nothing at any distance")
    if off_track:
        report.error(track, f"{len(off_track)} building scores (up to {max(off_track)} VP) "
                     f"are off a Scoring Track of {data.board.scoring_track.spaces} spaces "
                     f"(0..{top} before the Goldmine bonus)")


@PART.check("mountain-arrows", cite="rulebook Terrain Cards: Mountain")
def mountain_arrows(data: Data, report: Reporter) -> None:
    """Mountains carry an arrow and nothing else does; there are few enough Mountains
    (at most half a row) that following an arrow always finds a location."""
    mountains = 0
    where: Loc = ("terrain", "pieces")  # the count to blame: one the designer changed
    for i, piece in enumerate(data.terrain.pieces):
        for j, face in enumerate(piece.faces):
            loc = ("terrain", "pieces", i, "faces", j)
            if (face.terrain == "mountain") != (face.arrow is not None):
                report.error(loc, f"'{face.id}': Mountains, and only Mountains, have an arrow")
            if face.terrain == "mountain":
                mountains += face.count
                where = loc + ("count",) if is_edited(data, loc) else where
    if mountains > data.board.columns // 2:
        report.error(where, f"{mountains} Mountains could fill a row past the middle; at "
                     f"most {data.board.columns // 2} fit the arrow rule")


@PART.check("board-sections", cite="rulebook Build: a Building Card goes on a location of the Board")
def board_sections(data: Data, report: Reporter) -> None:
    """The board's sections hold every location of the town exactly once, and each
    section is as big as its locations at the Building Card's size, so laid side by side
    they make the whole grid with a card's room at every location."""
    board = data.board
    held: dict[tuple[int, int], Loc] = {}
    for i, piece in enumerate(board.pieces):
        for j, face in enumerate(piece.faces):
            if face.role == "board-section":
                loc = ("board", "pieces", i, "faces", j)
                spots = _section_spots(data, i, j, report)
                twice = [s for s in spots if held.setdefault(s, loc) != loc]
                for where in [*dict.fromkeys(held[s] for s in twice), loc] if twice else []:
                    # on both sections: either may be the one that moved
                    report.error(where, f"row {twice[0][0]} column {twice[0][1]} is on two "
                                 "sections")
    missing = [(r, c) for r in range(1, board.rows + 1) for c in range(1, board.columns + 1)
               if (r, c) not in held]
    if held and missing:
        report.error(("board", "pieces"), f"no section holds row {missing[0][0]} column "
                     f"{missing[0][1]} ({len(missing)} locations missing)")


def _section_spots(data: Data, i: int, j: int, report: Reporter) -> list[tuple[int, int]]:
    """The (row, column) locations one section holds, after checking its span and size."""
    board, piece = data.board, data.board.pieces[i]
    face, loc = piece.faces[j], ("board", "pieces", i, "faces", j)
    if face.rows is None or face.columns is None:
        report.error(loc, f"section '{face.id}' names no rows and columns")
        return []
    (r0, r1), (c0, c1) = face.rows, face.columns
    if not (1 <= r0 <= r1 <= board.rows and 1 <= c0 <= c1 <= board.columns):
        report.error(loc, f"section '{face.id}' reaches off the {board.rows} x "
                     f"{board.columns} town")
        return []
    card_w, card_h = data.buildings.pieces[0].size_mm
    want = ((c1 - c0 + 1) * card_w, (r1 - r0 + 1) * card_h)
    if any(abs(a - b) > 0.05 for a, b in zip(piece.size_mm, want, strict=True)):
        report.error(("board", "pieces", i, "size"), f"section '{face.id}' is "
                     f"{piece.size_mm[0]:g} x {piece.size_mm[1]:g} mm; its locations at the "
                     f"Building Card's size make {want[0]:g} x {want[1]:g} mm")
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
