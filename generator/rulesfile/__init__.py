"""Rules as data: a game of your own described in rules.yaml, compiled to the State API."""
