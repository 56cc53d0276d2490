"""The invariants a Copper Creek position must keep; cheap, checked after every action."""

from __future__ import annotations

from generator.games.copper_creek.state import CreekPosition


def broken(s: CreekPosition) -> list[str]:
    t = s.t
    out = []
    if s.bank + sum(s.money) != t.money_total:
        out.append(f"money is not conserved: bank {s.bank} + players {sum(s.money)} != "
                   f"{t.money_total}")
    if min(s.money) < 0:
        out.append(f"a player has negative money: {s.money}")
    if not sum(len(stack) for stack in s.stacks) == sum(s.chips) == s.shares_bought:
        out.append("a share left a stack (stacks only grow)")
    if any(s.tokens_left(seat) < 0 for seat in range(s.players)):
        out.append("a player used more share tokens than they have")
    if s.first_income_turn and s.first_income_turn <= t.quiet_turns:
        out.append(f"income was paid on turn {s.first_income_turn}; the first "
                   f"{t.quiet_turns} turns pay nothing")
    if s.elections and s.elections[0][1] <= len(t.gray_cards):
        out.append(f"the {s.elections[0][0]} election came with card {s.elections[0][1]}, "
                   f"before card {len(t.gray_cards) + 1}")
    cards = len(s.placed) + len(s.set_aside) + len(s.gray_pile) + len(s.main_pile) + (
        s.drawn >= 0)
    if cards != len(t.cards):
        out.append(f"{cards} cards accounted for, the deck has {len(t.cards)}")
    if s.phase == "end" and len(s.elections) != len(t.elections):
        out.append(f"the game ended after {len(s.elections)} elections, without the "
                   f"{t.elections[-1].year} election (the deck ran out)")
    return out
