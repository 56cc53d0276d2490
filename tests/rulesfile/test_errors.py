"""Bad rules files: every problem located at its line in rules.yaml, never a traceback,
in bounded time (the claim-jumper starter, broken one way at a time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games import GAMES
from rulesfile.starters import make_starter


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return make_starter(tmp_path, "claim-jumper", "cj")


def problems_after(folder: Path, old: str, new: str) -> list[Problem]:
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    return validate_game(GAMES["cj"], folder.parent).problems


def line_of(folder: Path, needle: str) -> int:
    lines = (folder / "rules.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def only(problems: list[Problem], rule: str) -> Problem:
    found = [p for p in problems if p.rule == rule]
    assert len(found) == 1, [p.format() for p in problems]
    assert found[0].path.endswith("rules.yaml")
    return found[0]


def test_the_starter_is_clean(folder: Path) -> None:
    assert validate_game(GAMES["cj"], folder.parent).problems == []


def test_an_effect_naming_a_missing_zone(folder: Path) -> None:
    p = only(problems_after(folder, "to: discard", "to: discrad"), "rules-name")
    assert p.line == line_of(folder, "to: discrad") and "no zone 'discrad'" in p.message


def test_a_zone_starting_with_a_missing_piece(folder: Path) -> None:
    p = only(problems_after(folder, "start: cards", "start: cardz"), "rules-name")
    assert p.line == line_of(folder, "start: cardz") and "no piece 'cardz'" in p.message


def test_a_game_that_never_ends_shows_its_loop(folder: Path) -> None:
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8").replace("[dig, stop]", "[dig, stop, wait]")
    text = text.replace("actions:\n  dig:", "actions:\n  wait: {do: []}\n  dig:")
    rules.write_text(text, encoding="utf-8")
    p = only(problems_after(folder, "end: {and: [{eq: [{count: deck}, 0]}, "
                            "{eq: [{count: claim}, 0]}]}", "end: false"), "rules-never-ends")
    assert p.line == line_of(folder, "end: false")
    assert "repeats P1 wait, P2 wait for ever" in p.message


def test_a_deal_larger_than_the_deck(folder: Path) -> None:
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\nsetup:\n"
                            "  - {draw: deck, to: discard, count: 31}"), "rules-play")
    assert p.line == line_of(folder, "count: 31") and "more cards than the pile" in p.message


def test_recursion_through_effects(folder: Path) -> None:
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\nprocedures:\n"
                            "  one: [{call: two}]\n  two: [{event: bust}, {call: one}]"),
             "rules-recursion")
    assert p.line == line_of(folder, "call: one") and "one -> two -> one" in p.message


def test_an_action_in_no_phase(folder: Path) -> None:
    p = only(problems_after(folder, "actions: [dig, stop]", "actions: [dig]"), "rules-unused")
    assert p.line == line_of(folder, "  stop:")


def test_an_action_never_legal_is_a_warning(folder: Path) -> None:
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("[dig, stop]",
                     "[dig, stop, cheat]"), encoding="utf-8")
    p = only(problems_after(folder, "actions:\n  dig:", "actions:\n  cheat: "
                            "{if: {lt: [{count: deck}, 0]}}\n  dig:"), "rules-never-legal")
    assert p.severity == "warning" and p.line == line_of(folder, "  cheat:")


def test_a_seat_with_no_legal_action(folder: Path) -> None:
    p = only(problems_after(folder, "end: {and:", "end: false\nx: {and:"), "rules-schema")
    assert "takes no 'x'" in p.message
    problems = problems_after(folder, "\nx: {and:", "\ntiebreak_x: {and:")
    assert [q.rule for q in problems] == ["rules-schema"]  # still a stray key
    text = (folder / "rules.yaml").read_text(encoding="utf-8")
    (folder / "rules.yaml").write_text(text.split("\ntiebreak_x")[0] + "\nscore: 0\n",
                                       encoding="utf-8")
    p = only(validate_game(GAMES["cj"], folder.parent).problems, "rules-play")
    assert "has no legal action in phase 'turn'" in p.message
    assert p.line == line_of(folder, "actions: [dig, stop]")


def test_a_value_of_the_wrong_kind(folder: Path) -> None:
    p = only(problems_after(folder, "if: {gt: [{count: deck}, 0]}",
                            "if: {gt: [{count: deck}, nothing]}"), "rules-play")
    assert "cannot be worked out" in p.message


def test_two_words_added_are_no_number(folder: Path) -> None:
    """``add`` of two parts is written out, yet a word is still no number to add."""
    p = only(problems_after(folder, "if: {gt: [{count: deck}, 0]}",
                            "if: {eq: [{add: [nothing, more]}, 0]}"), "rules-play")
    assert "cannot be worked out" in p.message


def test_an_unknown_word_is_named_with_a_hint(folder: Path) -> None:
    p = only(problems_after(folder, "    again:", "    agian:"), "rules-schema")
    assert p.line == line_of(folder, "agian:") and "did you mean 'again'" in p.message


def test_an_unknown_expression_and_an_unknown_effect(folder: Path) -> None:
    problems = problems_after(folder, "- event: bust", "- evnt: bust")
    assert only(problems, "rules-schema").line == line_of(folder, "evnt: bust")
    problems = problems_after(folder, "{gt: [{count: deck}, 0]}", "{more: [{count: deck}, 0]}")
    assert only(problems, "rules-expression").line == line_of(folder, "{more:")


def test_a_repeat_too_large_stops(folder: Path) -> None:
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\nsetup:\n"
                            "  - {repeat: 100000, do: [{event: bust}]}"), "rules-play")
    assert "over the limit" in p.message and p.line == line_of(folder, "repeat: 100000")


def test_an_expression_too_deep(folder: Path) -> None:
    deep = "0"
    for _ in range(30):
        deep = f"{{not: {deep}}}"
    p = problems_after(folder, "end: {and:", f"end: {deep}\nx: {{and:")
    assert any(q.rule == "rules-expression" and "deeper" in q.message for q in p)


def test_bad_yaml_in_the_rules_file(folder: Path) -> None:
    problems = problems_after(folder, "events: [bust]", "events: [bust]\nevents: [x]")
    assert any(p.rule == "duplicate-key" and p.path.endswith("rules.yaml") for p in problems)


def test_a_long_declared_game_is_probed_for_a_while_only(folder: Path) -> None:
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8").replace("[dig, stop]", "[dig, stop, wait]")
    text = text.replace("actions:\n  dig:", "actions:\n  wait: {do: []}\n  dig:")
    rules.write_text(text + "max_actions: 1000000\n", encoding="utf-8")
    p = only(problems_after(folder, "end: {and: [{eq: [{count: deck}, 0]}, "
                            "{eq: [{count: claim}, 0]}]}", "end: false"), "rules-never-ends")
    assert p.severity == "warning" and "after 20000 actions" in p.message


def test_runaway_arithmetic_stops(folder: Path) -> None:
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\nvars: {gold: {start: 2}}\n"
                            "setup:\n  - {repeat: 60, do: [{set: {gold: {mul: [{var: gold}, "
                            "{var: gold}]}}}]}"), "rules-play")
    assert "larger than" in p.message and p.line == line_of(folder, "set: {gold:")


def test_too_many_choices_at_once(folder: Path) -> None:
    p = only(problems_after(folder, "  stop:\n", "  stop:\n    choose: {card: deck, number: "
                            "[1, 100]}\n"), "rules-play")
    assert "more than 1000 choices" in p.message and p.line == line_of(folder, "choose:")


def test_a_phase_needs_a_name_of_its_own(folder: Path) -> None:
    p = only(problems_after(folder, "  - id: turn\n    actions: [dig, stop]",
                            "  - id: turn\n    actions: [dig, stop]\n  - id: turn\n"
                            "    actions: [dig]"), "rules-schema")
    assert "an 'id' of its own" in p.message and p.line == line_of(folder, "actions: [dig]") - 1


def test_a_rules_file_may_not_lead_out_of_its_folder(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text((folder / "rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "rules.yaml").unlink()
    (folder / "rules.yaml").symlink_to(outside)
    p = only(validate_game(GAMES["cj"], folder.parent).problems, "file-kind")
    assert "outside the game's folder" in p.message


def test_effects_that_run_too_long_stop_at_their_line(folder: Path) -> None:
    """A million steps in one action (effects that cannot pause run at once): stopped
    after 100,000 at the effect that passed the limit."""
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\nsetup:\n"
                            "  - repeat: 1000\n    do:\n      - {repeat: 1000, do: "
                            "[{event: bust}]}"), "rules-play")
    assert "more than 100000 steps" in p.message
    assert p.line == line_of(folder, "[{event: bust}]")


def test_a_seat_that_is_no_number_stops_at_its_effect(folder: Path) -> None:
    p = only(problems_after(folder, "events: [bust]", "events: [bust]\n"
                            "vars: {who: {start: nobody}}\nsetup:\n"
                            "  - {event: bust, of: {var: who}}"), "rules-play")
    assert "cannot be worked out" in p.message and p.line == line_of(folder, "of: {var: who}")


def test_a_mapping_where_a_pile_is_named(folder: Path) -> None:
    """A pile written as a grid's place (a draw takes from a pile only) is told as such,
    not as a zone named by the mapping's text."""
    p = only(problems_after(folder, "- draw: deck", "- draw: {cell: deck, at: 0}"),
             "rules-name")
    assert p.line == line_of(folder, "draw: {cell") and "a zone's name here (zones: " \
        "deck, claim, bank, discard)" in p.message and "{'cell'" not in p.message


def test_a_grid_where_a_pile_is_named_says_how_to_reach_it(folder: Path) -> None:
    problems = problems_after(folder, "  discard: {}", "  discard: {grid: [2, 2]}")
    p = only(problems, "rules-name")
    assert p.line == line_of(folder, "to: discard")
    assert "'discard' is a grid, not a pile: cards go to one of its places ({cell: " \
        "discard, at: PLACE}, or play: cell), move_all takes them off" in p.message


def test_a_misnamed_starting_piece_is_one_problem(folder: Path) -> None:
    """Not also every field the rules read of that piece's cards."""
    problems = problems_after(folder, "start: cards", "start: cardz")
    assert [p.rule for p in problems] == ["rules-name"], [p.format() for p in problems]


def test_a_grid_of_a_size_out_of_range_is_one_problem(tmp_path: Path) -> None:
    """Not also every use of it, as if it were no grid."""
    folder = make_starter(tmp_path, "homestead", "hs")
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("grid: [3, 3]",
                                                               "grid: [3000, 3]"),
                     encoding="utf-8")
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.message) for p in problems] == [
        ("rules-schema", "a grid is [columns, rows], each from 1 to 20")]


def test_an_alias_before_its_anchor_is_located(folder: Path) -> None:
    """As the docs say: YAML reads top to bottom, the anchor comes first."""
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8").replace("if: {gt: [{count: deck}, 0]}",
                                                     "if: *has_cards")
    rules.write_text(text.replace("end: {and: [{eq: [{count: deck}, 0]}",
                                  "end: {and: [&has_cards {eq: [{count: deck}, 0]}"),
                     encoding="utf-8")
    problems = validate_game(GAMES["cj"], folder.parent).problems
    assert [(p.rule, p.line) for p in problems] == [("yaml-syntax", line_of(
        folder, "*has_cards"))] and "unknown alias 'has_cards'" in problems[0].message


def test_a_number_range_that_offers_nothing_is_located(tmp_path: Path) -> None:
    folder = make_starter(tmp_path, "auction-house", "ah")
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if "number:" in line)
    rules.write_text(text.replace(old, old.split("number:")[0] + "number: [5, 2]}"),
                     encoding="utf-8")
    problems = validate_game(GAMES["ah"], tmp_path).problems
    assert [p.rule for p in problems] == ["rules-schema"], [p.format() for p in problems]
    assert "'number' [5, 2] offers nothing" in problems[0].message
