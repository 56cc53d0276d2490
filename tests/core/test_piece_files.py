"""A game's component file of pieces says which face model its pieces have: it subclasses
``PieceFileOf[Any]`` (one model shared by every game), so its own ``pieces`` field is
what keeps another game's faces, or any face at all, out."""

from __future__ import annotations

import typing

from generator.games import GAMES
from generator.schema import Face, Piece, PieceFileOf


def piece_files() -> list[tuple[str, str, type]]:
    found = []
    for game_id in GAMES:
        model = GAMES[game_id].model
        for name, info in model.model_fields.items():
            kind = info.annotation
            if isinstance(kind, type) and issubclass(kind, PieceFileOf):
                found.append((game_id, name, kind))
    return found


def test_every_piece_file_declares_pieces_of_its_own_face_model():
    files = piece_files()
    assert len(files) >= 20  # the five games' files of pieces
    for game_id, name, kind in files:
        (piece,) = typing.get_args(kind.model_fields["pieces"].annotation)
        assert issubclass(piece, Piece), (game_id, name)
        face = piece.model_fields["faces"].annotation
        (face_model,) = typing.get_args(face)
        assert isinstance(face_model, type) and issubclass(face_model, Face), (
            game_id, name, "pieces of any face: declare its own pieces")


def test_a_face_of_another_model_is_refused():
    """Copper Creek's money holds bills: a building card's fields are unknown keys there."""
    money = GAMES["copper-creek"].model.model_fields["money"].annotation
    bill = {"id": "money", "name": "Money", "kind": "bill", "size": "poker",
            "template": "bill.svg.j2", "faces": [{"id": "one", "value": 1}]}
    money.model_validate({"starting_money": 1, "minimum_price": 1, "pieces": [bill]})
    wrong = {**bill, "faces": [{"id": "one", "buildings": []}]}
    try:
        money.model_validate({"starting_money": 1, "minimum_price": 1, "pieces": [wrong]})
    except ValueError as exc:
        assert "buildings" in str(exc) and "value" in str(exc)
    else:
        raise AssertionError("a building card passed as a bill")
