"""Rules checks of copper-creek: each cites the rule it proves (games.md, copper-creek).

The rulebook's own numbers live in ``baseline.py`` alone (a declared variant may change
them). Each module keeps its own part; they are joined here, in one place.
"""

from __future__ import annotations

from generator.checks import Registry
from generator.games.copper_creek.checks import deck, play

CHECKS = Registry.joined("copper-creek", deck.PART, play.PART)

__all__ = ["CHECKS"]
