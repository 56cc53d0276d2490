"""kings-of-copper: data model, checks, reference implementation and bots."""

from generator.games.kings_of_copper.baseline import BASELINE
from generator.games.kings_of_copper.checks import CHECKS
from generator.games.kings_of_copper.model import KingsOfCopperData
from generator.games.spec import RANDOM_BOT, Bots, GameSpec, later

SPEC = GameSpec(id="kings-of-copper", model=KingsOfCopperData, checks=CHECKS,
                make_game=later(f"{__name__}.rules:KingsOfCopperGame"),
                bots=Bots(random=RANDOM_BOT, greedy=f"{__name__}.bots:GreedyBot"),
                picture=later(f"{__name__}.picture:picture"), baseline=BASELINE,
                pieces=later(f"{__name__}.pieces:PIECES"))
