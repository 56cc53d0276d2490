"""A place's row and column on a grid (``{row: GRID}``, ``{column: GRID}``) and an entry
of a card's list field (``{item: [LIST, INDEX]}``): read as the language documents them,
and misused, reported at their line (the homestead starter, changed one way at a time)."""

from __future__ import annotations

from pathlib import Path

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.rulesfile.game import RulesGame
from rulesfile.starters import compiled, dealt, make_starter

SCORE = """score:
  sum: homestead
  value:
    add:
      - {field: value}
      - {mul: [2, {count: {next_to: homestead}, same: suit}]}"""
CONDITION = "if: {eq: [{count: {cell: homestead}}, 0]}"


def changed(tmp_path: Path, rules: dict[str, str], cards: dict[str, str] | None = None
            ) -> Path:
    """The homestead starter as ``hs``, its rules.yaml and cards.yaml changed."""
    folder = make_starter(tmp_path, "homestead", "hs")
    for name, edits in (("rules.yaml", rules), ("cards.yaml", cards or {})):
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in edits.items():
            assert old in text, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return folder


def game_of(tmp_path: Path, rules: dict[str, str], cards: dict[str, str] | None = None
            ) -> RulesGame:
    changed(tmp_path, rules, cards)
    return compiled(tmp_path, "hs")


def test_row_and_column_of_the_card_in_scope(tmp_path: Path) -> None:
    game = game_of(tmp_path, {SCORE: "score: {sum: homestead, value: {add: [{mul: [10, "
                                     "{row: homestead}]}, {column: homestead}]}}"})
    state = dealt(game, 2)
    base = state.zone_slot["homestead"]
    for card, place in ((0, 0), (1, 5), (2, 7)):  # (0, 0), (row 1, col 2), (row 2, col 1)
        state.move(card, base + place, 0)
    state.move(3, base + 9 + 8, 1)  # seat 2's bottom right place
    state.over = True
    assert state.returns() == [0.0 + 12 + 21, 22.0]


def test_row_in_a_condition_reads_each_chosen_place(tmp_path: Path) -> None:
    game = game_of(tmp_path, {CONDITION: "if: {and: [{eq: [{row: homestead}, 1]}, "
                                         "{eq: [{count: {cell: homestead}}, 0]}]}",
                              "end: {eq: [{each_player: {count: homestead}}, {mul: [9, "
                              "{game: players}]}]}": "end: {eq: [{each_player: {count: "
                              "homestead}}, {mul: [3, {game: players}]}]}"})
    state = dealt(game, 2)
    assert {a[2] for a in state.legal_actions()} == {3, 4, 5}  # the middle row only
    market = state.view()["market"]
    assert len(state.legal_actions()) == 3 * len(market)


def test_item_reads_a_score_track_printed_on_the_card(tmp_path: Path) -> None:
    game = game_of(tmp_path, {SCORE: "score: {sum: homestead, value: {add: [{item: "
                                     "[{field: track}, {column: homestead}]}, {item: "
                                     "[{field: track}, 3]}, {item: [{field: track}, "
                                     "{sub: [0, 1]}]}]}}"},
                   {"text:": "track: [5, 3, 1], text:"})
    state = dealt(game, 2)
    base = state.zone_slot["homestead"]
    for card, place in ((0, 0), (1, 4), (2, 8), (3, 6)):  # columns 0, 1, 2, 0
        state.move(card, base + place, 0)
    state.over = True
    assert state.returns() == [5.0 + 3 + 1 + 5, 0.0]  # past either end: 0


def test_row_of_a_zone_that_is_no_grid(tmp_path: Path) -> None:
    changed(tmp_path, {CONDITION: "if: {eq: [{row: market}, 0]}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-name", 14)]
    assert "'market' is not a grid" in problems[0].message


def test_item_takes_a_list_and_an_index(tmp_path: Path) -> None:
    changed(tmp_path, {CONDITION: "if: {eq: [{item: {field: value}}, 0]}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-expression", 14)]
    assert "'item' takes [list, index]" in problems[0].message


def test_item_of_a_field_that_is_no_list_stops_play_at_its_line(tmp_path: Path) -> None:
    """A condition that cannot be worked out is reported, as every such condition, at the
    phase's ``actions`` (line 10) that offers it."""
    changed(tmp_path, {CONDITION: "if: {eq: [{item: [{field: value}, 0]}, 0]}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-play", 10)]
    assert "'item' reads a list at a whole number, not 1 at 0" in problems[0].message
