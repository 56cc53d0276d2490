"""Cold Comfort's Gold: the printed money covers the supply and the starting gold."""

from __future__ import annotations

from generator.checks import Registry, Reporter
from generator.games.cold_comfort.model import ColdComfortData

PART = Registry("cold-comfort gold")


@PART.check("starting-gold", cite="copperplate: the printed Gold covers the supply and "
              "the starting gold")
def starting_gold(data: ColdComfortData, report: Reporter) -> None:
    """The printed Gold covers the supply, and the supply covers everyone's starting gold
    (the rulebook's $9, $1 and $30 are held by rulebook-value)."""
    printed = sum(face.value * face.count for piece in data.gold.pieces for face in piece.faces)
    players = data.game.players.max
    supply = data.gold.supply_per_player * players
    if printed < supply:
        report.error(("gold", "pieces"), f"${printed} of Gold is printed; {players} players "
                     f"need ${supply}")
    start = data.gold.starting
    dealt = sum(start.first_seat + seat * start.per_earlier_seat for seat in range(players))
    if dealt > supply:
        report.error(("gold", "starting"), f"{players} players start with ${dealt} but the "
                     f"supply is ${supply}")
