"""What the interpreter does to be fast must not change play: an end condition read
again only when what it reads changed (``written.steady``, ``written.remembered``), and
legal actions that come out sorted without sorting them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.engine.api import CHANCE
from generator.rulesfile.expr import Compiler
from generator.rulesfile.ins import Push
from generator.rulesfile.position import MAX_VALUE
from generator.rulesfile.quick import runner
from generator.rulesfile.report import Reporter
from generator.rulesfile.written import seated, split_test, steady
from generator.rulesfile.zones import Names
from rulesfile.starters import STARTERS


@pytest.mark.parametrize(("condition", "watch"), [
    ({"eq": [{"count": "deck"}, 0]}, "zones"),
    ({"ge": [{"each_player": {"sum": "camp", "value": {"field": "points"}},
              "combine": "max"}, 12]}, "zones"),
    ({"and": [{"eq": [{"count": "deck"}, 0]}, {"ge": [{"var": "coins"}, 3]}]}, "state"),
    ({"eq": [{"var": "round"}, {"game": "players"}]}, "state"),
    ({"ge": [{"game": "turn"}, 20]}, None),  # the turn changes without a change of state
    ({"eq": [{"game": "actor"}, 0]}, None),
    ({"eq": [{"field": "suit"}, "gold"]}, None),  # the chosen card
    ({"plugin": "x"}, None),
    (True, "zones"),
])
def test_steady_says_what_a_condition_reads(condition: Any, watch: str | None) -> None:
    assert steady(condition) == watch


OWNED = frozenset(("hand", "coins"))  # a zone and a variable of each player


@pytest.mark.parametrize(("condition", "seat"), [
    ({"eq": [{"count": "hand"}, 0]}, True),  # the hand of the seat in focus
    ({"ge": [{"var": "coins"}, 3]}, True),
    ({"eq": [{"game": "seat"}, 0]}, True),
    ({"eq": [{"each_player": {"count": "hand"}}, 0]}, False),  # every seat's, summed
    ({"eq": [{"best_player": {"var": "coins"}}, 1]}, False),
    ({"eq": [{"count": "hand", "of": 0}, 0]}, False),  # seat 1's
    ({"eq": [{"count": "hand", "of": {"var": "coins"}}, 0]}, True),  # whose: in focus
    ({"eq": [{"count": "deck"}, 0]}, False),
])
def test_seated_says_whether_a_condition_reads_the_seat(condition: Any, seat: bool) -> None:
    assert seated(condition, OWNED) is seat


@pytest.mark.parametrize("word", ["and", "or"])
def test_a_condition_opening_with_parts_not_read_per_choice_is_split(word: str) -> None:
    """``split_test``: each part compiled once at its place; the parts before the first
    that reads the choice apart from the others, joined as the whole is."""
    parts = [{"var": "x"}, {"field": "suit"}, {"var": "y"}]
    places = []

    def compile_(value: Any, loc: Any, depth: int) -> Any:
        places.append(loc)
        return lambda c: c[next(iter(value.values()))]

    whole, split = split_test({word: parts}, ("if",), compile_)
    assert places == [("if", word, 0), ("if", word, 1), ("if", word, 2)]
    assert split is not None
    first, rest, conjunction = split
    assert conjunction is (word == "and")
    join = all if word == "and" else any
    for x in (False, True):
        for suit in (False, True):
            for y in (False, True):
                c = {"x": x, "suit": suit, "y": y}
                assert whole(c) is join([x, suit, y])
                assert first(c) is x and rest(c) is join([suit, y])
    assert split_test({word: [{"field": "suit"}, {"var": "y"}]}, (), compile_)[1] is None
    assert split_test({word: [{"var": "x"}, {"var": "y"}]}, (), compile_)[1] is None


def in_turn(states: list[Any], rngs: list[random.Random]) -> list[list[Any]]:
    """Play the states to their ends one action each in turn; the actions of each."""
    played: list[list[Any]] = [[] for _ in states]
    while not all(state.is_terminal() for state in states):
        for state, rng, actions in zip(states, rngs, played, strict=True):
            if not state.is_terminal():
                actions.append(rng.choice(state.legal_actions()))
                state.apply_action(actions[-1])
    return played


@pytest.mark.parametrize("name", ["gold-camp", "auction-house", "high-noon"])
def test_clones_played_apart_end_as_their_own_games_do(built: dict[str, Any],
                                                        name: str) -> None:
    """A state and its clone share the remembered end condition: played on in turn, each
    with its own choices, each ends exactly where a fresh game of the same actions ends."""
    game, _ = built[name]
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(3)
        opening: list[Any] = []
        for _ in range(rng.randrange(5, 40)):
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            opening.append(action)
        other = state.clone()
        games = in_turn([state, other], [random.Random(seed + 100), random.Random(seed + 200)])
        for played, ended in zip(games, (state, other), strict=True):
            fresh = game.new_initial_state(3)
            for action in opening + played:
                assert not fresh.is_terminal()
                fresh.apply_action(action)
            assert fresh.is_terminal() and fresh.to_dict() == ended.to_dict()


@pytest.mark.parametrize("name", list(STARTERS))
def test_the_legal_actions_come_sorted(built: dict[str, Any], name: str) -> None:
    game, _ = built[name]
    for seed in range(3):
        rng, state = random.Random(seed), game.new_initial_state(game.min_players)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(actions)
            state.apply_action(rng.choice(actions))


def _compiler(prog: Any) -> Compiler:
    """An expression compiler for ``prog``'s names and player count, as ``compile_rules``
    makes one."""
    zone_slot, _, var_slot = prog.layout(prog.players)
    names = Names({z.name: z for z in prog.zones}, {v[0]: v[1] for v in prog.vars},
                  prog.table.columns, (zone_slot, var_slot), prog.players)
    return Compiler(names, Reporter(prog.source))


# an expression whose left side is read in place (``fused``), and what it reads, worked
# out from the position in the rules file's words (``v``) for the seat in focus ``s``
FUSED = [
    ({"eq": [{"var": "out"}, 1]}, lambda v, s, n: v["out"][s] == 1),
    ({"ge": [{"var": "bid"}, 3]}, lambda v, s, n: v["bid"] >= 3),
    ({"le": [{"var": "coins"}, {"var": "bid"}]}, lambda v, s, n: v["coins"][s] <= v["bid"]),
    ({"gt": [{"var": "bid"}, {"var": "coins"}]}, lambda v, s, n: v["bid"] > v["coins"][s]),
    ({"eq": [{"var": "high"}, {"game": "seat"}]}, lambda v, s, n: v["high"] == s),
    ({"ne": [{"var": "out"}, {"game": "seat"}]}, lambda v, s, n: v["out"][s] != s),
    ({"sub": [{"game": "players"}, 1]}, lambda v, s, n: n - 1),
    ({"lt": [{"game": "players"}, {"var": "coins"}]}, lambda v, s, n: n < v["coins"][s]),
    ({"eq": [{"each_player": {"var": "out"}}, {"game": "players"}]},
     lambda v, s, n: sum(v["out"]) == n),
    ({"ge": [{"each_player": {"var": "coins"}}, 40]}, lambda v, s, n: sum(v["coins"]) >= 40),
    ({"sub": [{"each_player": {"var": "out"}}, {"var": "bid"}]},
     lambda v, s, n: sum(v["out"]) - v["bid"]),
    ({"eq": [{"count": "won"}, 2]}, lambda v, s, n: len(v["won"][s]) == 2),
    ({"gt": [{"count": "deck"}, {"var": "bid"}]}, lambda v, s, n: len(v["deck"]) > v["bid"]),
    ({"sub": [{"count": "won"}, {"count": "deck"}]},
     lambda v, s, n: len(v["won"][s]) - len(v["deck"])),
    ({"add": [{"var": "coins"}, 2]}, lambda v, s, n: v["coins"][s] + 2),
    ({"add": [{"var": "bid"}, 1]}, lambda v, s, n: v["bid"] + 1),
    ({"add": [{"count": "deck"}, 1]}, lambda v, s, n: len(v["deck"]) + 1),
]


@pytest.mark.parametrize(("value", "expected"), FUSED)
def test_a_value_read_in_place_is_the_value_its_expression_reads(
        built: dict[str, Any], value: Any, expected: Any) -> None:
    """``fused``: a comparison, subtraction or add whose left side (a variable, a pile's
    size, a variable summed over the players, the number of players) is read in place
    gives what the expression says, for every seat, all through seeded games."""
    game, _ = built["auction-house"]
    for seed in range(3):
        rng, state = random.Random(seed), game.new_initial_state(3 + seed % 2)
        x = _compiler(state.prog)  # the rules as compiled for this many players
        fn = x.expr(value, ())
        assert x.report.problems == []
        while not state.is_terminal():
            v = state.view()
            for seat in range(state.players):
                assert fn(state.ctx(seat)) == expected(v, seat, state.players), (value, seat)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("word", ["eq", "ne"])
def test_a_card_field_against_a_variable_read_in_place(built: dict[str, Any],
                                                         word: str) -> None:
    """``{eq: [{field: F}, {var: V}]}`` and ``{eq: [{var: V}, {field: F}]}``
    (``fused.field_against_var``, ``fused.var_against_field``): the card in scope's F (0
    with no card in scope) against V of the seat in focus, or V shared."""
    game, cards = built["auction-house"]
    rng, state = random.Random(1), game.new_initial_state(3)
    x = _compiler(state.prog)
    mine = x.expr({word: [{"field": "value"}, {"var": "coins"}]}, ())
    shared = x.expr({word: [{"field": "value"}, {"var": "bid"}]}, ())
    mine_first = x.expr({word: [{"var": "coins"}, {"field": "value"}]}, ())
    shared_first = x.expr({word: [{"var": "bid"}, {"field": "value"}]}, ())
    same = (lambda a, b: a == b) if word == "eq" else (lambda a, b: a != b)
    while not state.is_terminal():
        v = state.view()
        for seat in range(3):
            for card in [-1, *range(len(cards))]:
                c = state.ctx(seat).on(card)
                value = cards[card]["value"] if card >= 0 else 0
                assert mine(c) is same(value, v["coins"][seat])
                assert shared(c) is same(value, v["bid"])
                assert mine_first(c) is same(v["coins"][seat], value)
                assert shared_first(c) is same(v["bid"], value)
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_later_part_that_does_not_read_the_choice_is_kept() -> None:
    """``split_test``'s ``kept``: among the parts after the first that reads the choice,
    those that do not read it are read once per position (kept); the others each time."""
    compiled: dict[str, Any] = {}
    kept: list[str] = []

    def compile_(value: Any, loc: Any, depth: int) -> Any:
        name = str(next(iter(value.values())))
        compiled[name] = fn = lambda c: c[name]
        return fn

    def keep(fn: Any) -> Any:
        kept.append(next(k for k, v in compiled.items() if v is fn))
        return fn

    parts = [{"var": "x"}, {"field": "suit"}, {"var": "y"}, {"game": "number"},
             {"count": "deck"}]
    split_test({"or": parts}, (), compile_, keep)
    assert kept == ["y", "deck"]


@pytest.mark.parametrize("word", ["eq", "ne"])
@pytest.mark.parametrize("field", ["value", "by"])
def test_a_pile_filtered_by_a_field_is_added_up_in_one_step(
        built: dict[str, Any], word: str, field: str) -> None:
    """``written.field_sum``: ``{sum: PILE, where: {eq: [{field: F}, X]}, value: {field:
    G}}`` adds up G over the cards of the pile whose F equals (or not) X; with no value,
    ``{count: PILE, where: …}``, counts them."""
    game, cards = built["auction-house"]
    rng, state = random.Random(2), game.new_initial_state(4)
    x = _compiler(state.prog)
    where = {word: [{"field": field}, {"var": "round"}]}
    fn = x.expr({"sum": "won", "where": where, "value": {"field": "value"}}, ())
    count = x.expr({"count": "won", "where": where}, ())
    while not state.is_terminal():
        v = state.view()
        for seat in range(4):
            got = [cards[k]["value"] for k in v["won"][seat]
                   if ((cards[k]["value"] if field == "value" else state.by[k]) == v["round"])
                   is (word == "eq")]
            assert fn(state.ctx(seat)) == sum(got)
            assert count(state.ctx(seat)) == len(got)
        state.apply_action(rng.choice(state.legal_actions()))


def test_an_expression_of_constants_is_worked_out_once(built: dict[str, Any]) -> None:
    """``fused.fold``: arithmetic on constants (the number of players is one: the rules
    are compiled for each count) is a constant; a comparison, or values of the wrong
    kind (left to fail in play), are not folded."""
    game, _ = built["auction-house"]
    x = _compiler(game.new_initial_state(4).prog)
    assert x.consts[x.expr({"sub": [{"game": "players"}, 1]}, ())] == 3
    assert x.consts[x.expr({"mod": [7, {"game": "players"}]}, ())] == 3
    assert x.consts[x.expr({"div": [7, 0]}, ())] == 0
    assert x.expr({"eq": [{"game": "players"}, 4]}, ()) not in x.consts
    assert x.expr({"sub": ["gold", 1]}, ()) not in x.consts


def _auction(built: dict[str, Any], seat: int) -> Any:
    """The auction-house at its first bid, every variable a different number, ``seat`` in
    focus with nothing chosen."""
    game, _ = built["auction-house"]
    state = game.new_initial_state(4)
    while state.current_player() == CHANCE:
        state.apply_action(state.legal_actions()[0])
    state.vars[:] = [100 + i for i in range(len(state.vars))]
    c = state.here
    c.seat = c.actor = seat
    c.card, c.number, c.target = -1, 0, -1
    return state


@pytest.mark.parametrize("action", ["raise", "pass"])
@pytest.mark.parametrize("number", [0, 7, -3, MAX_VALUE, MAX_VALUE + 1])
def test_two_sets_run_as_one_write_what_each_set_writes(built: dict[str, Any],
                                                       number: int, action: str) -> None:
    """``quick.sets`` (a raise: the bid, then who made it; a pass: its one set): the same
    variables written as each ``set``'s own ``run`` writes them, a number out of bounds
    the same fault."""
    fast, slow = _auction(built, 2), _auction(built, 2)
    _, _, block, _, both = fast.prog.named[action]
    assert both is not None and fast.vars == slow.vars
    for st in (fast, slow):
        st.here.number = number
    both(fast, fast.here)
    for ins in slow.prog.blocks[block]:
        ins.run(slow, slow.here)
        if slow.over:
            break
    assert fast.vars == slow.vars and fast.fault == slow.fault
    assert (fast.fault is None) is (number <= MAX_VALUE or action == "pass")


@pytest.mark.parametrize("seat", [0, 3])
def test_each_player_setting_a_constant_sets_every_seat_as_seat_by_seat(
        built: dict[str, Any], seat: int) -> None:
    """``quick.each_set`` (a new auction's ``each_player: [set: {out: 0}]``): every seat's
    variable, and the steps counted, as ``run_flat`` seat by seat leaves them."""
    fast, slow = _auction(built, seat), _auction(built, seat)
    prog = fast.prog
    each = next(ins for block in prog.blocks for ins in block
                if isinstance(ins, Push) and ins.per_seat)
    run = runner(each, prog.leaves)
    assert run.__name__ == "each_set"
    steps = fast.steps
    run(fast, fast.here)
    slow.run_flat(prog.leaves[each.block], slow.players, slow.here, 1)
    assert fast.vars == slow.vars and fast.steps == slow.steps == steps + 4
    assert fast.here.seat == slow.here.seat == seat


def test_a_bid_played_at_once_counts_the_steps_of_its_do(built: dict[str, Any]) -> None:
    """A raise (two sets as one) and a pass (its one set) played by ``apply_action``
    count one step per instruction of their ``do``, as running it instruction by
    instruction would, all through seeded games (a bid that ends the auction goes on to
    its end's effects and the next draw: not counted here)."""
    game, _ = built["auction-house"]
    seen = set()
    for seed in range(3):
        rng, state = random.Random(seed), game.new_initial_state(4)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            if isinstance(action, tuple) and not state.pending and not state.over:
                block = state.prog.named[action[0]][2]
                assert state.steps == len(state.prog.blocks[block]), action
                seen.add(action[0])
    assert seen == {"raise", "pass"}


@pytest.mark.parametrize(("value", "folded"), [
    ({"mul": [9, {"game": "players"}]}, 36), ({"add": [1, 2, {"game": "players"}]}, 7),
    ({"min": [3, {"sub": [{"game": "players"}, 2]}]}, 2), ({"max": [-1, -5]}, -1),
    ({"mul": ["ab", 2]}, "abab"),
    ({"add": ["gold", 1]}, None), ({"max": ["gold", 1]}, None),  # left to fail in play
    ({"mul": [9, {"var": "bid"}]}, None),
])
def test_a_list_of_constants_is_worked_out_once(built: dict[str, Any], value: Any,
                                                 folded: Any) -> None:
    """``add``, ``mul``, ``min`` and ``max`` of constants are a constant, what play would
    read; of values of the wrong kind, or of anything else, read in play as before."""
    game, _ = built["auction-house"]
    state = game.new_initial_state(4)
    x = _compiler(state.prog)
    fn = x.expr(value, ())
    assert x.consts.get(fn) == folded and not x.report.problems
    if folded is not None:
        assert fn(state.ctx(0)) == folded
