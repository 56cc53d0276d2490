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



class MarketGame:
    """What two games share: a face-up market refilled from a shuffled deck, one card
    at a time, after each player takes one."""

    def __init__(self, cards: list[dict[str, Any]], players: int, shown: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.market: list[int] = []
        self.player, self.refills = 0, shown  # cards still to turn into the market

    def drawing(self) -> bool:
        return bool(self.refills and self.deck)

    def reveal(self, card: int) -> None:
        self.deck.remove(card)
        self.market.append(card)
        self.refills -= 1

    def taken(self, card: int) -> None:
        """The player to act took ``card``: the market is refilled, the turn passes."""
        self.market.remove(card)
        self.player = (self.player + 1) % self.players
        self.refills = 1


class TradingPost(MarketGame):
    """RULEBOOK.md: a market of four; take one into your stall, refill from the deck;
    the game ends when the market is empty; values plus 5 per complete set of suits."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        super().__init__(cards, players, 4)
        self.stall: list[list[int]] = [[] for _ in range(players)]

    def to_move(self) -> int:
        if self.drawing():
            return CHANCE
        return TERMINAL if not self.market else self.player

    def legal(self) -> list[Any]:
        if self.drawing():
            return sorted(self.deck)
        return [] if not self.market else [("take", c) for c in self.market]

    def apply(self, action: Any) -> None:
        if self.drawing():
            self.reveal(action)
            return
        self.stall[self.player].append(action[1])
        self.taken(action[1])

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


class AuctionHouse:
    """RULEBOOK.md: turn a lot face up; from the opener (seat 1, then the next…) each
    player still in raises or passes, the high bidder never asked; the auction ends when
    all have passed, or all but one and someone bid: the high bidder pays and takes the
    lot, else it is discarded. Lots' value plus coins; more coins breaks a tie."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.lot: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.coins = [15] * players
        self.bid, self.high, self.out, self.round = 0, -1, [0] * players, -1
        self.player, self.revealing, self.over = 0, True, False

    def to_move(self) -> int:
        return TERMINAL if self.over else CHANCE if self.revealing else self.player

    def legal(self) -> list[Any]:
        if self.over:
            return []
        if self.revealing:
            return sorted(self.deck)
        raises = range(self.bid + 1, self.coins[self.player] + 1)
        return [("pass",)] + [("raise", n) for n in raises]

    def apply(self, action: Any) -> None:
        if self.revealing:
            self.deck.remove(action)
            self.lot.append(action)
            self.bid, self.high, self.round = 0, -1, self.round + 1
            self.out = [0] * self.players
            self.revealing = False
            self.player = self.active(self.round % self.players)
            return
        if action[0] == "raise":
            self.bid, self.high = action[1], self.player
        else:
            self.out[self.player] = 1
        passed = sum(self.out)
        if passed == self.players or (self.high >= 0 and passed == self.players - 1):
            self.sell()
        else:
            self.player = self.active(self.player + 1)

    def active(self, seat: int) -> int:
        for step in range(self.players):
            s = (seat + step) % self.players
            if not self.out[s] and s != self.high:
                return s
        raise AssertionError("nobody left to bid")

    def sell(self) -> None:
        if self.high >= 0:
            self.coins[self.high] -= self.bid
            self.won[self.high] += self.lot
        else:
            self.discard += self.lot
        self.lot = []
        self.over = not self.deck
        self.revealing = not self.over

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "lot": self.lot, "won": self.won, "discard": self.discard,
                "coins": self.coins, "bid": self.bid, "high": self.high, "out": self.out,
                "round": self.round}

    def scores(self) -> list[float]:
        return [float(sum(self.cards[c]["value"] for c in won) + coins)
                for won, coins in zip(self.won, self.coins, strict=True)]

    def winners(self) -> list[int]:
        return winners_of(list(zip(self.scores(), self.coins, strict=True)))


class LandRush:
    """RULEBOOK.md: deal five surveyors each; in turn send one from your hand to the
    river (5), the hills (4) or the plains (3); when the hands are empty, the strictly
    strongest player in each region scores its worth."""

    REGIONS = (("river", 5), ("hills", 4), ("plains", 3))

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.regions: list[list[tuple[int, int]]] = [[], [], []]  # (card, who sent it)
        self.deal = [s for s in range(players) for _ in range(5)]
        self.player = 0

    def to_move(self) -> int:
        if self.deal:
            return CHANCE
        return self.player if any(self.hand) else TERMINAL

    def legal(self) -> list[Any]:
        if self.deal:
            return sorted(self.deck)
        return [("send", c, r) for c in self.hand[self.player] for r in range(3)]

    def apply(self, action: Any) -> None:
        if self.deal:
            self.deck.remove(action)
            self.hand[self.deal.pop(0)].append(action)
            return
        _, card, region = action
        self.hand[self.player].remove(card)
        self.regions[region].append((card, self.player))
        self.player = (self.player + 1) % self.players

    def view(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deck": self.deck, "hand": self.hand}
        for (name, _), cards in zip(self.REGIONS, self.regions, strict=True):
            out[name] = [c for c, _ in cards]
        return out

    def scores(self) -> list[float]:
        points = [0.0] * self.players
        for (_, worth), cards in zip(self.REGIONS, self.regions, strict=True):
            strength = [sum(self.cards[c]["strength"] for c, who in cards if who == s)
                        for s in range(self.players)]
            if strength.count(max(strength)) == 1:
                points[strength.index(max(strength))] += worth
        return points

    def winners(self) -> list[int]:
        return winners_of([(s,) for s in self.scores()])


class GoldCamp:
    """RULEBOOK.md: five buildings in the market; a turn is a roll (1 coin to the roller,
    then every building whose roll number shows pays its owner) and a buy (pay, take,
    refill) or a pass; the game ends at once at 12 points or an empty market."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        self.cards, self.players = cards, players
        self.deck = list(range(len(cards)))
        self.market: list[int] = []
        self.camp: list[list[int]] = [[] for _ in range(players)]
        self.coins, self.die = [3] * players, 0
        self.player, self.step, self.over = 0, "roll", False
        self.wait, self.dealing = "market", 5  # the chance awaited: market, die or none

    def to_move(self) -> int:
        return TERMINAL if self.over else CHANCE if self.wait != "none" else self.player

    def legal(self) -> list[Any]:
        if self.over:
            return []
        if self.wait == "die":
            return list(range(1, 7))
        if self.wait == "market":
            return sorted(self.deck)
        if self.step == "roll":
            return [("roll",)]
        return [("pass",)] + [("buy", c) for c in self.market
                              if self.cards[c]["cost"] <= self.coins[self.player]]

    def apply(self, action: Any) -> None:
        if self.wait == "market":
            self.deck.remove(action)
            self.market.append(action)
            self.dealing -= 1
            if self.dealing == 0:
                self.wait = "none"
                if self.step == "build":  # a refill after a buy ends the turn
                    self.end_turn()
            return
        if self.wait == "die":
            self.die, self.wait = action, "none"
            self.coins[self.player] += 1
            for s in range(self.players):
                self.coins[s] += sum(self.cards[c]["income"] for c in self.camp[s]
                                     if self.cards[c]["roll"] == self.die)
            self.over = self.ended()
            self.step = "build"
            return
        if action == ("roll",):
            self.wait = "die"
            return
        if action[0] == "buy":
            self.coins[self.player] -= self.cards[action[1]]["cost"]
            self.market.remove(action[1])
            self.camp[self.player].append(action[1])
            if self.deck:
                self.wait, self.dealing = "market", 1
                return
        self.end_turn()

    def end_turn(self) -> None:
        self.over = self.ended()
        self.step = "roll"
        self.player = (self.player + 1) % self.players

    def ended(self) -> bool:
        points = max(sum(self.cards[c]["points"] for c in camp) for camp in self.camp)
        return points >= 12 or not self.market

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "market": self.market, "camp": self.camp,
                "coins": self.coins, "die": self.die}

    def scores(self) -> list[float]:
        return [float(sum(self.cards[c]["points"] for c in camp)) for camp in self.camp]

    def winners(self) -> list[int]:
        return winners_of(list(zip(self.scores(), self.coins, strict=True)))


class Homestead(MarketGame):
    """RULEBOOK.md: a market of three; place one on an empty place of your 3 x 3
    homestead, refill; when every homestead is full, each tile scores its value plus 2
    per tile of its kind beside it (not across corners)."""

    def __init__(self, cards: list[dict[str, Any]], players: int):
        super().__init__(cards, players, 3)
        self.homestead: list[list[list[int]]] = [[[] for _ in range(9)]
                                                 for _ in range(players)]

    def full(self) -> bool:
        return all(all(cell for cell in h) for h in self.homestead)

    def to_move(self) -> int:
        if self.drawing():
            return CHANCE
        return TERMINAL if self.full() else self.player

    def legal(self) -> list[Any]:
        if self.drawing():
            return sorted(self.deck)
        if self.full():
            return []
        home = self.homestead[self.player]
        return [("place", c, i) for c in self.market for i in range(9) if not home[i]]

    def apply(self, action: Any) -> None:
        if self.drawing():
            self.reveal(action)
            return
        _, card, cell = action
        self.homestead[self.player][cell].append(card)
        self.taken(card)

    def view(self) -> dict[str, Any]:
        return {"deck": self.deck, "market": self.market, "homestead": self.homestead}

    def scores(self) -> list[float]:
        out = []
        for home in self.homestead:
            points = 0
            for i, cell in enumerate(home):
                for card in cell:
                    x, y = i % 3, i // 3
                    near = [home[ny * 3 + nx] for nx, ny in
                            ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                            if 0 <= nx < 3 and 0 <= ny < 3]
                    kind = self.cards[card]["suit"]
                    points += self.cards[card]["value"] + 2 * sum(
                        self.cards[c]["suit"] == kind for spot in near for c in spot)
            out.append(float(points))
        return out

    def winners(self) -> list[int]:
        return winners_of([(s,) for s in self.scores()])
