"""The start of a turn: prospecting, deep mining, cave-ins, trading titles and winning
Character cards (rulebook: Mining, Prospecting Green Mines, Deep Mining, Cave-Ins,
Cash out)."""

from __future__ import annotations

from generator.engine.api import Action
from generator.games.kings_of_copper.moves import (
    cash,
    chip_name,
    settle_sapphires,
    take_chip,
    title_price,
)
from generator.games.kings_of_copper.state import START, KingsState


def prospect_price(st: KingsState, seat: int) -> int:
    return max(0, st.t.rules.prospect_price - st.power(seat, "prospect-discount"))


def peek_price(st: KingsState, seat: int) -> int:
    return max(0, st.t.rules.peek_price - st.power(seat, "peek-discount"))


def mine_actions(st: KingsState) -> tuple[list[Action], list[Action]]:
    """The mines the player may work before rolling, each owned mine once: (peeks,
    prospects), each in mine order."""
    s, seat = st.s, st.s.seat
    peeks: list[Action] = []
    prospects: list[Action] = []
    for mine_id in sorted(set(s.tokens[seat]).intersection(s.mines)):
        mine = s.mines[mine_id]
        if mine.owner != seat or mine_id in s.acted:
            continue  # ruling 12: you work a mine your token stands on
        if mine.green is not None and s.money[seat] >= prospect_price(st, seat):
            prospects.append(("prospect", mine_id))
        elif mine.green is None and mine.blue is not None and s.characters[seat] and \
                s.money[seat] >= peek_price(st, seat) + st.t.rules.dig_price:
            peeks.append(("peek", mine_id))  # Deep Mining: needs $100 and a Character
    return peeks, prospects


def prospect(st: KingsState, mine_id: str) -> None:
    """Pay for the green chip under your Title; with a Character card it is cashed now."""
    s, seat = st.s, st.s.seat
    mine = s.mines[mine_id]
    st.pay(seat, prospect_price(st, seat), "the Prospecting chip")
    chip, mine.green = mine.green, None
    s.acted.append(mine_id)
    assert chip is not None
    take_chip(st, seat, chip, "takes")
    if s.characters[seat] and not st.t.chips[chip].sapphire:
        cash(st, seat, chip)
    settle_sapphires(st, seat)


def peek(st: KingsState, mine_id: str) -> None:
    """Deep Mining: pay to peek. Fool's Gold is taken free and the fee comes back."""
    s, seat = st.s, st.s.seat
    paid = st.pay(seat, peek_price(st, seat), "a peek")
    s.acted.append(mine_id)
    mine = s.mines[mine_id]
    assert mine.blue is not None
    if st.t.chips[mine.blue].sort == "fools-gold":
        take_chip(st, seat, mine.blue, "takes (free)")
        mine.blue = None
        forget(st, mine_id)
        st.collect(seat, paid, "the peek back (Fool's Gold)")
        return
    s.seen[seat][mine_id] = mine.blue
    st.note(f"{st.color(seat)} sees {chip_name(st, mine.blue)} under the mine")
    s.pending.append(["dig", seat, mine_id])


def forget(st: KingsState, mine_id: str) -> None:
    """The deep chip left the mine: what anyone peeked at there is no longer on it."""
    for known in st.s.seen:
        known.pop(mine_id, None)


def dig(st: KingsState, seat: int, mine_id: str) -> None:
    st.pay(seat, st.t.rules.dig_price, "the dig")
    st.s.pending.insert(0, ["cave", seat, mine_id])


def cave_numbers(st: KingsState, seat: int, mine_id: str) -> list[int]:
    """Cave-Ins: the nth deep mine of a district caves in on rolls 0 .. n-1."""
    district = st.t.district(mine_id)
    done = sum(1 for m, mine in st.s.mines.items()
               if st.t.district(m) == district and mine.blue is None)
    table = st.t.rules.cave_in
    row = table[min(done, len(table) - 1)]
    return row[:max(0, len(row) - st.power(seat, "cave-in-shift"))]


def cave_roll(st: KingsState, seat: int, mine_id: str, roll: int) -> None:
    mine = st.s.mines[mine_id]
    if roll in cave_numbers(st, seat, mine_id):
        cave_in(st, seat, mine_id)
        return
    assert mine.blue is not None
    take_chip(st, seat, mine.blue, "digs out")
    mine.blue = None
    forget(st, mine_id)
    settle_sapphires(st, seat)


def cave_in(st: KingsState, seat: int, mine_id: str) -> None:
    """Your tokens in the district go to Start, the Title goes back on the mine, the
    Mining chip stays, and your turn ends."""
    district = st.t.district(mine_id)
    tokens = st.s.tokens[seat]
    for i, place in enumerate(tokens):
        if place in st.t.board.spaces and st.t.board.in_district(place) == district:
            tokens[i] = START
            st.note(f"cave-in: {st.color(seat)} token {i + 1} on {place} goes back to Start")
    st.s.mines[mine_id].owner = None
    st.note(f"the {st.t.title_names[st.t.title_of[mine_id]]} Title goes back on its mine; "
            f"{st.color(seat)}'s turn ends")
    st.s.stage = "end"


def buy(st: KingsState, seat: int, mine_id: str) -> None:
    st.pay(seat, title_price(st, seat), "the Claim Title")
    st.s.mines[mine_id].owner = seat
    check_character(st, seat)


def check_character(st: KingsState, seat: int) -> None:
    """Cash out: 3 Titles in 3 different districts win a Character card, chosen in order
    of accomplishment from those left."""
    s = st.s
    if s.characters[seat] or ["character", seat] in s.pending or not free_characters(st):
        return
    districts = {st.t.district(st.t.mine_of[t]) for t in st.titles(seat)}
    if len(districts) >= st.t.rules.character_titles:
        s.pending.append(["character", seat])


def free_characters(st: KingsState) -> list[str]:
    return [c for c in st.t.characters if c not in st.s.characters]


def take_character(st: KingsState, seat: int, card: str) -> None:
    """Winning the card cashes out the green chips you hold (sapphires wait)."""
    st.s.characters[seat] = card
    for chip in list(st.s.hands[seat]):
        info = st.t.chips[chip]
        if info.layer == "green" and not info.sapphire:
            cash(st, seat, chip)
