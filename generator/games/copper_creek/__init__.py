"""copper-creek: data model, checks, reference implementation and bots."""

from generator.games.copper_creek.baseline import BASELINE
from generator.games.copper_creek.checks import CHECKS
from generator.games.copper_creek.model import CopperCreekData
from generator.games.spec import RANDOM_BOT, Bots, GameSpec, later

SPEC = GameSpec(id="copper-creek", model=CopperCreekData, checks=CHECKS,
                make_game=later(f"{__name__}.rules:CopperCreekGame"),
                bots=Bots(random=RANDOM_BOT, greedy=f"{__name__}.bots:GreedyBot"),
                picture=later(f"{__name__}.picture:picture"), baseline=BASELINE,
                pieces=later(f"{__name__}.pieces:PIECES"))
