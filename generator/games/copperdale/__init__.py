"""Copperdale: data model, checks, reference solo game and bots."""

from generator.engine.bots import RandomBot
from generator.games.copperdale.baseline import BASELINE
from generator.games.copperdale.bots import GreedyBot
from generator.games.copperdale.checks import CHECKS
from generator.games.copperdale.model import CopperdaleData
from generator.games.copperdale.picture import picture
from generator.games.copperdale.pieces import PIECES
from generator.games.copperdale.rules import CopperdaleGame
from generator.games.spec import GameSpec

SPEC = GameSpec(id="copperdale", model=CopperdaleData, checks=CHECKS,
                make_game=CopperdaleGame, bots={"random": RandomBot, "greedy": GreedyBot},
                picture=picture, baseline=BASELINE, pieces=PIECES)
