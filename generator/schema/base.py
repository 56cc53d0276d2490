"""The base model and the small value types every component file shares."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

SLUG_RE = r"^[a-z0-9][a-z0-9-]*$"
Slug = Annotated[str, StringConstraints(pattern=SLUG_RE, max_length=64)]
"""An id: lower-case letters, digits and dashes (kebab-case)."""


def empty_list() -> list[Any]:
    """A field's default, a new empty list. Every model field with a default factory has
    pydantic read the factory's signature, and a builtin's (``list``, ``dict``) is parsed
    from its text each time (about 0.4 ms a field, some 150 fields a cold ``validate``)."""
    return []


def empty_dict() -> dict[Any, Any]:
    """A field's default, a new empty dict (``empty_list``)."""
    return {}


class Model(BaseModel):
    """Strict by default: unknown keys are errors (the loader adds "did you mean").

    A model's validator is built when it is first needed (``defer_build``): a game's file
    models and their parts are only ever validated inside the game's root model, which
    builds them into its own validator once; built each on its own as well, each level of
    nesting compiled its whole subtree again (about 40 M instructions of a cold
    ``validate``'s 4.7 G). ``EAGER`` models are built at once: those every game's root
    shares (built once, not once per game) and those whose instances are dumped on their
    own (faces and pieces, for their templates)."""

    model_config = ConfigDict(extra="forbid", validate_default=True, defer_build=True)


EAGER = ConfigDict(defer_build=False)
"""The ``model_config`` of a model built at once (``Model``)."""


def _safe_relative(value: str) -> str:
    parts = re.split(r"[\\/]", value)
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value) or ".." in parts:
        raise ValueError(f"'{value}' must be a path inside the game's template folder")
    if not value or any(p in ("", ".") for p in parts):
        raise ValueError(f"'{value}' is not a clean relative path")
    return value


TemplateRef = Annotated[str, StringConstraints(max_length=200), AfterValidator(_safe_relative)]
"""A template file name, relative to ``templates/<game>/`` (or ``templates/_shared/``)."""
