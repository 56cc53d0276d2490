"""The greedy bot: sensible money rules for mining, trading and cashing, one-ply
look-ahead for moves. It never reads face-down chips it has not seen (chips on mines,
others' hands, the event pile); its own hand it knows, and it remembers the deep chips
it paid to peek at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.kings_of_copper import appraisal, mining, moves, trading, turn
from generator.games.kings_of_copper.state import FINISH, START, KingsState

RESERVE = 100  # keep this much cash for the next title and prospecting chip
STEP_WORTH = 6  # dollars a step of progress is worth to the greedy player
# a cursed turn rolls one die: 3.5 steps fewer on average and no doubles (7/6 steps)
CURSE_TURN = (3.5 + 7 / 6) * STEP_WORTH
MINE_SEAT = 40  # a token on its own mine with chips left can work it next turn
DECOYS, DECOY_VALUE = 2, 100  # low chips kept face down beside a sapphire (the rules' tip)
MIN_GAIN = 20  # a deal must be worth this much to the one who offers it
HOME = 4  # steps being home is worth beyond the last one
CARD_ORDER = ("cave-in-shift", "peek-discount", "prospect-discount", "title-discount",
              "rob-extra")


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
            return rule(self, state, [_fields(a) for a in actions])
        tried: dict[Any, float] = {}  # twin moves are tried once (``_twin``)
        return max(actions, key=lambda a: (_after_once(state, a, tried), _tiebreak(a)))

    # --- the start of the turn ----------------------------------------------------------
    def start(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        """Prospect first, then a deep mine worth the risk, then the best deal, then roll."""
        seat = st.s.seat
        for action in actions:
            if action[0] == "prospect":  # green chips are worth more than they cost
                return action
        for action in actions:
            if action[0] == "peek" and self._worth_peeking(st, seat, action[1]):
                return action
        values: appraisal.Values = {}  # one position: each Title's worth is worked out once
        offers = [(appraisal.gains(st, trading.deal_of(st, a), values), a) for a in actions
                  if a[0] in ("offer", "swap") and _keeps_reserve(st, seat, a)]
        good = [(b, a) for (b, s), a in offers if b >= MIN_GAIN and s >= 0]
        if good:
            return max(good, key=lambda g: (g[0], _tiebreak(g[1])))[1]
        return ("roll",)

    def _worth_peeking(self, st: KingsState, seat: int, mine: str) -> bool:
        if st.s.money[seat] < 2 * RESERVE or _cave_risk(st, seat, mine) > 0.3:
            return False
        chip = st.s.seen[seat].get(mine)  # the deep chip this seat peeked at there
        return chip is None or _dig_pays(st, seat, mine, chip)

    def dig(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        seat, mine = st.s.pending[0][1], st.s.pending[0][2]
        chip = st.s.seen[seat][mine]  # the bot paid to peek at it
        return ("dig", mine) if _dig_pays(st, seat, mine, chip) else ("leave", mine)

    def answer(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        """The seller accepts a deal that pays, else asks the least that would; the
        buyer takes a counter that still pays."""
        task = st.s.pending[0]
        answerer, deal = task[1], task[2]
        get = deal[3]
        if answerer == deal[0]:
            return ("accept", get) if appraisal.gains(st, deal)[0] >= 0 else ("refuse", get)
        if appraisal.gains(st, deal)[1] >= 0:
            return ("accept", get)
        counters = [a for a in actions if a[0] == "counter"
                    and appraisal.gains(st, deal[:4] + [a[2]])[1] >= 0]
        return min(counters, key=lambda a: a[2]) if counters else ("refuse", get)

    def cash(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        """Cash every chip but the decoys; keep the rest."""
        decoys = _decoys(st, st.s.pending[0][1])
        return next((a for a in actions if a[0] == "cash" and a[1] not in decoys),
                    ("keep", "rest"))

    def character(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        """The card whose power should earn the most from here (Heinze's robbing too)."""
        seat = st.s.pending[0][1]
        return max(actions, key=lambda a: (appraisal.card_value(st, seat, a[1]),
                                           -CARD_ORDER.index(st.t.characters[a[1]].power)))

    def buy(self, st: KingsState, actions: list[tuple[Any, ...]]) -> Action:
        seat, mine = st.s.pending[0][1], actions[0][1]
        rich = st.s.money[seat] >= moves.title_price(st, seat) + RESERVE
        return ("buy", mine) if rich else ("decline", mine)


def _fields(action: Action) -> tuple[Any, ...]:
    """A decision's action: a tuple, ``(kind, …)``."""
    assert isinstance(action, tuple), action
    return action


def _tiebreak(action: Action) -> str:
    return repr(action)


def _keeps_reserve(st: KingsState, seat: int, action: tuple[Any, ...]) -> bool:
    money = action[3] if action[0] == "offer" else action[4]
    return st.s.money[seat] - money >= RESERVE


def _cave_risk(st: KingsState, seat: int, mine: str) -> float:
    return len(mining.cave_numbers(st, seat, mine)) / st.t.rules.d10_faces


def _dig_pays(st: KingsState, seat: int, mine: str, chip: str | None) -> bool:
    risk = _cave_risk(st, seat, mine)
    gain = (1 - risk) * (st.t.chips[chip].value if chip else 0)
    return gain > st.t.rules.dig_price + risk * 300


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


# --- moves: one-ply look-ahead -------------------------------------------------------

def _after_once(state: KingsState, action: Action, tried: dict[Any, float]) -> float:
    """``_after``, once for each set of twin moves."""
    twin = _twin(state, action)
    if twin not in tried:
        tried[twin] = _after(state, action)
    return tried[twin]


def _twin(state: KingsState, action: Action) -> Any:
    """Moving either of two tokens that stand together, alike in this turn's record
    (head frame, tunnel, moved), the same way leads to the same position but for the
    tokens' numbers: the rules play on alike and ``worth`` does not read them, so one
    look-ahead serves both."""
    if not isinstance(action, tuple) or len(action) != 4:
        return action
    s, (kind, steps, tok, dest) = state.s, action
    return (kind, steps, dest, s.tokens[s.seat][tok], tok in s.head_frame, tok in s.tunnels,
            tok in s.moved)


def _after(state: KingsState, action: Action) -> float:
    """Worth after the action; landing on an event square is averaged over the cards,
    since the bot cannot know the top of the pile."""
    seat = state.s.seat
    dest = action[-1] if isinstance(action, tuple) else None
    space = state.t.board.spaces.get(str(dest))
    cards = state.t.event_counts if space is not None and space.kind == "event" else {None: 1}
    cursed = turn.landing(state, action)  # a move's curse, worked out once for all cards
    total = 0.0
    for card, n in cards.items():
        copy = state.trial()  # a move or a tunnel exit: no mine changes
        if card is not None:
            copy.s.events = [card] + copy.s.events
        turn.perform(copy, action, cursed)  # one of state's legal actions: no re-check
        total += n * worth(copy, seat)
    return total / sum(cards.values())


def progress(st: KingsState) -> list[int]:
    """Steps each seat's tokens have come (Finish counts the whole route)."""
    come, colors = st.t.come, st.t.board.colors
    return [sum(map(come[colors[seat]].__getitem__, places)) + HOME * places.count(FINISH)
            for seat, places in enumerate(st.s.tokens)]


def worth(st: KingsState, seat: int) -> float:
    """What the position is worth to ``seat`` in dollars, as far as it can tell. Every
    position a move is tried in asks: its whole-number parts are counted in one pass each
    (the sum is made in the same order, so to the same float)."""
    s = st.s
    chips = st.t.chips
    hand = sum([chips[c].value for c in s.hands[seat]])
    steps = progress(st)
    value = s.money[seat] + 0.8 * hand + STEP_WORTH * steps[seat]
    titles = [mine.owner for mine in s.mines.values()].count(seat)
    value += 60 * titles + (150 if s.characters[seat] else 0)
    value += sum([60 for task in s.pending if task[0] == "buy" and task[1] == seat])
    value -= 12 * _exposed(st, seat)
    value -= CURSE_TURN * s.curse[seat]  # the ladder curse: seven turns of one die
    value += MINE_SEAT * _seated_on_own_mines(st, seat)
    others = s.players - 1
    value -= 0.5 * STEP_WORTH * (sum(steps) - steps[seat]) / max(1, others)
    return value


def _seated_on_own_mines(st: KingsState, seat: int) -> int:
    """Ruling 12: a mine is worked while your token stands on it."""
    deep = st.s.characters[seat] is not None
    return sum(1 for place in set(st.s.tokens[seat]) if (mine := st.s.mines.get(place))
               and mine.owner == seat and (mine.green is not None or
                                           (deep and mine.blue is not None)))


def _exposed(st: KingsState, seat: int) -> int:
    """The seat's tokens alone on a space where a bump sends them home."""
    places, safe = st.s.tokens[seat], st.t.board.is_safe
    return len([place for place in places if place != START and place != FINISH
                and places.count(place) == 1 and not safe(place)])


Rule = Callable[[GreedyBot, KingsState, list[tuple[Any, ...]]], Action]
RULES: dict[str, Rule] = {
    "offer": GreedyBot.start, "peek": GreedyBot.start, "prospect": GreedyBot.start,
    "roll": GreedyBot.start, "swap": GreedyBot.start,
    "buy": GreedyBot.buy, "decline": GreedyBot.buy,
    "dig": GreedyBot.dig, "leave": GreedyBot.dig,
    "accept": GreedyBot.answer, "counter": GreedyBot.answer, "refuse": GreedyBot.answer,
    "cash": GreedyBot.cash, "keep": GreedyBot.cash,
    "character": GreedyBot.character,
}
