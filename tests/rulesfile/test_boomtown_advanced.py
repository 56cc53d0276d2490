"""Boomtown Builders' advanced game (Terrain Cards) written in the rules language: the
``boomtown`` starter with its option ``terrain`` on agrees with the bundled engine's
``terrain=True`` move for move: the same legal actions and chance outcomes with their
probabilities at every state, the same position after each (the terrain laid, the
track pushed on by Mountains), the same scores (Goldmines included) and winners
(``boomtown.agree``). 20 seeded games per player count here, 200 in the slow tier."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games import GAMES
from generator.games.boomtown_builders import SPEC
from generator.games.boomtown_builders.rules import BoomtownGame
from generator.rulesfile.expr import Ctx
from generator.rulesfile.game import RulesGame
from generator.rulesfile.program import compile_rules
from rulesfile.boomtown import agree
from rulesfile.starters import compiled, make_starter
from rulesfile.test_fast_paths import _compiler

OFF, ON = "  terrain: false", "  terrain: true"


def advanced(tree: Path) -> RulesGame:
    """The boomtown starter made in ``tree`` with the advanced game's option turned on
    (as a designer's variant deck does: one value changed)."""
    rules = make_starter(tree, "boomtown") / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert text.count(OFF) == 1
    rules.write_text(text.replace(OFF, ON), encoding="utf-8")
    return compiled(tree, "boomtown")


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[RulesGame, BoomtownGame]:
    loaded = validate_game(SPEC)
    assert loaded.data is not None
    return advanced(tmp_path_factory.mktemp("tree")), BoomtownGame(loaded.data, terrain=True)


def sweep(both: tuple[RulesGame, BoomtownGame], games: int, first_seed: int) -> None:
    for players in (2, 3, 4):
        for seed in range(first_seed, first_seed + games):
            assert agree(*both, players, seed) > 0


def test_the_advanced_game_agrees_with_its_engine(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    sweep(both, 20, 0)


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_200_seeded_advanced_games_agree(both: tuple[RulesGame, BoomtownGame]) -> None:
    sweep(both, 200, 1000)


# -- the words the advanced game needed, each on its own --------------------------------
SETUP_END = "  - {each_player: [{draw: box, to: supply, count: 14}]}"


def problems_after(tree: Path, edits: dict[str, str]) -> list[Problem]:
    """The boomtown starter made in ``tree``, its rules.yaml changed, validated."""
    rules = make_starter(tree, "boomtown") / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    for old, new in edits.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    rules.write_text(text, encoding="utf-8")
    return validate_game(GAMES["boomtown"], tree).problems


def only(problems: list[Problem], rule: str, tree: Path, needle: str) -> Problem:
    """The one problem of ``rule``, at the line of rules.yaml that holds ``needle``."""
    found = [p for p in problems if p.rule == rule]
    assert len(found) == 1, [p.format() for p in problems]
    lines = (tree / "boomtown" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert found[0].line == next(i for i, line in enumerate(lines, 1) if needle in line)
    return found[0]


def test_the_advanced_starter_validates_clean(tmp_path: Path) -> None:
    assert problems_after(tmp_path, {OFF: ON}) == []


def test_an_option_not_declared(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {"if: {option: terrain}": "if: {option: terain}"}),
             "rules-name", tmp_path, "option: terain")
    assert "no option 'terain' (options: terrain" in p.message


def test_an_option_of_the_wrong_kind(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {OFF: "  terrain: [1]"}), "rules-schema", tmp_path,
             "terrain: [1]")
    assert "whole number" in p.message and "true/false" in p.message


def test_no_effect_changes_an_option(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + "\n  - {set: {terrain: 1}}"}),
             "rules-name", tmp_path, "set: {terrain: 1}")
    assert "no variable 'terrain'" in p.message


def test_an_option_is_read_as_its_value(tmp_path: Path) -> None:
    """Turned on, the set-up lays terrain: the first chance is a Terrain Card drawn;
    off, it is a Building Card for the draft."""
    for option, piece in ((OFF, "buildings"), (ON, "terrain")):
        tree = tmp_path / piece
        problems_after(tree, {OFF: option})
        state = compiled(tree, "boomtown").new_initial_state(3)
        assert {state.prog.table.pieces[a] for a in state.legal_actions()} == {piece}


def test_a_roll_over_places_offers_each_allowed_place_alike(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """The places where ``where`` holds (no card but a printed arrow: not the 6 hideout
    spaces, not a place a Terrain Card took), each with the same chance, named by
    number; the variable takes the place rolled."""
    state = both[0].new_initial_state(2)
    hideouts = {r * 9 + c for r, c in both[1].tables.hideout_spaces}
    taken: set[int] = set()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])  # a Terrain Card turned up
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == sorted(set(range(90)) - hideouts - taken)
        assert all(p == pytest.approx(1 / (84 - len(taken))) for _, p in outcomes)
        place = outcomes[len(outcomes) // 2][0]
        assert state.action_to_string(place) == \
            f"rolls column {place % 9 + 1}, row {place // 9 + 1}"
        state.apply_action(place)
        assert state.vars[state.var_slot["spot"]] == place
        taken.add(place)
        with pytest.raises(ValueError):
            state.apply_action(place)  # a card draw now: a place is no outcome


def test_a_roll_over_places_where_none_is_allowed(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + "\n  - {roll: spot, places: "
                                       "town, where: {lt: [{row: town}, 0]}}"}),
             "rules-play", tmp_path, "roll: spot, places: town, where: {lt")
    assert "no place of grid 'town' is one 'where' allows" in p.message


def test_a_roll_with_where_needs_its_places(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + "\n  - {roll: spot, where: "
                                       "true}"}), "rules-schema", tmp_path, "roll: spot, where")
    assert "places: GRID" in p.message


PUSH = "\n  - {set: {spot: {push: town, from: %s, toward: %s, while: %s}}}"
MOUNTAIN = "{gt: [{count: {cell: town}, where: {eq: [{field: terrain}, mountain]}}, 0]}"


def test_a_push_comes_to_rest_past_what_pushes(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """A marker set on place 20 goes right past the Mountains on 20 and 21 to 22; set on
    22 it stays (its direction not even read); pushed up from 21, to 12."""
    state = both[0].new_initial_state(2)
    base, table = state.zone_slot["town"], state.prog.table
    mountains = [c for c in range(len(table)) if table.faces[c] == "mountain"]
    for card, place in zip(mountains, (20, 21, 3), strict=True):
        state.move(card, base + place, 0)
    x = _compiler(state.prog)
    for start, toward, rest in ((20, "right", 22), (22, "nowhere", 22), (21, "up", 12),
                                (21, "left", 19)):
        fn = x.expr({"push": "town", "from": start, "toward": {"if": [True, toward, 0]},
                     "while": yaml.safe_load(MOUNTAIN)}, ())
        assert fn(Ctx(state, 0)) == rest, (start, toward)
    up = x.expr({"push": "town", "from": 21, "toward": "up",
                 "while": yaml.safe_load(MOUNTAIN)}, ())
    state.move(mountains[0], base + 12, 0)  # now 21, 12 and 3: up and off the board
    with pytest.raises(ValueError, match="pushes off grid 'town'"):
        up(Ctx(state, 0))


def test_a_push_off_the_board_stops_play_at_its_line(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + PUSH % (4, "up", "true")}),
             "rules-play", tmp_path, "push: town")
    assert "pushes off grid 'town' (from place 4, up)" in p.message


def test_a_push_toward_no_direction(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + PUSH % (4, "north", "true")}),
             "rules-expression", tmp_path, "push: town")
    assert "a direction is left, right, up, down, not 'north'" in p.message
    p = only(problems_after(tmp_path / "later", {SETUP_END: SETUP_END + PUSH % (
        4, "{if: [true, north, up]}", "true")}), "rules-play", tmp_path / "later", "push: town")
    assert "'push' goes left, right, up, down, not 'north'" in p.message


def test_a_push_needs_its_parts(tmp_path: Path) -> None:
    p = only(problems_after(tmp_path, {SETUP_END: SETUP_END + "\n  - {set: {spot: {push: "
                                       "town, from: 4}}}"}), "rules-expression", tmp_path,
             "push: town")
    assert "'push' needs toward, while" in p.message


def test_an_option_turned_off_is_read_once_when_compiled(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """``and``/``or``/``if`` decided by an option's value are constants of the compiled
    rules (nothing read in play); undecided, they still read their other parts."""
    state = both[0].new_initial_state(2)
    x = _compiler(state.prog)
    x.names.options = {"terrain": 0, "on": 1}
    pile = {"gt": [{"count": "terrains"}, 0]}
    for value, known in (({"and": [{"option": "terrain"}, pile]}, False),
                         ({"or": [{"option": "on"}, pile]}, True),
                         ({"if": [{"option": "terrain"}, 7, 9]}, 9)):
        fn = x.expr(value, ())
        assert x.consts.get(fn) == known and fn(Ctx(state, 0)) == known
    for value in ({"and": [{"option": "on"}, pile]}, {"or": [{"option": "terrain"}, pile]}):
        fn = x.expr(value, ())
        assert fn not in x.consts and fn(Ctx(state, 0)) is True  # 15 Terrain Cards left
        assert x.expr({"not": value}, ())(Ctx(state, 0)) is False


def test_nothing_is_hidden_as_nothing_is_in_the_engine(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """What is left in each shuffled pile is no secret (the engine keeps the counts in
    sight): the state hides nothing, and a fair bot's deal leaves every pile as it is,
    never a Terrain Card or a hideout in the building deck."""
    state = both[0].new_initial_state(4)
    for _ in range(4):  # two Terrain Cards laid
        state.apply_action(state.legal_actions()[0])
    assert not state.hidden_information
    assert not both[1].new_initial_state(4).hidden_information
    pieces = state.prog.table.pieces
    for seed in range(3):
        dealt = state.determinize(0, random.Random(seed))
        for pile, piece in (("deck", "buildings"), ("hideouts", "hideouts"),
                            ("terrains", "terrain")):
            slot = state.zone_slot[pile]
            assert dealt.zones[slot] == state.zones[slot]
            assert {pieces[c] for c in dealt.zones[slot]} == {piece}


def test_validate_plays_a_true_false_option_both_ways(tmp_path: Path) -> None:
    """The basic game's deck (option off) still has its advanced set-up checked: a set-up
    laying more Terrain Cards than there are is found, and said to be with the option
    on; the advanced deck finds it as it stands."""
    more = {"12, {if": "20, {if"}
    p = only(problems_after(tmp_path / "basic", more), "rules-play", tmp_path / "basic",
             "draw: terrains")
    assert "pile holds at set-up (2 players, option terrain: true, probe game 0)" \
        in p.message
    p = only(problems_after(tmp_path / "advanced", {**more, OFF: ON}), "rules-play",
             tmp_path / "advanced", "draw: terrains")
    assert "(2 players, probe game 0)" in p.message


def test_an_option_set_otherwise_holds_for_every_player_count(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """Rules compiled with an option set otherwise (as validate plays it) keep that value
    when compiled again for another player count."""
    game = both[0]
    prog, problems = compile_rules(game.prog.source, game.pieces, 2, {"terrain": 0})
    assert prog is not None and problems == [] and prog.options == {"terrain": 0}
    other = RulesGame(game.id, prog, 2, 4, game.pieces)
    assert other.program(4).options == {"terrain": 0}
    assert game.program(4).options == {"terrain": 1}
    assert {other.prog.table.pieces[a] for a in other.new_initial_state(4).legal_actions()} \
        == {"buildings"}

