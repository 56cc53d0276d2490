"""Every card (or tile, chip…) a rules file plays with: one numbered instance per printed
copy, in the order of the component files, with its face's fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

SKIP = {"count", "template", "back", "source"}  # printing details, not fields of play


@dataclass
class CardTable:
    faces: list[str] = field(default_factory=list)  # card -> its face id
    pieces: list[str] = field(default_factory=list)  # card -> its piece id
    columns: dict[str, list[Any]] = field(default_factory=dict)  # field -> value by card
    labels: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, pieces: Sequence[tuple[str | None, list[dict[str, Any]]]]) -> CardTable:
        table = cls()
        rows: list[dict[str, Any]] = []
        for piece, faces in pieces:
            for face in faces:
                for _ in range(int(face.get("count", 1))):
                    table.faces.append(str(face["id"]))
                    table.pieces.append(str(piece))
                    rows.append(face)
        names = sorted({k for row in rows for k in row if k not in SKIP})
        for name in names:
            table.columns[name] = [row.get(name, 0) for row in rows]
        table.labels = [str(row.get("title") or row.get("name") or row["id"]) for row in rows]
        return table

    def __len__(self) -> int:
        return len(self.faces)
