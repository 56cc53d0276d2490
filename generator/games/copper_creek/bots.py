"""Bots for Copper Creek. ``greedy`` builds for the buildings it holds and buys what pays.

The heuristics read only the position (no look-ahead): cheap enough for balance runs.
"""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.copper_creek.rules import PASS, CopperCreekState
from generator.games.copper_creek.tables import GRAY
from generator.games.copper_creek.town import CELL_STEP, K, xy

DOLLARS_PER_POINT = 3.0  # how the bot trades money for points (designed, not a rule)
BUY_THRESHOLD = 0.5  # points of net value a share must promise before the bot buys
OPPONENT_WEIGHT = 0.3  # how much hurting another player's building counts


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, CopperCreekState)
        actions = state.legal_moves()
        if state.phase == "build" and len(actions) > 1:
            return self._build(state, actions)
        if state.phase in ("buy", "round"):
            return self._buy(state)
        return self.rng.choice(actions)

    # -- building: open our doors, connect into our buildings, block the others' -------
    def _build(self, state: CopperCreekState, actions: list[int]) -> int:
        reached = state.town.reached
        scored = [(self._placement_value(state, a, reached), -i) for i, a in enumerate(actions)]
        best = max(scored)
        return actions[-best[1]]

    def _stake(self, state: CopperCreekState, gid: int) -> float:
        """My share of a building's income, less a little for everyone else's."""
        stack = state.stacks[gid]
        if not stack:
            return 0.0
        mine = stack.count(self.seat) / len(stack)
        return mine - OPPONENT_WEIGHT * (1 - mine)

    def _placement_value(self, state: CopperCreekState, action: int, reached: set[int]) -> float:
        anchor, r = divmod(action, 4)
        rot = state.t.cards[state.drawn].rotations[r]
        town = state.town
        value = 0.0
        if not town.near(*xy(anchor), rot.width, rot.height, 2):
            return value  # touches no door and no walked square: the reach beyond is empty
        own = {anchor + dx * K + dy for dx, dy, g in rot.squares if g >= 0}
        for c in own:  # doors of placed buildings this card would block
            for d, step in enumerate(CELL_STEP):
                gid = town.doors.get(4 * (c + step) + (d + 2) % 4)
                if gid is not None:
                    value -= self._stake(state, gid)
        for off, _gid in rot.doors:
            door = 4 * anchor + off
            c, d = divmod(door, 4)
            outside = c + CELL_STEP[d]
            other = town.doors.get(4 * outside + (d + 2) % 4)
            if other is not None:
                value += self._stake(state, other)  # a connection pushes money into it
            elif outside in reached and outside not in own:
                value += 0.25  # an open door on a building we may buy
        return value

    # -- buying: points as owner plus expected income, against the price ---------------
    def _buy(self, state: CopperCreekState) -> int:
        seat = state.current_player()
        best, choice = BUY_THRESHOLD, PASS
        for gid in state.affordable(seat):
            value = self._share_value(state, gid, seat)
            if value > best:
                best, choice = value, gid
        return choice

    def _share_value(self, state: CopperCreekState, gid: int, seat: int) -> float:
        t = state.t
        b = t.buildings[gid]
        stack = state.stacks[gid]
        elections_left = len(t.elections) - len(state.elections)
        points = b.points * elections_left * (0.3 if stack and stack[-1] == seat else 1.0)
        earning = state.town.open_doors[gid] if b.color != GRAY else 0
        earning += sum(state.town.links.get(gid, {}).values())
        draws = self._draws_left(state, b.color)
        income = earning * draws / (len(stack) + 1)
        return points + (income - state.price(gid, seat)) / DOLLARS_PER_POINT

    @staticmethod
    def _draws_left(state: CopperCreekState, color: int) -> float:
        """Cards of this colour still to come, discounted for the game ending first."""
        pile = state.gray_pile + state.main_pile
        if color == GRAY or not pile:
            return 0.5 * len(pile) / 6
        return 0.6 * sum(color in state.t.cards[c].colors for c in pile)

