"""Counting a function's calls in a test: each call still made, its arguments noted."""

from __future__ import annotations

from typing import Any

import pytest


def calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str
          ) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Each call of ``owner.name`` from now on (its arguments), until the test ends."""
    seen: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    real = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        seen.append((args, kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return seen
