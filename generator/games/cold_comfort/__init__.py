"""cold-comfort: data model, checks, reference implementation and bots."""

from generator.games.cold_comfort.checks import CHECKS
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.spec import GameSpec

SPEC = GameSpec(id="cold-comfort", model=ColdComfortData, checks=CHECKS)
