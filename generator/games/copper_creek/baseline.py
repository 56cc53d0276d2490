"""Copper Creek's rulebook baseline (open beta): every number it states, with its words."""

from __future__ import annotations

from typing import Any

from generator.checks.rulebook import Baseline, Counted, Entry, Item, Ranged, Stated, copies_in
from generator.data.yamlsrc import Loc
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


def _cards_with(colours: int, gray: bool) -> Any:
    """The building cards holding a gray building (``gray``) or ``colours`` colours."""
    def items(data: CopperCreekData) -> list[Item]:
        out: list[Item] = []
        for j, card in enumerate(data.deck):
            grays = [b for b in card.buildings if b.color == data.buildings.gray]
            coloured = {b.color for b in card.buildings} - {data.buildings.gray}
            if (bool(grays) if gray else len(coloured) == colours):
                out.append((("buildings", "pieces", 0, "faces", j), card.count, card.id))
        return out
    return items


def _share_tokens(data: CopperCreekData) -> list[tuple[Loc, int]]:
    piece = data.share_piece()
    j = next((i for i, p in enumerate(data.tokens.pieces) if p is piece), 0)
    return [(("tokens", "pieces", j, "faces", k, "count"), face.count)
            for k, face in enumerate(piece.faces if piece else ())]


def _money_per_player(data: CopperCreekData) -> list[tuple[Loc, int]]:
    return [(("money", "pieces"), round(data.bank_total() / data.game.players.max))]


BASELINE = Baseline("copper-creek", CopperCreekData, (
    Stated(("game", "players", "min"), 3, "Players: 3 to 6", "Players", name="min players"),
    Stated(("game", "players", "max"), 6, "Players: 3 to 6", "Players", name="max players"),
    Counted("Building Cards", copies_in("buildings"), 24, "Deck of 24 Building Cards",
            "Components", ("buildings", "pieces")),
    Counted("calendar stones", copies_in("tokens", "calendar-stones"), 6,
            "Six small stones for marking the Calendar", "Components", ("tokens", "pieces")),
    Counted("Active Player tokens", copies_in("tokens", "active-player"), 1,
            "One \"Active Player\" token", "Components", ("tokens", "pieces")),
    Counted("gray cards", _cards_with(0, gray=True), 6, "Take out the six cards with gray "
            "buildings", "Setup", ("buildings", "pieces")),
    Counted("two-colour cards", _cards_with(2, gray=False), 6, "There are six cards with two "
            "different colors of building", "Note About Two-Color Cards",
            ("buildings", "pieces")),
    Ranged("share tokens per player", _share_tokens, (15, 20), "15-20 small stackable "
           "tokens/chips for each player", "Components", ("tokens", "pieces")),
    Ranged("money per player ($)", _money_per_player, (40, 60), "Money, approximately $50 per "
           "player", "Components", ("money", "pieces")),
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
