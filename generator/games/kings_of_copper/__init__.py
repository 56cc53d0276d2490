"""kings-of-copper: data model, checks, reference implementation and bots."""

from generator.games.kings_of_copper.checks import CHECKS
from generator.games.kings_of_copper.model import KingsOfCopperData
from generator.games.spec import GameSpec

SPEC = GameSpec(id="kings-of-copper", model=KingsOfCopperData, checks=CHECKS)
