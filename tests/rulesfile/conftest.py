"""Every starter game compiled once for the rules-file tests."""

from __future__ import annotations

from typing import Any

import pytest

from rulesfile.starters import STARTERS, starter


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Starter name -> (its compiled game, its cards read straight from the YAML)."""
    return {name: starter(tmp_path_factory, name, piece) for name, piece in STARTERS.items()}
