"""The general bot: Monte-Carlo search over the State API, seeded and deterministic."""

from __future__ import annotations

import pickle

from generator.engine.api import Action, State
from generator.engine.bots import RandomBot
from generator.engine.mcts import MctsBot, _surely_better, mcts_factory
from generator.engine.playout import play
from generator.engine.simulate import bot_named, run

from .toy.bots import Keeper
from .toy.rules import ToyGame, ToyState
from .toy.state import GIVE, KEEP


def test_names_and_budgets() -> None:
    assert mcts_factory("mcts") is not None and mcts_factory("mcts:400") is not None
    for bad in ("mcts:0", "mcts:x", "mcts:-4", "mcts:100001", "mctsx", "greedy"):
        assert mcts_factory(bad) is None, bad
    bot = mcts_factory("mcts:7")(1, "s")  # type: ignore[misc]
    assert isinstance(bot, MctsBot) and bot.playouts == 7 and bot.seat == 1
    pickle.dumps(mcts_factory("mcts:7"))  # travels to worker processes


def test_it_finds_the_winning_move_of_a_position() -> None:
    # seat 0 has 7 points and a 3 to place: keeping it wins at once
    state = ToyState([7, 8], seat=0, roll=3)
    assert MctsBot(0, "s", playouts=20).step(state) == KEEP


def test_same_seed_same_game() -> None:
    bots = [("mcts:10", mcts_factory("mcts:10")), ("random", RandomBot)]
    first = play(ToyGame(), 2, bots, "x")  # type: ignore[list-item]
    assert first.actions == play(ToyGame(), 2, bots, "x").actions  # type: ignore[arg-type]


def test_it_beats_random_in_the_toy_game() -> None:
    factory = mcts_factory("mcts:12")
    assert factory is not None
    summary = run(ToyGame(), 2, 40, 3, [("mcts:12", factory), ("random", RandomBot)],
                  rotate=True)
    assert summary["lineup"][0]["wins"] >= 30, summary["lineup"]


class Giver(Keeper):
    """Always gives the roll away: the losing strategy of the toy game."""

    name = "giver"

    def step(self, state: State) -> Action:
        return GIVE


def test_a_rollout_bot_is_named_after_the_budget() -> None:
    bots = {"keeper": Keeper}
    factory = mcts_factory("mcts:8:keeper", bots)
    assert factory is not None
    bot = factory(0, "s")
    assert isinstance(bot, MctsBot) and bot.rollout is Keeper and bot.playouts == 8
    assert mcts_factory("mcts:8:nobody", bots) is None
    assert mcts_factory("mcts:8:keeper") is None  # no game, no bots of its own
    assert bot_named(bots, "mcts:8:keeper") is not None
    pickle.dumps(factory)


def test_a_playout_is_the_same_for_the_same_seed() -> None:
    # common random numbers: candidates compared on the same seed meet the same dice
    bot = MctsBot(0, "s", playouts=4)
    state = ToyState([2, 3], seat=0, roll=2)
    assert bot._playout(state, KEEP, 99) == bot._playout(state, KEEP, 99)
    results = {bot._playout(state, KEEP, seed) for seed in range(30)}
    assert len(results) > 1  # and different seeds are different games


def test_it_leaves_the_rollout_bots_choice_for_a_clearly_better_one() -> None:
    # giving the 3 away hands seat 1 the game; keeping it wins at once
    state = ToyState([7, 8], seat=0, roll=3)
    assert Giver(0, "s").step(state) == GIVE
    assert MctsBot(0, "s", playouts=16, rollout=Giver).step(state) == KEEP


def test_it_keeps_the_rollout_bots_choice_unless_surely_beaten() -> None:
    # candidate 1 did better on average, but within the noise of the paired playouts
    noisy = [[(1.0, 5.0), (0.0, 1.0), (1.0, 6.0), (0.0, 2.0)],
             [(0.0, 2.0), (1.0, 6.0), (1.0, 5.0), (1.0, 6.0)]]
    assert not _surely_better(1, 0, noisy)
    # the same playouts, but candidate 1 won each one candidate 0 lost
    clear = [[(0.0, 1.0), (0.0, 2.0), (0.0, 1.0), (0.0, 2.0)],
             [(1.0, 5.0), (1.0, 6.0), (1.0, 5.0), (1.0, 6.0)]]
    assert _surely_better(1, 0, clear)
    assert not _surely_better(0, 1, clear)


class Stuck(ToyState):
    """A broken toy: from 6 points the die has no faces (a chance node with no outcome)."""

    def legal_actions(self) -> list[Action]:
        if self.roll == 0 and max(self.scores) >= 6 and not self.is_terminal():
            return []
        return super().legal_actions()

    def clone(self) -> Stuck:
        return Stuck(list(self.scores), self.seat, self.roll, self.turns)


class StuckGame(ToyGame):
    def new_initial_state(self, players: int) -> Stuck:
        return Stuck([0] * players)


def test_a_playout_that_cannot_go_on_is_a_located_violation() -> None:
    # in the search's playouts and in the game itself: a violation where it happened,
    # never a traceback (issue 21: IndexError in sample_chance)
    for lineup in (["mcts:4", "random"], ["random", "random"]):
        bots = [(name, bot_named({"random": RandomBot}, name)) for name in lineup]
        record = play(StuckGame(), 2, bots, "x")  # type: ignore[arg-type]
        assert not record.completed and len(record.violations) == 1, record.violations
        assert record.violations[0].startswith("after action ")
        assert "a chance node with no outcome" in record.violations[0]
    summary = run(StuckGame(), 2, 2, 3, [("mcts:4", bot_named({}, "mcts:4")),  # type: ignore[list-item]
                                         ("random", RandomBot)])
    assert summary["completed"] == 0
    assert all(v.startswith("game ") and "(seed 3/" in v for v in summary["violations"])


def test_a_time_budget_is_named_in_seconds() -> None:
    for good, seconds in (("mcts:2s", 2.0), ("mcts:0.5s", 0.5), ("mcts:1.5s:keeper", 1.5)):
        factory = mcts_factory(good, {"keeper": Keeper})
        assert factory is not None, good
        bot = factory(0, "s")
        assert isinstance(bot, MctsBot) and bot.seconds == seconds
        pickle.dumps(factory)
    for bad in ("mcts:0s", "mcts:s", "mcts:-1s", "mcts:nans", "mcts:infs", "mcts:2ss",
                "mcts:4000s", "mcts:2s:nobody"):
        assert mcts_factory(bad, {"keeper": Keeper}) is None, bad
    assert mcts_factory("mcts:7").keywords["seconds"] is None  # type: ignore[union-attr]


def test_a_time_budget_still_finds_the_winning_move() -> None:
    # however fast the machine, the budget buys at least two playouts
    bot = MctsBot(0, "s", seconds=0.05)
    assert bot.step(ToyState([7, 8], seat=0, roll=3)) == KEEP
    assert bot.playouts >= 2


class Counted(ToyState):
    """A toy that counts the actions played on it and whose score estimate before the
    end favours the seat behind (so a test can tell it from ``returns``)."""

    played = 0

    def apply_action(self, action: Action) -> None:
        Counted.played += 1
        super().apply_action(action)

    def standing(self) -> list[float]:
        return [-score for score in self.returns()]

    def clone(self) -> Counted:
        return Counted(list(self.scores), self.seat, self.roll, self.turns)


def test_a_playout_stops_at_its_horizon() -> None:
    for horizon in (0, 1, 5):
        Counted.played = 0
        MctsBot(0, "s", horizon=horizon)._playout(Counted([0, 0]), 1, 7)
        assert Counted.played == 1 + horizon  # the action tried, then the horizon
    Counted.played = 0  # a game that ends first ends the playout
    MctsBot(0, "s", horizon=1000)._playout(Counted([0, 0]), 1, 7)
    assert 1 < Counted.played < 1000


def test_a_cut_playout_is_judged_by_the_games_own_estimate() -> None:
    # after keeping a 3 seat 0 has 3 points to 0: ahead by ``returns``, behind by the
    # toy's ``standing``, which is what judges a playout cut before the end
    state = Counted([0, 0], seat=0, roll=3)
    assert MctsBot(0, "s", horizon=0)._playout(state, KEEP, 7) == (0.0, -3.0)
    assert MctsBot(0, "s", horizon=0)._playout(state, GIVE, 7) == (1.0, 3.0)
    # a playout that reaches the end is judged by the result itself
    won = Counted([7, 8], seat=0, roll=3)
    assert MctsBot(0, "s", horizon=0)._playout(won, KEEP, 7) == (1.0, 2.0)
