"""The subcommands, one module each: ``register(sub)`` adds its parser, whose ``func``
runs it. A new command is a new module and one line in ``COMMANDS``."""

from __future__ import annotations

from types import ModuleType

from generator.commands import (
    build,
    checks,
    compare,
    convert,
    diff,
    export,
    fetch,
    lint,
    listing,
    new,
    new_variant,
    pieces,
    preview,
    replay,
    report,
    simulate,
    studio,
    validate,
    watch,
)

COMMANDS: list[ModuleType] = [
    listing,
    checks,
    validate,
    build,
    simulate,
    new,
    export,
    preview,
    watch,
    lint,
    diff,
    new_variant,
    replay,
    compare,
    report,
    pieces,
    convert,
    studio,
    fetch,
]
