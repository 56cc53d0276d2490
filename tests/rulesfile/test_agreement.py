"""Every starter game, written only in the rules language, agrees with its hand-written
referee (referees.py): the same legal actions, the same position after every action, the
same scores and winners. 20 seeded games per player count, then 200 more."""

from __future__ import annotations

from typing import Any

import pytest

from rulesfile import referees
from rulesfile.starters import sweep

# starter, its referee, its player counts
GAMES: list[tuple[str, Any, list[int]]] = [
    ("claim-jumper", referees.ClaimJumper, [2, 3, 4]),
    ("trading-post", referees.TradingPost, [2, 3, 4]),
    ("high-noon", referees.HighNoon, [3, 4]),
    ("auction-house", referees.AuctionHouse, [3, 4]),
    ("land-rush", referees.LandRush, [2, 3, 4]),
    ("gold-camp", referees.GoldCamp, [2, 3, 4]),
    ("homestead", referees.Homestead, [2, 3, 4]),
]


@pytest.mark.parametrize(("name", "referee", "players"),
                         [(g[0], g[1], n) for g in GAMES for n in g[2]])
def test_starter_agrees_with_its_referee(built: dict[str, Any], name: str, referee: Any,
                                         players: int) -> None:
    game, cards = built[name]
    sweep(game, lambda n: referee(cards, n), [players], 20)


@pytest.mark.parametrize(("name", "referee", "players"), [(g[0], g[1], g[2]) for g in GAMES])
def test_200_seeded_games_agree(built: dict[str, Any], name: str, referee: Any,
                                players: list[int]) -> None:
    game, cards = built[name]
    sweep(game, lambda n: referee(cards, n), players, 200, first_seed=1000)
