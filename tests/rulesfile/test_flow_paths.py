"""The flow of play's shortcuts play exactly as the general way does: after a chance
outcome, the rest of the one frame left run at once and what follows the action read at
once (``Playing._resume``), against ``settle`` and ``run_frames`` doing it step by step; a
phase that ends running no effect goes on to the next at once (``Program.end_fixed``),
against ``settle`` reading the end again — the same variables and cards, the same steps
counted, the same fault."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from generator.engine.api import CHANCE
from generator.rulesfile import flow, running
from generator.rulesfile.state import RulesState
from rulesfile.starters import STARTERS, dealt


def _slow(state: Any) -> Any:
    """``state`` with the shortcut after a chance outcome turned off (``settle`` instead)."""
    state._resume = lambda: False
    return state


def _in_step(fast: Any, slow: Any, rng: random.Random) -> list[Any]:
    """Play both to the end on the same random choices, alike after every action (the
    paused program too); the actions played."""
    played = []
    while not fast.is_terminal():
        played.append(rng.choice(fast.legal_actions()))
        fast.apply_action(played[-1])
        slow.apply_action(played[-1])
        _same(fast, slow)
        assert fast.frames == slow.frames
    return played


def _counted(state: Any, answers: list[bool], name: str = "_resume") -> None:
    """Keep in ``answers`` what the shortcut ``name`` answers, each time ``state`` asks
    it."""
    shortcut = getattr(state, name)
    setattr(state, name, lambda: answers.append(shortcut()) or answers[-1])


def _same(fast: Any, slow: Any) -> None:
    assert fast.to_dict() == slow.to_dict()
    assert fast.steps == slow.steps and fast.fault == slow.fault
    assert fast.current_player() == slow.current_player()
    assert fast.legal_actions() == slow.legal_actions()


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_chance_outcome_resumed_at_once_plays_as_settle_does(built: dict[str, Any],
                                                                name: str) -> None:
    game, _ = built[name]
    resumed: list[bool] = []  # what the shortcut answered, each time it was asked
    for seed in range(3):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        fast = game.new_initial_state(players)
        slow = _slow(game.new_initial_state(players))
        _same(fast, slow)
        _counted(fast, resumed)
        _in_step(fast, slow, rng)
    # high-noon and land-rush draw only at set-up, boomtown only inside a repeat
    assert any(resumed) is (name not in ("high-noon", "land-rush", "boomtown"))


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_deal_waits_for_its_next_card_at_once_as_settle_does(built: dict[str, Any],
                                                               name: str) -> None:
    """A draw of several cards from a shuffled pile (a deal): after each card, the next
    awaited at once (``Playing._redraw``), against ``settle`` and ``run_frames`` — the same
    variables, cards, frames, steps and chance awaited for every starter."""
    game, _ = built[name]
    redrawn: list[bool] = []  # what the shortcut answered, each time it was asked
    for seed in range(3):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        fast, slow = game.new_initial_state(players), game.new_initial_state(players)
        slow._redraw = lambda: False
        _counted(fast, redrawn, "_redraw")
        _same(fast, slow)
        _in_step(fast, slow, rng)
    # the starters that deal several cards at set-up (claim-jumper and auction-house
    # draw one at a time)
    assert any(redrawn) is (name not in ("claim-jumper", "auction-house"))


def test_a_fault_in_what_follows_the_outcome_is_the_same(built: dict[str, Any]) -> None:
    """Gold-camp's roll: after the die, its gain of coins finds a word where a number
    should be: the same fault at the same instruction, the same steps, either way."""
    game, _ = built["gold-camp"]
    for face in (1, 6):
        fast, slow = dealt(game, 3), _slow(dealt(game, 3))
        for state in (fast, slow):
            state.apply_action(("roll",))
            assert state.current_player() == CHANCE
            state.vars[state.var_slot["coins"] + state.player] = "gold"
            state.apply_action(face)
        assert fast.fault is not None and fast.fault[0][-1] == 1  # the gain after the roll
        _same(fast, slow)


def test_a_phase_ended_at_once_plays_as_settle_ends_it(built: dict[str, Any]) -> None:
    """Gold-camp's phases end after each action running nothing, and its end reads no
    seat: the next phase begins at once, as through ``settle``'s reading of the end."""
    game, _ = built["gold-camp"]
    for seed in range(4):
        players = 2 + seed % 4
        fast = game.new_initial_state(players)
        assert fast.prog.end_fixed
        assert not any(fast.prog.blocks[phase.end] for phase in fast.prog.phases)
        slow = game.new_initial_state(players)
        slow.prog = dataclasses.replace(slow.prog, end_fixed=False)
        rng = random.Random(seed)
        _in_step(fast, slow, rng)



@pytest.mark.parametrize("name", ["claim-jumper", "gold-camp"])
def test_an_action_opening_with_chance_waits_as_run_frames_leaves_it(
        built: dict[str, Any], name: str) -> None:
    """Claim-jumper's dig (a draw from the shuffled deck) and gold-camp's roll wait for
    chance at once when played (``Program.opening``), leaving the frame, the steps and the
    chance awaited as ``settle`` running the action's block leaves them."""
    game, _ = built[name]
    for seed in range(4):
        players = 2 + seed % 3
        fast, slow = game.new_initial_state(players), game.new_initial_state(players)
        assert any(fast.prog.opening)
        slow.prog = dataclasses.replace(slow.prog, opening=[None] * len(slow.prog.opening))
        rng, waited = random.Random(seed), 0
        for action in _in_step(fast, slow, rng):
            waited += isinstance(action, tuple) and action[0] in ("dig", "roll")
        assert waited


def _by_instruction(state: Any) -> Any:
    """``state`` running an action's ``do`` instruction by instruction, each by its own
    ``run`` (the focus moved for one with ``of``), each step counted as it comes."""
    def run_counted(flat: tuple[Any, ...], c: Any) -> None:
        seat = c.seat
        for ins, _ in flat:
            state.steps += 1
            if state.steps > running.MAX_STEPS:
                state.fail(ins.loc, f"ran more than {running.MAX_STEPS} steps in one action")
                return
            try:
                if ins.of is not None:
                    c.seat = ins.of(c) % state.players
                ins.run(state, c)
            except running.FAULTS as exc:
                state.fail(ins.loc, f"cannot be worked out here: {exc}")
            c.seat = seat
            if state.over:
                return
    state.run_counted = run_counted
    return state


@pytest.mark.parametrize("limit", [None, 1, 2])
def test_a_do_that_runs_other_blocks_runs_by_its_functions_as_by_its_instructions(
        built: dict[str, Any], monkeypatch: pytest.MonkeyPatch, limit: int | None) -> None:
    """High-noon's play (an ``if`` that sets the suit led, then the card played) runs by
    its instructions' functions (``run_counted``), each step counted as it comes: the same
    state and steps as by each instruction's ``run``, and at a limit the same fault."""
    game, _ = built["high-noon"]
    if limit is not None:
        monkeypatch.setattr(running, "MAX_STEPS", limit)
    for seed in range(3):
        fast, slow = dealt(game, 4), _by_instruction(dealt(game, 4))
        rng = random.Random(seed)
        _in_step(fast, slow, rng)
        if limit is not None:
            assert fast.fault is not None and "steps" in fast.fault[1]


def _taking(shortcut: Any, taken: list[bool]) -> Any:
    """``shortcut``, noting in ``taken`` each time it is taken."""
    return lambda read_end: taken.append(True) or shortcut(read_end)


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_lot_ended_and_the_next_begun_at_once_plays_as_settle_does(
        built: dict[str, Any], name: str) -> None:
    """A phase whose until holds after an action: its end's effects, the end of the game
    read, the next phase's start (waiting at once for its draw: ``Program.opening``) run
    from the action (``Flow._end_at_once``), as through ``settle`` and ``run_frames`` —
    the same variables, cards, frames, steps and fault for every starter."""
    game, _ = built[name]
    taken: list[bool] = []
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        fast = game.new_initial_state(players)
        slow = game.new_initial_state(players)
        slow.prog = dataclasses.replace(slow.prog, opening=[None] * len(slow.prog.opening))
        slow._end_at_once = lambda read_end: False
        fast._end_at_once = _taking(fast._end_at_once, taken)
        _same(fast, slow)
        _in_step(fast, slow, random.Random(seed))
    # auction-house, trading-post, … end a phase after an action; high-noon's hand too
    assert bool(taken) is (name in ("high-noon", "auction-house", "gold-camp"))


def test_a_phase_start_waits_at_once_at_the_step_limit_as_run_frames_does(
        built: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Auction-house's next lot drawn when the action has used up its steps: the same
    fault (at the draw) as when ``run_frames`` runs the start."""
    game, _ = built["auction-house"]
    at_draw = False
    for limit in (3, 4, 5):
        for module in (running, flow):
            monkeypatch.setattr(module, "MAX_STEPS", limit)
        fast, slow = dealt(game, 4), dealt(game, 4)
        slow.prog = dataclasses.replace(slow.prog, opening=[None] * len(slow.prog.opening))
        slow._end_at_once = lambda read_end: False
        _in_step(fast, slow, random.Random(limit))
        assert fast.fault is not None and "steps" in fast.fault[1]
        at_draw |= fast.fault[0] == ("phases", 0, "start", 0)
    assert at_draw



def _phases_stepping(prog: Any, step: Any) -> Any:
    """``prog`` with each phase's steps of ``following`` (after an action, after its
    start) replaced by ``step(the step)`` (None: by ``Flow``'s general reading)."""
    def stepped(phase: Any) -> Any:
        return dataclasses.replace(phase, **{
            key: None if getattr(phase, key) is None else step(getattr(phase, key))
            for key in ("after", "started")})
    return dataclasses.replace(prog, phases=[stepped(phase) for phase in prog.phases])


@pytest.mark.parametrize("name", list(STARTERS))
def test_what_follows_an_action_or_a_start_in_one_step_plays_as_flow_reads_it(
        built: dict[str, Any], name: str) -> None:
    """``following``: what follows an action of a phase none of whose actions is played
    ``again`` (the end read, its until, the next seat not skipped, the legal actions),
    and what follows a phase's start (the end read, the first seat, the first not
    skipped, the legal actions), each by one step made for the phase's shape, against
    ``Flow``'s ``_acted``, ``_started`` and ``_ready`` reading each part — the same
    variables, cards, frames, steps, seat to act, legal actions and fault, for every
    starter."""
    game, _ = built[name]
    taken: list[int] = []  # the steps' arguments: 2 after an action, 1 after a start
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        prog = game.program(players)  # each started by its own way (set-up's start too)
        fast = RulesState(_phases_stepping(prog, lambda step: lambda *a: taken.append(
            len(a)) or step(*a)), players).start()
        slow = RulesState(_phases_stepping(prog, lambda step: None), players).start()
        _same(fast, slow)
        _in_step(fast, slow, random.Random(seed))
    # claim-jumper's dig and boomtown's build may be played again (so may gold-camp's
    # buy, but its roll's phase is stepped)
    assert (2 in taken) is (name not in ("claim-jumper", "boomtown"))
    assert 1 in taken


def _start_read(state: Any) -> Any:
    """``state``'s phase's start has run: what follows read as ``settle`` reads it (a
    value of the wrong kind: the fault at the phase)."""
    try:
        state._started()
    except running.FAULTS as exc:
        state._flow_fault(exc)
    return state


@pytest.mark.parametrize("round_", [0, 1, 2, 3, "soon"])
def test_a_first_seat_skipped_goes_on_after_a_start_as_flow_reads_it(
        built: dict[str, Any], round_: Any) -> None:
    """``following.starting``: the auction's first seat (the round's, or a word: a fault)
    with every set of seats out and every high bidder, so that the seat named is skipped,
    later ones, or every seat (a fault): the same seat to act, legal actions and fault
    as ``Flow._first_player`` and ``_next_seat``."""
    game, _ = built["auction-house"]
    prog = game.program(4)
    general = _phases_stepping(prog, lambda step: None)
    faults = set()
    for out in itertools.product((0, 1), repeat=4):
        for high in range(-1, 4):
            fast, slow = dealt(game, 4), dealt(game, 4)
            slow.prog = general
            for state in (fast, slow):
                slots = state.var_slot
                state.vars[slots["round"]], state.vars[slots["high"]] = round_, high
                state.vars[slots["out"]:slots["out"] + 4] = out
                _start_read(state)
            _same(fast, slow)
            assert fast.player == slow.player
            faults.add(None if fast.fault is None else fast.fault[1].split(":")[0])
    assert faults == ({None, "phase 'auction' skips every seat"} if round_ != "soon" else
                      {"cannot be worked out"})
