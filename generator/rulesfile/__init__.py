"""Rules as data: a game of your own described in rules.yaml, compiled to the State API."""

RULES_FILE = "rules.yaml"
"""The file that makes a game of one's own playable (read by ``rulesfile.hook``)."""
