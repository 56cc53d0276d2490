"""Rules checks of boomtown-builders, each citing the rule it proves, assembled in one
place: ``setup`` (components and the setup arithmetic of every player count) and
``board`` (the board's spaces and the cards' printing)."""

from generator.checks import Registry
from generator.games.boomtown_builders.checks import board, setup

CHECKS = Registry.joined("boomtown-builders", setup.PART, board.PART)
