"""Rules checks of kings-of-copper: each cites the rule it proves."""

from generator.checks import Registry

CHECKS = Registry("kings-of-copper")
