"""copperdale: data model, checks, reference implementation and bots."""

from generator.games.copperdale.checks import CHECKS
from generator.games.copperdale.model import CopperdaleData
from generator.games.spec import GameSpec

SPEC = GameSpec(id="copperdale", model=CopperdaleData, checks=CHECKS)
