"""Board-graph checks of kings-of-copper: the board is a graph in the data, and its meaning
(ways back to the track, safe squares, passages, event squares) is the rulebook's."""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.games.kings_of_copper.board import Board
from generator.games.kings_of_copper.model import KingsOfCopperData

PART = Registry("kings-of-copper board")

COLORED = ("start", "first", "safety", "rung", "finish")
IN_DISTRICT = ("entrance", "octagon", "mine")
ONE_PER_COLOR = ("start", "first", "safety", "finish")


def _graph_ok(data: KingsOfCopperData) -> bool:
    """The graph checks below need sound references; board-references reports the rest."""
    ids = {s.id for s in data.board.spaces}
    colors = {c.id for c in data.board.colors}
    return all(n in ids for s in data.board.spaces for n in s.next) and all(
        sum(1 for s in data.board.spaces if s.kind == k and s.color == c) == 1
        for c in colors for k in ONE_PER_COLOR) and all(
        m in ids for p in data.board.passages for m in p.mines)


@PART.check("board-references", cite="issue 7: the board is a graph in the data")
def board_references(data: KingsOfCopperData, report: Reporter) -> None:
    """Space ids are unique; every neighbour, colour, district and passage names something
    on the board; coloured and district spaces say whose they are."""
    b = data.board
    ids = Counter(s.id for s in b.spaces)
    colors, districts = {c.id for c in b.colors}, {d.id for d in b.districts}
    for k, space in enumerate(b.spaces):
        loc = ("board", "spaces", k)
        if ids[space.id] > 1:
            report.error(loc + ("id",), f"space id '{space.id}' is used twice")
        for j, nxt in enumerate(space.next):
            if nxt not in ids:
                report.error(loc + ("next", j), f"'{nxt}' is not a space of the board")
        if (space.kind in COLORED) != (space.color in colors):
            report.error(loc + ("kind",), f"a {space.kind} space "
                         f"{'needs a colour of the board' if space.kind in COLORED else 'has no colour'}")
        if (space.kind in IN_DISTRICT) != (space.district in districts):
            report.error(loc + ("kind",), f"a {space.kind} space "
                         f"{'needs a district of the board' if space.kind in IN_DISTRICT else 'belongs to no district'}")
    for k, passage in enumerate(b.passages):
        for j, mine in enumerate(passage.mines):
            if mine not in ids or b.spaces[_index(data, mine)].kind != "mine":
                report.error(("board", "passages", k, "mines", j), f"'{mine}' is not a mine")
        if passage.under_ladder not in colors:
            report.error(("board", "passages", k, "under_ladder"),
                         f"'{passage.under_ladder}' is not a colour of the board")


def _index(data: KingsOfCopperData, space_id: str) -> int:
    return next(i for i, s in enumerate(data.board.spaces) if s.id == space_id)


@PART.check("color-spaces", cite="rulebook, Setup and Ladders & Finish")
def color_spaces(data: KingsOfCopperData, report: Reporter) -> None:
    """Every colour has exactly one Start, First Square, Square of Safety and Finish."""
    for i, color in enumerate(data.board.colors):
        for kind in ONE_PER_COLOR:
            n = sum(1 for s in data.board.spaces if s.kind == kind and s.color == color.id)
            if n != 1:
                report.error(("board", "colors", i), f"{color.id} has {n} {kind} spaces; "
                             "it needs exactly one")


@PART.check("board-reachable", cite="rulebook, Movement")
def board_reachable(data: KingsOfCopperData, report: Reporter) -> None:
    """Every space can be reached from some colour's Start."""
    if not _graph_ok(data):
        return
    board = Board.from_data(data)
    seen: set[str] = set()
    for color in board.colors:
        seen |= board.reachable(board.start(color))
    for k, space in enumerate(data.board.spaces):
        if space.id not in seen:
            report.error(("board", "spaces", k), f"space '{space.id}' cannot be reached "
                         "from any Start")


@PART.check("route-to-finish", cite="rulebook, Movement and Ladders & Finish")
def route_to_finish(data: KingsOfCopperData, report: Reporter) -> None:
    """From its First Square every colour's token can go round to its own Square of
    Safety, up its ladder (at least one rung) and into its Finish."""
    if not _graph_ok(data):
        return
    board = Board.from_data(data)
    for i, color in enumerate(board.colors):
        if board.route_length(color) is None:
            report.error(("board", "colors", i), f"a {color} token cannot reach its Finish "
                         f"from its First Square")
            continue
        safety = board.of_kind("safety", color)[0]
        if not any(board.spaces[n].kind == "rung" for n in board.forward(safety, color, True)):
            report.error(("board", "spaces", _index(data, safety)), f"{color}'s Square of "
                         "Safety does not lead onto its ladder")


@PART.check("tunnels-have-exits", cite="rulebook, Tunnels")
def tunnels_have_exits(data: KingsOfCopperData, report: Reporter) -> None:
    """A board with tunnels has tunnel exits to travel to."""
    kinds = Counter(s.kind for s in data.board.spaces)
    if kinds["tunnel"] and not kinds["tunnel-exit"]:
        first = next(k for k, s in enumerate(data.board.spaces) if s.kind == "tunnel")
        report.error(("board", "spaces", first), "tunnels but no tunnel exit on the board")


@PART.check("district-entrances", cite="rulebook, Mining (enter at the head frame)")
def district_entrances(data: KingsOfCopperData, report: Reporter) -> None:
    """Each district has one entrance on the track, whose next spaces lead into it."""
    for i, district in enumerate(data.board.districts):
        doors = [s for s in data.board.spaces if s.kind == "entrance"
                 and s.district == district.id]
        if len(doors) != 1:
            report.error(("board", "districts", i), f"district '{district.id}' has "
                         f"{len(doors)} entrances; it needs one")
            continue
        inside = {s.id for s in data.board.spaces if s.kind in ("octagon", "mine")
                  and s.district == district.id}
        if not inside.intersection(doors[0].next):
            report.error(("board", "spaces", _index(data, doors[0].id), "next"),
                         f"entrance '{doors[0].id}' does not lead into '{district.id}'")


@PART.check("passage-ladders", cite="rulebook, Mining (passages under the ladders)")
def passage_ladders(data: KingsOfCopperData, report: Reporter) -> None:
    """A passage joins mines of two different districts."""
    district = {s.id: s.district for s in data.board.spaces}
    for k, passage in enumerate(data.board.passages):
        a, b = (district.get(m) for m in passage.mines)
        if a is not None and a == b:
            report.error(("board", "passages", k, "mines"), f"passage '{passage.id}' "
                         f"stays inside '{a}'; passages join two districts")


@PART.check("board-legend", cite="rulebook, The Board (lost: the player aid explains it)")
def board_legend(data: KingsOfCopperData, report: Reporter) -> None:
    """Each colour has its player aid, and the aid's legend explains every kind of space
    the board uses but plain track."""
    aid = data.player_aid
    colors = {c.id for c in data.board.colors}
    have = Counter(face.color for p in aid.pieces for face, _ in p.copies())
    for i, color in enumerate(data.board.colors):
        if have[color.id] != 1:
            report.error(("board", "colors", i), f"{have[color.id]} player aids in "
                         f"{color.id}; each player needs one")
    for loc, face in aid.located_faces("player_aid"):
        if face.color not in colors:
            report.error(loc + ("color",), f"'{face.color}' is not a colour of the board")
    explained = {entry.kind for entry in aid.legend}
    for kind in sorted({s.kind for s in data.board.spaces} - explained - {"track"}):
        report.error(("player_aid", "legend"), f"the legend does not explain '{kind}' spaces")


def _track_walk(data: KingsOfCopperData, start: str, stop: str) -> list[str] | None:
    """The track spaces from ``start`` forward to ``stop`` (never into a district, onto a
    ladder or from a Start), or None when the track does not lead there."""
    spaces = {s.id: s for s in data.board.spaces}
    path, here = [start], start
    while here != stop and len(path) <= len(spaces):
        ahead = [n for n in spaces[here].next if n in spaces
                 and spaces[n].kind not in IN_DISTRICT[1:] + ("rung", "finish")]
        if not ahead:
            return None
        here = ahead[0]
        path.append(here)
    return path if here == stop else None


@PART.check("district-exits", cite="rulebook, Mining (tokens walk a district and leave it)")
def district_exits(data: KingsOfCopperData, report: Reporter) -> None:
    """Walking in from its head frame, a token can walk a district forward back onto the
    track; when it cannot, the error sits at the farthest space it reaches.

    Passing: ``walkerville-o5`` leads on to ``t06``. Failing: ``next: [walkerville-m4]``
    on ``walkerville-o5`` (a district a token can enter but never leave)."""
    spaces = {s.id: s for s in data.board.spaces}
    for door in (s for s in data.board.spaces if s.kind == "entrance"):
        order = [n for n in door.next if n in spaces and spaces[n].kind in IN_DISTRICT[1:]]
        for here in order:  # breadth first: the list grows as it is read
            order += [n for n in spaces[here].next if n in spaces and n not in order]
        if order and all(spaces[n].kind in IN_DISTRICT[1:] for n in order):
            last = next(k for k, s in enumerate(data.board.spaces) if s.id == order[-1])
            report.error(("board", "spaces", last, "next"), f"no way leads out of "
                         f"'{door.district}' back to the track (a token walking in from "
                         f"'{door.id}' ends at '{order[-1]}')")


@PART.check("passage-under-ladder", cite="rulebook, Mining (the dotted lines under ladders "
              "are passages between districts)")
def passage_under_ladder(data: KingsOfCopperData, report: Reporter) -> None:
    """A passage lies under the ladder that stands between its two districts: the ladder of
    the Square of Safety the track passes going from one district to the other.

    Passing: ``walkerville-centerville`` under ``blue`` (blue's safety t09 lies between).
    Failing: ``under_ladder: red`` on it."""
    if not _graph_ok(data):
        return
    spaces = {s.id: s for s in data.board.spaces}
    entrance = {s.district: s.id for s in data.board.spaces if s.kind == "entrance"}
    for k, passage in enumerate(data.board.passages):
        a, b = (spaces[m].district for m in passage.mines)
        if a == b or a not in entrance or b not in entrance:
            continue  # passage-ladders and district-entrances report those
        walks = [w for w in (_track_walk(data, entrance[a], entrance[b]),
                             _track_walk(data, entrance[b], entrance[a])) if w is not None]
        if not walks:
            continue
        between = [spaces[n].color for n in min(walks, key=len) if spaces[n].kind == "safety"]
        if between != [passage.under_ladder]:
            report.error(("board", "passages", k, "under_ladder"), f"the ladder between "
                         f"'{a}' and '{b}' is {' and '.join(map(str, between)) or 'none'}'s, "
                         f"not {passage.under_ladder}'s")


@PART.check("event-squares", cite="rulebook, Movement (Event Card: draw the top card)")
def event_squares(data: KingsOfCopperData, report: Reporter) -> None:
    """A deck with Event cards has event squares on the board to draw them.

    Failing: every ``kind: event`` space made ``kind: track``."""
    cards = sum(p.total() for p in data.events.pieces)
    if cards and not any(s.kind == "event" for s in data.board.spaces):
        report.error(("board", "spaces"), f"{cards} Event cards but no event square on the "
                     "board to draw them")
