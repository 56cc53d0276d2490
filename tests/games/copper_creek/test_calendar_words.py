"""The calendar and the player aid say the same: the aid's "2 stones in column 2" is the
column the board marks 2, with its election year beside it (rulebook: "the column marked
with 2s")."""

from __future__ import annotations

import re

from generator.deck.validate import validate_game
from generator.games.copper_creek import SPEC
from generator.render.drawn import read
from generator.render.faces import face_svg


def _texts(loaded, piece_id: str) -> list[str]:
    piece = next(p for _, p in loaded.data.pieces() if p.id == piece_id)
    svg = face_svg(loaded, piece, piece.faces[0], side="front", copy=1, bleed=3.0)
    return [line.text for line in read(svg).lines]


def test_the_aid_names_the_columns_the_calendar_prints():
    loaded = validate_game(SPEC)
    heads = _texts(loaded, "train-station")
    aid = " ".join(_texts(loaded, "player-aid"))
    for election in loaded.data.station.elections:
        said = re.search(rf"{election.year}: {election.stones}( stones)? in column (\w+)", aid)
        assert said, (election.year, aid)
        assert f"{said.group(2)} · {election.year}" in heads, heads
    assert "1882" not in loaded.data.station.calendar.columns  # a column is a number


def test_the_aid_prints_its_election_step_word_for_word():
    """Wrapped to the card, the step still reads as written: no word glued to the next."""
    loaded = validate_game(SPEC)
    aid = " ".join(_texts(loaded, "player-aid"))
    for election in loaded.data.station.elections:
        assert f"in column {election.column}" in aid
    assert re.search(r"in column \w+[;.,]? the game ends\.", aid), aid
    assert not re.search(r"\s-\w", aid), aid  # "4 -the game ends": a dash stuck to a word
