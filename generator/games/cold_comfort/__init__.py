"""cold-comfort: data model, checks, reference implementation and bots."""

from generator.engine.bots import RandomBot
from generator.games.cold_comfort.baseline import BASELINE
from generator.games.cold_comfort.bots import GreedyBot
from generator.games.cold_comfort.checks import CHECKS
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.cold_comfort.picture import picture
from generator.games.cold_comfort.pieces import PIECES
from generator.games.cold_comfort.rules import ColdComfortGame
from generator.games.spec import GameSpec

SPEC = GameSpec(id="cold-comfort", model=ColdComfortData, checks=CHECKS,
                make_game=ColdComfortGame, bots={"random": RandomBot, "greedy": GreedyBot},
                picture=picture, baseline=BASELINE, pieces=PIECES)
