"""``colour-blind``: colours that tell pieces apart stay apart under protanopia,
deuteranopia and tritanopia (Machado 2009), or differ by a printed letter or symbol; across
lists a colour or a letter never means two things."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.data.components import LoadedGame
from generator.data.yamlsrc import loads
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.lint.colourblind import _swatch, delta_e, lab, palettes
from generator.lint.colourblind import colour_problems as found


def game(text: str) -> LoadedGame:
    path = Path("colours.yaml")
    return LoadedGame("g", Path("."), sources={"colours": loads(text, path)})


def lines(text: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in found(game(text)) if p.rule == "colour-blind"]


def test_orange_and_blue_pass():
    assert lines('c:\n  - {id: orange, hex: "#E69F00"}\n  - {id: blue, hex: "#0072B2"}\n') == []


def test_orange_and_sky_blue_are_one_grey_in_black_and_white():
    (problem,) = lines('c:\n  - {id: orange, hex: "#E69F00"}\n  - {id: sky, hex: "#56B4E9"}\n')
    assert "black and white" in problem[1]


def test_red_and_green_look_alike_to_a_deuteranope():
    (problem,) = lines('c:\n  - {id: red, hex: "#D55E00"}\n  - {id: green, hex: "#6A8E00"}\n')
    assert problem[0] == 3 and "deuteranopia" in problem[1]
    assert delta_e("#D55E00", "#6A8E00") > 30  # far apart for normal vision


def test_a_printed_letter_tells_them_apart():
    assert lines('c:\n  - {id: red, hex: "#D55E00", letter: R}\n'
                 '  - {id: green, hex: "#6A8E00", letter: G}\n') == []
    assert len(lines('c:\n  - {id: red, hex: "#D55E00", letter: X}\n'
                     '  - {id: green, hex: "#6A8E00", letter: X}\n')) == 1


def test_a_colour_repeated_in_another_list_is_reported():
    text = ('players:\n  - {id: a, hex: "#000000", letter: K}\n  - {id: b, hex: "#FFFFFF", letter: W}\n'
            'buildings:\n  - {id: c, color: "#FFFFFF", letter: H}\n  - {id: d, color: "#0072B2", letter: D}\n')
    (problem,) = lines(text)
    assert problem[0] == 5 and "disappears" in problem[1]


def test_one_letter_in_two_lists_is_reported():
    text = ('players:\n  - {id: a, hex: "#000000", letter: B}\n  - {id: b, hex: "#FFFFFF", letter: W}\n'
            'buildings:\n  - {id: c, color: "#8C5A2E", letter: B}\n  - {id: d, color: "#0072B2", letter: D}\n')
    (problem,) = lines(text)
    assert problem[0] == 5 and "'B'" in problem[1]


def test_the_simulations_follow_machado_2009():
    assert lab("#ffffff", "deuteranopia")[0] == pytest.approx(100, abs=0.5)  # white stays
    # a deuteranope loses red-green: red and green close in, blue and yellow stay apart
    assert delta_e("#ff0000", "#00ff00", "deuteranopia") < delta_e("#ff0000", "#00ff00") / 2
    assert delta_e("#0000ff", "#ffff00", "deuteranopia") > 100
    # a tritanope loses blue-yellow
    assert delta_e("#0000ff", "#00ff00", "tritanopia") < delta_e("#0000ff", "#00ff00") / 2


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bundled_games_pass(game_id):
    loaded = validate_game(GAMES[game_id])
    assert [p.format() for p in found(loaded)] == []


def test_colours_of_one_grey_need_a_letter_for_black_and_white_printing():
    """Blue and red of the same luminance stay apart for every colour vision but print as
    one grey with ``--ink bw``: a printed letter or symbol must tell them apart."""
    (problem,) = lines('c:\n  - {id: blue, hex: "#0072B2"}\n  - {id: red, hex: "#CC3311"}\n')
    assert "black and white (--ink bw)" in problem[1]
    assert lines('c:\n  - {id: blue, hex: "#0072B2", symbol: wave}\n'
                 '  - {id: red, hex: "#CC3311", symbol: flame}\n') == []


def plain_palettes(loaded: LoadedGame) -> list[list[object]]:
    """``palettes`` as first written: a call for every value of the YAML, plain or not."""
    def walk(path: str, node: object, loc: tuple[object, ...]) -> Iterator[list[object]]:
        if isinstance(node, dict):
            for key, value in node.items():
                yield from walk(path, value, (*loc, key))
        elif isinstance(node, list):
            swatches = [s for i, item in enumerate(node) if (s := _swatch(path, item, (*loc, i)))]
            if len(swatches) >= 2:
                yield swatches
            for i, item in enumerate(node):
                yield from walk(path, item, (*loc, i))

    return [p for _, source in sorted(loaded.sources.items())
            for p in walk(str(source.path), source.data, ())]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_palettes_found_are_the_plain_walks(game_id: str) -> None:
    loaded = validate_game(GAMES[game_id])
    walked = list(palettes(loaded))
    assert walked and walked == plain_palettes(loaded)


def test_a_palette_inside_lists_of_lists_and_plain_values_is_found() -> None:
    text = ('a: [1, "x", [[{id: r, hex: "#D55E00"}, {id: g, hex: "#6A8E00"}], 3]]\n'
            'b: {c: {d: [{id: o, hex: "#E69F00"}, {id: b, hex: "#0072B2"}, 7]}}\n')
    assert [[s.name for s in p] for p in palettes(game(text))] == [["r", "g"], ["o", "b"]]
    assert list(palettes(game(text))) == plain_palettes(game(text))
