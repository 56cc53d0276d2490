"""Deck composition rules stated in YAML: the part of a rules checker a designer can write
without code. A component file lists them under ``composition:``; each applies to the
pieces of that file (or to the one named by ``piece``). docs/composition.md has examples.

Exactly one kind per rule:

- ``count``: printed copies of the faces that match ``where`` (``per: FIELD``: for each
  value of that field separately; ``values``: those values must all be there)
- ``copies``: each matching face's own ``count``
- ``unique``: no two matching faces share a value of this field
- ``sum``: a field's total over every printed copy
- ``pairing``: a field's pair of values must be neighbours in ``adjacent_in`` (a ring
  with ``cyclic``), or its value must name a face by ``matches`` (another field, say ``id``)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from generator.files.problems import UNLISTED
from generator.schema.base import EAGER, Model, Slug, empty_dict

Scalar = str | int | float | bool
KINDS = ("count", "copies", "unique", "sum", "pairing")


class Bounds(Model):
    """``exactly``, or ``min`` and/or ``max``."""

    model_config = EAGER

    exactly: float | None = None
    min: float | None = None
    max: float | None = None
    where: dict[str, Scalar] = Field(default_factory=empty_dict)

    @model_validator(mode="after")
    def _some_bound(self) -> Bounds:
        if self.exactly is None and self.min is None and self.max is None:
            raise ValueError("give 'exactly', 'min' or 'max'")
        if self.exactly is not None and (self.min is not None or self.max is not None):
            raise ValueError("'exactly' cannot be combined with 'min' or 'max'")
        return self

    def broken(self, found: float) -> str | None:
        """What is wrong with ``found``, or None when it is within bounds."""
        if self.exactly is not None and found != self.exactly:
            return f"expected exactly {self.exactly:g}, found {found:g}"
        if self.min is not None and found < self.min:
            return f"expected at least {self.min:g}, found {found:g}"
        if self.max is not None and found > self.max:
            return f"expected at most {self.max:g}, found {found:g}"
        return None


class CountRule(Bounds):
    per: str | None = None
    values: list[Scalar] | None = None


class SumRule(Bounds):
    field: str


class PairingRule(Model):
    model_config = EAGER

    field: str
    adjacent_in: list[Scalar] | None = Field(default=None, min_length=2)
    cyclic: bool = False
    matches: str | None = None

    @model_validator(mode="after")
    def _one_test(self) -> PairingRule:
        if (self.adjacent_in is None) == (self.matches is None):
            raise ValueError("give exactly one of 'adjacent_in' and 'matches'")
        return self


class CompositionRule(Model):
    model_config = EAGER

    id: Slug
    message: str = Field(min_length=1, max_length=200)
    piece: Slug | None = None  # None: every piece of this file
    severity: Literal["error", "warning"] = "error"
    count: CountRule | None = None
    copies: Bounds | None = None
    unique: str | None = None
    sum: SumRule | None = None
    pairing: PairingRule | None = None

    @field_validator("id")
    @classmethod
    def _not_ours(cls, value: str) -> str:
        if value == UNLISTED:  # a deck must not pass for the line that counts problems
            raise ValueError(f"'{UNLISTED}' is the rule of Copperplate's own count line")
        return value

    @model_validator(mode="after")
    def _one_kind(self) -> CompositionRule:
        given = [kind for kind in KINDS if getattr(self, kind) is not None]
        if len(given) != 1:
            raise ValueError(f"a rule has exactly one of {', '.join(KINDS)}"
                             + (f" (this one has {', '.join(given)})" if given else ""))
        return self

    @property
    def kind(self) -> str:
        return next(kind for kind in KINDS if getattr(self, kind) is not None)
