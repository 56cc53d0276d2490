"""The rulebook's worked examples and stated rules, each as a named test with exact numbers.

Positions come from small dicts (see ``conftest.position``): the sheet fields that
matter, the card assigned to each segment, and the step of the month to resolve.
Suits: 0 spades, 1 hearts, 2 diamonds, 3 clubs. Occupations in sheet order: 0 Merchants,
1 Philosophers, 2 Surveyors, 3 Masons, 4 Farmers, 5 Artisans, 6 Diplomats.
"""

from __future__ import annotations

import pytest
from gametree import copy_game, edit

from generator.deck.validate import validate_game
from generator.engine.harness import random_sim
from generator.engine.playout import play, replay
from generator.games.copperdale import SPEC, resolve
from generator.games.copperdale.bots import GreedyBot
from generator.games.copperdale.rules import CopperdaleGame
from generator.games.copperdale.scoring import medal_sum, monument_complete, prosperity
from generator.render.svg import render_face

ECONOMY = [("economy",)]
INFRA = [("infrastructure",), ("infrastructure",)]
MERCHANTS, PHILOSOPHERS, SURVEYORS, MASONS, FARMERS, ARTISANS, DIPLOMATS = range(7)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def economy(kit, first: list[int], value_card: str):  # type: ignore[no-untyped-def]
    s = kit.position(ECONOMY, occupations=[first] + [[]] * 6,
                 assigned=[kit.card(value_card), None, None])
    s.apply_action(("occupation", MERCHANTS))
    return s


def test_ace_is_always_value_1(kit) -> None:
    s = kit.position(ECONOMY, population=[5, 0, 0, 0])
    assert s.value(kit.card("a-spades")) == 1


def test_face_card_is_1_plus_its_suits_population_level(kit) -> None:
    s = kit.position(ECONOMY, population=[0, 3, 0, 9])
    assert s.value(kit.card("q-hearts")) == 4
    assert s.value(kit.card("k-spades")) == 1
    assert s.value(kit.card("j-clubs")) == 10
    assert s.value(kit.card("10-hearts")) == 10


def test_occupation_3_then_5_unlocks_its_skill(kit) -> None:
    s = economy(kit, [3], "5-clubs")
    assert s.occupations[MERCHANTS] == [3, 5]
    assert s.skill(MERCHANTS)


def test_occupation_5_then_5_strikes_its_skill(kit) -> None:
    s = economy(kit, [5], "5-clubs")
    assert s.occupations[MERCHANTS] == [5, 5]
    assert not s.skill(MERCHANTS)


def test_occupation_5_then_3_strikes_its_skill(kit) -> None:
    s = economy(kit, [5], "3-hearts")
    assert s.occupations[MERCHANTS] == [5, 3]
    assert not s.skill(MERCHANTS)


def test_economy_may_start_any_occupation_or_finish_a_started_one(kit) -> None:
    s = kit.position(ECONOMY, occupations=[[3], [2, 4]] + [[]] * 5,
                 assigned=[kit.card("9-clubs"), None, None])
    assert s.legal_actions() == [("occupation", i) for i in (0, 2, 3, 4, 5, 6)]


def district(kit, first: list[int], value_card: str):  # type: ignore[no-untyped-def]
    s = kit.position(INFRA, districts=[first, [], [], []],
                 assigned=[None, kit.card(value_card), None])
    s.apply_action(("district", 0))
    return s


def test_district_4_and_4_is_completed_and_fills_a_population_space(kit) -> None:
    s = district(kit, [4], "4-hearts")
    assert s.districts[0] == [4, 4] and s.district_complete(0)
    # the population space of your choice comes first, then the second Infrastructure fill
    assert s.legal_actions() == [("population", suit) for suit in range(4)]
    s.apply_action(("population", DIAMONDS))
    assert s.population == [0, 0, 1, 0]
    assert s.medals()["districts"] == 1


def test_district_4_and_6_is_not_completed(kit) -> None:
    s = district(kit, [4], "6-hearts")
    assert s.districts[0] == [4, 6] and not s.district_complete(0)
    assert s.population == [0, 0, 0, 0]
    assert s.medals()["districts"] == 0


def test_infrastructure_offers_only_spaces_of_the_assigned_suit(kit) -> None:
    s = kit.position(INFRA, districts=[[4, 4], [2], [], []],
                 assigned=[None, kit.card("7-hearts"), None])
    estates_with_hearts = [0, 3, 4]  # spades-hearts, hearts-diamonds, hearts-clubs
    assert s.legal_actions() == ([("district", 1), ("district", 2), ("district", 3)]
                                 + [("estate", e) for e in estates_with_hearts]
                                 + [("monument", m) for m in range(4)])


def test_infrastructure_never_fills_the_same_type_twice(kit) -> None:
    s = kit.position(INFRA, assigned=[None, kit.card("7-hearts"), None])
    s.apply_action(("monument", 0))
    assert s.monuments[0] == [None, kit.card("7-hearts"), None, None]
    assert {a[0] for a in s.legal_actions()} == {"district", "estate"}
    again = kit.position(INFRA, assigned=[None, kit.card("7-hearts"), None])
    again.apply_action(("estate", 4))  # hearts-clubs, then its border space
    again.apply_action(("border", CLUBS))
    assert {a[0] for a in again.legal_actions()} == {"district", "monument"}
    again.apply_action(("district", 0))
    assert again.districts[0] == [7] and again.is_terminal()  # two fills, two types


def test_estate_fills_a_border_space_of_either_of_its_suits(kit) -> None:
    s = kit.position(INFRA, assigned=[None, kit.card("7-hearts"), None])
    s.apply_action(("estate", 4))  # hearts-clubs
    assert s.legal_actions() == [("border", HEARTS), ("border", CLUBS)]
    s.apply_action(("border", CLUBS))
    assert s.borders == [0, 0, 0, 1]


def test_surveyors_fill_two_border_spaces_per_estate(kit) -> None:
    s = kit.position(INFRA, occupations=kit.skills("surveyors"),
                 assigned=[None, kit.card("7-hearts"), None])
    s.apply_action(("estate", 4))
    s.apply_action(("border", CLUBS))
    s.apply_action(("border", HEARTS))
    assert s.borders == [0, 1, 0, 1]


def growth(kit, border: str, grown: str, **fields):  # type: ignore[no-untyped-def]
    """Resolve Growth only (the month then ends)."""
    s = kit.position([("growth",), ("month-end",)], border=kit.card(border),
                 assigned=[kit.card("2-spades"), kit.card("3-spades"), kit.card(grown)],
                 **fields)
    resolve.advance(s, None)
    return s


def test_growth_matching_value_fills_population_and_border(kit) -> None:
    s = growth(kit, "7-spades", "7-hearts")
    assert s.population == [0, 1, 0, 0] and s.borders == [0, 1, 0, 0]


def test_growth_matching_suit_fills_population_and_border(kit) -> None:
    s = growth(kit, "7-spades", "2-spades")
    assert s.population == [1, 0, 0, 0] and s.borders == [1, 0, 0, 0]


def test_growth_without_match_fills_only_population(kit) -> None:
    s = growth(kit, "7-spades", "3-hearts")
    assert s.population == [0, 1, 0, 0] and s.borders == [0, 0, 0, 0]


def test_face_border_card_matches_by_its_value_then(kit) -> None:
    # Queen of Hearts with Hearts Population 2 is Value 3: the 3 of Clubs matches it
    s = growth(kit, "q-hearts", "3-clubs", population=[0, 2, 0, 0])
    assert s.borders == [0, 0, 0, 1]


def test_diplomats_make_face_cards_match_any_border(kit) -> None:
    s = growth(kit, "7-spades", "k-clubs", occupations=kit.skills("diplomats"))
    assert s.borders == [0, 0, 0, 1]
    plain = growth(kit, "7-spades", "k-clubs")
    assert plain.borders == [0, 0, 0, 0]


def test_farmers_may_fill_a_second_population_space(kit) -> None:
    s = kit.position([("growth",), ("month-end",)], border=kit.card("7-spades"),
                 occupations=kit.skills("farmers"),
                 assigned=[kit.card("2-spades"), kit.card("3-spades"), kit.card("9-hearts")])
    resolve.advance(s, None)
    assert s.population == [0, 1, 0, 0]
    assert s.legal_actions() == [("pass",), ("population", HEARTS)]
    s.apply_action(("population", HEARTS))
    assert s.population == [0, 2, 0, 0]


def test_merchants_add_20_to_prosperity(kit) -> None:
    spaces = [[1, 2], [3, 9], [4, 9], [5, 9], [], [], []]  # 42 written + Merchants 20 = 62
    s = kit.position(ECONOMY, occupations=spaces)
    assert prosperity(s.t, s) == 62  # the level the bots and the sheet's picture read
    assert s.medals()["prosperity"] == 1
    assert s.medals()["fountains"] == 0  # Fountains is not built


def test_masons_medal_needs_all_six_estates(kit) -> None:
    five = [kit.card(c) for c in ("2-spades", "3-spades", "4-spades", "5-hearts",
                                    "6-hearts")]
    s = kit.position(ECONOMY, occupations=kit.skills("masons"), estates=five + [None])
    assert s.medals()["masons"] == 0
    s2 = kit.position(ECONOMY, occupations=kit.skills("masons"),
                  estates=five + [kit.card("7-clubs")])
    assert s2.medals()["masons"] == 1


def test_artisans_complete_monuments_with_three_spaces(kit) -> None:
    three = [kit.card("2-spades"), kit.card("2-hearts"), kit.card("2-diamonds"), None]
    fields = {"districts": [[5, 5], [6, 6], [], []], "monuments": [[None] * 4, three,
                                                                    [None] * 4, [None] * 4]}
    without = kit.position(ECONOMY, **fields)
    assert without.medals()["arches"] == 0
    s = kit.position(ECONOMY, occupations=kit.skills("artisans"), **fields)
    assert s.medals()["arches"] == 2
    for sheet in (without, s):  # the game's result counts the monument the same way
        assert medal_sum(sheet.t, sheet) == sum(sheet.medals().values())


def test_philosophers_put_one_card_under_the_deck_each_month(kit) -> None:
    s = kit.position([("reveal",), ("assign",), ("reveal",), ("assign",)],
                 occupations=kit.skills("philosophers"), border=kit.card("7-spades"))
    s.apply_action(kit.card("9-hearts"))
    assert ("redraw",) in s.legal_actions()
    s.apply_action(("redraw",))
    assert s.bottom == [kit.card("9-hearts")]
    s.apply_action(kit.card("k-clubs"))
    assert ("redraw",) not in s.legal_actions()


def test_a_full_sheet_earns_all_33_medals(kit) -> None:
    full = [[8, 9]] * 7  # 119 written + Merchants 20 = 139: all four levels
    estates = [kit.card(f"{n}-{suit}") for n, suit in
               ((2, "spades"), (3, "spades"), (4, "spades"), (2, "hearts"), (3, "hearts"),
                (2, "diamonds"))]
    monuments = [[kit.card(f"{n}-{suit}") for suit in ("spades", "hearts", "diamonds",
                                                          "clubs")] for n in (5, 6, 7, 8)]
    s = kit.position(ECONOMY, occupations=full, districts=[[5, 5]] * 4, estates=estates,
                 monuments=monuments, population=[9] * 4, borders=[5] * 4)
    assert s.medals() == {"masons": 1, "prosperity": 4, "districts": 4, "borders": 4,
                          "population": 4, "fountains": 4, "arches": 4, "statues": 4,
                          "gardens": 4}
    assert s.returns() == [33.0]
    assert s.invariants() == []


def _all_monuments(kit):  # type: ignore[no-untyped-def]
    return [[kit.card(f"{n}-{suit}") for suit in ("spades", "hearts", "diamonds", "clubs")]
            for n in (5, 6, 7, 8)]


def test_statues_and_gardens_count_each_suit_filled_in(kit) -> None:
    # "1 for each unique Population Suit filled in" against "1 for each completely
    # filled in Population Suit" in the same list: the default reading is the literal one.
    s = kit.position(ECONOMY, monuments=_all_monuments(kit), population=[9, 9, 3, 0],
                     borders=[5, 4, 1, 0])
    assert s.medals()["statues"] == 3 and s.medals()["population"] == 2
    assert s.medals()["gardens"] == 3 and s.medals()["borders"] == 1


def test_statues_and_gardens_full_suit_reading_is_a_switch(kit, tmp_path) -> None:
    # A group reading "filled in" as "completely" sets `unique_suit_filled_in: full-suit`.
    folder = copy_game("copperdale", tmp_path)
    edit(folder / "board.yaml", "unique_suit_filled_in: any-space",
         "unique_suit_filled_in: full-suit")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None and not loaded.problems
    strict = CopperdaleGame(loaded.data)
    sheet = next(p for _, p in loaded.data.pieces() if p.kind == "sheet")
    printed = render_face(loaded, sheet, sheet.faces[0])
    assert "1 per full Population suit" in printed and "1 per full Border suit" in printed
    assert "begun" not in printed  # the sheet prints the reading the group chose
    data = strict.new_initial_state().to_dict()
    data.update(todo=[list(task) for task in ECONOMY], monuments=_all_monuments(kit),
                population=[9, 9, 3, 0], borders=[5, 4, 1, 0])
    s = strict.state_from_dict(data)
    assert s.medals()["statues"] == 2 and s.medals()["gardens"] == 1


@pytest.mark.parametrize("reading", ["any-space", "full-suit"])
def test_statues_and_gardens_readings_in_play(tmp_path, reading) -> None:
    # Whole greedy games under each reading: the medals the engine awards for Statues
    # and Gardens are the suits begun, or the suits full, of the final sheet.
    folder = copy_game("copperdale", tmp_path)
    edit(folder / "board.yaml", "unique_suit_filled_in: any-space",
         f"unique_suit_filled_in: {reading}")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None
    game = CopperdaleGame(loaded.data)
    t = game.tables
    statues, gardens = (t.monument_names.index(n) for n in ("Statues", "Gardens"))
    seen = 0
    for seed in range(4):
        record = play(game, 1, [("greedy", GreedyBot)], seed=f"suits/{seed}")
        s = replay(game, 1, record.actions)
        full = reading == "full-suit"
        begun_pop = sum(n >= (c if full else 1)
                        for n, c in zip(s.population, t.population_caps, strict=True))
        begun_bor = sum(n >= (c if full else 1) for n, c in zip(s.borders, t.border_caps, strict=True))
        medals = s.medals()
        if monument_complete(t, s, statues):
            assert medals["statues"] == begun_pop
            seen += 1
        if monument_complete(t, s, gardens):
            assert medals["gardens"] == begun_bor
            seen += 1
    assert seen, "no game built Statues or Gardens"


def test_fountains_count_final_prosperity_levels_with_merchants(kit) -> None:
    # 1+2 (Merchants) + 9+9 + 9+10 + 9+10 + 9+10 = 78, + 20 = 98: levels 60 and 80
    spaces = [[1, 2], [9, 9], [9, 10], [9, 10], [9, 10], [], []]
    s = kit.position(ECONOMY, occupations=spaces, monuments=_all_monuments(kit))
    assert s.medals()["fountains"] == 2 and s.medals()["prosperity"] == 2


def test_growth_border_still_checked_when_population_row_is_full(kit) -> None:
    s = growth(kit, "7-spades", "2-spades", population=[9, 0, 0, 0])
    assert s.population == [9, 0, 0, 0] and s.borders == [1, 0, 0, 0]


def test_farmers_fill_two_population_spaces_when_a_district_completes(kit) -> None:
    s = kit.position(INFRA, districts=[[4], [], [], []], occupations=kit.skills("farmers"),
                     assigned=[None, kit.card("4-hearts"), None])
    s.apply_action(("district", 0))
    s.apply_action(("population", SPADES))
    assert s.legal_actions() == [("pass",)] + [("population", x) for x in range(4)]
    s.apply_action(("population", CLUBS))
    assert s.population == [1, 0, 0, 1]


def test_infrastructure_fills_one_space_when_no_other_type_takes_the_card(kit) -> None:
    full = [kit.card(c) for c in ("2-spades", "3-spades", "4-spades", "5-hearts", "6-hearts",
                                  "7-clubs")]
    s = kit.position(INFRA + [("month-end",)], districts=[[1, 1]] * 4, estates=full,
                     border=kit.card("9-diamonds"),
                     assigned=[kit.card("2-clubs"), kit.card("8-hearts"), kit.card("3-clubs")])
    assert s.legal_actions() == [("monument", m) for m in range(4)]
    s.apply_action(("monument", 2))
    assert s.monuments[2][HEARTS] == kit.card("8-hearts")
    assert s.month == 2  # nothing else to fill: Growth resolved and the month ended


def test_philosophers_first_help_the_month_after_unlocking(kit) -> None:
    s = kit.position([("economy",), ("month-end",)], occupations=[[], [3]] + [[]] * 5,
                     border=kit.card("9-diamonds"),
                     assigned=[kit.card("5-clubs"), kit.card("8-hearts"), kit.card("3-clubs")])
    s.apply_action(("occupation", PHILOSOPHERS))
    assert s.skill(PHILOSOPHERS) and s.month == 2
    s.apply_action(kit.card("k-hearts"))  # month 2's Border card
    s.apply_action(kit.card("4-spades"))  # the first reveal
    assert ("redraw",) in s.legal_actions()


def test_whole_game_draws_36_cards_and_leaves_4_unseen(game) -> None:
    state = random_sim(game, 1, 11)
    assert len(state.discard) == 48  # 12 Border cards + 12 months x 3
    assert len(state.unseen) + len(state.bottom) == 4  # 40 - 36 never seen


def test_the_sheet_prints_the_default_reading_and_refuses_a_reading_without_words(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    loaded = validate_game(SPEC)
    sheet = next(p for _, p in loaded.data.pieces() if p.kind == "sheet")
    printed = render_face(loaded, sheet, sheet.faces[0])
    assert "1 per Population suit begun" in printed and "full Population suit" not in printed
    folder = copy_game("copperdale", tmp_path)
    edit(folder / "board.yaml", ', full-suit: "1 per full Border suit"}', "}")
    edit(folder / "board.yaml", "unique_suit_filled_in: any-space",
         "unique_suit_filled_in: full-suit")
    problems = validate_game(SPEC, tmp_path).problems
    assert [(p.rule, p.message) for p in problems] == [
        ("monument-words", "Gardens prints no words for the 'full-suit' reading")]
