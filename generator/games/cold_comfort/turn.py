"""A player's turn (rules: On Each Turn): collect, then mine, or host / build / upgrade /
downgrade / fire, then end the turn (and maybe a scoring round)."""

from __future__ import annotations

from generator.engine.api import Action
from generator.games.cold_comfort.geometry import Square, neighbours
from generator.games.cold_comfort.state import COUNTED, ColdComfortPosition, Hotel


def numbers(action: Action) -> tuple[int, ...]:
    """The numbers after a tuple action's kind: ``("host", cx, cy, hx, hy)`` gives
    ``(cx, cy, hx, hy)``."""
    assert isinstance(action, tuple), action
    return action[1:]


def square(action: Action) -> Square:
    """The square a ``(kind, x, y, ...)`` action names."""
    x, y = numbers(action)[:2]
    return x, y


def outcome(action: Action) -> int:
    """A chance action: a tile index or a die's value."""
    assert isinstance(action, int), action
    return action


def start(state: ColdComfortPosition, seat: int) -> None:
    """Step 1: Collect. Guests check out, pay their value and return to the pool."""
    state.active, state.phase = seat, "turn"
    state.turns += 1
    state.acted = state.built = state.fired = False
    hotels = state.hotels
    for sq, hotel in list(hotels.items()):
        if hotel.owner == seat and hotel.guest:
            state.pay(seat, hotel.guest)
            hotels[sq] = Hotel(seat, hotel.size)  # empty, and no longer fresh
            state.pool += 1
        elif hotel.fresh:
            hotels[sq] = Hotel(hotel.owner, hotel.size, hotel.guest)


def _own_empty(state: ColdComfortPosition) -> list[tuple[Square, Hotel]]:
    return sorted((sq, h) for sq, h in state.hotels.items()
                  if h.owner == state.active and not h.guest)


def actions(state: ColdComfortPosition) -> list[Action]:
    """Every turn action, sorted: each kind is listed in order, and the kinds follow in
    alphabetical order (build, end, fire, host, mine, resize), so nothing is sorted."""
    empty = _own_empty(state)  # asked by hosting, resizing and fire: looked up once
    can_build = not state.built  # "You can do only one of these actions on your turn"
    found: list[Action] = _building(state) if can_build else []
    found.append(("end",))
    if not state.fired:  # "You can do this only once"
        found += [("fire", x, y) for (x, y), h in empty if not h.fresh]
    found += _hosting(state, empty)
    if not state.acted:  # "If you do nothing else, you can Mine"
        found += [("mine", x, y) for x, y in sorted(state.campers)]
    if can_build:
        found += _resizing(state, empty)
    return found


def _hosting(state: ColdComfortPosition, empty: list[tuple[Square, Hotel]]) -> list[Action]:
    """Host: a camper moves into an empty room of its size (not a hotel built this turn)."""
    rooms = [(sq, h) for sq, h in empty if not h.fresh]
    campers = sorted(state.campers.items()) if rooms else []
    return [("host", cx, cy, hx, hy) for (cx, cy), v in campers
            for (hx, hy), h in rooms if v == h.size]


def build_cost(state: ColdComfortPosition, square: Square, value: int) -> int:
    return build_price(state, square in state.campers, value)


def build_price(state: ColdComfortPosition, occupied: bool, value: int) -> int:
    per = state.setup.build_occupied if occupied else state.setup.build
    return per * value


def resize_cost(state: ColdComfortPosition, old: int, new: int) -> int:
    s = state.setup
    return s.upgrade * (new - old) if new > old else s.downgrade * (old - new)


def _building(state: ColdComfortPosition) -> list[Action]:
    """Build: a hotel of the lot's value on a lot without a hotel, camper or not."""
    seat = state.active
    gold, hotels, campers = state.gold[seat], state.hotels, state.campers
    # the values the seat can build on a vacant and on an occupied lot: priced once, not
    # once per lot
    vacant, occupied = ({value for value, left in state.supply[seat].items()
                         if left and build_price(state, camper, value) <= gold}
                        for camper in (False, True))
    return [("build", sq[0], sq[1]) for sq, value in state.city.all_lots()
            if sq not in hotels and value in (occupied if sq in campers else vacant)]


def _resizing(state: ColdComfortPosition, empty: list[tuple[Square, Hotel]]) -> list[Action]:
    """Upgrade / Downgrade a vacant hotel you own with another tile from your supply."""
    seat = state.active
    supply = sorted(state.supply[seat].items()) if empty else []
    return [("resize", x, y, size) for (x, y), h in empty
            for size, left in supply
            if left and size != h.size and resize_cost(state, h.size, size) <= state.gold[seat]]


def apply(state: ColdComfortPosition, action: Action) -> None:
    assert isinstance(action, tuple), action
    kind = action[0]
    if kind in COUNTED:
        state.counts[COUNTED[kind]] += 1
    if kind == "end":
        end(state)
    elif kind == "fire":
        state.acted = state.fired = True
        burn(state, square(action))
    elif kind == "spread":
        spread(state, square(action))
    else:
        state.acted = True
        {"mine": _mine, "host": _host, "build": _build, "resize": _resize}[kind](state, action)


def _mine(state: ColdComfortPosition, action: Action) -> None:
    """Mine: roll a camper (a chance node next) and return it to the pool."""
    mine_at = square(action)
    state.campers.pop(mine_at)
    state.hand += 1
    state.mine_at, state.phase = mine_at, "mine-roll"


def mined(state: ColdComfortPosition, roll: int) -> None:
    """Gold equal to the roll; mining "precludes all other actions": the turn ends."""
    state.pay(state.active, roll)
    state.hand -= 1
    state.pool += 1
    state.mine_at = None
    end(state)


def _host(state: ColdComfortPosition, action: Action) -> None:
    cx, cy, hx, hy = numbers(action)
    state.hotels[(hx, hy)] = state.hotels[(hx, hy)].with_guest(state.campers.pop((cx, cy)))


def _build(state: ColdComfortPosition, action: Action) -> None:
    """2 x value on a vacant lot; 4 x value on an occupied one, whose camper checks in."""
    seat, lot = state.active, square(action)
    value = state.city.lot_value(lot)
    assert value is not None
    state.pay(seat, -build_cost(state, lot, value))
    state.supply[seat][value] -= 1
    state.hotels[lot] = Hotel(seat, value, state.campers.pop(lot, 0), fresh=True)
    state.built = True


def _resize(state: ColdComfortPosition, action: Action) -> None:
    seat, (x, y, size) = state.active, numbers(action)
    hotel = state.hotels[(x, y)]
    state.pay(seat, -resize_cost(state, hotel.size, size))
    state.supply[seat][hotel.size] += 1
    state.supply[seat][size] -= 1
    state.hotels[(x, y)] = Hotel(hotel.owner, size, hotel.guest, hotel.fresh)
    state.built = True


def burn(state: ColdComfortPosition, square: Square) -> None:
    """An empty hotel burns: back to its owner's supply, insurance paid, then the owner
    passes the fire into an adjacent building if there is one (ruling: they must)."""
    hotel = state.hotels.pop(square)
    state.supply[hotel.owner][hotel.size] += 1
    state.pay(hotel.owner, state.setup.insurance * hotel.size)
    options = [sq for sq in neighbours(square) if (sq in state.hotels and not
               state.hotels[sq].fresh) or state.city.is_public(sq)]
    if options:
        state.phase, state.options, state.chooser = "fire", sorted(options), hotel.owner
    else:
        _fire_out(state)


def spread(state: ColdComfortPosition, square: Square) -> None:
    hotel = state.hotels.get(square)
    if hotel is None:  # a public building: the fire is extinguished
        _fire_out(state)
    elif hotel.guest:  # the guest leaves, the fire is extinguished, the hotel stands
        state.hotels[square] = hotel.with_guest(0)
        state.pool += 1
        _fire_out(state)
    else:
        burn(state, square)


def _fire_out(state: ColdComfortPosition) -> None:
    state.phase, state.options, state.chooser = "turn", [], -1


def end(state: ColdComfortPosition) -> None:
    """Step 3: a scoring round if the pool holds players + 3 dice, else the next turn."""
    if state.pool >= state.setup.grow_at:
        state.phase = "grow-draw"
    else:
        start(state, (state.active + 1) % state.players)
