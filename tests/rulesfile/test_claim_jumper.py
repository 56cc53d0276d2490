"""Claim Jumper (push-your-luck), written only in the rules language, agrees with this
hand-written referee of its one-page rulebook."""

from __future__ import annotations

from typing import Any

import pytest

from generator.engine.api import TERMINAL
from rulesfile.starters import CHANCE, agree, compiled, faces, make_starter, winners_of


class ClaimJumper:
    """RULEBOOK.md: dig (draw into the open claim) or stop (bank the claim); a second
    rattlesnake in the claim busts it to the discard; the game ends when the deck and the
    claim are both empty; most gold wins, fewer banked cards breaks a tie."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.claim: list[int] = []
        self.bank: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.player, self.drawing = 0, False

    def over(self) -> bool:
        return not self.drawing and not self.deck and not self.claim

    def to_move(self) -> int:
        return TERMINAL if self.over() else CHANCE if self.drawing else self.player

    def legal(self) -> list[Any]:
        if self.over():
            return []
        if self.drawing:
            return sorted(self.deck)
        return [a for a, ok in ((("dig",), bool(self.deck)), (("stop",), bool(self.claim)))
                if ok]

    def apply(self, action: Any) -> None:
        if self.drawing:
            self.drawing = False
            self.deck.remove(action)
            self.claim.append(action)
            if sum(self.cards[c]["suit"] == "snake" for c in self.claim) >= 2:
                self.discard += self.claim
                self.claim = []
            if not self.claim:
                self.player = (self.player + 1) % self.players
        elif action == ("dig",):
            self.drawing = True
        else:
            self.bank[self.player] += self.claim
            self.claim = []
            self.player = (self.player + 1) % self.players

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "claim": self.claim, "bank": self.bank,
                "discard": self.discard}

    def scores(self) -> list[float]:
        return [float(sum(self.cards[c]["value"] for c in bank)) for bank in self.bank]

    def winners(self) -> list[int]:
        return winners_of([(s, -len(b)) for s, b in zip(self.scores(), self.bank,
                                                        strict=True)])


@pytest.fixture(scope="module")
def game_and_cards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[Any]]:
    tree = tmp_path_factory.mktemp("tree")
    folder = make_starter(tree, "claim-jumper")
    return compiled(tree, "claim-jumper"), faces(folder)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_claim_jumper_agrees_with_its_referee(game_and_cards: Any, players: int) -> None:
    game, cards = game_and_cards
    for seed in range(20):
        assert agree(game, ClaimJumper(cards, players), players, seed) > 0


def test_a_second_snake_busts_the_claim(game_and_cards: Any) -> None:
    game, cards = game_and_cards
    snakes = [i for i, c in enumerate(cards) if c["suit"] == "snake"]
    gold = next(i for i, c in enumerate(cards) if c["suit"] == "gold")
    state = game.new_initial_state(2)
    for card in (gold, snakes[0], snakes[1]):
        state.apply_action(("dig",))
        state.apply_action(card)
    assert state.view()["claim"] == [] and state.view()["discard"] == [gold, *snakes[:2]]
    assert state.current_player() == 1 and state.events() == {"bust": 1}


def test_stopping_banks_the_claim(game_and_cards: Any) -> None:
    game, _ = game_and_cards
    state = game.new_initial_state(2)
    state.apply_action(("dig",))
    state.apply_action(0)
    state.apply_action(("stop",))
    assert state.view()["bank"] == [[0], []] and state.current_player() == 1
    assert state.returns() == [1.0, 0.0]


def test_200_seeded_games_agree(game_and_cards: Any) -> None:
    game, cards = game_and_cards
    for seed in range(200):
        agree(game, ClaimJumper(cards, 2 + seed % 3), 2 + seed % 3, 1000 + seed)
