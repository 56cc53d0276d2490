"""The board graph read from ``board.yaml``: lookups the checks and the rules share.

Movement (rulebook "Movement", "Mining", "Ladders & Finish"): tokens move forward along
``next``; a token of colour c at its own Square of Safety turns onto its ladder, others
go on round the track; only a token that *starts* its move on a district entrance may
step into the district; inside a district tokens move forward or backward, and the
passages under the ladders join the last mine of one district to the first of the next.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from generator.games.kings_of_copper.model import KingsOfCopperData, Passage, Space

DISTRICT_KINDS = ("octagon", "mine")

Route = tuple[str, tuple[str, ...], bool]  # end, mines its passages need, under own ladder


@dataclass
class Board:
    spaces: dict[str, Space]
    passages: list[Passage]
    safe_kinds: frozenset[str]
    colors: list[str]
    back: dict[str, list[str]] = field(default_factory=dict)  # district predecessors
    _kinds: dict[tuple[str, str | None], list[str]] = field(default_factory=dict)
    _steps: dict[tuple[str, str, bool], list[str]] = field(default_factory=dict)
    _passage_steps: dict[tuple[str, bool], list[tuple[int, Passage]]] = field(
        default_factory=dict)
    _paths: dict[tuple[str, str, int, bool, bool], list[tuple[str, tuple[int, ...]]]] = field(
        default_factory=dict)
    _routes: dict[tuple[str, str, int, bool, bool], list[Route]] = field(default_factory=dict)
    _safe: dict[str, bool] = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: KingsOfCopperData) -> Board:
        b = data.board
        board = cls({s.id: s for s in b.spaces}, list(b.passages), frozenset(b.safe_kinds),
                    [c.id for c in b.colors])
        for space in b.spaces:
            for nxt in space.next:
                target = board.spaces.get(nxt)
                if target is not None and target.kind in DISTRICT_KINDS and \
                        space.kind in DISTRICT_KINDS:
                    board.back.setdefault(nxt, []).append(space.id)
        return board

    def of_kind(self, kind: str, color: str | None = None) -> list[str]:
        key = (kind, color)
        if key not in self._kinds:  # the board never changes: look each answer up once
            self._kinds[key] = [s.id for s in self.spaces.values()
                                if s.kind == kind and (color is None or s.color == color)]
        return self._kinds[key]

    def start(self, color: str) -> str:
        return self.of_kind("start", color)[0]

    def finish(self, color: str) -> str:
        return self.of_kind("finish", color)[0]

    def first(self, color: str) -> str:
        return self.of_kind("first", color)[0]

    def is_safe(self, space_id: str) -> bool:
        if not self._safe:  # every landing asks: one table, filled once
            self._safe = {s.id: s.kind in self.safe_kinds for s in self.spaces.values()}
        return self._safe[space_id]

    def in_district(self, space_id: str) -> str | None:
        space = self.spaces[space_id]
        return space.district if space.kind in DISTRICT_KINDS else None

    def forward(self, space_id: str, color: str, first_step: bool) -> list[str]:
        """Where one forward step can go from ``space_id`` for a token of ``color``."""
        key = (space_id, color, first_step)
        if key not in self._steps:
            self._steps[key] = self._forward(space_id, color, first_step)
        return self._steps[key]

    def _forward(self, space_id: str, color: str, first_step: bool) -> list[str]:
        space = self.spaces[space_id]
        out = []
        for nxt in space.next:
            target = self.spaces[nxt]
            if target.kind == "rung" and target.color != color:
                continue  # only your own ladder
            if space.kind == "safety" and space.color == color and target.kind != "rung":
                continue  # your own Square of Safety turns you onto your ladder
            if space.kind == "entrance" and target.kind in DISTRICT_KINDS and not first_step:
                continue  # you enter a district only from a turn begun on its entrance
            out.append(nxt)
        return out

    def passage_steps(self, space_id: str, forward: bool) -> list[Passage]:
        """Passages leaving ``space_id`` in the direction of travel."""
        return [p for _, p in self._numbered_passages(space_id, forward)]

    def _numbered_passages(self, space_id: str, forward: bool) -> list[tuple[int, Passage]]:
        key = (space_id, forward)
        if key not in self._passage_steps:
            end = 0 if forward else 1
            self._passage_steps[key] = [(i, p) for i, p in enumerate(self.passages)
                                        if p.mines[end] == space_id]
        return self._passage_steps[key]

    def paths(self, origin: str, color: str, steps: int, forward: bool,
              enter: bool = True) -> list[tuple[str, tuple[int, ...]]]:
        """Every end of an exact ``steps``-step move, with the passages (by index) it uses;
        whether those passages are open is the game's business. ``enter``: a move begun on
        a head frame may step into its district. Cached: boards are fixed, and each move
        one step longer than another goes on from that one's ends."""
        key = (origin, color, steps, forward, enter)
        if key not in self._paths:
            before: list[tuple[str, tuple[int, ...]]] = [(origin, ())] if steps <= 0 else \
                self.paths(origin, color, steps - 1, forward, enter)
            self._paths[key] = before if steps <= 0 else sorted(
                {step for here, used in before
                 for step in self._one_step(here, used, color, steps == 1 and enter, forward)})
        return self._paths[key]

    def routes(self, origin: str, color: str, steps: int, forward: bool,
               enter: bool = True) -> list[Route]:
        """``paths`` as movement reads them: each end with the mines its passages need
        (a passage is closed while either of its mines stands empty) and whether a passage
        runs under ``color``'s own ladder. Cached: the rules ask this for every token at
        every roll."""
        key = (origin, color, steps, forward, enter)
        if key not in self._routes:
            self._routes[key] = [self._route(dest, used, color)
                                 for dest, used in self.paths(*key)]
        return self._routes[key]

    def _route(self, dest: str, used: tuple[int, ...], color: str) -> Route:
        passages = [self.passages[i] for i in used]
        needs = tuple(dict.fromkeys(m for p in passages for m in p.mines))
        return dest, needs, any(p.under_ladder == color for p in passages)

    def _one_step(self, here: str, used: tuple[int, ...], color: str, first: bool,
                  forward: bool) -> list[tuple[str, tuple[int, ...]]]:
        ahead = self.forward(here, color, first) if forward else self.back.get(here, [])
        out = [(n, used) for n in ahead]
        for i, p in self._numbered_passages(here, forward):
            out.append((p.mines[1 if forward else 0], used + (i,)))
        return out

    def reachable(self, origin: str) -> set[str]:
        """Every space reachable from ``origin`` along next edges and passages."""
        seen = {origin}
        todo = deque([origin])
        while todo:
            here = todo.popleft()
            nxt = list(self.spaces[here].next) + [p.mines[1] for p in self.passage_steps(
                here, True)] + [p.mines[0] for p in self.passage_steps(here, False)]
            for n in nxt:
                if n in self.spaces and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def route_length(self, color: str) -> int | None:
        """Fewest steps a token of ``color`` needs from its First Square to its Finish."""
        goal, origin = self.finish(color), self.first(color)
        dist = {origin: 0}
        todo = deque([origin])
        while todo:
            here = todo.popleft()
            for n in self.forward(here, color, first_step=True):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    todo.append(n)
        return dist.get(goal)

    def distance_to_finish(self, color: str) -> dict[str, int]:
        """Steps from every space to ``color``'s Finish along the track (for bots)."""
        rev: dict[str, list[str]] = {}
        for space in self.spaces.values():
            for n in self.forward(space.id, color, first_step=True):
                rev.setdefault(n, []).append(space.id)
        goal = self.finish(color)
        dist = {goal: 0}
        todo = deque([goal])
        while todo:
            here = todo.popleft()
            for p in rev.get(here, []):
                if p not in dist:
                    dist[p] = dist[here] + 1
                    todo.append(p)
        return dist
