"""Hand-written referees of the starter games: each rulebook in plain Python, written
from its RULEBOOK.md alone (no code shared with the compiler). Each offers the same
actions as the compiled game, and names its zones and variables as the rules file does,
so ``agree`` can compare every position."""

from __future__ import annotations

from typing import Any

from generator.engine.api import TERMINAL
from rulesfile.starters import CHANCE, winners_of

SUITS = ("hides", "furs", "salt", "tea")

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



class TradingPost:
    """RULEBOOK.md: a market of four; take one into your stall, refill from the deck;
    the game ends when the market is empty; values plus 5 per complete set of suits."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.market: list[int] = []
        self.stall: list[list[int]] = [[] for _ in range(players)]
        self.player, self.refills = 0, 4  # cards still to turn into the market

    def to_move(self) -> int:
        if self.refills and self.deck:
            return CHANCE
        return TERMINAL if not self.market else self.player

    def legal(self) -> list[Any]:
        if self.to_move() == CHANCE:
            return sorted(self.deck)
        return [] if not self.market else [("take", c) for c in self.market]

    def apply(self, action: Any) -> None:
        if self.to_move() == CHANCE:
            self.deck.remove(action)
            self.market.append(action)
            self.refills -= 1
            return
        self.market.remove(action[1])
        self.stall[self.player].append(action[1])
        self.player = (self.player + 1) % self.players
        self.refills = 1

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "market": self.market, "stall": self.stall}

    def scores(self) -> list[float]:
        out = []
        for stall in self.stall:
            suits = [self.cards[c]["suit"] for c in stall]
            sets = min(suits.count(s) for s in SUITS)
            out.append(float(sum(self.cards[c]["value"] for c in stall) + 5 * sets))
        return out

    def winners(self) -> list[int]:
        return winners_of([(s, len(st)) for s, st in zip(self.scores(), self.stall,
                                                         strict=True)])



class HighNoon:
    """RULEBOOK.md: deal the deck out; the leader plays any card, the others follow suit
    if they can; the highest card of the led suit takes the trick and leads the next;
    a point per trick, then the value of the cards won."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.trick: list[tuple[int, int]] = []  # (card, who played it)
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.tricks = [0] * players
        self.led, self.leader, self.player = "none", 0, 0
        self.deal = [s for s in range(players) for _ in range(len(cards) // players)]

    def suit(self, card: int) -> str:
        return str(self.cards[card]["suit"])

    def to_move(self) -> int:
        if self.deal:
            return CHANCE
        if not any(self.hand):
            return TERMINAL
        return self.player

    def legal(self) -> list[Any]:
        if self.deal:
            return sorted(self.deck)
        hand = self.hand[self.player]
        if not hand:
            return []
        follow = [c for c in hand if self.suit(c) == self.led]
        return [("play", c) for c in (follow if self.trick and follow else hand)]

    def apply(self, action: Any) -> None:
        if self.deal:
            self.deck.remove(action)
            self.hand[self.deal.pop(0)].append(action)
            return
        card = action[1]
        if not self.trick:
            self.led = self.suit(card)
        self.hand[self.player].remove(card)
        self.trick.append((card, self.player))
        self.player = (self.player + 1) % self.players
        if len(self.trick) == self.players:
            _, winner = max((self.cards[c]["value"], -i, who) for i, (c, who) in
                            enumerate(self.trick) if self.suit(c) == self.led)[::2]
            self.leader = self.player = winner
            self.tricks[winner] += 1
            self.won[winner] += [c for c, _ in self.trick]
            self.trick = []

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "hand": self.hand, "trick": [c for c, _ in self.trick],
                "won": self.won, "led": self.led, "leader": self.leader,
                "tricks": self.tricks}

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def winners(self) -> list[int]:
        return winners_of([(float(t), sum(self.cards[c]["value"] for c in won))
                           for t, won in zip(self.tricks, self.won, strict=True)])
