"""A toy game, made as the README's "Adding a game" says (one package in the skeleton every
game follows), to test the engine apart from the real games and to prove that a sixth
game gets every generic test by registering.

Each turn a d3 is rolled (a chance action), then the player keeps the roll or gives it
to the next player. The first to 10 points wins. It has no components: its numbers are
its ``tables``.
"""

from generator.engine.bots import RandomBot
from generator.games.spec import GameSpec
from generator.schema import GameData

from .bots import Keeper
from .checks import CHECKS
from .rules import ToyGame

SPEC = GameSpec(id="toy", model=GameData, checks=CHECKS, make_game=lambda _data: ToyGame(),
                bots={"random": RandomBot, "keeper": Keeper})
