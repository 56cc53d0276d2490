"""The YAML model of kings-of-copper (one field per component file stem)."""

from generator.schema import GameData


class KingsOfCopperData(GameData):
    pass
