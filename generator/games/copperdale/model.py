"""The YAML model of copperdale (one field per component file stem)."""

from generator.schema import GameData


class CopperdaleData(GameData):
    pass
