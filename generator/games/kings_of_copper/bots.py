"""The greedy bot: sensible money rules for mining and trading, one-ply look-ahead for
moves. It never reads face-down chips it has not seen (chips on mines, others' hands,
the event pile); its own hand it knows."""

from __future__ import annotations

from typing import Any

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.kings_of_copper import mining, moves, turn
from generator.games.kings_of_copper.state import FINISH, START, KingsState

RESERVE = 100  # keep this much cash for the next title and prospecting chip
CARD_ORDER = ("cave-in-shift", "peek-discount", "prospect-discount", "title-discount",
              "rob-extra")
STEP_WORTH = 6  # dollars a step of progress is worth to the greedy player
DECOYS, DECOY_VALUE = 2, 100  # low chips kept face down beside a sapphire (the rules' tip)


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, KingsState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        kind = actions[0][0] if isinstance(actions[0], tuple) else None
        rule = RULES.get(str(kind))
        if rule is not None:
            return rule(state, [_fields(a) for a in actions])
        return max(actions, key=lambda a: (_after(state, a), _tiebreak(a)))


def _fields(action: Action) -> tuple[Any, ...]:
    """A decision's action: a tuple, ``(kind, …)``."""
    assert isinstance(action, tuple), action
    return action


def _tiebreak(action: Action) -> str:
    return repr(action)


def _after(state: KingsState, action: Action) -> float:
    """Worth after the action; landing on an event square is averaged over the cards,
    since the bot cannot know the top of the pile."""
    seat = state.s.seat
    dest = action[-1] if isinstance(action, tuple) else None
    space = state.t.board.spaces.get(str(dest))
    cards = state.t.event_counts if space is not None and space.kind == "event" else {None: 1}
    total = 0.0
    for card, n in cards.items():
        copy = state.clone()
        if card is not None:
            copy.s.events = [card] + copy.s.events
        turn.perform(copy, action)  # one of state's legal actions: no need to re-check
        total += n * worth(copy, seat)
    return total / sum(cards.values())


def progress(st: KingsState, seat: int) -> int:
    """Steps the seat's tokens have come (Finish counts the whole route)."""
    board, color = st.t.board, st.color(seat)
    dist = st.t.to_finish[color]
    full = dist[board.first(color)] + 1
    total = 0
    for place in st.s.tokens[seat]:
        if place == FINISH:
            total += full + 4  # being home is worth more than the last step
        elif place != START:
            total += full - dist.get(place, full)
    return total


def worth(st: KingsState, seat: int) -> float:
    """What the position is worth to ``seat`` in dollars, as far as it can tell."""
    s = st.s
    hand = sum(st.t.chips[c].value for c in s.hands[seat])
    value = s.money[seat] + 0.8 * hand + STEP_WORTH * progress(st, seat)
    value += 60 * len(st.titles(seat)) + (150 if s.characters[seat] else 0)
    value += sum(60 for task in s.pending if task[0] == "buy" and task[1] == seat)
    value -= sum(12 for place in s.tokens[seat] if _exposed(st, place, seat))
    others = [p for p in range(s.players) if p != seat]
    value -= 0.5 * STEP_WORTH * sum(progress(st, p) for p in others) / max(1, len(others))
    return value


def _exposed(st: KingsState, place: str, seat: int) -> bool:
    if place in (START, FINISH) or st.t.board.is_safe(place):
        return False
    return st.occupants(place)[seat] == 1


# --- fixed rules for the money decisions --------------------------------------------

def _start(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    seat = st.s.seat
    for action in actions:
        if action[0] == "prospect":  # green chips are worth more than they cost on average
            return action
        if action[0] == "peek" and _cave_risk(st, seat, action[1]) <= 0.3 and \
                st.s.money[seat] >= 2 * RESERVE:
            return action
        if action[0] == "offer" and _completes_district(st, seat, action[1]):
            return action
    return ("roll",)


def _cave_risk(st: KingsState, seat: int, mine: str) -> float:
    return len(mining.cave_numbers(st, seat, mine)) / st.t.rules.d10_faces


def _completes_district(st: KingsState, seat: int, title: str) -> bool:
    if st.s.characters[seat]:
        return False
    have = {st.t.district(st.t.mine_of[t]) for t in st.titles(seat)}
    return st.t.district(st.t.mine_of[title]) not in have


def _buy(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    seat = st.s.seat if not st.s.pending else st.s.pending[0][1]
    mine = actions[0][1]
    rich = st.s.money[seat] >= moves.title_price(st, seat) + RESERVE
    return ("buy", mine) if rich else ("decline", mine)


def _dig(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    seat, mine = st.s.pending[0][1], st.s.pending[0][2]
    chip = st.s.mines[mine].blue  # seen: the bot paid to peek at it
    risk = _cave_risk(st, seat, mine)
    gain = (1 - risk) * (st.t.chips[chip].value if chip else 0)
    return ("dig", mine) if gain > st.t.rules.dig_price + risk * 300 else ("leave", mine)


def _answer(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    seller, title = st.s.pending[0][1], st.s.pending[0][2]
    spare = len(st.titles(seller)) > st.t.rules.character_titles or st.s.money[seller] < 60
    return ("sell", title) if spare else ("refuse", title)


def _character(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    power = {a[1]: st.t.characters[a[1]].power for a in actions}
    return min(actions, key=lambda a: (CARD_ORDER.index(power[a[1]]), a))


def _cash(st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
    """Cash every chip but the decoys; keep the rest."""
    decoys = _decoys(st, st.s.pending[0][1])
    return next((a for a in actions if a[0] == "cash" and a[1] not in decoys), ("keep", "rest"))


def _decoys(st: KingsState, seat: int) -> set[str]:
    """Ladders & Finish tip: while a sapphire can still be robbed (a token is still out),
    low chips kept face down make a blind robbery likelier to miss it."""
    hand, chips = st.s.hands[seat], st.t.chips
    if st.all_home(seat) or not any(chips[c].sapphire for c in hand):
        return set()
    fools = sum(1 for c in hand if chips[c].value == 0)
    low = sorted((c for c in set(hand) if 0 < chips[c].value <= DECOY_VALUE),
                 key=lambda c: (chips[c].value, c))
    return set(low[:max(0, DECOYS - fools)])


RULES = {
    "offer": _start, "peek": _start, "prospect": _start, "roll": _start,
    "buy": _buy, "decline": _buy,
    "dig": _dig, "leave": _dig,
    "refuse": _answer, "sell": _answer,
    "cash": _cash, "keep": _cash,
    "character": _character,
}
