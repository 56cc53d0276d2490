"""A subset cut from a seed (a warm process's small copy of the font) is the subset cut
from the installed font, byte for byte: a watched deck's PDF must be a cold build's."""

from __future__ import annotations

import io
import random

import pytest

from generator.render import fontmerge
from generator.render.fontmerge import _subset, cut, installed_font

# accented letters are composite glyphs (their parts must come along), symbols, and a
# character no DejaVu font holds
POOL = [chr(c) for c in range(0x20, 0x250)] + list("♠♥♦♣→★€…“”\U0001F600")


@pytest.mark.parametrize("name", ["DejaVuSansCondensed", "DejaVuSerif-Bold", "DejaVuSans-Oblique"])
def test_a_subset_cut_from_a_seed_is_the_one_cut_from_the_font(name):
    path = installed_font(name)
    assert path is not None
    pick = random.Random(name)
    for size in (1, 40):
        chars = frozenset(pick.sample(POOL, size))
        seed = _subset(path, chars | frozenset(pick.sample(POOL, 150)), names=True).program
        assert _subset(io.BytesIO(seed), chars, names=False) == _subset(path, chars, names=False)


def test_a_font_cut_twice_is_cut_from_a_seed_that_grows(monkeypatch):
    path = installed_font("DejaVuSerif-Italic")
    assert path is not None
    monkeypatch.setattr(fontmerge, "SEEDS", {})
    monkeypatch.setattr(fontmerge, "CUTS", {})
    first = cut(path, frozenset("Bench"))
    assert fontmerge.SEEDS == {}  # a one-off build reads the font file, no seed
    assert cut(path, frozenset("Bench 7")) == _subset(path, frozenset("Bench 7"), names=False)
    held = fontmerge.SEEDS[path][0]
    assert frozenset("Bench 7é") <= held and "Ж" not in held
    assert cut(path, frozenset("Ж")) == _subset(path, frozenset("Ж"), names=False)
    assert "Ж" in fontmerge.SEEDS[path][0] and held <= fontmerge.SEEDS[path][0]
    assert first == _subset(path, frozenset("Bench"), names=False)
