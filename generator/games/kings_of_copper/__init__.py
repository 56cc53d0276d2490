"""kings-of-copper: data model, checks, reference implementation and bots."""

from generator.engine.bots import RandomBot
from generator.games.kings_of_copper.baseline import BASELINE
from generator.games.kings_of_copper.bots import GreedyBot
from generator.games.kings_of_copper.checks import CHECKS
from generator.games.kings_of_copper.model import KingsOfCopperData
from generator.games.kings_of_copper.picture import picture
from generator.games.kings_of_copper.pieces import PIECES
from generator.games.kings_of_copper.rules import KingsOfCopperGame
from generator.games.spec import GameSpec

SPEC = GameSpec(id="kings-of-copper", model=KingsOfCopperData, checks=CHECKS,
                make_game=KingsOfCopperGame, bots={"random": RandomBot, "greedy": GreedyBot},
                picture=picture, baseline=BASELINE, pieces=PIECES)
