"""A leaf block's instructions run by functions written for their shapes (``quick``) do
exactly what each instruction's own ``run`` does: the same variables, the same fault."""

from __future__ import annotations

from typing import Any

import pytest

from generator.rulesfile.ins import Change, DrawOne, Push, waits
from generator.rulesfile.position import MAX_VALUE, Ctx
from generator.rulesfile.quick import leaves, runner, tails
from rulesfile.starters import dealt

LOC = ("actions", "x", "do", 0)


def both_ways(state: Any, ins: Change, c_seat: int = 1, number: int = 3) -> tuple[Any, Any]:
    """(vars, fault) after ``ins.run`` and after its written-out function, each on a copy
    of ``state``."""
    out = []
    for run in (ins.run, runner(ins)):
        st = state.clone()
        c = Ctx(st, c_seat, -1, number, -1, c_seat)
        try:
            run(st, c)
        except TypeError as exc:  # flow reports it at the instruction: the same either way
            out.append((list(st.vars), f"raised {exc}"))
            continue
        out.append((list(st.vars), st.fault))
    return out[0], out[1]


def amount(value: Any) -> Any:
    return lambda c: value


@pytest.mark.parametrize("how", ["set", "gain", "pay"])
@pytest.mark.parametrize("owned", [False, True])
@pytest.mark.parametrize(("fixed", "given", "value"), [
    (2, "", 2), (None, "number", 0), (None, "seat", 0), (None, "", 7), (None, "", "word"),
    (None, "", True), (None, "", MAX_VALUE + 1), (MAX_VALUE + 1, "", 0), ("word", "", 0),
])
def test_a_written_out_change_does_what_its_run_does(
        built: dict[str, Any], how: str, owned: bool, fixed: Any, given: str,
        value: Any) -> None:
    state = dealt(built["auction-house"][0], 4)
    slot = state.var_slot["coins" if owned else "bid"]
    ins = Change(LOC, None, slot, owned, amount(value), how, fixed, given)
    ran, written = both_ways(state, ins)
    assert written == ran
    if ran[1] is None:  # a change made: the variable moved as the rule says
        assert ran[0] != state.vars or how != "set" and fixed is None and not given \
            and value == 0


def test_a_variable_holding_a_word_fails_alike(built: dict[str, Any]) -> None:
    state = dealt(built["auction-house"][0], 4)
    slot = state.var_slot["bid"]
    state.vars[slot] = "word"
    ran, written = both_ways(state, Change(LOC, None, slot, False, amount(1), "gain", 1))
    assert written == ran and ran[1].startswith("raised")


def test_only_blocks_that_run_no_block_are_leaves(built: dict[str, Any]) -> None:
    prog = built["auction-house"][0].program(4)
    found = leaves(prog.blocks)
    for block, leaf in zip(prog.blocks, found, strict=True):
        plain = not any(isinstance(ins, Push) for ins in block)
        assert (leaf is not None) is plain
        if leaf is not None:
            assert [ins for ins, _ in leaf] == block
    assert any(leaf for leaf in found) and None in found
    # the auction's sale (pay and take, each of the high bidder) moves the focus: a leaf
    assert any(leaf and any(ins.of is not None for ins, _ in leaf) for leaf in found)


def test_a_tail_is_what_follows_the_last_instruction_that_may_pause(
        built: dict[str, Any]) -> None:
    prog = built["auction-house"][0].program(4)
    found = tails(prog.blocks, waits, leaves(prog.blocks))
    for block, tail in zip(prog.blocks, found, strict=True):
        last = max((i for i, ins in enumerate(block) if waits(ins)), default=-1)
        if last == len(block) - 1:
            assert tail is None
            continue
        assert tail is not None and tail[0] == last + 1
        assert [ins for ins, _ in tail[1]] == block[last + 1:]
    start = prog.phases[0].start  # the auction's start: its draw waits, the rest a tail
    assert found[start] is not None and found[start][0] == 1
    assert isinstance(prog.blocks[start][0], DrawOne) and waits(prog.blocks[start][0])


def test_an_instruction_with_of_runs_at_that_seat_and_puts_the_focus_back(
        built: dict[str, Any]) -> None:
    state = dealt(built["auction-house"][0], 4)
    slot = state.var_slot["coins"]
    ins = Change(LOC, lambda c: c.seat + 2, slot, True, amount(5), "gain", 5)
    c = Ctx(state, 3, -1, 0, -1, 3)
    before = list(state.vars)
    runner(ins)(state, c)
    assert c.seat == 3  # put back
    moved = [i for i, (a, b) in enumerate(zip(before, state.vars, strict=True)) if a != b]
    assert moved == [slot + 1] and state.vars[slot + 1] == before[slot + 1] + 5  # (3+2)%4
