"""One deck checked: loaded and run through the core, the game's and the baseline's checks
(``validate``), and its changes against the rulebook (``deckdiff``).
"""
