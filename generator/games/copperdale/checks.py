"""Rules checks of copperdale: each cites the rule it proves."""

from generator.checks import Registry

CHECKS = Registry("copperdale")
