"""The compiled games through the engine's generic tools: the API contract harness, what
a seat knows (information, determinize) for fair search, the generic greedy bot, mcts."""

from __future__ import annotations

import gc
import json
import random
import weakref
from typing import Any

import pytest

from generator.engine.api import CHANCE
from generator.engine.harness import random_sim, scores_are_final
from generator.engine.mcts import mcts_factory
from generator.engine.playout import play
from generator.rulesfile.bots import GreedyBot
from generator.rulesfile.hook import BOTS
from generator.rulesfile.state import RulesState
from rulesfile.starters import STARTERS, dealt


@pytest.mark.parametrize("name", list(STARTERS))
def test_every_starter_keeps_the_state_api_contract(built: dict[str, Any], name: str) -> None:
    game, _ = built[name]
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(2):
            scores_are_final(random_sim(game, players, seed))


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_finished_game_is_freed_as_soon_as_it_is_dropped(built: dict[str, Any],
                                                           name: str) -> None:
    """Once a driver sees the game over, the state keeps no context of play's flow (each
    refers to the state: a cycle only the cycle collector would free, keeping finished
    games in memory until it runs); its scores and winners are read as before."""
    game, _ = built[name]
    state = game.new_initial_state(game.min_players)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    scores, winners = state.returns(), state.winners()
    assert scores == state.returns() and winners == state.winners()
    gone = weakref.ref(state)
    was_on = gc.isenabled()
    gc.disable()  # freed by its references alone, not by the cycle collector
    try:
        del state
        assert gone() is None
    finally:
        if was_on:
            gc.enable()


def three_hands(built: dict[str, Any]) -> Any:
    return dealt(built["high-noon"][0], 3)


def test_information_hides_the_other_hands_and_the_deck(built: dict[str, Any]) -> None:
    state = three_hands(built)
    seen = json.loads(state.information(0))
    hands = [state.zone_slot["hand"] + s for s in range(3)]
    assert seen["zones"][hands[0]] == state.zones[hands[0]]  # its own hand, card by card
    assert seen["zones"][hands[1]] == 8 and seen["zones"][hands[2]] == 8  # only counted
    assert state.hidden_information
    state.apply_action(state.legal_actions()[0])
    seen = json.loads(state.information(1))
    assert seen["zones"][state.zone_slot["trick"]] == state.view()["trick"]


def test_determinize_deals_only_what_the_seat_cannot_see(built: dict[str, Any]) -> None:
    state = three_hands(built)
    state.apply_action(state.legal_actions()[0])
    guess = state.determinize(1, random.Random(5))
    assert guess.information(1) == state.information(1)  # seat 1 cannot tell them apart
    assert guess.invariants() == []
    assert guess.view()["hand"][0] != state.view()["hand"][0]  # the hidden cards moved
    guess.apply_action(guess.legal_actions()[0])  # and play goes on from it


def test_the_same_view_gives_the_same_determinization(built: dict[str, Any]) -> None:
    state = three_hands(built)
    other = state.clone()
    a, b = (other.zone_slot["hand"] + s for s in (1, 2))
    hand_a, hand_b = list(other.zones[a]), list(other.zones[b])  # a clone shares lists
    hand_a[0], hand_b[0] = hand_b[0], hand_a[0]
    other.zones[a], other.zones[b] = hand_a, hand_b
    assert other.zones[a] != state.zones[a]
    for slot in (a, b):  # two hidden cards swapped between the hands seat 1 cannot see
        for card in other.zones[slot]:
            other.where[card] = slot
    assert other.information(0) == state.information(0) and other != state
    assert (state.determinize(0, random.Random(9)).to_dict()
            == other.determinize(0, random.Random(9)).to_dict())


@pytest.mark.parametrize("name", ["high-noon", "homestead", "auction-house"])
def test_a_clone_and_its_original_go_their_own_ways(built: dict[str, Any], name: str) -> None:
    """Zones are shared by a clone until either side moves a card (copy on write): play
    each on from the same position, and neither sees the other's moves."""
    game, _ = built[name]
    rng = random.Random(3)
    state = game.new_initial_state(3)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.to_dict()
    other = state.clone()
    for first, second in ((other, state), (state, other)):
        snapshot = second.to_dict()
        for _ in range(15):
            if first.is_terminal():
                break
            first.apply_action(rng.choice(first.legal_actions()))
        assert second.to_dict() == snapshot and first.invariants() == []
        assert first.to_dict() != snapshot
    fresh = game.state_from_dict(before)
    assert fresh.to_dict() == before


def test_greedy_takes_the_card_that_scores_most(built: dict[str, Any]) -> None:
    game, cards = built["trading-post"]
    state = dealt(game, 2)
    best = max(state.view()["market"], key=lambda c: cards[c]["value"])
    top = [a for a in state.legal_actions() if cards[a[1]]["value"] == cards[best]["value"]]
    assert GreedyBot(0, "s").step(state) in top


def test_greedy_and_mcts_play_whole_games(built: dict[str, Any]) -> None:
    game, _ = built["gold-camp"]
    mcts = mcts_factory("mcts:4:greedy", BOTS)
    assert mcts is not None
    record = play(game, 2, [("greedy", BOTS["greedy"]), ("mcts:4:greedy", mcts)], "g")
    assert record.completed and not record.violations and len(record.scores) == 2


def test_a_draw_from_a_shuffled_pile_is_a_chance_action(built: dict[str, Any]) -> None:
    game, cards = built["trading-post"]
    state = game.new_initial_state(2)
    assert state.current_player() == CHANCE
    assert state.legal_actions() == list(range(len(cards)))  # any card, equally likely
    state.apply_action(17)
    assert state.view()["market"] == [17] and 17 not in state.view()["deck"]
    with pytest.raises(ValueError):
        state.apply_action(17)  # no longer in the pile


def test_an_action_not_listed_is_refused_and_changes_nothing(built: dict[str, Any]) -> None:
    """apply_action refuses what is not a legal action of the position (a card for a
    choice, a word or True for a card drawn, a bid beyond the seat's coins)."""
    game, _ = built["auction-house"]
    state = game.new_initial_state(3)
    for wrong in (True, "3", -1, ("pass",)):
        with pytest.raises(ValueError):
            state.apply_action(wrong)
    state.apply_action(state.legal_actions()[0])
    before = state.view()
    for wrong in (0, ("raise", 16), ("raise", 0), ("fold",)):
        with pytest.raises(ValueError):
            state.apply_action(wrong)
    assert state.view() == before and ("raise", 15) in state.legal_actions()


def test_the_final_table_is_drawn(built: dict[str, Any]) -> None:
    from xml.etree import ElementTree

    from generator.rulesfile.picture import picture

    game, cards = built["homestead"]
    state = random_sim(game, 2, 3)
    svg = picture(state)
    words = [t.text or "" for t in ElementTree.fromstring(svg).iter(
        "{http://www.w3.org/2000/svg}text")]
    assert words[0] == "Final table: " + ", ".join(
        f"P{s + 1} {v:g}" for s, v in enumerate(state.returns()))
    assert "homestead (P1): 9 cards" in words and "homestead (P2): 9 cards" in words
    shown = len(words) - 1 - 4  # less the title and the four zone names
    assert shown == 9 + 9 + len(state.view()["market"])  # the deck is face down: counted


def test_a_card_put_out_of_sight_is_not_named(built: dict[str, Any]) -> None:
    game, _ = built["claim-jumper"]
    state = game.new_initial_state(2)
    state.apply_action(("dig",))
    state.apply_action(5)
    state.acting[1] = 5  # as if the last action had chosen card 5…
    state.move(5, state.zone_slot["deck"], 0)  # …and put it back face down
    assert json.loads(state.information(1))["acting"][1] == -1


def test_what_each_seat_holds_for_the_pieces_command(built: dict[str, Any]) -> None:
    from generator.rulesfile.pieces import holdings

    game, cards = built["trading-post"]
    state = dealt(game, 2)
    taken = state.legal_actions()[0]
    state.apply_action(taken)
    assert holdings(state) == [frozenset({cards[taken[1]]["id"]}), frozenset()]


def test_each_player_count_plays_the_rules_compiled_for_it(built: dict[str, Any]) -> None:
    """The closures find slots laid out for one player count: a game of each count is
    played by the rules compiled for it (once), and a state refuses rules compiled for
    another count."""
    game, _ = built["auction-house"]
    three, four = game.new_initial_state(3), game.new_initial_state(4)
    assert three.prog.players == 3 and four.prog.players == 4
    assert game.program(3) is three.prog is game.new_initial_state(3).prog
    with pytest.raises(ValueError, match="compiled for 4 players, not 3"):
        RulesState(four.prog, 3)
