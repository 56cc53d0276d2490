"""boomtown-builders: data model, checks, reference implementation and bots."""

from generator.games.boomtown_builders.baseline import BASELINE
from generator.games.boomtown_builders.checks import CHECKS
from generator.games.boomtown_builders.model import BoomtownBuildersData
from generator.games.spec import RANDOM_BOT, Bots, GameSpec, later

SPEC = GameSpec(id="boomtown-builders", model=BoomtownBuildersData, checks=CHECKS,
                make_game=later(f"{__name__}.rules:BoomtownGame"),
                bots=Bots(random=RANDOM_BOT, greedy=f"{__name__}.bots:GreedyBot"),
                picture=later(f"{__name__}.picture:picture"), baseline=BASELINE,
                pieces=later(f"{__name__}.pieces:PIECES"))
