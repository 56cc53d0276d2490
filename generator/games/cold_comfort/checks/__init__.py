"""Rules checks of cold-comfort, each citing the rule it proves, assembled in one place:
``pieces`` (dice, placards, hotels), ``city`` (the City Deck and Main Street) and
``gold``."""

from generator.checks import Registry
from generator.games.cold_comfort.checks import city, gold, pieces

CHECKS = Registry.joined("cold-comfort", pieces.PART, city.PART, gold.PART)
