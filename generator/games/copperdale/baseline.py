"""Copperdale's rulebook baseline (Rules V.1): every number and fixed word it states."""

from __future__ import annotations

from typing import Any

from generator.checks.rulebook import Baseline, Counted, Entry, Item, Stated, copies_in
from generator.games.copperdale.model import CopperdaleData

BOARD = ("board",)
FACE_CARDS = {"j": "Jack", "q": "Queen", "k": "King"}  # no fixed Value: 1 + Population
SKILLS = BOARD + ("skills",)
SUITS = ("spades", "hearts", "diamonds", "clubs")
MEDALS = "ENDING THE GAME"


def _listed(*path: str | int) -> Any:
    """Each element of a list in the data, one copy each: a count of listed things."""
    def items(data: Any) -> list[Item]:
        current = data
        for part in path:
            current = getattr(current, str(part)) if isinstance(part, str) else current[part]
        return [(tuple(path) + (i,), 1, str(getattr(element, "id", i)))
                for i, element in enumerate(current)]
    return items


def _per_suit() -> list[Entry]:
    entries: list[Entry] = []
    for suit in SUITS:
        entries.append(Stated(BOARD + ("population", suit), 9, "If all nine of a Suit's "
                              "Population spaces are filled in, you gain one", "GROWTH",
                              name=f"{suit} Population spaces"))
        entries.append(Stated(BOARD + ("borders", suit), 5, "If you fill in all five of a "
                              "Suit's Border spaces, you gain one", "GROWTH",
                              name=f"{suit} Border spaces"))
    return entries


def _medal_caps() -> list[Entry]:
    caps = {"masons": (1, "Up to 1 for Masons Skill"), "prosperity": (4, "Up to 4 for "
            "Prosperity"), "districts": (4, "Up to 4 for Districts"), "borders": (4, "Up to 4 "
            "for Borders"), "population": (4, "Up to 4 for Population")}
    entries: list[Entry] = [
        Stated(BOARD + ("medals", f"@{medal}", "max_medals"), cap, quote, MEDALS,
               name=f"{medal} medals")
        for medal, (cap, quote) in caps.items()]
    entries += [Stated(BOARD + ("monuments", f"@{monument}", "max_medals"), 4,
                       "Each completed Monument offers a maximum of four", "INFRASTRUCTURE",
                       name=f"{monument} medals")
                for monument in ("fountains", "arches", "statues", "gardens")]
    return entries


# What each medal source counts: "Up to 4 for Arches (1 for each completed District)".
SCORING = {
    ("medals", "masons"): ("masons-estates", "Up to 1 for Masons Skill (requires all 6 filled "
                           "in Estates spaces)"),
    ("medals", "prosperity"): ("prosperity-levels", "Up to 4 for Prosperity (requires a value "
                               "of 120+ in occupations)"),
    ("medals", "districts"): ("completed-districts", "Up to 4 for Districts (1 for each "
                              "completed District)"),
    ("medals", "borders"): ("full-border-suits", "Up to 4 for Borders (1 for each completely "
                            "filled in Border Suit)"),
    ("medals", "population"): ("full-population-suits", "Up to 4 for Population (1 for each "
                               "completely filled in Population Suit)"),
    ("monuments", "fountains"): ("prosperity-levels", "Up to 4 for Fountains (1 for each "
                                 "Prosperity Level)"),
    ("monuments", "arches"): ("completed-districts", "Up to 4 for Arches (1 for each completed "
                              "District)"),
    ("monuments", "statues"): ("unique-population-suits", "Up to 4 for Statues (1 for each "
                               "unique Population Suit filled in)"),
    ("monuments", "gardens"): ("unique-border-suits", "Up to 4 for Gardens (1 for each unique "
                               "Border Suit filled in)"),
}
# The rating ladder: each band's highest score and its words. 19 falls between "18 or
# fewer" and "20 or more"; the ruling "Rating for 19 medals" gives it the third band.
RATINGS = ((10, "You'll do better next time!"), (15, "Good job! Think you could get higher?"),
           (19, "That's pretty great, can you hit 20?"), (33, "Phenomenal! Can you do it again?"))
RATING_WORDS = ("10 or fewer", "15 or fewer", "18 or fewer", "20 or more")


def _scoring() -> list[Entry]:
    """What every medal source counts, and the rating ladder."""
    entries: list[Entry] = [
        Stated(BOARD + (listed, f"@{source}", "bonus" if listed == "monuments" else "counts"),
               measure, quote, MEDALS, name=f"what {source} {listed[:-1]} counts",
               translatable=False)
        for (listed, source), (measure, quote) in SCORING.items()]
    for band, ((up_to, text), said) in enumerate(zip(RATINGS, RATING_WORDS, strict=True)):
        quote = f"{said} : {text}"
        entries.append(Stated(BOARD + ("ratings", band, "up_to"), up_to, quote, MEDALS,
                              name=f"rating band {band + 1} up to"))
        entries.append(Stated(BOARD + ("ratings", band, "text"), text, quote, MEDALS,
                              name=f"rating band {band + 1} words"))
    return entries


WORDS = {"merchants": "Merchants", "philosophers": "Philosophers", "surveyors": "Surveyors",
         "masons": "Masons", "farmers": "Farmers", "artisans": "Artisans",
         "diplomats": "Diplomats"}


def _occupation_names() -> list[Entry]:
    return [Stated(BOARD + ("occupations", f"@{key}", "name"), word, f"**{word}:** If you "
                   "unlock this Skill", "ECONOMY", name=f"{key} name")
            for key, word in WORDS.items()]


BASELINE = Baseline("copperdale", CopperdaleData, (
    Stated(("game", "players", "min"), 1, "In this solo game", "Copperdale", name="min players"),
    Stated(("game", "players", "max"), 1, "In this solo game", "Copperdale", name="max players"),
    Counted("playing cards", copies_in("deck"), 52, "1 deck of standard playing cards (Jokers "
            "removed)", "What you will need", ("deck", "pieces")),
    Stated(("deck", "face_card_base"), 1, "Face cards are always Value 1 + their Suit's "
           "Population Level", "PLAYING COPPERDALE"),
    Stated(("deck", "ranks", "@a", "value"), 1, "Ace cards are always Value 1 in this game",
           "PLAYING COPPERDALE", name="Ace value"),
    *(Stated(("deck", "ranks", f"@{rank}", "face_card"), True, "Face cards are always Value 1 "
             "+ their Suit's Population Level", "PLAYING COPPERDALE",
             name=f"{name} as a face card") for rank, name in FACE_CARDS.items()),
    Stated(BOARD + ("months",), 12, "A game of Copperdale is always 12 months", "THINGS TO "
           "REMEMBER"),
    Stated(BOARD + ("border_deck",), 12, "Remove the top 12 cards and place them in a face "
           "up Border Deck", "SET UP"),
    Counted("Occupations", _listed("board", "occupations"), 7, "There are seven Occupations",
            "ECONOMY", BOARD + ("occupations",)),
    *_occupation_names(),
    Stated(BOARD + ("occupation_spaces",), 2, "each has two spaces that must be correctly "
           "filled in (lower to higher) to unlock a Skill", "ECONOMY"),
    Stated(SKILLS + ("merchants", "prosperity_bonus"), 20, "add 20 to your final Prosperity "
           "Value at the end of the game", "ECONOMY", name="Merchants bonus"),
    Stated(SKILLS + ("philosophers", "redraws_per_month"), 1, "once each month, you may place "
           "one drawn card on the bottom of the deck", "ECONOMY", name="Philosophers redraws"),
    Stated(SKILLS + ("surveyors", "border_spaces"), 2, "you fill in two Border spaces "
           "instead of one", "ECONOMY", name="Surveyors Border spaces"),
    Stated(SKILLS + ("masons", "medals"), 1, "you gain a medal at the end of the game if all "
           "six Estates spaces are filled in", "ECONOMY", name="Masons medals"),
    Stated(SKILLS + ("farmers", "population_spaces"), 2, "you may fill in two Population "
           "spaces instead", "ECONOMY", name="Farmers Population spaces"),
    Stated(SKILLS + ("artisans", "monument_spaces"), 3, "Monuments only require three filled "
           "in spaces to complete", "ECONOMY", name="Artisans Monument spaces"),
    Stated(SKILLS + ("diplomats", "face_cards_match"), True, "Face cards count as matches for "
           "resolving Borders", "ECONOMY", name="Diplomats face cards match"),
    Stated(BOARD + ("prosperity_levels",), [60, 80, 100, 120], "You gain a medal for each "
           "Prosperity Level you reach (60, 80, 100, 120)", "ECONOMY"),
    Stated(BOARD + ("infrastructure_fills",), 2, "used to fill in two different spaces of "
           "your choice", "INFRASTRUCTURE"),
    Stated(BOARD + ("districts", "count"), 4, "Each of the four Districts have two spaces",
           "INFRASTRUCTURE", name="Districts"),
    Stated(BOARD + ("districts", "spaces"), 2, "Each of the four Districts have two spaces",
           "INFRASTRUCTURE", name="District spaces"),
    Counted("Estates spaces", _listed("board", "estates"), 6, "There are six Estates spaces",
            "INFRASTRUCTURE", BOARD + ("estates",)),
    Counted("Monuments", _listed("board", "monuments"), 4, "There are four Monuments, each "
            "with four spaces", "INFRASTRUCTURE", BOARD + ("monuments",)),
    Stated(BOARD + ("monument_spaces",), 4, "There are four Monuments, each with four spaces",
           "INFRASTRUCTURE"),
    *_per_suit(),
    *_medal_caps(),
    *_scoring(),
    Stated(BOARD + ("medal_total",), 33, "There are a total of 33 available", MEDALS),
))
