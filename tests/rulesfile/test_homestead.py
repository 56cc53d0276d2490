"""Homestead (tiles on a grid): its rules as its rulebook states them, and a grid's
misuse reported at its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.deck.validate import validate_game
from generator.games import GAMES
from rulesfile.starters import dealt, make_starter


def ready(built: dict[str, Any]) -> Any:
    return dealt(built["homestead"][0], 2)


def test_a_tile_goes_only_on_an_empty_place(built: dict[str, Any]) -> None:
    state = ready(built)
    card = state.view()["market"][0]
    state.apply_action(("place", card, 4))
    assert state.view()["homestead"][0][4] == [card]
    state.apply_action(state.legal_actions()[0])  # the refill
    state.apply_action(state.legal_actions()[0])  # the other player
    state.apply_action(state.legal_actions()[0])
    assert all(a[2] != 4 for a in state.legal_actions())  # place 4 of seat 1 is taken
    assert len({a[2] for a in state.legal_actions()}) == 8


def test_neighbours_of_a_kind_score_two_each(built: dict[str, Any]) -> None:
    game, cards = built["homestead"]
    state = ready(built)
    wheat = [i for i, c in enumerate(cards) if c["suit"] == "wheat"][:2]
    base = state.zone_slot["homestead"]
    for card, place in zip(wheat, (0, 1), strict=True):  # side by side, top left
        state.move(card, base + place, 0)
    assert state.returns()[0] == sum(cards[c]["value"] for c in wheat) + 2 * 2
    state.move(wheat[1], base + 4, 0)  # across the corner: no longer beside
    assert state.returns()[0] == sum(cards[c]["value"] for c in wheat)


def test_a_grid_used_as_a_pile_is_reported(tmp_path: Path) -> None:
    folder = make_starter(tmp_path, "homestead", "hs")
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("{draw: deck, to: market}", "{draw: deck, to: homestead}"),
                     encoding="utf-8")
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [p.rule for p in problems] == ["rules-name"]
    assert "'homestead' is a grid" in problems[0].message
    rules.write_text(text.replace("cell: homestead}", "cell: market}"), encoding="utf-8")
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert any("'market' is not a grid" in p.message for p in problems)
