"""Cold Comfort's rulebook baseline (Rules Draft 1.8): every number it states, with its words.

The dice chart is garbled in the rules text; it is read as games.md reads it (players 2-6
-> 12, 15, 18, 21, 24 dice; a scoring round at players + 3), see docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from generator.checks.rulebook import Baseline, Counted, Entry, Item, Stated, copies_in
from generator.games.cold_comfort.model import ColdComfortData

COSTS = ("table", "costs")
HEART = ("city_deck", "heart_of_the_city")
DICE_CHART = "Dice: 12 15 18 21 24 Total dice in the game"
GROW_CHART = "Grow at: 5 6 7 8 9 Dice to trigger a scoring round"
HOTELS_PER_CHARACTER = 12


def _hotels_of_one_character(data: Any) -> list[Item]:
    """The hotels of the first character whose set is not the rulebook's size (else of the
    first character): the count is per character, so the error sits in that set. Named by
    size, so the bundled set shows which size was added or removed."""
    sets: dict[str, list[Item]] = {}
    for loc, copies, _ in copies_in("hotels")(data):
        face = data.hotels.pieces[loc[2]].faces[loc[4]]
        sets.setdefault(face.character, []).append((loc, copies, f"size {face.size}"))
    odd = [s for s in sets.values() if sum(c for _, c, _ in s) != HOTELS_PER_CHARACTER]
    return (odd or list(sets.values()) or [[]])[0]


def _dice_rows() -> list[Entry]:
    rows: list[Entry] = []
    for players, dice in zip(range(2, 7), (12, 15, 18, 21, 24), strict=True):
        row = ("dice", "table", f"@players={players}")
        rows.append(Stated(row + ("dice",), dice, DICE_CHART, "About The Dice",
                           name=f"dice for {players} players"))
        rows.append(Stated(row + ("grow_at",), players + 3, GROW_CHART, "About The Dice",
                           name=f"grow_at for {players} players"))
    return rows


BASELINE = Baseline("cold-comfort", ColdComfortData, (
    Stated(("game", "players", "min"), 2, "Players: 2 to 6", "Players", name="min players"),
    Stated(("game", "players", "max"), 6, "Players: 2 to 6", "Players", name="max players"),
    Counted("character placards", copies_in("placards"), 6, "Six character placards",
            "Components", ("placards", "pieces")),
    Stated(("hotels", "per_character"), HOTELS_PER_CHARACTER,
           "12 building tiles (hotels) for each character", "Components"),
    Counted("hotels of a character", _hotels_of_one_character, HOTELS_PER_CHARACTER,
            "12 building tiles (hotels) for each character", "Components",
            ("hotels", "pieces")),
    Counted("City Deck tiles", copies_in("city_deck"), 24, "City Deck of 24 tiles",
            "Components", ("city_deck", "pieces")),
    Stated(("dice", "total"), 24, "24 population dice", "Components"),
    Counted("population dice", copies_in("dice"), 24, "24 population dice", "Components",
            ("dice", "pieces")),
    Stated(("gold", "supply_per_player"), 30, "roughly $30 per player", "Components"),
    Stated(("gold", "starting", "first_seat"), 9, "give each player $9 in Gold", "Setup"),
    Stated(("gold", "starting", "per_earlier_seat"), 1, "plus an extra dollar for each "
           "player who starts before them", "Setup"),
    Stated(("dice", "grow_at_is_players_plus"), 3, "this is the number of players plus "
           "three", "On Each Turn"),
    *_dice_rows(),
    Stated(("city_deck", "lot_values"), [1, 2, 3, 4, 5, 6], "Each vacant lot is marked "
           "with a value between 1 and 6", "About the City Deck"),
    Stated(("city_deck", "public_building_sizes"), [1, 2], "A public building is worth "
           "one point for each vacant lot that it replaces (size 1 or 2)", "Public Buildings"),
    Stated(HEART + ("main_street_squares",), 3, "Main Street: three spaces, running "
           "north-south", "The Heart of the City"),
    Stated(HEART + ("dice_per_tile",), 6, "For each tile, roll six dice",
           "The Heart of the City"),
    Stated(HEART + ("max_tiles",), 4, "After the fourth tile, you will stop building",
           "The Heart of the City"),
    Stated(COSTS + ("build_per_value",), 2, "twice the value of the hotel", "Build"),
    Stated(COSTS + ("build_occupied_per_value",), 4, "paying four times the value instead",
           "Build"),
    Stated(COSTS + ("upgrade_per_step",), 2, "The cost to upgrade is twice the difference "
           "in value", "Upgrade / Downgrade"),
    Stated(COSTS + ("downgrade_per_step",), 0, "Downgrading is free", "Upgrade / Downgrade"),
    Stated(COSTS + ("insurance_per_value",), 1, "collects insurance equal to the value of "
           "the hotel", "Fire"),
    Stated(("table", "points_per_tile"), 1, "worth one point per tile", "Score"),
    Stated(("table", "points_per_public_square"), 1, "one point for each vacant lot that it "
           "replaces", "Public Buildings"),
    Stated(("table", "scoring_rounds"), 9, "The game ends after nine scoring rounds",
           "Game End"),
    Stated(("gold", "gold_per_point"), 5, "1 point for every 5 Gold", "Game End"),
))
