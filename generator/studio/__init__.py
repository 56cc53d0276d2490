"""``copperplate studio``: the designer's desk in a browser.

``deck`` turns one loaded game into what the studio shows (faces with their printed words,
the deck as a table, problems tied to their cells); ``desk`` keeps that game current
(edits, variant, comparison run, PDF, exports); ``writeback`` writes an edit into the YAML
file or the sheet it came from; ``app`` is the Starlette application (a token for every
write); ``command`` is ``copperplate studio``, served by ``generator.serve`` (uvicorn
on 127.0.0.1, the Host header checked). The console (``generator.cli``) and the studio
are the two front ends: both run the commands, neither is run by them.
"""
