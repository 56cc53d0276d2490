"""What a Title, a deal or a Character card is worth to a player, in dollars, from public
information only (the greedy bot's judgement; no face-down chip is read).

A Title is worth the chips its mine still holds, on average, less what they cost to
mine, plus a share of a Character card when it brings a new district. A player with
every token home can mine nothing (ruling 12), so a Title is worth nothing to them.
"""

from __future__ import annotations

from generator.games.kings_of_copper import mining
from generator.games.kings_of_copper.state import KingsState
from generator.games.kings_of_copper.trading import Deal

TITLE_BASE = 20  # a Title also blocks the mine for the others
CARD_WORTH = 250  # cashes green chips at once and opens deep mining
DEEP_SHARE = 0.3  # deep chips need a card, $100 and luck: count a share of them
BUMPS_AHEAD = 1.5  # robberies a player can still expect to make in a game


def mean_value(st: KingsState, layer: str) -> float:
    return st.t.chip_mean[layer]


def title_value(st: KingsState, seat: int, title: str, without: str = "") -> float:
    """Holding ``title`` is worth this much to ``seat``; ``without``: a Title of theirs
    that would be gone (the one given in a swap)."""
    if st.all_home(seat):
        return 0.0
    mine = st.s.mines[st.t.mine_of[title]]
    worth = float(TITLE_BASE)
    if mine.green is not None:
        worth += max(0.0, mean_value(st, "green") - mining.prospect_price(st, seat))
    if mine.blue is not None:
        worth += DEEP_SHARE * max(0.0, mean_value(st, "blue") - st.t.rules.dig_price
                                  - mining.peek_price(st, seat))
    return worth + _card_share(st, seat, title, without)


def _card_share(st: KingsState, seat: int, title: str, without: str) -> float:
    if st.s.characters[seat] or not mining.free_characters(st):
        return 0.0
    others = {st.t.district(st.t.mine_of[t]) for t in st.titles(seat) if t not in (title, without)}
    if st.t.district(st.t.mine_of[title]) in others:
        return 0.0
    return CARD_WORTH * (len(others) + 1) / st.t.rules.character_titles


Values = dict[tuple[int, str, str], float]  # (seat, title, without) -> title_value


def gains(st: KingsState, deal: Deal, values: Values | None = None) -> tuple[float, float]:
    """(buyer's gain, seller's gain) from a deal, each in their own eyes. ``values``:
    Title values already worked out in this same position (many offers share them)."""
    buyer, seller, give, get, money = deal
    known = {} if values is None else values
    buyer_gain = _value(st, known, buyer, get, give) - money
    seller_gain = money - _value(st, known, seller, get, "")
    if give:
        buyer_gain -= _value(st, known, buyer, give, "")
        seller_gain += _value(st, known, seller, give, get)
    return buyer_gain, seller_gain


def _value(st: KingsState, known: Values, seat: int, title: str, without: str) -> float:
    """``title_value``, looked up in ``known`` first."""
    key = (seat, title, without)
    found = known.get(key)
    if found is None:
        found = known[key] = title_value(st, seat, title, without)
    return found


def card_value(st: KingsState, seat: int, card: str) -> float:
    """What a Character card's power should earn ``seat`` in the rest of the game."""
    face = st.t.characters[card]
    mines = [m for m in st.s.mines.values() if m.owner == seat]
    if face.power == "prospect-discount":
        return face.amount * sum(1 for m in mines if m.green is not None)
    if face.power == "peek-discount":
        return face.amount * sum(1 for m in mines if m.blue is not None) * 0.5
    if face.power == "cave-in-shift":
        share = face.amount / st.t.rules.d10_faces
        return share * mean_value(st, "blue") * sum(1 for m in mines if m.blue is not None)
    if face.power == "title-discount":
        return face.amount * sum(1 for m in st.s.mines.values() if m.owner is None) * 0.2
    return _robbing_value(st, seat, face.amount)


def _robbing_value(st: KingsState, seat: int, extra: int) -> float:
    """Heinze: an extra blind chip per bump, worth the chips the others hold."""
    others = [p for p in range(st.s.players) if p != seat]
    held = sum(len(st.s.hands[p]) for p in others)
    chip_mean = (mean_value(st, "blue") + mean_value(st, "green")) / 2
    return extra * BUMPS_AHEAD * chip_mean * min(1.0, held / max(1, len(others)))
