"""A font subset kept on disk is sealed: a torn or flipped entry is cut again (and said
once), never embedded; a good one is read back as it was cut."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.render import cachedir, fontsubset
from generator.render.fontsubset import installed_font, subset


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path))
    monkeypatch.setattr(cachedir, "DAMAGED", [])
    subset.cache_clear()  # the memory in front of the folder: every read here is the disk's
    yield tmp_path / "fonts"
    subset.cache_clear()


def _entry(folder: Path) -> Path:
    entries = list(folder.glob("*.json"))
    assert len(entries) == 1
    return entries[0]


def test_a_kept_subset_is_read_back_as_cut(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = installed_font("DejaVuSans")
    assert path is not None
    made = subset(path, frozenset("Copper Creek"))
    subset.cache_clear()
    monkeypatch.setattr(fontsubset, "cut", lambda *_: pytest.fail("cut again"))
    assert subset(path, frozenset("Copper Creek")) == made


@pytest.mark.parametrize("damage", ["flipped", "torn"])
def test_a_damaged_subset_is_cut_again(cache: Path, damage: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = installed_font("DejaVuSerif-Bold")
    assert path is not None
    made = subset(path, frozenset("Kings of Copper"))
    entry = _entry(cache)
    data = entry.read_bytes()
    if damage == "flipped":  # one letter of the font program's base64: still valid JSON
        at = data.index(b'"program": "') + 200
        data = data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1:]
    else:
        data = data[:len(data) // 2]
    entry.write_bytes(data)
    subset.cache_clear()
    assert subset(path, frozenset("Kings of Copper")) == made
    assert "damaged cache entry" in capsys.readouterr().err
    assert cachedir.opened(fontsubset.FORMAT, entry.read_bytes(), entry) is not None  # kept anew


def test_a_font_rewritten_in_place_with_the_same_size_is_cut_again(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an upgraded font package rewrites its files where they were: a subset kept from the
    # old file must not be embedded for the new one, even when the sizes happen to match
    sans = installed_font("DejaVuSans")
    assert sans is not None
    font = tmp_path / "font.ttf"
    font.write_bytes(sans.read_bytes())
    subset(font, frozenset("Copper"))
    stamp = font.stat().st_mtime_ns + 1_000_000_000  # a later install, whatever the clock
    os.utime(font, ns=(stamp, stamp))
    subset.cache_clear()
    cuts: list[Path] = []
    real_cut = fontsubset.cut
    monkeypatch.setattr(fontsubset, "cut", lambda path, chars: cuts.append(path) or real_cut(
        path, chars))
    subset(font, frozenset("Copper"))
    assert cuts == [font]
