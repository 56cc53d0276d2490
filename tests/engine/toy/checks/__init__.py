"""The toy's checks, assembled in one place from its parts."""

from generator.checks import Registry

from . import players

CHECKS = Registry.joined("toy", players.PART)
