"""boomtown-builders: data model, checks, reference implementation and bots."""

from generator.engine.bots import RandomBot
from generator.games.boomtown_builders.baseline import BASELINE
from generator.games.boomtown_builders.bots import GreedyBot
from generator.games.boomtown_builders.checks import CHECKS
from generator.games.boomtown_builders.model import BoomtownBuildersData
from generator.games.boomtown_builders.picture import picture
from generator.games.boomtown_builders.pieces import PIECES
from generator.games.boomtown_builders.rules import BoomtownGame
from generator.games.spec import GameSpec

SPEC = GameSpec(id="boomtown-builders", model=BoomtownBuildersData, checks=CHECKS,
                make_game=BoomtownGame, bots={"random": RandomBot, "greedy": GreedyBot},
                picture=picture, baseline=BASELINE, pieces=PIECES)
