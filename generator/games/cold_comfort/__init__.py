"""cold-comfort: data model, checks, reference implementation and bots."""

from generator.games.cold_comfort.baseline import BASELINE
from generator.games.cold_comfort.checks import CHECKS
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.spec import RANDOM_BOT, Bots, GameSpec, later

SPEC = GameSpec(id="cold-comfort", model=ColdComfortData, checks=CHECKS,
                make_game=later(f"{__name__}.rules:ColdComfortGame"),
                bots=Bots(random=RANDOM_BOT, greedy=f"{__name__}.bots:GreedyBot"),
                picture=later(f"{__name__}.picture:picture"), baseline=BASELINE,
                pieces=later(f"{__name__}.pieces:PIECES"))
