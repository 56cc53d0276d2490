"""The YAML model of cold-comfort (one field per component file stem)."""

from generator.schema import GameData


class ColdComfortData(GameData):
    pass
