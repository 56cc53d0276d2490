"""Copperplate: print-and-play components and rules verification for five Old-West games."""

__version__ = "0.1.0"
INTERRUPTED = "copperplate: interrupted"  # Ctrl-C, said in one line wherever it lands
