"""A bundled game's playing parts (rules, bots, picture, pieces) are imported when they are
used: checking its deck loads none of them, and each one named resolves to what it says."""

from __future__ import annotations

import pickle

import pytest

from generator.engine.bots import Bot
from generator.engine.pieces import PieceRules
from generator.games import GAMES
from generator.games.spec import Later
from tests.core.test_startup import modules_after

PLAYING = ("bots", "rules", "picture", "pieces")


def test_checking_every_bundled_deck_loads_no_bot_rules_picture_or_pieces() -> None:
    code = ("from generator.games import GAMES; "
            "from generator.deck.validate import validate_game; "
            "assert all(validate_game(GAMES[g], None).data is not None for g in GAMES)")
    loaded = modules_after(code)
    played = {m for m in loaded if m.startswith("generator.games.")
              and m.rsplit(".", 1)[-1] in PLAYING and ".checks." not in m}
    assert not played
    assert "generator.engine.playout" not in loaded and "generator.engine.simulate" not in loaded


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_named_part_is_what_it_names(game_id: str) -> None:
    spec = GAMES[game_id]
    assert isinstance(spec.make_game, Later) and isinstance(spec.make_game.get(), type)
    assert isinstance(spec.picture, Later) and callable(spec.picture.get())
    assert isinstance(spec.pieces, Later) and isinstance(spec.pieces.get(), PieceRules)
    assert callable(spec.pieces.catalogue)  # an attribute is read from what it names
    assert list(spec.bots) == ["random", "greedy"]
    assert all(issubclass(spec.bots[name], Bot) for name in spec.bots)


def test_a_later_part_survives_pickling_as_its_name() -> None:
    part = Later("generator.engine.bots:RandomBot")
    again = pickle.loads(pickle.dumps(part))
    assert again == part and again.get() is part.get()
    with pytest.raises(AttributeError):
        _ = part._private  # never looked up in what it names
