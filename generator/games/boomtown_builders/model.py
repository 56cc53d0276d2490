"""The YAML model of boomtown-builders (one field per component file stem)."""

from generator.schema import GameData


class BoomtownBuildersData(GameData):
    pass
