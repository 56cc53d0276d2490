"""Moving tokens and what landing on a space does (rulebook: Movement, Bumping, Ladders &
Finish, Tunnels, Event Card, Prospecting)."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from generator.games.kings_of_copper.state import FINISH, START, KingsState, Mine
from generator.games.kings_of_copper.tables import Charted, Tables, Walk, Ways, walk

NOWHERE: Walk = MappingProxyType({})
STAY = Ways(NOWHERE, ())  # no steps: no move
DIE = range(1, 7)  # the faces of a die
MOST_STEPS = 2 * DIE[-1]  # the longest move: the total of two dice


def any_move(st: KingsState) -> bool:
    """Whether some token can use a die, stopping at the first end it may land on (a bot
    looking ahead asks this of every position it tries)."""
    seat = st.s.seat
    return any(can_land(st, seat, dest) for _, ends in each_move(st) for dest in ends)


def each_move(st: KingsState) -> Iterator[tuple[tuple[str, int, int], Walk]]:
    """Movement: each way to use the dice (one token the total, or two tokens one die
    each), (total or die, steps, token), with where it ends, forward or backward inside a
    district, and whether getting there costs the ladder curse (every open way there
    passes under your own ladder); who blocks an end is not looked at (``no_landing``).
    In the order of the sorted move actions: each die, lower first, then the total; by
    token; each one's ends in order (``tables.walk``). Asked at every roll and die: each
    token's ways are looked up in the chart, by number of steps."""
    s = st.s
    dice = tuple(s.dice)
    uses = _USES.get(dice) or _uses(dice)
    plain = len(s.roll) != 2 or s.roll[0] != s.roll[1] or s.overshot  # no going in whole
    rows: dict[int, Row | None] = {}  # looked up as first needed: ``any_move`` stops early
    for kind, steps in uses:
        for tok in range(len(s.tokens[s.seat])):
            if kind == "die" and tok in s.moved:
                continue
            row = rows[tok] if tok in rows else rows.setdefault(tok, _row(st, tok))
            if row is None:
                yield (kind, steps, tok), NOWHERE
            elif plain and not row[steps].gated:  # most moves: the track alone
                yield (kind, steps, tok), row[steps].free
            else:
                yield (kind, steps, tok), _ends(st, tok, row, steps)


_USES: dict[tuple[int, ...], tuple[tuple[str, int], ...]] = {}


def _uses(dice: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The ways to use the dice left, in order: each die, lower first, then the total
    (made once for each throw, then looked up)."""
    uses = [("die", v) for v in sorted(set(dice))]
    if len(dice) == 2:
        uses.append(("total", dice[0] + dice[1]))
    found = _USES[dice] = tuple(uses)
    return found


def ends_of(st: KingsState, kind: str, steps: int, tok: int) -> Walk | None:
    """The ends of one way to use the dice (as ``each_move`` gives it); None if the dice
    do not allow it: a legal move checked without listing every move."""
    s = st.s
    if kind == "die":
        allowed = steps in s.dice and tok not in s.moved
    else:
        allowed = kind == "total" and len(s.dice) == 2 and steps == s.dice[0] + s.dice[1]
    if not allowed or not 0 <= tok < len(s.tokens[s.seat]):
        return None
    row = _row(st, tok)
    return NOWHERE if row is None else _ends(st, tok, row, steps)


Row = tuple[Ways, ...]  # one token's charted Ways, by number of steps


def _row(st: KingsState, tok: int) -> Row | None:
    """The token's row of the chart (None: at Start or Finish). Mining: a token that came
    to a head frame this turn enters its district next turn."""
    s = st.s
    place = s.tokens[s.seat][tok]
    if place == START or place == FINISH:
        return None
    color = st.t.board.colors[s.seat]
    charted = st.t.ways.get(color)
    rows = charted.get(place) if charted is not None else None
    if rows is None:  # a space left out of the chart: worked out now
        rows = _chart_space(st.t, color, place)
    return rows[tok not in s.head_frame]


def _ends(st: KingsState, tok: int, row: Row, steps: int) -> Walk:
    """The charted ends, with the passages open in this position and, on doubles, Finish
    for a token on its ladder that may go in with a larger number."""
    s = st.s
    ways = row[steps]
    found = ways.free if not ways.gated else _open(s.mines, ways)
    if len(s.roll) == 2 and s.roll[0] == s.roll[1] and not s.overshot and \
            overshoots(st, s.seat, tok, steps):
        found = walk([*found.items(), (FINISH, False)])  # straight in on doubles
    return found


def _open(mines: dict[str, Mine], ways: Ways) -> Walk:
    """The ways always open, with those through passages open in this position."""
    return walk([*ways.free.items(), *((dest, cursed) for dest, needs, cursed in ways.gated
                                       if passages_open(mines, needs))])


def chart(tables: Tables) -> None:
    """Every move's ways, for every colour and space a token of it may stand on, worked out
    once per game before play: ``each_move`` then only looks them up."""
    board = tables.board
    for color in board.colors:
        for space in board.spaces.values():
            if space.kind in ("start", "finish") or space.kind == "rung" and space.color != color:
                continue  # no token of ``color`` stands there
            _chart_space(tables, color, space.id)


def _chart_space(tables: Tables, color: str, place: str) -> Charted:
    """The ways from ``place`` by number of steps (0 to ``MOST_STEPS``), for a move begun
    elsewhere and for one begun on ``place`` (which may enter a district from its head
    frame: only there do the two differ)."""
    rows = tuple(tuple(_ways(tables, color, place, steps, enter) if steps else STAY
                       for steps in range(MOST_STEPS + 1))
                 for enter in ((False, True) if tables.board.spaces[place].kind == "entrance"
                               else (True,)))
    found = tables.ways.setdefault(color, {})[place] = (rows[0], rows[-1])
    return found


def _ways(tables: Tables, color: str, place: str, steps: int, enter: bool) -> Ways:
    """Every way ``steps`` long from ``place``: forward, then backward inside a district;
    the colour's finish space read as Finish."""
    board = tables.board
    routes = board.routes(place, color, steps, True, enter)
    if board.in_district(place):
        routes = routes + board.routes(place, color, steps, False)
    finish = board.finish(color)
    return Ways.of([(FINISH if d == finish else d, needs, cursed)
                    for d, needs, cursed in routes])


def overshoots(st: KingsState, seat: int, tok: int, steps: int) -> bool:
    """Ladders & Finish: on doubles one token already on its ladder may go in with a
    larger number than it needs."""
    place = st.s.tokens[seat][tok]
    if place in (START, FINISH) or st.t.board.spaces[place].kind != "rung":
        return False
    need = _steps_up_ladder(st, seat, place)
    return need is not None and need < steps


def _steps_up_ladder(st: KingsState, seat: int, place: str) -> int | None:
    board, color, n = st.t.board, st.color(seat), 0
    while place != board.finish(color):
        ahead = board.forward(place, color, first_step=False)
        if not ahead:
            return None
        place, n = ahead[0], n + 1
    return n


def passages_open(mines: dict[str, Mine], needs: tuple[str, ...]) -> bool:
    """Mining: a passage is closed while either of its mines stands empty."""
    return not any(mines[m].empty() for m in needs)


def can_land(st: KingsState, seat: int, dest: str) -> bool:
    """Movement: two or more tokens of one player block a space for everyone else (not on
    Squares of Safety); an owned mine can be passed but not landed on by others."""
    if dest == FINISH:
        return True
    mine = st.s.mines.get(dest)
    if mine is not None and mine.owner is not None and mine.owner != seat:
        return False
    if st.t.board.is_safe(dest):
        return True
    for other, toks in enumerate(st.s.tokens):
        if other != seat and toks.count(dest) >= 2:
            return False
    return True


def no_landing(st: KingsState, seat: int) -> set[str]:
    """Every space ``seat`` may not land on (``can_land``), listed once for all the
    destinations of all its tokens at a roll."""
    s, safe = st.s, st.t.board.is_safe
    out = {m for m, mine in s.mines.items() if mine.owner is not None and mine.owner != seat}
    for other, toks in enumerate(s.tokens):
        if other != seat and len(set(toks)) < len(toks):  # two share a space
            out.update(p for p in toks if p != START and p != FINISH and toks.count(p) >= 2
                       and not safe(p))
    return out


def move(st: KingsState, seat: int, tok: int, dest: str, cursed: bool) -> None:
    if cursed:  # passed under your own ladder: seven years of bad luck
        st.s.curse[seat] = st.t.rules.curse_turns
        if st.notes is not None:  # the words are built only for a log
            st.note(f"{st.color(seat)} passed under its own ladder: one die for the next "
                    f"{st.s.curse[seat]} turns")
    land(st, seat, tok, dest)


def land(st: KingsState, seat: int, tok: int, dest: str) -> None:
    """Put the token down and follow the space's instructions."""
    st.s.tokens[seat][tok] = dest
    if dest == FINISH:
        reach_finish(st, seat)
        return
    board = st.t.board
    if not board.is_safe(dest):
        bump(st, seat, dest)
    kind = board.spaces[dest].kind
    if kind == "event":
        draw_event(st, seat, tok)
    elif kind == "mine":
        offer_title(st, seat, dest)
    elif kind == "tunnel" and tok not in st.s.tunnels:
        st.s.tunnels.append(tok)
    elif kind == "entrance" and tok not in st.s.head_frame:
        st.s.head_frame.append(tok)


def bump(st: KingsState, seat: int, dest: str) -> None:
    """Bumping: a single opposing token goes back to Start and its owner is robbed."""
    for other, tokens in enumerate(st.s.tokens):  # counted in place: every landing asks
        if other == seat or tokens.count(dest) != 1:
            continue
        tokens[tokens.index(dest)] = START
        if st.notes is not None:
            st.note(f"{st.color(seat)} bumps {st.color(other)}'s token on {dest} back to "
                    "Start")
        chips = st.t.rules.rob_chips + st.power(seat, "rob-extra")
        if st.s.hands[other] and chips > 0:
            st.s.pending.append(["rob", seat, other, chips])


def rob(st: KingsState, robber: int, victim: int, chip: str, left: int) -> None:
    """Robbing: the victim lays the chips out face down; the robber takes one blind."""
    st.s.hands[victim].remove(chip)
    take_chip(st, robber, chip, f"robs {st.color(victim)} of")
    if not st.s.hands[victim]:  # ruling 11: a later robbery of an empty hand takes nothing
        st.s.pending = [t for t in st.s.pending if t[0] != "rob" or t[2] != victim]
    elif left > 1:
        st.s.pending.insert(0, ["rob", robber, victim, left - 1])


def offer_title(st: KingsState, seat: int, mine: str) -> None:
    """Prospecting: a mine you land on whose Title lies on it may be bought at once."""
    if st.s.mines[mine].owner is None and st.s.money[seat] >= title_price(st, seat):
        st.s.pending.append(["buy", seat, mine])


def title_price(st: KingsState, seat: int) -> int:
    return max(0, st.t.rules.title_price - st.power(seat, "title-discount"))


def draw_event(st: KingsState, seat: int, tok: int) -> None:
    """Event Card: take the top card, follow it, put it under the pile."""
    card = st.s.events.pop(0)
    st.s.events.append(card)
    st.count("event cards drawn")
    face = st.t.events[card]
    others = [o for o in range(st.s.players) if o != seat]
    why = f"'{face.name}'" if st.notes is not None else ""  # words only for a log
    if face.effect == "gain":
        st.collect(seat, face.amount, why)
    elif face.effect == "pay":
        st.pay(seat, face.amount, why)
    elif face.effect == "all-pay":
        for p in range(st.s.players):
            st.pay(p, face.amount, why)
    elif face.effect == "collect-each":
        for o in others:
            st.transfer(o, seat, face.amount, why)
    elif face.effect == "pay-each":
        for o in others:
            st.transfer(seat, o, face.amount, why)
    elif face.effect == "to-start":
        st.s.tokens[seat][tok] = START
        if st.notes is not None:
            st.note(f"{st.color(seat)} token {tok + 1} goes back to Start")
    elif face.effect == "tunnel-exit":
        st.s.pending.append(["tunnel-exit", seat, tok])


def tunnel_exits(st: KingsState, seat: int, tok: int) -> list[str]:
    here = st.s.tokens[seat][tok]
    return [e for e in st.t.board.of_kind("tunnel-exit")
            if e != here and can_land(st, seat, e)]


def reach_finish(st: KingsState, seat: int) -> None:
    """Ladders & Finish: cash chips you choose; the first player home earns the bonus."""
    if st.all_home(seat) and not st.s.home_bonus_paid:
        st.s.home_bonus_paid = True
        st.collect(seat, st.t.rules.first_home_bonus, "the first player home")
    if cashable(st, seat):
        st.s.pending.append(["cash", seat])
    settle_sapphires(st, seat)


def cashable(st: KingsState, seat: int) -> list[str]:
    """Chips worth cashing at Finish, each kind once: not sapphires (they wait), not Fool's
    Gold (a decoy), and under the ``blue-only`` reading no green chip."""
    blue_only = st.t.rules.cash_at_finish == "blue-only"
    return sorted({c for c in st.s.hands[seat] if not st.t.chips[c].sapphire
                   and st.t.chips[c].value > 0 and not (blue_only and st.t.chips[c].layer != "blue")})


def cash(st: KingsState, seat: int, chip: str) -> None:
    st.s.hands[seat].remove(chip)
    st.s.cashed[seat].append(chip)
    st.collect(seat, st.t.chips[chip].value,
               f"the chip {chip_name(st, chip)}" if st.notes is not None else "")


def chip_name(st: KingsState, chip: str) -> str:
    info = st.t.chips[chip]
    return f"{chip} (${info.value} {info.layer})"


def take_chip(st: KingsState, seat: int, chip: str, how: str) -> None:
    """A chip comes into the seat's hand, face down."""
    st.s.hands[seat] = sorted(st.s.hands[seat] + [chip])
    if st.notes is not None:
        st.note(f"{st.color(seat)} {how} {chip_name(st, chip)} face down")


def settle_sapphires(st: KingsState, seat: int) -> None:
    """Sapphires: cashed only once the owner has every token in Finish; cashing the Great
    Blue Sapphire starts the final round."""
    if not st.all_home(seat):
        return
    for chip in [c for c in st.s.hands[seat] if st.t.chips[c].sapphire]:
        cash(st, seat, chip)
        if st.t.chips[chip].layer == "blue" and st.s.final_seat is None:
            st.s.final_seat = seat
            st.note(f"{st.color(seat)} cashed the Great Blue: one final round begins")
    if st.s.anaconda == seat and not st.s.anaconda_cashed:
        st.s.anaconda_cashed = True
        st.collect(seat, st.t.anaconda_value, "the Anaconda Sapphire (it leaves play)")
