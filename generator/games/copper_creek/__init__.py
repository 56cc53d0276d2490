"""copper-creek: data model, checks, reference implementation and bots."""

from generator.engine.bots import RandomBot
from generator.games.copper_creek.baseline import BASELINE
from generator.games.copper_creek.bots import GreedyBot
from generator.games.copper_creek.checks import CHECKS
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.picture import picture
from generator.games.copper_creek.pieces import PIECES
from generator.games.copper_creek.rules import CopperCreekGame
from generator.games.spec import GameSpec

SPEC = GameSpec(id="copper-creek", model=CopperCreekData, checks=CHECKS,
                make_game=CopperCreekGame, bots={"random": RandomBot, "greedy": GreedyBot},
                picture=picture, baseline=BASELINE, pieces=PIECES)
