"""Bots for Copper Creek. ``greedy`` builds for the buildings it holds and buys what pays.

The heuristics read only the position (no look-ahead): cheap enough for balance runs.
"""

from __future__ import annotations

from bisect import bisect_left

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.copper_creek import market, turn
from generator.games.copper_creek.state import PASS, CreekPosition
from generator.games.copper_creek.tables import GRAY
from generator.games.copper_creek.town import CELL_STEP, Rotation, Town, cell

DOLLARS_PER_POINT = 3.0  # how the bot trades money for points (designed, not a rule)
BUY_THRESHOLD = 0.5  # points of net value a share must promise before the bot buys
OPPONENT_WEIGHT = 0.3  # how much hurting another player's building counts
# A placement farther than this from the town's box touches no door and no walked
# square: its value is exactly 0, so it is never valued one by one.
NEAR = 2
NEVER = 1 << 62  # above every action


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, CreekPosition)
        actions = turn.legal_moves(state)
        if state.phase == "build" and len(actions) > 1:
            return self._build(state, actions)
        if state.phase in ("buy", "round"):
            return self._buy(state)
        return self.rng.choice(actions)

    # -- building: open our doors, connect into our buildings, block the others' -------
    def _build(self, state: CreekPosition, actions: list[int]) -> int:
        """The highest value, the first in order among equals."""
        rotations = state.t.cards[state.drawn].rotations
        near = _near_indices(state.town, rotations, actions)
        far = _first_not_in(near)
        best = (0.0, -far) if far < len(actions) else (float("-inf"), 0)
        if near:
            best = _Look(self, state).best(actions, near, rotations, best)
        return actions[-best[1]]

    def _stake(self, state: CreekPosition, gid: int) -> float:
        """My share of a building's income, less a little for everyone else's."""
        stack = state.stacks[gid]
        if not stack:
            return 0.0
        mine = stack.count(self.seat) / len(stack)
        return mine - OPPONENT_WEIGHT * (1 - mine)

    # -- buying: points as owner plus expected income, against the price ---------------
    def _buy(self, state: CreekPosition) -> int:
        seat = state.current_player()
        best, choice = BUY_THRESHOLD, PASS
        for gid in market.affordable(state, seat):
            value = self._share_value(state, gid, seat)
            if value > best:
                best, choice = value, gid
        return choice

    def _share_value(self, state: CreekPosition, gid: int, seat: int) -> float:
        t = state.t
        b = t.buildings[gid]
        stack = state.stacks[gid]
        elections_left = len(t.elections) - len(state.elections)
        points = b.points * elections_left * (0.3 if stack and stack[-1] == seat else 1.0)
        earning = state.town.open_doors[gid] if b.color != GRAY else 0
        earning += sum(state.town.links.get(gid, {}).values())
        draws = self._draws_left(state, b.color)
        income = earning * draws / (len(stack) + 1)
        return points + (income - market.price(state, gid, seat)) / DOLLARS_PER_POINT

    @staticmethod
    def _draws_left(state: CreekPosition, color: int) -> float:
        """Cards of this colour still to come, discounted for the game ending first (a
        gray building: a colour's share of the pile)."""
        pile = state.gray_pile + state.main_pile
        if color == GRAY or not pile:
            return 0.5 * len(pile) / len(state.t.row_names)
        return 0.6 * sum(color in state.t.cards[c].colors for c in pile)


class _Look:
    """What one build decision reads of the town, gathered once for all its placements."""

    def __init__(self, bot: GreedyBot, state: CreekPosition):
        town = state.town
        self.doors = town.doors
        self.reached = town.reached
        self.stakes = {gid: bot._stake(state, gid) for gid in town.gids}
        # square -> the placed doors facing it, by the direction they lie in from it
        blockers: dict[int, list[tuple[int, int]]] = {}
        for door, gid in town.doors.items():
            c, d = divmod(door, 4)
            blockers.setdefault(c + CELL_STEP[d], []).append(((d + 2) % 4, gid))
        self.blockers = {c: [gid for _, gid in sorted(found)] for c, found in blockers.items()}

    def best(self, actions: list[int], near: list[int], rotations: tuple[Rotation, ...],
             best: tuple[float, int]) -> tuple[float, int]:
        """The best (value, -index) of ``best`` and the near placements'. A placement's
        value: doors of placed buildings the card would block count against (by the
        stake in them); each door of the card counts the stake in the door it meets, or
        0.25 if it opens onto the walk. The floats add in the order they always have."""
        blockers, doors, stakes, reached = (self.blockers.get, self.doors.get, self.stakes,
                                            self.reached)
        # by rotation, the anchors where one of the card's walls stands on a square a
        # placed door faces (a wall square c - o for each such square c): any other
        # placement blocks nothing, without a look at each of its walls
        walled = [{c - o for c in self.blockers for o in rot.walls} for rot in rotations]
        for i in near:
            anchor, r = divmod(actions[i], 4)
            rot = rotations[r]
            value = 0.0
            if anchor in walled[r]:
                blocked = [gid for o in rot.walls for gid in blockers(anchor + o, ())]
                if len(blocked) > 1:  # the squares in the order of the set the sum once used
                    blocked = [gid for c in {anchor + o for o in rot.walls}
                               for gid in blockers(c, ())]
                for gid in blocked:
                    value -= stakes[gid]
            for facing, outside, own in rot.outsides:
                other = doors(4 * anchor + facing)
                if other is not None:
                    value += stakes[other]  # a connection pushes money into it
                elif not own and anchor + outside in reached:
                    value += 0.25  # an open door on a building we may buy
            if (value, -i) > best:
                best = (value, -i)
        return best


def _near_indices(town: Town, rotations: tuple[Rotation, ...], actions: list[int]) -> list[int]:
    """Indexes of the placements whose card overlaps the town's box grown by NEAR (as
    ``Town.near`` says), found column by column by bisection: the list is sorted by
    square, and in a column a rotation's placements are near from one square down."""
    x0, x1, y0, y1 = town.bounds(NEAR, NEAR)
    found: list[int] = []
    for x in range(x0 - max(rot.width for rot in rotations) + 1, x1 + 1):
        first = [4 * cell(x, y0 - rot.height + 1) + r if x + rot.width > x0 else NEVER
                 for r, rot in enumerate(rotations)]
        lo = bisect_left(actions, min(first))
        hi = bisect_left(actions, 4 * cell(x, y1 + 1), lo)
        found += [i for i in range(lo, hi) if actions[i] >= first[actions[i] & 3]]
    return found


def _first_not_in(indexes: list[int]) -> int:
    """The first index missing from the sorted ``indexes``: the first placement valued 0
    without a look (past the end when every placement is near)."""
    for i, index in enumerate(indexes):
        if i != index:
            return i
    return len(indexes)
