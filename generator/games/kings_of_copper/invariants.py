"""Invariants checked after every action in ``simulate`` (kept cheap)."""

from __future__ import annotations

from collections import Counter

from generator.games.kings_of_copper.state import FINISH, START, KingsState


def broken(st: KingsState) -> list[str]:
    return _money(st) + _chips(st) + _tokens(st) + _capacity(st) + _home(st)


def _money(st: KingsState) -> list[str]:
    s = st.s
    total = sum(s.money) + s.bank
    out = []
    if total != st.t.money_supply:
        out.append(f"money not conserved: players and bank hold ${total}, "
                   f"supply is ${st.t.money_supply}")
    if min(s.money + [s.bank]) < 0:
        out.append("someone holds less than $0")
    return out


def _chips(st: KingsState) -> list[str]:
    s = st.s
    if s.stage == "setup":
        return []
    found = [c for mine in s.mines.values() for c in (mine.green, mine.blue) if c is not None]
    for hand, cashed in zip(s.hands, s.cashed, strict=True):
        found += hand + cashed
    seen = Counter(found)
    if seen != Counter(st.t.chip_counts):
        return [f"chips not conserved: {dict(seen - Counter(st.t.chip_counts))} extra, "
                f"{dict(Counter(st.t.chip_counts) - seen)} missing"]
    return []


def _tokens(st: KingsState) -> list[str]:
    out = []
    spaces = st.t.board.spaces
    for seat, tokens in enumerate(st.s.tokens):
        color = st.color(seat)
        for place in tokens:
            if place in (START, FINISH):
                continue
            space = spaces.get(place)
            if space is None or space.kind in ("start", "finish") or (
                    space.kind == "rung" and space.color != color):
                out.append(f"P{seat + 1} token on an impossible space '{place}'")
    return out


def _capacity(st: KingsState) -> list[str]:
    """Movement and Bumping: off the safe spaces, a space holds one player's tokens."""
    by_space: dict[str, set[int]] = {}
    for seat, tokens in enumerate(st.s.tokens):
        for place in tokens:
            if place not in (START, FINISH) and not st.t.board.is_safe(place):
                by_space.setdefault(place, set()).add(seat)
    return [f"space {place} holds tokens of {len(seats)} players"
            for place, seats in sorted(by_space.items()) if len(seats) > 1]


def _home(st: KingsState) -> list[str]:
    """Ruling 20: a player with every token home does not roll."""
    s = st.s
    rolling = s.stage == "roll" and not s.pending
    if rolling and st.all_home(s.seat):
        return [f"P{s.seat + 1} has every token home but is about to roll"]
    return []
