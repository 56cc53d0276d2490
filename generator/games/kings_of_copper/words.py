"""Actions and positions in the game's own words, for ``simulate --log``."""

from __future__ import annotations

from typing import Any

from generator.engine.api import Action
from generator.games.kings_of_copper import turn
from generator.games.kings_of_copper.moves import chip_name as _chip
from generator.games.kings_of_copper.state import KingsState
from generator.games.kings_of_copper.tables import FINISH
from generator.games.kings_of_copper.trading import deal_of, terms


def _space(st: KingsState, space: str) -> str:
    if space in ("start", "finish", "stay"):
        return {"start": "Start", "finish": "Finish", "stay": "stays put"}[space]
    kind = st.t.board.spaces[space].kind
    title = st.t.board.spaces[space].title
    return f"the {st.t.title_names[title]} mine" if title else f"{space} ({kind})"


def _draws(st: KingsState, space: str) -> str:
    if space in st.t.board.spaces and st.t.board.spaces[space].kind == "event":
        card = st.t.events[st.s.events[0]]
        return f" and draws '{card.name}': {card.text}"
    return ""


def action_to_string(st: KingsState, action: Action) -> str:
    """The action, then on indented lines everything it set off without a choice."""
    after = st.clone()
    after.notes = []
    turn.perform(after, action)  # one of st's legal actions, played on a copy
    return _phrase(st, action) + "".join(f"\n    {n}" for n in after.notes)


def describe_state(st: KingsState) -> str:
    """Each player's money and tokens home, in one line."""
    s = st.s
    return "; ".join(f"P{i + 1} ${s.money[i]} home {s.tokens[i].count(FINISH)}"
                     for i in range(s.players))


def _phrase(st: KingsState, action: Action) -> str:
    if not isinstance(action, tuple):
        return repr(action)
    kind, rest = action[0], action[1:]
    seat_color = st.color(st.s.seat) if st.s.stage != "setup" else ""
    phrases = {
        "first": lambda: f"P{rest[0] + 1} rolls highest and goes first",
        "chip": lambda: f"{_chip(st, rest[0])} is laid face down on "
                        f"{_space(st, st.s.setup_left[0][1])}",
        "card": lambda: f"event card {rest[0]} goes into the pile",
        "roll": lambda: _roll(st, rest),
        "total": lambda: f"{seat_color} token {rest[1] + 1} moves {rest[0]} to "
                         f"{_space(st, rest[2])}{_draws(st, rest[2])}",
        "die": lambda: f"{seat_color} token {rest[1] + 1} moves one die ({rest[0]}) to "
                       f"{_space(st, rest[2])}{_draws(st, rest[2])}",
        "prospect": lambda: f"{seat_color} buys the Prospecting chip of {_space(st, rest[0])}",
        "peek": lambda: f"{seat_color} pays to peek at the deep chip of {_space(st, rest[0])}",
        "dig": lambda: f"{seat_color} digs deep at {_space(st, rest[0])}",
        "leave": lambda: f"{seat_color} leaves the deep chip of {_space(st, rest[0])}",
        "d10": lambda: f"the cave-in die shows {rest[0]}",
        "offer": lambda: _offer(st, action),
        "swap": lambda: _offer(st, action),
        "accept": lambda: f"{st.color(st.s.pending[0][1])} accepts the deal",
        "refuse": lambda: f"{st.color(st.s.pending[0][1])} refuses the deal",
        "counter": lambda: f"{st.color(st.s.pending[0][1])} counters: "
                           f"{terms(st, st.s.pending[0][2][:4] + [rest[1]])}",
        "buy": lambda: f"buys the Claim Title of {_space(st, rest[0])}",
        "decline": lambda: f"passes on the Claim Title of {_space(st, rest[0])}",
        "rob": lambda: f"{st.color(st.s.pending[0][1])} draws one of "
                       f"{st.color(st.s.pending[0][2])}'s chips blind",
        "cash": lambda: f"cashes {_chip(st, rest[0])} at Finish",
        "keep": lambda: "keeps the rest face down",
        "character": lambda: f"wins the Character card {st.t.characters[rest[0]].name}: "
                             f"{st.t.characters[rest[0]].text}",
        "exit": lambda: f"token {rest[0] + 1} stays on {st.s.tokens[st.s.seat][rest[0]]}"
                        if rest[1] == "stay" else
                        f"token {rest[0] + 1} travels underground to {_space(st, rest[1])}",
    }
    phrase = phrases.get(str(kind))
    return phrase() if phrase else repr(action)


def _roll(st: KingsState, dice: tuple[int, ...]) -> str:
    seat_color = st.color(st.s.seat)
    if not dice:
        return f"{seat_color} is done at the mines and picks up the dice"
    pips = " + ".join(map(str, dice))
    task = st.s.pending[0] if st.s.pending else None
    if task is not None and task[0] == "tunnel-roll":  # not a movement roll: no doubles
        place = st.s.tokens[task[1]][task[2]]
        return f"{seat_color} rolls for the tunnel (token {task[2] + 1} on {place}): {pips}"
    again = " again (doubles)" if st.s.rerolls else ""
    return f"{seat_color} rolls{again} {pips}"


def _offer(st: KingsState, action: tuple[Any, ...]) -> str:
    deal = deal_of(st, action)
    return f"{st.color(deal[0])} offers {st.color(deal[1])} {terms(st, deal)}"
