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


def test_cards_on_a_numbered_place_a_row_and_a_column(tmp_path: Path) -> None:
    game = game_of(tmp_path, {SCORE: "score: {add: [{mul: [100, {count: {in_row: homestead, "
                                     "at: 1}}]}, {mul: [10, {count: {in_column: homestead, "
                                     "at: 2}}]}, {count: {cell: homestead, at: 8}}]}"})
    state = dealt(game, 2)
    base = state.zone_slot["homestead"]
    for card, place in ((0, 3), (1, 5), (2, 8), (3, 2), (4, 0)):
        state.move(card, base + place, 0)  # row 1 twice; column 2 thrice; place 8 once
    state.move(5, base + 9 + 4, 1)
    state.over = True
    assert state.returns() == [200.0 + 30 + 1, 100.0]


def test_play_to_a_place_given_by_number(tmp_path: Path) -> None:
    game = game_of(tmp_path, {"      - play: cell": "      - play: {cell: homestead, at: "
                                                   "{sub: [8, {game: target}]}}"})
    state = dealt(game, 2)
    card = state.view()["market"][0]
    state.apply_action(("place", card, 1))
    assert state.view()["homestead"][0][7] == [card]  # 8 - 1


def test_a_place_the_grid_does_not_have_stops_play_at_the_effect(tmp_path: Path) -> None:
    changed(tmp_path, {"      - play: cell": "      - play: {cell: homestead, at: 9}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-play", 16)]
    assert "names a place the grid does not have" in problems[0].message


def test_a_place_misnamed_or_without_its_number(tmp_path: Path) -> None:
    changed(tmp_path, {"{draw: deck, to: market}": "{draw: deck, to: {cell: market, at: 1}}",
                       "      - play: cell": "      - play: {cell: homestead}",
                       CONDITION: "if: {eq: [{count: {next_to: homestead, at: 3}}, 0]}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    found = sorted((p.line, p.rule, p.message) for p in problems)
    assert [(line, rule) for line, rule, _ in found] == [
        (14, "rules-expression"), (16, "rules-schema"), (17, "rules-name")]
    assert "'next_to' takes no 'at'" in found[0][2]
    assert "give the place's number" in found[1][2]
    assert "'market' is not a grid" in found[2][2]
