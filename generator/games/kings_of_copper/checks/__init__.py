"""Rules checks of kings-of-copper, assembled in one place from the parts: chips, titles
and tables (``chips``), the board graph (``board``), the money (``money``)."""

from generator.checks import Registry
from generator.games.kings_of_copper.checks import board, chips, money

CHECKS = Registry.joined("kings-of-copper", chips.PART, board.PART, money.PART)
