"""Copper Creek's rulebook baseline (open beta): every number it states, with its words."""

from __future__ import annotations

from generator.checks.rulebook import Baseline, Counted, Entry, Stated, copies_in
from generator.games.copper_creek.model import CopperCreekData

ELECTIONS = "Step 2, Elections (Scoring Rounds)"


def _elections() -> list[Entry]:
    said = {
        1882: (2, "as soon as two or more stones have reached the second column"),
        1883: (3, "at least three stones must advance into (or beyond) the 1883 column"),
        1884: (4, "requiring that at least four calendar stones have reached or moved past "
               "the 1884 column"),
    }
    entries: list[Entry] = []
    for year, (stones, quote) in said.items():
        election = ("station", "elections", f"@year={year}")
        entries.append(Stated(election + ("stones",), stones, quote, ELECTIONS,
                              name=f"{year} stones"))
        entries.append(Stated(election + ("column",), stones, quote, ELECTIONS,
                              name=f"{year} column"))
    return entries


BASELINE = Baseline("copper-creek", CopperCreekData, (
    Stated(("game", "players", "min"), 3, "Players: 3 to 6", "Players", name="min players"),
    Stated(("game", "players", "max"), 6, "Players: 3 to 6", "Players", name="max players"),
    Counted("Building Cards", copies_in("buildings"), 24, "Deck of 24 Building Cards",
            "Components", ("buildings", "pieces")),
    Counted("calendar stones", copies_in("tokens", "calendar-stones"), 6,
            "Six small stones for marking the Calendar", "Components", ("tokens", "pieces")),
    Counted("Active Player tokens", copies_in("tokens", "active-player"), 1,
            "One \"Active Player\" token", "Components", ("tokens", "pieces")),
    Stated(("money", "starting_money"), 15, "Give each player $15", "Setup, Money"),
    Counted("elections", lambda data: [(("station", "elections", i), 1, str(e.year))
                                       for i, e in enumerate(data.station.elections)],
            3, "There are three scoring rounds", ELECTIONS, ("station", "elections")),
    *_elections(),
    Stated(("station", "score_track", "length"), 40, "If you pass 40 points, you can leave "
           "one token on \"40,\" and add another token to the track", ELECTIONS),
    Stated(("money", "minimum_price"), 1, "If a building has no open doors, its base price "
           "is one dollar", "Step 5, Buy"),
))
