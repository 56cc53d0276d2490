"""Copperdale: data model, checks, reference solo game and bots."""

from generator.games.copperdale.baseline import BASELINE
from generator.games.copperdale.checks import CHECKS
from generator.games.copperdale.model import CopperdaleData
from generator.games.spec import RANDOM_BOT, Bots, GameSpec, later

SPEC = GameSpec(id="copperdale", model=CopperdaleData, checks=CHECKS,
                make_game=later(f"{__name__}.rules:CopperdaleGame"),
                bots=Bots(random=RANDOM_BOT, greedy=f"{__name__}.bots:GreedyBot"),
                picture=later(f"{__name__}.picture:picture"), baseline=BASELINE,
                pieces=later(f"{__name__}.pieces:PIECES"))
