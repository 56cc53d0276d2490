"""Kings of Copper's rulebook baseline (web text): every number it states, with its words."""

from __future__ import annotations

from generator.checks.rulebook import Baseline, Counted, Item, Ranged, Stated, copies_in
from generator.data.yamlsrc import Loc
from generator.games.kings_of_copper.model import KingsOfCopperData

RULES = ("rules",)
CAVE_INS = "Deep Mines Cave-ins occurs for these rolls"

def _mine_spaces(data: KingsOfCopperData) -> list[Item]:
    return [(("board", "spaces", k), 1, space.id) for k, space in enumerate(data.board.spaces)
            if space.kind == "mine"]


def _rerolls(data: KingsOfCopperData) -> list[tuple[Loc, int]]:
    return [(RULES + ("max_rerolls",), data.rules.max_rerolls)]


BASELINE = Baseline("kings-of-copper", KingsOfCopperData, (
    Stated(RULES + ("tokens_per_player",), 4, "Each player chooses a color and places 4 "
           "tokens on their colored Start space", "Setup"),
    Counted("Blue Mining Chips", copies_in("mining_chips"), 16, "Collect 16 Blue Mining "
            "Chips", "Setup", ("mining_chips", "pieces")),
    Counted("Green Prospecting Chips", copies_in("prospecting_chips"), 16, "Shuffle 16 Green "
            "Prospecting Chips", "Setup", ("prospecting_chips", "pieces")),
    Counted("Claim Title Chips", copies_in("titles"), 16, "Place 16 Claim Title Chips on top",
            "Setup", ("titles", "pieces")),
    Counted("mine spaces", _mine_spaces, 16, "setting on the 16 mine spaces marked with a "
            "cart", "Setup", ("board", "spaces")),
    Stated(("board", "safe_kinds"), ["start", "safety", "rung", "finish"], "Not allowed on "
           "Safety Squares, Ladders, Start, or Finish which are safe", "Bumping",
           name="safe spaces"),
    Ranged("re-rolls after doubles", _rerolls, (1, 5), "Doubles Roll again.", "Movement",
           RULES),
    Stated(RULES + ("start_money",), 500, "Each player starts with $500", "Setup"),
    Counted("dice", copies_in("dice"), 2, "All players roll two dice", "Starting Play",
            ("dice", "pieces")),
    Stated(RULES + ("first_turn_entries",), 2, "move two tokens from Start to the First "
           "Space", "Starting Play"),
    Stated(RULES + ("later_entries",), 1, "just move one token out to the First Square at the "
           "beginning of your turn", "Starting Play"),
    Stated(RULES + ("rob_chips",), 1, "Take one mining or prospecting chip", "Bumping"),
    Stated(RULES + ("curse_turns",), 7, "must only roll one die instead of two for 7 turns",
           "Mining"),
    Stated(RULES + ("title_price",), 50, "immediately pay $50 for it's Title",
           "Prospecting Green Mines"),
    Stated(RULES + ("prospect_price",), 50, "Pay another $50 for the green Prospecting chip "
           "beneath", "Prospecting Green Mines"),
    Stated(RULES + ("character_titles",), 3, "acquiring 3 Titles in 3 different districts",
           "Prospecting Green Mines"),
    Stated(RULES + ("peek_price",), 50, "Pay $50 to peek at the chip", "Deep Mining Chips"),
    Stated(RULES + ("dig_price",), 50, "pay another $50 and roll a 10-sided die",
           "Deep Mining Chips"),
    Stated(RULES + ("d10_faces",), 10, "roll a 10-sided die to set cave-in action",
           "Deep Mining Chips"),
    Stated(("mining_chips", "pieces", 0, "faces", "@fools-gold", "value"), 0, "Fools Gold - "
           "(Free)", "Deep Mining Chips", name="Fool's Gold value"),
    Stated(RULES + ("cave_in",), [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]], "First mine: (#0) "
           "... Second mine: (#0,1) ... Third mine: (#0,1,2) ... Fourth mine: (#0,1,2,3)",
           CAVE_INS),
    Stated(RULES + ("tunnel", "totals"), [3, 7], "If you roll a total of total of 7 or 3",
           "Tunnels", name="tunnel totals"),
    Stated(RULES + ("tunnel", "any_die"), [3], "or if one die is 3", "Tunnels",
           name="tunnel die"),
    Stated(("prospecting_chips", "pieces", 0, "faces", "@sacred-sapphire", "value"), 1000,
           "Sacred Sapphire. ($1000)", "Sapphires", name="Sacred Sapphire value"),
    Stated(("anaconda_sapphire", "pieces", 0, "faces", "@anaconda-sapphire", "value"), 800,
           "Anaconda Sapphire ($800)", "Sapphires", name="Anaconda Sapphire value"),
    Stated(RULES + ("snake_eyes",), [1, 1], "It goes to anyone rolling snake-eyes (double "
           "ones)", "Sapphires"),
    Stated(("mining_chips", "pieces", 0, "faces", "@great-blue-sapphire", "value"), 2000,
           "The Great Blue Sapphire ($2000)", "Sapphires", name="Great Blue Sapphire value"),
    Stated(RULES + ("first_home_bonus",), 1000, "The first player to advance all tokens to "
           "Finish earns $1000", "Winning the Game"),
))
