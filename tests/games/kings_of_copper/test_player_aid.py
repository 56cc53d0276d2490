"""The player aid (issue 13, item 10): one per player, in their colour, carrying the
board legend, the tunnel roll and the cave-in odds, every number from the data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.deck.validate import validate_game
from generator.games.kings_of_copper import SPEC
from generator.render.svg import render_face

GAME = "kings-of-copper"


def _aid_text(loaded, color: str = "red") -> str:  # type: ignore[no-untyped-def]
    piece = loaded.data.player_aid.pieces[0]
    face = next(f for f in piece.faces if f.color == color)
    svg = render_face(loaded, piece, face)
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())


def test_one_aid_per_colour() -> None:
    loaded = validate_game(SPEC)
    faces = [f for p in loaded.data.player_aid.pieces for f, _ in p.copies()]
    assert sorted(f.color for f in faces) == sorted(c.id for c in loaded.data.board.colors)
    assert all(p.kind == "aid" for p in loaded.data.player_aid.pieces)


def test_the_aid_carries_the_legend_tunnel_and_cave_in_odds() -> None:
    loaded = validate_game(SPEC)
    text = _aid_text(loaded)
    for entry in loaded.data.player_aid.legend:
        assert " ".join(entry.label.split()[:2]) in text
    assert "17 rolls in 36" in text and "3 / 7" in text  # 3 or 7 total, or a die showing 3
    for n, percent in enumerate((10, 20, 30, 40)):
        assert f"{n} dug: caves in on {', '.join(map(str, range(n + 1)))}, {percent} %" in text
    assert "Kings of Copper · Red" in _aid_text(loaded) and "· Yellow" in _aid_text(loaded, "yellow")
    assert "Variant" not in text  # the rulebook's own game carries no variant mark


def test_engine_bounds_print_as_house_rules() -> None:
    """One trade offer a turn and at most 2 re-rolls are the designed bounds (rulings 8 and
    23), not the rulebook's: the aid says so, with the data's numbers."""
    text = _aid_text(validate_game(SPEC))
    assert "(house rule: 1 offer a turn)" in text
    assert "Doubles roll again (house rule: at most 2 times)" in text


def test_a_variant_prints_its_own_numbers(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # the tunnel totals and the curse are the rulebook's numbers: changing them is a
    # declared variant (an overlay holding only what it changes)
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "game.yaml").write_text(f"extends: {GAME}\nvariant:\n  name: Short Tunnels\n"
                                      "  notes: a variant for the test\n", encoding="utf-8")
    (folder / "rules.yaml").write_text("tunnel: {totals: [7]}\ncurse_turns: 5\n"
                                       "cash_at_finish: blue-only\n", encoding="utf-8")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    assert all(p.severity == "warning" for p in loaded.problems)
    text = _aid_text(loaded)
    # a total of 7 (6 rolls) or a die showing 3 (11 rolls), 2 rolls in both: 15
    assert "15 rolls in 36" in text and "17 rolls" not in text
    assert "costs 5 turns of one die" in text
    assert "Variant: Short Tunnels" in text  # the variant mark, as on every game's aids
    assert loaded.data.player_aid.finish["blue-only"] in text

    # and its aid (a longer Finish line) still prints lint-clean: 7 pt, no overlaps
    capsys.readouterr()
    assert main(["lint", GAME, "--components", str(tmp_path), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [f for f in found if f["rule"] != "rulebook-value"] == []


LEGEND_SYMBOL = re.compile(r'<g transform="translate\(([-\d.]+),([-\d.]+)\) scale\(([\d.]+)\)">'
                           r"(.*?)</g>", re.S)


def _inked_rows(symbol: str, scale: float) -> tuple[float, float]:
    """Top and bottom (mm, from the symbol's centre) of what a legend symbol inks, drawn
    alone at 20 px per mm."""
    import io

    import cairosvg
    from PIL import Image

    px, half = 20, 10.0  # mm either side of the centre
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * half * px}" '
           f'height="{2 * half * px}" viewBox="{-half} {-half} {2 * half} {2 * half}">'
           f'<g transform="scale({scale})">{symbol}</g></svg>')
    image = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode())))
    box = image.getchannel("A").point(lambda a: 255 if a > 32 else 0).getbbox()
    assert box is not None
    return box[1] / px - half, box[3] / px - half


def test_the_legend_symbols_stand_apart() -> None:
    """Each legend symbol keeps at least 0.5 mm from the one above it in its column (the
    Finish star touched the Safe circle)."""
    loaded = validate_game(SPEC)
    piece = loaded.data.player_aid.pieces[0]
    svg = render_face(loaded, piece, piece.faces[0])
    columns: dict[float, list[tuple[float, float]]] = {}
    for x, y, scale, symbol in LEGEND_SYMBOL.findall(svg):
        top, bottom = _inked_rows(symbol, float(scale))
        columns.setdefault(float(x), []).append((float(y) + top, float(y) + bottom))
    assert sum(len(c) for c in columns.values()) == len(loaded.data.player_aid.legend)
    for column in columns.values():
        for above, below in zip(column, column[1:], strict=False):
            assert below[0] - above[1] >= 0.5, (above, below)
