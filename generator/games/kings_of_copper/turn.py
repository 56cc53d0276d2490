"""The flow of play: setup chance, turns (start of turn, rolls, moves), pending tasks and
the end (rulebook: Setup, Starting Play, Movement, Tunnels, Winning the Game).

Every chance event is an action: the first player, each chip laid on a mine, each event
card of the pile, every roll of the dice or the d10, every blind pick when robbing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.kings_of_copper import mining, moves, trading
from generator.games.kings_of_copper.state import FINISH, START, KingsState

CHANCE_TASKS = ("rob", "cave", "tunnel-roll")


def current_player(st: KingsState) -> int:
    s = st.s
    if s.stage == "over":
        return TERMINAL
    if s.stage == "setup":
        return CHANCE
    if s.pending:
        return CHANCE if s.pending[0][0] in CHANCE_TASKS else int(s.pending[0][1])
    return CHANCE if s.stage == "roll" else s.seat


# --- chance ---------------------------------------------------------------------------

def chance_outcomes(st: KingsState) -> list[tuple[Action, float]]:
    s = st.s
    if s.stage == "setup":
        return _setup_outcomes(st)
    task = s.pending[0] if s.pending else None
    if task is None or task[0] == "tunnel-roll":
        return _dice(1 if task is None and s.one_die else 2)
    if task[0] == "rob":
        return _weighted("rob", Counter(s.hands[task[2]]))
    faces = st.t.rules.d10_faces
    return [(("d10", n), 1.0 / faces) for n in range(faces)]


def _dice(n: int) -> list[tuple[Action, float]]:
    return list(DICE[n])


DICE: dict[int, list[tuple[Action, float]]] = {  # every roll of one die or two, once
    1: [(("roll", a), 1.0 / 6) for a in moves.DIE],
    2: [(("roll", a, b), (1.0 if a == b else 2.0) / 36) for a in moves.DIE
        for b in range(a, moves.DIE[-1] + 1)],
}


def _weighted(kind: str, counts: Mapping[str, int]) -> list[tuple[Action, float]]:
    total = sum(n for n in counts.values() if n > 0)
    # int / int is correctly rounded, as float(Fraction(n, total)) was: the same odds
    return [((kind, k), n / total) for k, n in sorted(counts.items()) if n > 0]

ROLLS = {n: {action for action, _ in outcomes} for n, outcomes in DICE.items()}


def _setup_outcomes(st: KingsState) -> list[tuple[Action, float]]:
    s = st.s
    step, _ = s.setup_left[0]
    if step == "first":  # Starting Play: the highest roll goes first
        return [(("first", p), 1.0 / s.players) for p in range(s.players)]
    if step == "event":
        kind, left, out = "card", dict(st.t.event_counts), s.events
    else:
        kind, left = "chip", dict(st.t.layer_counts[step])
        out = [c for m in s.mines.values() if (c := getattr(m, step)) is not None]
    for face in out:  # what is left: every copy less those already laid or piled
        left[face] = left.get(face, 0) - 1
    return _weighted(kind, left)


def _apply_setup(st: KingsState, action: Action) -> None:
    s = st.s
    step, mine = s.setup_left.pop(0)
    assert isinstance(action, tuple)
    if step == "first":
        s.seat = s.first_player = int(action[1])
    elif step == "event":
        s.events.append(str(action[1]))
    else:
        setattr(s.mines[mine], step, str(action[1]))


# --- decisions ------------------------------------------------------------------------

def legal_actions(st: KingsState) -> list[Action]:
    s = st.s
    if not s.pending and s.stage == "move":  # asked most: straight to the moves
        return move_actions(st)
    player = current_player(st)
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(st)]
    if st.s.pending:
        return _task_actions(st, st.s.pending[0])
    if st.s.stage == "start":
        return start_actions(st)
    return move_actions(st)


def start_actions(st: KingsState) -> list[Action]:
    """What the player may do before rolling: mine each owned mine once, make one offer.
    Sorted as built: offers, peeks, prospects, the roll, swaps (every turn asks)."""
    offers, swaps = trading.offers_and_swaps(st)
    peeks, prospects = mining.mine_actions(st)
    return offers + peeks + prospects + [("roll",)] + swaps


def _task_actions(st: KingsState, task: list[Any]) -> list[Action]:
    kind = task[0]
    if kind == "buy":
        return [("buy", task[2]), ("decline", task[2])]
    if kind == "dig":
        return [("dig", task[2]), ("leave", task[2])]
    if kind == "answer":
        return trading.answer_actions(st, task)
    if kind == "cash":  # one chip at a time, until the player keeps the rest
        cash: list[Action] = [("cash", c) for c in moves.cashable(st, task[1])]
        return cash + [("keep", "rest")]
    if kind == "character":
        return [("character", c) for c in sorted(mining.free_characters(st))]
    exits = moves.tunnel_exits(st, task[1], task[2])
    return sorted([("exit", task[2], e) for e in exits] + [("exit", task[2], "stay")])


def move_actions(st: KingsState) -> list[Action]:
    """Movement: move one token the total, or two tokens one die each, to each end it may
    land on (``moves.each_move``, less ``moves.no_landing``). Sorted as listed: the ways
    to use the dice and their ends come in that order."""
    blocked = moves.no_landing(st, st.s.seat)
    return [(kind, steps, tok, dest) for (kind, steps, tok), ends in moves.each_move(st)
            for dest in ends if dest not in blocked]


def _can_move(st: KingsState) -> bool:
    """Whether any move is left: stop at the first move found (a bot looking ahead asks
    this of every position it tries, and never lists the moves there)."""
    return moves.any_move(st)


def landing(st: KingsState, action: Action) -> bool | None:
    """Whether the move ``action`` costs the ladder curse; None: it is not a legal move
    (``action in move_actions(st)``, working out that one move only)."""
    if not isinstance(action, tuple) or len(action) != 4 or not isinstance(action[3], str) \
            or not isinstance(action[1], int) or not isinstance(action[2], int):
        return None
    kind, steps, tok, dest = action
    ends = moves.ends_of(st, kind, steps, tok)
    if ends is None or dest not in ends or not moves.can_land(st, st.s.seat, dest):
        return None
    return ends[dest]


def apply_action(st: KingsState, action: Action) -> None:
    if st.s.stage == "move" and not st.s.pending:  # checked and played in one look-up
        cursed = landing(st, action)
        if cursed is None or not isinstance(action, tuple):
            raise ValueError(f"illegal action {action!r} (move)")
        _move_token(st, action, cursed)
        advance(st)
        return
    if not is_legal(st, action):
        raise ValueError(f"illegal action {action!r} ({st.s.stage})")
    perform(st, action)


def is_legal(st: KingsState, action: Action) -> bool:
    """``action in legal_actions(st)``, without listing every move or offer when the
    answer is plain (the check runs on every action of every playout)."""
    s = st.s
    if s.pending or s.stage not in ("start", "move", "roll"):
        return action in legal_actions(st)
    if s.stage == "move":
        return landing(st, action) is not None
    if s.stage == "roll":
        return action in ROLLS[1 if s.one_die else 2]
    if action == ("roll",):  # rolling is always allowed
        return True
    if isinstance(action, tuple) and action and action[0] in ("offer", "swap"):
        return trading.is_offer(st, action)
    return action in legal_actions(st)


def perform(st: KingsState, action: Action, cursed: bool | None = None) -> None:
    """Play an action already known to be legal (bots looking ahead skip the check).
    ``cursed``: for a move, its ``landing`` when the caller already knows it."""
    assert isinstance(action, tuple)
    s = st.s
    if s.stage == "setup":
        _apply_setup(st, action)
    elif s.pending:
        _apply_task(st, s.pending.pop(0), action)
    elif s.stage == "start":
        _apply_start(st, action)
    elif s.stage == "roll":
        _apply_roll(st, action)
    else:
        if cursed is None:
            cursed = landing(st, action)
            assert cursed is not None, action
        _move_token(st, action, cursed)
    advance(st)


def _apply_start(st: KingsState, action: tuple[Any, ...]) -> None:
    kind = action[0]
    if kind == "prospect":
        mining.prospect(st, action[1])
    elif kind == "peek":
        mining.peek(st, action[1])
    elif kind in ("offer", "swap"):
        trading.make_offer(st, action)
    else:  # roll: a player with every token home has nothing to move
        st.s.stage = "end" if st.all_home(st.s.seat) else "roll"


def _apply_roll(st: KingsState, action: tuple[Any, ...]) -> None:
    s = st.s
    s.roll = list(action[1:])
    s.dice = list(s.roll)
    s.moved, s.overshot = [], False
    s.stage = "move"
    if s.roll == st.t.rules.snake_eyes and not s.anaconda_cashed:
        # Sapphires: snake-eyes takes the Anaconda Sapphire
        held = "" if s.anaconda is None else f" from {st.color(s.anaconda)}"
        st.note(f"snake-eyes: {st.color(s.seat)} already holds the Anaconda Sapphire"
                if s.anaconda == s.seat else
                f"snake-eyes: {st.color(s.seat)} takes the Anaconda Sapphire{held}")
        s.anaconda = s.seat
        st.count("Anaconda Sapphire taken")


def _move_token(st: KingsState, action: tuple[Any, ...], cursed: bool) -> None:
    s, seat = st.s, st.s.seat
    kind, steps, tok, dest = action
    if dest == FINISH and moves.overshoots(st, seat, tok, steps):
        s.overshot = True
    if kind == "total":
        s.dice = []
    else:
        s.dice.remove(steps)
        s.moved.append(tok)
    moves.move(st, seat, tok, dest, cursed)


def _apply_task(st: KingsState, task: list[Any], action: tuple[Any, ...]) -> None:
    kind, seat = task[0], task[1]
    if kind == "rob":
        moves.rob(st, seat, task[2], action[1], task[3])
    elif kind == "cave":
        mining.cave_roll(st, seat, task[2], action[1])
    elif kind == "tunnel-roll":
        dice = list(action[1:])
        tunnel = st.t.rules.tunnel
        if sum(dice) in tunnel.totals or any(d in tunnel.any_die for d in dice):
            st.s.pending.insert(0, ["tunnel-exit", seat, task[2]])
            st.note("the tunnel opens")
        else:
            st.note("the tunnel stays shut")
    elif kind == "tunnel-exit" and action[2] != "stay":
        moves.land(st, seat, action[1], action[2])
    elif action[0] == "cash":
        moves.cash(st, seat, action[1])
        if moves.cashable(st, seat):
            st.s.pending.insert(0, task)
    elif kind == "answer":
        trading.answer(st, task, action)
    elif action[0] in ("buy", "dig", "character"):
        _accept(st, task, action)
    # anything else ("leave", a tunnel's "stay") ends the task and changes nothing


def _accept(st: KingsState, task: list[Any], action: tuple[Any, ...]) -> None:
    kind, seat = task[0], task[1]
    if kind == "buy":
        mining.buy(st, seat, task[2])
    elif kind == "dig":
        mining.dig(st, seat, task[2])
    else:
        mining.take_character(st, seat, action[1])


# --- the turn cycle -------------------------------------------------------------------

def advance(st: KingsState) -> None:
    """Run everything that needs no choice until someone (or chance) must act."""
    s = st.s
    while not s.pending:
        if s.stage == "setup":
            if s.setup_left:
                return
            begin_turn(st, s.seat)
        elif s.stage == "move":
            if s.dice and _can_move(st):
                return
            _end_roll(st)  # a die that cannot be moved in full is forfeit
        elif s.stage == "end":
            s.stage = "closing"
            _tunnel_rolls(st)
        elif s.stage == "closing":
            _next_turn(st)
        else:
            return


def _end_roll(st: KingsState) -> None:
    s = st.s
    s.dice = []
    doubles = len(s.roll) == 2 and s.roll[0] == s.roll[1]
    # Doubles roll again, unless every token is home (ruling 20: nothing left to roll for)
    if doubles and s.rerolls < st.t.rules.max_rerolls and not st.all_home(s.seat):
        s.rerolls += 1
        if st.notes is not None:
            st.note(f"doubles: {st.color(s.seat)} rolls again")
        s.stage = "roll"
    else:
        s.stage = "end"


def _tunnel_rolls(st: KingsState) -> None:
    """Tunnels: finish your turn, then roll for each token that landed on a tunnel."""
    s = st.s
    for tok in sorted(set(s.tunnels)):
        place = s.tokens[s.seat][tok]
        if place not in (START, FINISH) and st.t.board.spaces[place].kind == "tunnel":
            s.pending.append(["tunnel-roll", s.seat, tok])
            st.count("tunnel rolls")
    s.tunnels = []


def _next_turn(st: KingsState) -> None:
    s = st.s
    nxt = (s.seat + 1) % s.players
    if nxt == s.final_seat or s.turns >= st.t.rules.last_shift_round * s.players or \
            all(st.all_home(p) for p in range(s.players)):  # everyone home
        s.stage = "over"
        return
    begin_turn(st, nxt)


def begin_turn(st: KingsState, seat: int) -> None:
    """Starting Play: two tokens enter on your first turn, one on each later turn."""
    s = st.s
    s.seat, s.turns = seat, s.turns + 1
    s.acted, s.offers, s.rerolls, s.tunnels, s.moved, s.roll = [], 0, 0, [], [], []
    s.head_frame = []
    if st.notes is not None:  # every turn: the words are built only for a log
        st.note(f"-- {st.color(seat)}'s turn {s.turns} --")
    # the ladder curse counts the turns after the one it fell in, so a curse renewed
    # during a one-die turn still gives seven more
    s.one_die = s.curse[seat] > 0
    s.curse[seat] = max(0, s.curse[seat] - 1)
    rules = st.t.rules
    entries = rules.later_entries if s.entered[seat] else rules.first_turn_entries
    s.entered[seat] = True
    first = st.t.board.first(st.color(seat))
    for _ in range(entries):
        if START in s.tokens[seat] and moves.can_land(st, seat, first):
            tok = s.tokens[seat].index(START)
            if st.notes is not None:
                st.note(f"{st.color(seat)} token {tok + 1} enters on {first} (First Square)")
            moves.land(st, seat, tok, first)
    if s.one_die and st.notes is not None:
        st.note(f"{st.color(seat)} is under the ladder curse: one die this turn")
    s.stage = "start"
