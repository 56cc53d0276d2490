"""Rules checks of boomtown-builders: each cites the rule it proves."""

from generator.checks import Registry

CHECKS = Registry("boomtown-builders")
