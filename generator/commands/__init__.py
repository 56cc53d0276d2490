"""The subcommands, one module each: ``register(sub)`` adds its parser, whose ``func``
runs it. A new command is a new module and one line in ``generator.cli.COMMANDS``."""
