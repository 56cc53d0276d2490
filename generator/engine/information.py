"""The leak test: does any bot's decision depend on something its seat cannot see?

At positions sampled along seeded games, the deciding seat's hidden things are dealt
again (``State.determinize``): the seat's view is unchanged, so a fair bot built with the
same seed must choose the same action in both positions. Every difference is a leak.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from generator.engine.api import CHANCE, Game, State
from generator.engine.playout import BotFactory, sample_chance


class NoHiddenInformation(ValueError):
    """A leak test asked of a game in which every seat sees the whole position."""


@dataclass
class LeakReport:
    positions: int = 0  # decisions looked at
    redealt: int = 0  # of them, those where the redeal changed a hidden thing
    differences: list[str] = field(default_factory=list)  # "bot at position: a vs b"


def leak_test(game: Game, players: int, bots: Mapping[str, BotFactory], *,
              guide: BotFactory, seed: int | str = 1, positions: int = 20,
              every: int = 1) -> LeakReport:
    """Compare every bot's decision on ``positions`` decisions (each ``every``-th of the
    games ``guide`` plays in every seat) with its decision once the deciding seat's hidden
    things are dealt again."""
    probe = game.new_initial_state(players)
    if not probe.hidden_information:
        raise NoHiddenInformation(f"{game.id} has no hidden information: every seat sees "
                                  "the whole position, so no bot can peek (nothing to test)")
    report = LeakReport()
    for where, state in _decisions(game, players, guide, seed, positions, every):
        seat = state.current_player()
        redealt = state.determinize(seat, random.Random(f"redeal:{where}"))
        if redealt.information(seat) != state.information(seat):
            raise AssertionError(f"{game.id} at {where}: a redeal changed what P{seat + 1} saw")
        report.positions += 1
        report.redealt += redealt.to_dict() != state.to_dict()
        for name, factory in bots.items():
            chosen = factory(seat, where).step(state.clone())
            again = factory(seat, where).step(redealt)
            if chosen != again:
                report.differences.append(f"{name} at {where}: {chosen!r} but {again!r} "
                                          "after the redeal")
    return report


def _decisions(game: Game, players: int, guide: BotFactory, seed: int | str, count: int,
               every: int) -> Iterator[tuple[str, State]]:
    """``count`` decision positions with a real choice, every ``every``-th of games the
    ``guide`` bot plays in every seat, each named ``game/decision``."""
    found = 0
    for index in range(count):  # at least one decision a game: never more games than this
        rng = random.Random(f"leak:{seed}/{index}")
        seats = [guide(seat, f"{seed}/{index}") for seat in range(players)]
        state = game.new_initial_state(players)
        step = 0
        while not state.is_terminal() and found < count:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                step += 1
                if step % every == 0:
                    found += 1
                    yield f"{seed}/{index}/{step}", state.clone()
            state.apply_action(seats[player].step(state))
        if found >= count:
            return

