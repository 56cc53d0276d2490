"""Installed distributions' versions, as the caches' keys and the PDF's producer take them."""

from __future__ import annotations

from importlib.metadata import version

from generator.files.installed import installed_header, installed_version


def test_a_version_is_the_installed_one_and_none_when_not_installed() -> None:
    assert installed_version("pikepdf") == version("pikepdf")
    assert installed_version("fonttools") == version("fonttools")
    assert installed_version("no-such-distribution-copperplate") is None


def test_a_version_read_from_the_header_alone_is_the_metadata_s_own() -> None:
    """The header-only read gives what ``importlib.metadata`` parses from the whole file,
    for every library a cache key names (pydantic's file carries a long description)."""
    for name in ("pydantic", "jinja2", "pyyaml", "fonttools", "pillow", "defusedxml",
                 "cairosvg", "pikepdf"):
        assert installed_version(name) == version(name), name


def test_a_header_is_the_metadata_s_own_up_to_its_body() -> None:
    """What a cache key takes whole: the version's line is in it, the long description is
    not; a distribution not installed has none."""
    for name in ("pydantic", "jinja2", "pyyaml"):
        header = installed_header(name)
        assert header is not None and f"\nVersion: {version(name)}\n" in f"\n{header}\n"
        assert "\n\n" not in header
    assert installed_header("no-such-distribution-copperplate") is None
