"""Installed distributions' versions, as the caches' keys and the PDF's producer take them."""

from __future__ import annotations

from importlib.metadata import version

from generator.files.installed import installed_version


def test_a_version_is_the_installed_one_and_none_when_not_installed() -> None:
    assert installed_version("pikepdf") == version("pikepdf")
    assert installed_version("fonttools") == version("fonttools")
    assert installed_version("no-such-distribution-copperplate") is None
