"""Rules checks of cold-comfort: each cites the rule it proves."""

from generator.checks import Registry

CHECKS = Registry("cold-comfort")
