"""``--to tts`` nicknames: every object is called what a player calls it, read from the
data (a face's name, else what the face shows), never by a face id."""

from __future__ import annotations

import json

from generator.data.components import game_folder, load_game
from generator.export.ttsnames import named_things, nickname
from generator.games import GAMES

from .conftest import edited_fixture, exported


def _bundled(game_id: str):
    spec = GAMES[game_id]
    return load_game(spec.id, spec.model, game_folder(spec.id, None)).data


def test_copper_creek_faces_are_named_from_what_they_show():
    data = _bundled("copper-creek")
    things = named_things(data)
    pieces = {piece.id: piece for _, piece in data.pieces()}
    cards = pieces["building-cards"]
    for face in cards.faces:  # a card shows its buildings' names
        assert nickname(cards, face, things) == " / ".join(b.name for b in face.buildings)
    shares = pieces["share-tokens"]
    assert nickname(shares, shares.faces[2], things) == "Share Tokens: Sky Blue"
    stones = pieces["calendar-stones"]
    assert nickname(stones, stones.faces[0], things) == "Calendar Stones: Tan"
    money = pieces["money"]
    assert [nickname(money, f, things) for f in money.faces] == [
        "Money: 1", "Money: 5", "Money: 10"]
    station = pieces["train-station"]
    assert nickname(station, station.faces[0], things) == "Train Station"


def test_every_bundled_face_has_a_distinct_readable_nickname():
    for game_id in GAMES:
        data = _bundled(game_id)
        things = named_things(data)
        for _, piece in data.pieces():
            names = [nickname(piece, face, things) for face in piece.faces]
            assert len(set(names)) == len(names), (game_id, piece.id, names)
            ids = {face.id for face in piece.faces}
            assert not ids & set(names), (game_id, piece.id, names)


def test_a_face_of_ranges_reads_them_as_words():
    data = _bundled("boomtown-builders")
    things = named_things(data)
    middle = next(piece for _, piece in data.pieces() if piece.id == "town-middle")
    assert nickname(middle, middle.faces[0], things) == (
        "Town middle column (1 x 2 locations): rows 1-2, column 5")


def test_named_faces_keep_their_names_and_playing_cards_read_rank_of_suit():
    data = _bundled("copperdale")
    things = named_things(data)
    deck = next(piece for _, piece in data.pieces() if piece.id == "deck")
    names = {face.id: nickname(deck, face, things) for face in deck.faces}
    assert names["q-hearts"] == "Q of Hearts" and names["10-spades"] == "10 of Spades"
    kings = _bundled("kings-of-copper")
    chars = next(piece for _, piece in kings.pieces() if piece.id == "characters")
    assert [nickname(chars, f, named_things(kings)) for f in chars.faces] == [
        f.name for f in chars.faces]


def test_unnamed_faces_are_named_in_the_saved_object_by_what_they_show(tmp_path):
    """The fixture with a bank note and a coin that have no names: the note's stack and
    its cards, and the coins in their bag, are called by the piece and the face's value."""
    coin = '      - {id: coin, name: "1", count: 7, colour: "#F0E442", symbol: "$"}\n'
    game = edited_fixture(tmp_path, (
        ("bills.yaml", 'symbol: "10"}\n',
         'symbol: "10"}\n      - {id: fifty, count: 2, colour: "#D55E00", symbol: "50"}\n'),
        ("chips.yaml", coin,
         coin + '      - {id: coin-five, count: 2, colour: "#009E73", symbol: "5"}\n')))
    work, _ = exported(game, tmp_path / "out", to="tts", dpi=100)
    save = json.loads((work.final / "pnp-fixture.json").read_text(encoding="utf-8"))
    states = {s["Nickname"]: s for s in save["ObjectStates"]}
    note = states["Bank Notes: 50"]
    assert {c["Nickname"] for c in note["ContainedObjects"]} == {"Bank Notes: 50"}
    assert states["Bank Notes: $10"]["Name"] == "DeckCustom"  # a named face: unchanged
    coins = [c["Nickname"] for c in states["Coins"]["ContainedObjects"]]
    assert coins.count("Coins: 5") == 2 and coins.count("1") == 7
    ids = {"fifty", "coin-five", "ten", "coin"}
    everything = [c["Nickname"] for s in save["ObjectStates"]
                  for c in [s, *s.get("ContainedObjects", [])]]
    assert not ids & set(everything)
