"""``{legal: ACTION}``: true when the action has a legal move for the seat to act (its
choices too), read afresh at every reading (never folded, never remembered past a change:
an end that reads it is read again though no card moved); a loop through it, a name of
no action or an ``of`` beside it reported at its line, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.data.yamlsrc import loads
from generator.deck.validate import validate_game
from generator.engine.api import CHANCE
from generator.files.problems import Problem
from generator.games import GAMES
from generator.rulesfile import choices, legality, program
from generator.rulesfile.program import compile_rules
from generator.rulesfile.state import RulesState
from rulesfile.starters import compiled, make_starter
from rulesfile.test_tally import same_games_either_way

EXAMPLES = Path(__file__).resolve().parent / "examples"
PIECES = {"cards": [{"id": "a", "value": 1, "count": 2}]}
# seat 2 alone may take a card from the deck; a pass is always legal; the game ends as
# soon as the seat to act could take one (nothing moved, nothing written meanwhile)
RULES = """
zones:
  deck: {start: cards}
  hand: {owner: each}
vars:
  seen: {owner: each}
phases: [{id: p, actions: [take, pass, look, give]}]
actions:
  take: {choose: {card: deck}, if: {eq: [{game: seat}, 1]}, do: [{play: hand}]}
  pass: {do: []}
  look:
    if: {eq: [{var: seen}, 0]}
    do: [{set: {seen: {if: [{and: [{legal: take}, true]}, 2, 1]}}}]
  give: {choose: {card: deck}, if: {if: [{legal: take}, {eq: [{field: value}, 1]}, false]}}
end: END
score: 0
"""


def _compiled(text: str, players: int = 2) -> tuple[Any, list[Problem]]:
    return compile_rules(loads(text, Path("rules.yaml")), PIECES, players)


def _state(end: str = "false") -> RulesState:
    prog, problems = _compiled(RULES.replace("END", end))
    assert prog is not None, [p.format() for p in problems]
    return RulesState(prog, 2).start()


def test_an_end_that_reads_it_is_read_again_though_nothing_moved() -> None:
    """Seat 1 passes (the end false: seat 2 is not to act yet), seat 2 passes: nothing
    moved or was written, yet the end now holds (remembered by the cards, it would not)."""
    state = _state("{legal: take}")
    state.apply_action(("pass",))
    assert not state.is_terminal() and state.current_player() == 1
    assert ("take", 0) in state.legal_actions()
    state.apply_action(("pass",))
    assert state.is_terminal()


def test_its_choices_count_none_left_none_legal() -> None:
    """Seat 2 may take a card only while the deck holds one: the end that reads it holds
    at seat 2's turns until the deck is empty."""
    state = _state("{and: [{eq: [{game: turn}, 4]}, {not: {legal: take}}]}")
    for action in (("pass",), ("take", 0), ("pass",), ("take", 1)):
        assert not state.is_terminal()
        state.apply_action(action)
    assert state.is_terminal()


def test_an_effect_reads_it_for_the_seat_to_act_each_time() -> None:
    """The same effect, read at seat 1's turn and at seat 2's, through an ``and`` with a
    constant and an ``if``: each reading its own answer (folded, both would be the same)."""
    state = _state()
    state.apply_action(("look",))
    state.apply_action(("look",))
    assert state.view()["seen"] == [1, 2]


def test_read_among_another_actions_choices_it_leaves_them_as_they_were() -> None:
    """``give`` asks after ``take`` for each card it may choose, then reads that card: the
    word tries take's choices on a context of its own, not on give's."""
    state = _state()
    assert [a for a in state.legal_actions() if a[0] == "give"] == []
    state.apply_action(("pass",))
    assert [a for a in state.legal_actions() if a[0] == "give"] == [("give", 0), ("give", 1)]


def test_summit_fever_busts_exactly_when_no_climb_is_legal() -> None:
    """Summit Fever says "bust: no climb is legal" with the word: at every position of a
    few seeded games, bust is listed exactly when a pair was rolled and no climb is."""
    game = compiled(EXAMPLES, "summit")
    looked = 0
    for seed in range(6):
        rng, state = random.Random(seed), game.new_initial_state(2 + seed % 3)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() != CHANCE:
                climbs = [a for a in legal if a[0] == "climb"]
                rolled = state.view()["rolled"] == 1
                assert (("bust",) in legal) is (rolled and not climbs)
                looked += rolled
            state.apply_action(rng.choice(legal))
    assert looked > 50


def test_an_action_asked_after_by_many_is_tried_once_a_listing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each action asks after the next two, none legal in the end: in one listing each
    one's choices are tried once, not once for every way down to it (twice as many each
    step: a listing that would not end)."""
    tried: dict[str, int] = {}

    def counted(rule: Any) -> Any:
        made = choices.offer(rule)

        def offer(st: Any, here: Any, out: list[Any]) -> None:
            tried[rule.name] = tried.get(rule.name, 0) + 1
            made(st, here, out)
        return offer
    monkeypatch.setattr(program, "offer", counted)
    steps = 24
    chain = "".join(f"  a{i}: {{if: {{or: [{{legal: a{i + 1}}}, {{legal: a{i + 2}}}]}}}}\n"
                    for i in range(steps))
    text = (f"phases: [{{id: p, actions: [pass, {', '.join(f'a{i}' for i in range(steps + 2))}"
            f"]}}]\nactions:\n  pass: {{do: []}}\n{chain}  a{steps}: {{if: false}}\n"
            f"  a{steps + 1}: {{if: false}}\nend: false\nscore: 0\n")
    prog, problems = compile_rules(loads(text, Path("rules.yaml")), PIECES, 2)
    assert prog is not None, [p.format() for p in problems]
    state = RulesState(prog, 2).start()  # (its first listing)
    assert state.legal_actions() == [("pass",)]
    assert tried == {f"a{i}": 1 for i in range(1, steps + 2)}


def test_the_phase_reads_the_moves_the_word_worked_out_the_same_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Summit Fever's bust asks whether a climb is legal before the climbs are listed: the
    phase's listing of climb reads the moves the word worked out (``legality.shared``);
    the same games as when it works them out again."""
    real, reused = legality.shared, []

    def counted(name: str, made: Any) -> Any:
        offer = real(name, made)

        def listed(st: Any, here: Any, out: list[Any]) -> None:
            reused.append(("legal", name, st.player) in (st.memo or {}))
            offer(st, here, out)
        return listed
    monkeypatch.setattr(program, "shared", counted)
    same_games_either_way(compiled(EXAMPLES, "summit"), 3, lambda: monkeypatch.setattr(
        program, "shared", lambda name, made: made), seeds=4)
    assert reused.count(True) > 20


def _located(text: str, old: str, new: str) -> list[tuple[str, int, str]]:
    prog, problems = _compiled(text.replace(old, new).replace("END", "false"))
    assert prog is None
    return [(p.rule, p.line, p.message) for p in problems]


def test_an_action_asking_after_itself_is_a_located_loop() -> None:
    found = _located(RULES, "if: {eq: [{game: seat}, 1]}", "if: {not: {legal: take}}")
    assert [(rule, line) for rule, line, _ in found] == [("rules-recursion", 9)]
    assert "action 'take' asks whether it is legal itself" in found[0][2]


def test_two_actions_asking_after_each_other_are_a_located_loop() -> None:
    found = _located(RULES.replace("pass: {do: []}", "pass: {if: {legal: take}, do: []}"),
                     "if: {eq: [{game: seat}, 1]}", "if: {legal: pass}")
    assert sorted((rule, line) for rule, line, _ in found) == [
        ("rules-recursion", 9), ("rules-recursion", 10)]
    assert {message.split(":")[1].strip() for _, _, message in found} == {
        "take -> pass -> take", "pass -> take -> pass"}


def test_its_own_number_bound_asking_after_itself_is_a_loop() -> None:
    found = _located(RULES, "choose: {card: deck}", "choose: {card: deck, number: [0, "
                     "{if: [{legal: take}, 1, 0]}]}")
    assert [(rule, line) for rule, line, _ in found] == [("rules-recursion", 9)]


def test_asking_after_itself_in_its_effects_is_no_loop() -> None:
    prog, problems = _compiled(RULES.replace("END", "false").replace(
        "do: [{play: hand}]", "do: [{play: hand}, {set: {seen: {legal: take}}}]"))
    assert prog is not None and problems == []


@pytest.mark.parametrize(("new", "rule", "says"), [
    ("{legal: takes}", "rules-name", "no action 'takes' (actions: take, pass, look, give)"),
    ("{legal: [take]}", "rules-name", "no action '['take']'"),
    ("{legal: take, of: 1}", "rules-expression", "'legal' reads the seat to act's actions"),
])
def test_a_bad_use_is_located(new: str, rule: str, says: str) -> None:
    found = _located(RULES, "{and: [{legal: take}, true]}", new)
    assert [(r, line) for r, line, _ in found] == [(rule, 13)]
    assert says in found[0][2]


def test_validate_locates_a_loop_in_a_starter(tmp_path: Path) -> None:
    """Through ``validate``: claim-jumper's dig legal only while stopping is not, and
    stopping only while digging is: a loop, at each line, never a traceback."""
    folder = make_starter(tmp_path, "claim-jumper", "cj")
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("if: {gt: [{count: deck}, 0]}", "if: {not: {legal: stop}}")
    text = text.replace("if: {gt: [{count: claim}, 0]}", "if: {legal: dig}")
    rules.write_text(text, encoding="utf-8")
    problems = validate_game(GAMES["cj"], folder.parent).problems
    lines = text.splitlines()
    assert sorted((p.rule, p.line) for p in problems) == [
        ("rules-recursion", next(i for i, line in enumerate(lines, 1) if needle in line))
        for needle in ("{not: {legal: stop}}", "{legal: dig}")]
