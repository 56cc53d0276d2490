"""boomtown-builders: data model, checks, reference implementation and bots."""

from generator.games.boomtown_builders.checks import CHECKS
from generator.games.boomtown_builders.model import BoomtownBuildersData
from generator.games.spec import GameSpec

SPEC = GameSpec(id="boomtown-builders", model=BoomtownBuildersData, checks=CHECKS)
