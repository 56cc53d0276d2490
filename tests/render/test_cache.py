"""The face cache verifies what it reads, and a cache that cannot be used only costs speed."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pikepdf
import pytest

from generator.render import cachedir

from .conftest import Built, build


def test_a_flipped_byte_in_a_cached_pdf_that_still_parses_is_drawn_again(
        fixture_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a4_long: Built) -> None:
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    build(fixture_game, tmp_path / "first", paper="a4", duplex="long")
    entry = sorted((tmp_path / "cache" / "faces").rglob("*.pdf"))[0]
    raw = bytearray(entry.read_bytes())
    at = raw.index(b"/MediaBox [ 0 0 ") + len(b"/MediaBox [ 0 0 ")
    raw[at] = ord("1") if raw[at] != ord("1") else ord("2")  # another size, still a PDF
    entry.write_bytes(bytes(raw))
    with pikepdf.open(io.BytesIO(entry.read_bytes().partition(b"\n")[2])) as still_a_pdf:
        assert len(still_a_pdf.pages) == 1
    again = build(fixture_game, tmp_path / "again", paper="a4", duplex="long")
    assert again.result.rendered == 1
    assert again.pdf.read_bytes() == a4_long.pdf.read_bytes()


@pytest.mark.parametrize("where", ["/proc/copperplate-cache", "a-file/cache"])
def test_a_cache_folder_that_cannot_be_made_warns_once_and_builds(
        where: str, fixture_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], a4_long: Built) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COPPERPLATE_CACHE", where)
    cachedir.usable.cache_clear()
    first = build(fixture_game, tmp_path / "one", paper="a4", duplex="long")
    second = build(fixture_game, tmp_path / "two", paper="a4", duplex="long")
    warnings = capsys.readouterr().err.strip().splitlines()
    assert len(warnings) == 1
    assert warnings[0].startswith(f"copperplate: warning: cache folder '{where}' cannot be "
                                  "used (")
    assert first.pdf.read_bytes() == second.pdf.read_bytes() == a4_long.pdf.read_bytes()


def test_a_full_cache_folder_warns_once_and_gives_the_same_bytes(
        fixture_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], a4_long: Built) -> None:
    def full(path: Path, content: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cachedir, "write_atomic", full)
    monkeypatch.setattr(cachedir, "UNWRITABLE", [])
    first = build(fixture_game, tmp_path / "one", paper="a4", duplex="long")
    second = build(fixture_game, tmp_path / "two", paper="a4", duplex="long")
    warnings = capsys.readouterr().err.strip().splitlines()
    assert len(warnings) == 1, warnings  # faces, fonts and templates: said once
    assert warnings[0].startswith("copperplate: warning: the cache cannot be written ('")
    assert "No space left on device" in warnings[0]
    assert second.result.rendered == first.result.rendered > 0  # nothing was kept
    assert first.pdf.read_bytes() == second.pdf.read_bytes() == a4_long.pdf.read_bytes()


def test_faces_kept_in_memory_are_not_read_again_and_give_the_same_bytes(
        fixture_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a4_long: Built) -> None:
    """A build that keeps its faces in memory (the watch's) reads each from the folder
    once: the next build takes them from memory, the same PDF; a build that does not
    ask reads the folder, and checks what it reads, as ever."""
    from generator.render import cache

    monkeypatch.setattr(cache, "KEPT", {})
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    first = build(fixture_game, tmp_path / "first", paper="a4", duplex="long",
                  faces_in_memory=True)
    assert first.result.rendered > 0 and len(cache.KEPT) == first.result.rendered
    for entry in (tmp_path / "cache" / "faces").rglob("*.pdf"):
        entry.write_bytes(b"torn")  # what memory holds is not read from here again
    again = build(fixture_game, tmp_path / "again", paper="a4", duplex="long",
                  faces_in_memory=True)
    assert again.result.rendered == 0
    assert again.pdf.read_bytes() == a4_long.pdf.read_bytes()
    plain = build(fixture_game, tmp_path / "plain", paper="a4", duplex="long")
    assert plain.result.rendered == first.result.rendered  # the folder's, checked
    assert plain.pdf.read_bytes() == a4_long.pdf.read_bytes()
