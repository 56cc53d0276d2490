"""``move_all`` off a grid: every place of it (``move_all: GRID``) or one place
(``move_all: {cell: GRID, at: PLACE}``), to a pile or to a grid's place read for each card
(the homestead starter, changed one way at a time)."""

from __future__ import annotations

from pathlib import Path

from generator.deck.validate import validate_game
from generator.engine.api import CHANCE
from generator.games import GAMES
from generator.rulesfile.state import RulesState
from rulesfile.starters import compiled, dealt
from rulesfile.test_places import changed, game_of

PLAY = "      - play: cell\n"
ZONES = "  market: {}"
END = ("end: {eq: [{each_player: {count: homestead}}, {mul: [9, {game: players}]}]}",
       "end: {ge: [{game: turn}, 8]}")  # a grid emptied never fills


def play(state: RulesState, action: tuple[int, ...]) -> None:
    """Apply an action, then the refill's chance outcome (the first)."""
    state.apply_action(action)
    while state.current_player() == CHANCE:
        state.apply_action(state.legal_actions()[0])


def with_gone(tmp_path: Path, effect: str) -> Path:
    """The starter with a pile ``gone``, ``effect`` after each tile placed."""
    return changed(tmp_path, {END[0]: END[1], ZONES: ZONES + "\n  gone: {}",
                              PLAY: PLAY + f"      - {effect}\n"})


def test_move_all_from_one_place_to_a_pile(tmp_path: Path) -> None:
    with_gone(tmp_path, "{move_all: {cell: homestead, at: 4}, to: gone}")
    state = dealt(compiled(tmp_path, "hs"), 2)
    centre = next(a for a in state.legal_actions() if a[2] == 4)
    play(state, centre)
    assert state.view()["gone"] == [centre[1]]
    corner = next(a for a in state.legal_actions() if a[2] == 0)
    play(state, corner)  # seat 2's corner: stays
    assert state.view()["gone"] == [centre[1]]
    assert state.zones[state.zone_slot["homestead"] + 9] == [corner[1]]


def test_move_all_of_a_whole_grid_to_a_pile(tmp_path: Path) -> None:
    with_gone(tmp_path, "{if: {eq: [{count: homestead}, 2]}, then: [{move_all: homestead, "
                        "to: gone}]}")
    state = dealt(compiled(tmp_path, "hs"), 2)
    first = next(a for a in state.legal_actions() if a[2] == 7)
    play(state, first)
    play(state, state.legal_actions()[0])  # seat 2
    second = next(a for a in state.legal_actions() if a[2] == 2)
    play(state, second)
    assert state.view()["gone"] == [second[1], first[1]]  # place by place, from place 0
    base = state.zone_slot["homestead"]
    assert state.zones[base:base + 9] == [[]] * 9
    assert sum(map(len, state.zones[base + 9:base + 18])) == 1  # seat 2's untouched


def test_move_all_within_a_grid_reads_every_card_where_it_lay(tmp_path: Path) -> None:
    """Every card goes to the place ``at`` works out for it before any card moves: a
    card moved onto a later place is not moved again."""
    mirror = "{sub: [8, {add: [{mul: [3, {row: homestead}]}, {column: homestead}]}]}"
    game = game_of(tmp_path, {PLAY: PLAY + "      - {move_all: homestead, to: {cell: "
                                           f"homestead, at: {mirror}}}}}\n"})
    state = dealt(game, 2)
    base = state.zone_slot["homestead"]
    first = next(a for a in state.legal_actions() if a[2] == 0)
    play(state, first)
    assert state.zones[base + 8] == [first[1]]
    play(state, state.legal_actions()[0])  # seat 2
    second = next(a for a in state.legal_actions() if a[2] == 1)
    play(state, second)
    assert state.zones[base + 0] == [first[1]] and state.zones[base + 7] == [second[1]]


def test_move_all_from_a_place_the_grid_lacks_stops_play_at_its_line(tmp_path: Path
                                                                      ) -> None:
    with_gone(tmp_path, "{move_all: {cell: homestead, at: 9}, to: gone}")
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-play", 18)]  # the effect's line
    assert "names a place the grid does not have" in problems[0].message


def test_the_final_table_names_a_stack_of_one_card_once_with_its_count(tmp_path: Path
                                                                       ) -> None:
    from xml.etree import ElementTree

    from generator.rulesfile.picture import picture

    state = dealt(game_of(tmp_path, {}), 2)
    base, labels = state.zone_slot["homestead"], state.prog.table.labels
    same = next(card for card in range(1, len(labels)) if labels[card] == labels[0])
    other = next(card for card in range(len(labels)) if labels[card] != labels[0])
    for card in (0, same, other):
        state.move(card, base + 4, 0)
    words = [t.text for t in ElementTree.fromstring(picture(state)).iter(
        "{http://www.w3.org/2000/svg}text")]
    assert f"{labels[0]} ×2 / {labels[other]}" in words


def test_move_all_from_a_grid_to_another_seats_zone_says_what_it_may(tmp_path: Path
                                                                     ) -> None:
    with_gone(tmp_path, "{move_all: homestead, to: {zone: market, of: 1}}")
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-schema", 18)]
    assert "from a grid, move_all goes to a pile or a grid's place of the seat in focus" \
        in problems[0].message


def test_a_piece_moved_on_the_board_from_the_chosen_place_to_the_chosen_number(
        tmp_path: Path) -> None:
    """As the docs' rulebook words say "move a piece on the board": choose the place it
    is on (``cell``) and the place it goes to (``number``), then ``move_all`` between."""
    slide = ("  slide:\n    choose: {cell: homestead, number: [0, 8]}\n"
             "    if: {and: [{gt: [{count: {cell: homestead}}, 0]}, {eq: [{count: {cell: "
             "homestead, at: {game: number}}}, 0]}]}\n"
             "    do: [{move_all: {cell: homestead, at: {game: target}}, to: {cell: "
             "homestead, at: {game: number}}}]\n")
    game = game_of(tmp_path, {END[0]: END[1], "    actions: [place]":
                              "    actions: [place, slide]",
                              "actions:\n  place:": "actions:\n" + slide + "  place:"})
    state = dealt(game, 2)
    assert not [a for a in state.legal_actions() if a[0] == "slide"]  # nothing to move
    first = next(a for a in state.legal_actions() if a[0] == "place" and a[2] == 4)
    play(state, first)
    play(state, next(a for a in state.legal_actions() if a[0] == "place"))  # seat 2
    slides = sorted(a[1:] for a in state.legal_actions() if a[0] == "slide")
    assert slides == [(4, n) for n in range(9) if n != 4]
    play(state, ("slide", 4, 8))
    base = state.zone_slot["homestead"]
    assert state.zones[base + 4] == [] and state.zones[base + 8] == [first[1]]
