"""The final table of a simulated game: the board sheet template, filled in as pencilled."""

from __future__ import annotations

from typing import Any

from generator.data.components import BUNDLED_TEMPLATES
from generator.engine.api import State
from generator.games.copperdale import scoring
from generator.games.copperdale.scoring import measures, prosperity
from generator.games.copperdale.state import CopperdalePosition
from generator.render.svg import environment


def marks(s: CopperdalePosition) -> dict[str, Any]:
    """What a player would have written on the sheet by now."""
    t = s.t
    medals = scoring.medals(s)
    return {
        "months_done": s.turn_count(),
        "occupations": [list(v) for v in s.occupations],
        "skills": [_skill(s, i) for i in range(len(s.occupations))],
        "prosperity": prosperity(t, s), "levels": measures(t, s)["prosperity-levels"],
        "districts": [list(v) for v in s.districts],
        "estates": [c is not None for c in s.estates],
        "monuments": [[c is not None for c in spaces] for spaces in s.monuments],
        "population": list(s.population), "borders": list(s.borders),
        "medals": medals, "total": sum(medals.values()),
    }


def _skill(s: CopperdalePosition, i: int) -> str:
    if len(s.occupations[i]) < s.t.occupation_spaces:
        return "open"
    return "unlocked" if s.skill(i) else "struck"


def picture(state: State) -> str:
    assert isinstance(state, CopperdalePosition)
    data = state.t.data
    piece = data.board.pieces[0]
    w, h = piece.size_mm
    env = environment((BUNDLED_TEMPLATES / "copperdale", BUNDLED_TEMPLATES))
    return env.get_template(piece.template).render(
        face=piece.faces[0].model_dump(mode="json"),
        piece=piece.model_dump(mode="json", exclude={"faces"}), w=w, h=h, bleed=0.0,
        side="front", copy=1, game=data.game.model_dump(mode="json"), data=data,
        marks=marks(state))
