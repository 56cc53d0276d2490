"""The YAML model of copper-creek (one field per component file stem)."""

from generator.schema import GameData


class CopperCreekData(GameData):
    pass
