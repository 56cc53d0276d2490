"""What the checks of Copperdale share."""

from __future__ import annotations

from typing import Any

from generator.checks import Reporter


def ids_once(report: Reporter, loc: tuple[str, ...], items: list[Any], what: str) -> set[str]:
    """Report every item whose id was used by an earlier one; return the ids seen."""
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item.id in seen:
            report.error(loc + (i, "id"), f"{what} '{item.id}' is listed twice")
        seen.add(item.id)
    return seen
