"""The games written from the docs alone (tests/rulesfile/examples/NAME: a one-page
RULEBOOK.md and its rules.yaml): each validates clean, and plays seeded random games
under the invariant harness, ending as its rulebook says."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.deck.validate import validate_game
from generator.engine.harness import random_sim, scores_are_final
from generator.games import GAMES
from generator.rulesfile.state import RulesState
from rulesfile.starters import compiled, compiled_unchecked, dealt, faces

EXAMPLES = Path(__file__).resolve().parent / "examples"
GAMES_EACH = 50
NAMES = ["summit", "chuckwagon"]  # each a folder of examples/
HEIGHTS = [3, 4, 5, 6, 5, 4, 3]  # Summit Fever's columns, for the sums 2 to 8


@pytest.fixture(scope="module")
def games() -> dict[str, Any]:
    return {name: compiled(EXAMPLES, name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_the_example_validates_clean(name: str) -> None:
    assert [p.format() for p in validate_game(GAMES[name], EXAMPLES).problems] == []


def camp(state: RulesState, seat: int) -> list[int]:
    """A seat's camp: how many climbers in each column."""
    return [len(place) for place in state.view()["camp"][seat]]


def summits(state: RulesState, seat: int) -> int:
    return sum(n >= h for n, h in zip(camp(state, seat), HEIGHTS, strict=True))


def summit_fever(state: RulesState, players: int) -> None:
    """No camp climbs past its column's top; a summit is one player's; the game ends on
    three summits (or every column taken) and scores 10 a summit and 1 a climber; no
    climber is left unbanked."""
    for column, height in enumerate(HEIGHTS):
        assert all(camp(state, s)[column] <= height for s in range(players))
        assert sum(camp(state, s)[column] >= height for s in range(players)) <= 1
    held = [summits(state, s) for s in range(players)]
    assert max(held) >= 3 or sum(held) == len(HEIGHTS)
    assert state.returns() == [10.0 * held[s] + sum(camp(state, s)) for s in range(players)]
    assert not any(any(places) for places in state.view()["climb"])


def dishes() -> list[dict[str, Any]]:
    """Chuckwagon's cards by number, read straight from its YAML."""
    return faces(EXAMPLES / "chuckwagon", "dishes")


def chuckwagon(state: RulesState, players: int) -> None:
    """Twelve dishes on every table, none left in hand or face down; each table scored as
    the rulebook counts it (pots of beans, stews, most pies, coffee), then most stews."""
    cards = dishes()
    tables = [[cards[c] for c in state.view()["table"][s]] for s in range(players)]
    assert [len(t) for t in tables] == [12] * players
    assert not any(state.view()["hand"]) and not any(state.view()["picked"])

    def kind(table: list[dict[str, Any]], name: str) -> int:
        return sum(card["kind"] == name for card in table)
    pies = [kind(t, "pie") for t in tables]
    most = [s for s in range(players) if pies[s] == max(pies)]
    scores = [10 * (kind(t, "beans") // 3) + sum(card["value"] for card in t)
              + (6 if most == [s] else 0) + kind(t, "coffee") * (2 if pies[s] else 1)
              for s, t in enumerate(tables)]
    assert state.returns() == [float(v) for v in scores]
    keys = [(scores[s], kind(t, "stew")) for s, t in enumerate(tables)]
    assert state.winners() == [s for s in range(players) if keys[s] == max(keys)]


RULEBOOKS = {"summit": summit_fever, "chuckwagon": chuckwagon}


def plays_by_its_rulebook(game: Any, name: str, games: int) -> None:
    """``games`` seeded random games, 2 to 4 players in turn, the harness checking the
    State API's contract (deeply every seventh action); each ends as its rulebook says."""
    for seed in range(games):
        players = 2 + seed % 3
        state = random_sim(game, players, seed, deep_every=7)
        scores_are_final(state)
        RULEBOOKS[name](state, players)


@pytest.mark.parametrize("name", NAMES)
def test_a_few_games_play_by_the_rulebook(games: dict[str, Any], name: str) -> None:
    plays_by_its_rulebook(games[name], name, 6)


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
@pytest.mark.parametrize("name", NAMES)
def test_fifty_games_play_by_the_rulebook(games: dict[str, Any], name: str) -> None:
    plays_by_its_rulebook(games[name], name, GAMES_EACH)


def test_a_game_of_ones_own_replayed_without_its_folder_says_to_give_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import main

    record = tmp_path / "run.jsonl"
    assert main(["simulate", "summit", "--components", str(EXAMPLES), "--games", "1",
                 "--players", "2", "--jobs", "1", "--record", str(record)]) == 0
    assert main(["replay", str(record), "--game", "0"]) == 1  # located at its line
    assert "a game of your own: add --components, the folder that holds its folder" in \
        capsys.readouterr().err
    assert main(["replay", str(record), "--game", "0", "--components", str(EXAMPLES)]) == 0


def test_chuckwagon_passes_every_hand_to_the_left(games: dict[str, Any]) -> None:
    """After everyone has picked, a hand goes whole (less its pick) to the next seat,
    the last seat's to seat 1; the picks go face up onto their tables."""
    state = dealt(games["chuckwagon"], 3)
    hands = [list(h) for h in state.view()["hand"]]
    picks = []
    for seat in range(3):
        assert state.current_player() == seat
        action = state.legal_actions()[seat % 4]
        picks.append(action[1])
        state.apply_action(action)
    view = state.view()
    assert view["table"] == [[p] for p in picks] and view["picked"] == [[], [], []]
    assert view["hand"] == [[c for c in hands[(s - 1) % 3] if c != picks[(s - 1) % 3]]
                            for s in range(3)]
    assert view["passing"] == [[], [], []]


@pytest.mark.parametrize(("old", "new", "rule", "says"), [
    ("to: {zone: passing, of: {add: [{game: seat}, 1]}}", "to: {zone: deck, of: 1}",
     "rules-schema", "'deck' is shared (owner: none), the same for every seat"),
    ("to: {zone: passing, of: {add: [{game: seat}, 1]}}", "to: {zone: passing}",
     "rules-schema", "give the seat whose zone it is: {zone: ZONE, of: SEAT}"),
    ("to: {zone: passing, of: {add: [{game: seat}, 1]}}", "to: {zone: pasing, of: 1}",
     "rules-name", "no zone 'pasing'"),
    ("to: {zone: passing, of: {add: [{game: seat}, 1]}}", "to: {zone: passing, of: left}",
     "rules-play", "'of' names no seat: 'left'"),
])
def test_another_seats_zone_misused_is_located(tmp_path: Path, old: str, new: str,
                                               rule: str, says: str) -> None:
    shutil.copytree(EXAMPLES / "chuckwagon", tmp_path / "chuckwagon")
    rules = tmp_path / "chuckwagon" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    problems = validate_game(GAMES["chuckwagon"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [(rule, 19)], [p.format() for p in
                                                                  problems]
    assert says in problems[0].message


def test_a_log_names_the_die_each_roll_is_for(games: dict[str, Any]) -> None:
    """Summit Fever rolls three dice in a row: the log says which is which."""
    state = games["summit"].new_initial_state(2)
    state.apply_action(("roll",))
    said = []
    for face in (4, 1, 3):
        said.append(state.action_to_string(face))
        state.apply_action(face)
    assert said == ["rolls 4 for d1", "rolls 1 for d2", "rolls 3 for d3"]


def test_greedy_stops_at_the_first_climb_as_the_docs_warn(games: dict[str, Any]) -> None:
    """One ply judged by the score: banking one climber scores now, rolling on scores
    nothing yet, so greedy always stops (the docs' note on push-your-luck)."""
    from generator.rulesfile.bots import GreedyBot

    state = games["summit"].new_initial_state(2)
    state.apply_action(("roll",))
    for face in (1, 1, 2):
        state.apply_action(face)
    state.apply_action(state.legal_actions()[0])  # a climb
    assert set(state.legal_actions()) == {("roll",), ("stop",)}
    assert GreedyBot(0, "s").step(state) == ("stop",)


def test_a_number_range_wider_than_the_limit_offers_its_lowest_thousand(
        tmp_path: Path) -> None:
    """As the docs' limits say: a bid from 0 to 5,000 stops at 999."""
    shutil.copytree(EXAMPLES / "chuckwagon", tmp_path / "chuckwagon")
    rules = tmp_path / "chuckwagon" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "    actions: [pick]", "    actions: [pick, shout]").replace(
        "actions:\n  pick:", "actions:\n  shout: {choose: {number: [0, 5000]}, do: [{play: "
        "picked}]}\n  pick:"), encoding="utf-8")
    state = dealt(compiled_unchecked(tmp_path / "chuckwagon"), 2)
    shouts = [a for a in state.legal_actions() if a[0] == "shout"]
    assert [a[1] for a in shouts] == list(range(1000))


def test_a_draft_hand_held_false_is_not_what_a_seat_holds(games: dict[str, Any]) -> None:
    """``pieces`` counts the picks, not the hands passed round (every seat would hold
    every dish, and no dish's effect could be told)."""
    from generator.rulesfile.pieces import holdings

    state = dealt(games["chuckwagon"], 2)
    assert holdings(state) == [frozenset(), frozenset()]
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert holdings(state) == [frozenset({dishes()[first[1]]["id"]}), frozenset()]


def test_held_is_true_or_false(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES / "chuckwagon", tmp_path / "chuckwagon")
    rules = tmp_path / "chuckwagon" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("held: false", "held: 0",
                                                               1), encoding="utf-8")
    problems = validate_game(GAMES["chuckwagon"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-schema", 4)]
    assert "expected one of true, false, not 0" in problems[0].message
