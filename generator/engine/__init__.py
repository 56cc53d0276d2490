"""The reference-game interface (OpenSpiel-style), bots, playouts and the test harness."""

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.engine.bots import Bot, RandomBot

__all__ = ["CHANCE", "TERMINAL", "Action", "Bot", "Game", "RandomBot", "State"]
