"""``copperplate studio``: the designer's desk in a browser.

``deck`` holds one game as the studio shows it (faces with their printed words, the deck
as a table, problems at their cells); ``writeback`` writes an edit into the YAML file or
the sheet it came from; ``app`` is the Starlette application (host check, a token for
every write); ``generator.commands.studio`` serves it with uvicorn on 127.0.0.1.
"""
