"""Rules checks of copper-creek: each cites the rule it proves."""

from generator.checks import Registry

CHECKS = Registry("copper-creek")
