"""Scoring rounds: where extra dice land, and who controls each neighbourhood.

Rulings (docs/rulings.md): a *block* is a group of one player's hotels joined
square to square, worth the sum of its guests' dice; a *street gang* is a group of campers
joined square to square, worth the sum of their dice. Extra dice walk from the nearest
highest-valued lot of the new tile; equal spots at equal distance are the next player's
choice.
"""

from __future__ import annotations

from generator.games.cold_comfort.city import City
from generator.games.cold_comfort.geometry import Square, walking_distance
from generator.games.cold_comfort.state import Hotel, Verdict

HOTEL, LOT = 0, 1  # "preferring hotels over vacant lots"


def landing_origins(city: City, index: int) -> list[Square]:
    """The highest-valued lots of the new tile: distances are walked from them."""
    lots = city.lots(index)
    top = max(value for _, value in lots)
    return [sq for sq, value in lots if value == top]


def landing_spots(value: int, city: City, hotels: dict[Square, Hotel],
                  campers: dict[Square, int], origins: list[Square]) -> list[tuple[int, int, Square]]:
    """Every spot a die of ``value`` could land on, best first: (kind, distance, square)."""
    spots = [(HOTEL, sq) for sq, h in hotels.items() if h.size == value and not h.guest]
    spots += [(LOT, sq) for sq, lot in city.all_lots()
              if lot == value and sq not in hotels and sq not in campers]
    return sorted((kind, min(walking_distance(sq, o) for o in origins), sq)
                  for kind, sq in spots)


def _groups(side: dict[Square, int]) -> list[list[Square]]:
    """Squares joined square to square on the same side (``side``: square -> whose: one
    comparison of two ints, since the greedy bot scores every position it tries). Only
    what each group holds is read, so the groups come in the order ``side`` lists them."""
    if len(side) < 2:  # nothing to join (most neighbourhoods hold a hotel or two)
        return [[start] for start in side]
    todo = set(side)
    groups = []
    for start in side:
        if start not in todo:
            continue
        todo.discard(start)
        whose = side[start]
        group, stack = [start], [start]
        while stack:
            x, y = stack.pop()  # ``neighbours``, spelled out: the inner loop
            for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if n in todo and side[n] == whose:
                    todo.discard(n)
                    group.append(n)
                    stack.append(n)
        groups.append(group)
    return groups


# Verdicts a memo keeps before it starts again (a game of greedy bots reaches ~20,000).
MEMO_LIMIT = 50_000
VerdictMemo = dict[tuple[object, ...], Verdict]


def score_round(city: City, hotels: dict[Square, Hotel], campers: dict[Square, int],
                points_per_tile: int, points_per_public: int,
                holding: int | None = None, memo: VerdictMemo | None = None) -> list[Verdict]:
    """Every neighbourhood's verdict, in the city's neighbourhood order; ``holding``: only
    those where that seat has a hotel (no other can be theirs; the greedy bot asks).
    ``memo`` remembers each neighbourhood's verdict by all that decides it (its tiles and
    where they lie, the owner and guest of each hotel and the value of each camper on its
    squares): a bot scoring positions that differ in a square or two scores again only
    the neighbourhood a move changed."""
    own = None if holding is None else {sq for sq, h in hotels.items() if h.owner == holding}
    if memo is not None:
        whose = {sq: (h.owner, h.guest) for sq, h in hotels.items()}
    verdicts = []
    for tiles, squares, public, layout in city.scoring_view():
        if own is not None and own.isdisjoint(squares):
            continue
        if memo is None:
            verdicts.append(score_neighbourhood(tiles, squares, public * points_per_public,
                                                hotels, campers, points_per_tile))
            continue
        key = (layout, points_per_tile, public * points_per_public,
               tuple(map(whose.get, squares)), tuple(map(campers.get, squares)))
        verdict = memo.get(key)
        if verdict is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            verdict = memo[key] = score_neighbourhood(tiles, squares, public * points_per_public,
                                                      hotels, campers, points_per_tile)
        verdicts.append(verdict)
    return verdicts


def score_neighbourhood(tiles: list[int], squares: list[Square], public_points: int,
                        hotels: dict[Square, Hotel], campers: dict[Square, int],
                        points_per_tile: int) -> Verdict:
    """Rules: Score. Points = tiles + public squares; the highest block controls; tied
    players split rounding down; a street gang wins only when strictly higher."""
    points = len(tiles) * points_per_tile + public_points
    owners = {sq: hotels[sq].owner for sq in squares if sq in hotels}
    strength: dict[int, int] = {}
    for block in _groups(owners):
        owner = owners[block[0]]
        strength[owner] = max(strength.get(owner, 0), sum(hotels[sq].guest for sq in block))
    camped = [sq for sq in squares if sq in campers]
    gangs = _groups(dict.fromkeys(camped, 0)) if camped else []  # one side
    best_gang = max((sum(campers[sq] for sq in g) for g in gangs), default=0)
    best_block = max(strength.values(), default=0)
    winners: tuple[int, ...] = ()
    if best_block > 0 and best_block >= best_gang:
        winners = tuple(sorted(p for p, s in strength.items() if s == best_block))
    return Verdict(tuple(tiles), points, winners, best_block, best_gang)
