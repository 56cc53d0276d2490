"""Rules checks of Copperdale: each proves one thing the rulebook says about the sheet or deck.

The rulebook's own numbers live in ``baseline.py`` alone (a declared variant may change
them); these checks prove what must hold whatever the numbers are. Each module keeps its
own part; they are joined here, in one place.
"""

from __future__ import annotations

from generator.checks import Registry
from generator.games.copperdale.checks import board, deck

CHECKS = Registry.joined("copperdale", deck.PART, board.PART)

__all__ = ["CHECKS"]
