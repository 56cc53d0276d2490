"""Everything the reference game reads from the validated data, gathered once per game.

Rules code never repeats a number: prices, tables and counts come from here, which
comes from ``rules.yaml`` and the component files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.games.kings_of_copper.board import Board, Route
from generator.games.kings_of_copper.model import (
    CharacterFace,
    ChipFace,
    EventFace,
    KingsOfCopperData,
    RulesFile,
)
from generator.schema.pieces import FaceT, PieceFileOf

BLUE, GREEN = "blue", "green"
START, FINISH = "start", "finish"  # where a token is when it is on no space
# destination -> every way there passes under your own ladder; in destination order (the
# legal moves come out sorted without sorting them) and shared, so never changed
Walk = Mapping[str, bool]


def walk(ways: Iterable[tuple[str, bool]]) -> Walk:
    """Ways merged by destination: cursed only if every way there is."""
    found: dict[str, bool] = {}
    for dest, cursed in ways:
        found[dest] = found.get(dest, True) and cursed
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class Ways:
    """The ways of one move (a space, a colour, a number of steps), split by whether a
    position can close them: ways through passages are open only while their mines are
    not empty (Mining)."""

    free: Walk  # ends reached on the track alone
    gated: tuple[Route, ...]  # ends through passages, looked at in each position

    @classmethod
    def of(cls, routes: list[Route]) -> Ways:
        return cls(walk((d, cursed) for d, needs, cursed in routes if not needs),
                   tuple(r for r in routes if r[1]))


@dataclass(frozen=True)
class Chip:
    id: str
    layer: str  # BLUE (Mining) or GREEN (Prospecting)
    value: int
    sort: str  # ore, sapphire, fools-gold

    @property
    def sapphire(self) -> bool:
        return self.sort == "sapphire"


# a space's Ways by number of steps: (for a move begun elsewhere, for one begun there)
Charted = tuple[tuple[Ways, ...], tuple[Ways, ...]]


@dataclass
class Tables:
    data: KingsOfCopperData
    rules: RulesFile
    board: Board
    chips: dict[str, Chip] = field(default_factory=dict)
    chip_counts: dict[str, int] = field(default_factory=dict)  # face id -> copies
    layer_counts: dict[str, dict[str, int]] = field(default_factory=dict)  # layer -> those
    events: dict[str, EventFace] = field(default_factory=dict)
    event_counts: dict[str, int] = field(default_factory=dict)
    characters: dict[str, CharacterFace] = field(default_factory=dict)
    mines: list[str] = field(default_factory=list)  # mine space ids, board order
    title_of: dict[str, str] = field(default_factory=dict)  # mine -> title id
    mine_of: dict[str, str] = field(default_factory=dict)  # title id -> mine
    title_names: dict[str, str] = field(default_factory=dict)
    money_supply: int = 0
    anaconda_value: int = 0
    titles_in_order: list[tuple[str, str]] = field(default_factory=list)  # (title, mine)
    prices_in_order: list[int] = field(default_factory=list)  # a Title's prices in trade
    swap_money: tuple[int, ...] = ()  # with a swap, either way: + the offerer pays
    # every offer of a Title, by price, and every swap, by money, made as play asks:
    # (title, seller) or (given title, title, seller) -> the actions, amounts ascending
    deals: dict[tuple[Any, ...], tuple[Any, ...]] = field(default_factory=dict)
    to_finish: dict[str, dict[str, int]] = field(default_factory=dict)  # colour -> steps
    # colour -> space (and Start, Finish) -> steps a token there has come from Start
    come: dict[str, dict[str, int]] = field(default_factory=dict)
    chip_mean: dict[str, float] = field(default_factory=dict)  # layer -> mean chip value
    # movement's ways across the board, charted before play: colour -> space -> Charted
    ways: dict[str, dict[str, Charted]] = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: KingsOfCopperData) -> Tables:
        t = cls(data, data.rules, Board.from_data(data))
        for layer, file in ((BLUE, data.mining_chips), (GREEN, data.prospecting_chips)):
            for face in _faces(file):
                t.chips[face.id] = Chip(face.id, layer, face.value, face.sort)
                t.chip_counts[face.id] = t.chip_counts.get(face.id, 0) + face.count
        for ev in _faces(data.events):
            t.events[ev.id] = ev
            t.event_counts[ev.id] = t.event_counts.get(ev.id, 0) + ev.count
        t.characters = {c.id: c for c in _faces(data.characters)}
        t.mines = [s.id for s in data.board.spaces if s.kind == "mine"]
        t.title_of = {s.id: s.title or "" for s in data.board.spaces if s.kind == "mine"}
        t.mine_of = {title: mine for mine, title in t.title_of.items()}
        t.titles_in_order = sorted(t.mine_of.items())
        t.prices_in_order = sorted(data.rules.trade.prices)
        t.swap_money = tuple(sorted({m for v in data.rules.trade.swap_money for m in (v, -v)}))
        t.title_names = {f.id: f.name or f.id for p in data.titles.pieces for f in p.faces}
        t.money_supply = sum(f.value * f.count for p in data.money.pieces for f in p.faces)
        t.anaconda_value = sum(f.value for f in _faces(data.anaconda_sapphire))
        t.to_finish = {c: t.board.distance_to_finish(c) for c in t.board.colors}
        t.come = {c: t.steps_come(c) for c in t.board.colors}
        t.layer_counts = {layer: t.layer_chips(layer) for layer in (BLUE, GREEN)}
        for layer in (BLUE, GREEN):
            counts = t.layer_counts[layer]
            t.chip_mean[layer] = sum(t.chips[c].value * n for c, n in counts.items()) / max(
                1, sum(counts.values()))
        return t

    def steps_come(self, color: str) -> dict[str, int]:
        """Steps come along the track: the whole route at Finish, none at Start (or on a
        space off the colour's track)."""
        dist = self.to_finish[color]
        full = dist[self.board.first(color)] + 1
        come = {space: full - dist.get(space, full) for space in self.board.spaces}
        return {**come, START: 0, FINISH: full}

    def layer_chips(self, layer: str) -> dict[str, int]:
        return {c: n for c, n in self.chip_counts.items() if self.chips[c].layer == layer}

    def district(self, mine: str) -> str:
        return self.board.spaces[mine].district or ""


def _faces(file: PieceFileOf[FaceT]) -> list[FaceT]:
    return [face for piece in file.pieces for face in piece.faces]


__all__ = ["BLUE", "GREEN", "Chip", "ChipFace", "Tables", "Charted", "Walk", "Ways", "walk"]
