"""Boomtown Builders in two forms, side by side: the ``boomtown`` starter's compiled rules
and the bundled hand-written engine (the basic game, or with its option ``terrain`` the
advanced game with Terrain Cards, as the engine's ``terrain=True``). Each names
the same things differently; here both are put in the engine's terms: a card number is
its face id, a place ``row * 9 + column``; the engine's chance draws are by face id
(weighted by copies), the compiled game's by card (each copy alike), so a compiled draw is
mapped to its face's id; the engine places a Track Token as a chance node of one outcome,
which the compiled game places at once (taken on the engine's side when it comes); a
Terrain Card's place is a roll over the town's places (the place's number)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from generator.engine.api import CHANCE
from generator.games.boomtown_builders.rules import BoomtownGame, BoomtownState
from generator.games.boomtown_builders.town import BUILDING, HIDEOUT, TERRAIN
from generator.rulesfile.game import RulesGame
from generator.rulesfile.rollplace import PLACES
from generator.rulesfile.state import RulesState

COLUMNS, ROWS = 9, 10


def engine_view(st: BoomtownState) -> dict[str, Any]:
    b = st.b
    town: dict[int, Any] = {}
    for i, lot in enumerate(b.lots):
        if lot.kind == BUILDING:
            town[i] = ("building", lot.name, lot.owner, lot.size)
        elif lot.kind == HIDEOUT and lot.name:
            town[i] = ("hideout", lot.name)
        elif lot.kind == TERRAIN:
            town[i] = ("terrain", lot.name)
    # the basic game leaves the Terrain Cards in their pile, unused
    terrains = +Counter(b.terrain_pool) if b.terrain else Counter(st.tables.terrain_deck)
    return {"town": town, "tokens": list(b.tokens), "draft": sorted(b.draft),
            "deck": +Counter(b.deck), "hideouts": +Counter(b.hideout_pool),
            "terrains": terrains,
            "cubes": [+Counter(c) for c in b.cubes]}


def rules_view(st: RulesState) -> dict[str, Any]:
    table = st.prog.table
    face, piece = table.faces, table.pieces
    size = table.columns["size"]
    base = st.zone_slot["town"]
    town: dict[int, Any] = {}
    tokens: dict[int, int] = {}
    for place in range(COLUMNS * ROWS):
        cards = st.zones[base + place]
        kinds = {piece[c]: c for c in cards}
        if "buildings" in kinds:
            card = kinds["buildings"]
            chit = kinds.get("investments")
            town[place] = ("building", face[card], st.by[card],
                           size[chit] if chit is not None else "")
        elif "hideouts" in kinds:
            town[place] = ("hideout", face[kinds["hideouts"]])
        elif "terrain" in kinds:
            town[place] = ("terrain", face[kinds["terrain"]])
        if "track-tokens" in kinds:
            tokens[place // COLUMNS] = place % COLUMNS
    supply = st.zone_slot["supply"]
    return {"town": town, "tokens": [tokens[r] for r in sorted(tokens)],
            "draft": sorted(face[c] for c in st.zones[st.zone_slot["draft"]]),
            "deck": Counter(face[c] for c in st.zones[st.zone_slot["deck"]]),
            "hideouts": Counter(face[c] for c in st.zones[st.zone_slot["hideouts"]]),
            "terrains": Counter(face[c] for c in st.zones[st.zone_slot["terrains"]]),
            "cubes": [Counter(size[c] for c in st.zones[supply + s])
                      for s in range(st.players)]}


def in_engine_terms(st: RulesState, action: Any) -> Any:
    """A compiled game's action as the engine writes it."""
    table = st.prog.table
    if st.current_player() == CHANCE and st.pending[3] == PLACES:
        return "terrain-at", action // COLUMNS, action % COLUMNS
    if st.current_player() == CHANCE:
        kind = {"buildings": "draw", "hideouts": "reveal",
                "terrain": "terrain"}[table.pieces[action]]
        return kind, table.faces[action]
    if action[0] == "build":
        return "build", table.faces[action[1]], action[2] // COLUMNS, action[2] % COLUMNS
    if action[0] == "invest":
        return "invest", table.columns["size"][action[1]]
    return action


def settle(engine: BoomtownState) -> None:
    """Take the engine's Track Token placements (a chance node of one outcome)."""
    while engine.current_player() == CHANCE and engine.b.phase == "track":
        engine.apply_action(engine.legal_actions()[0])


def chances(st: RulesState) -> dict[Any, float]:
    """The compiled game's chance outcomes in the engine's terms, with their
    probabilities (the copies of a face drawn added up)."""
    out: dict[Any, float] = {}
    for action, p in st.chance_outcomes():
        key = in_engine_terms(st, action)
        out[key] = out.get(key, 0.0) + p
    return out


def agree(game: RulesGame, bundled: BoomtownGame, players: int, seed: int) -> int:
    """One seeded random game played on both, compared at every step; its length."""
    rng = random.Random(seed)
    rules, engine = game.new_initial_state(players), bundled.new_initial_state(players)
    steps = 0
    while True:
        settle(engine)
        assert rules_view(rules) == engine_view(engine), (seed, steps)
        if rules.is_terminal():
            break
        assert rules.current_player() == engine.current_player(), (seed, steps)
        legal = rules.legal_actions()
        mapped = sorted({in_engine_terms(rules, a) for a in legal})
        assert mapped == sorted(engine.legal_actions()), (seed, steps)
        if rules.current_player() == CHANCE:
            mine, theirs = chances(rules), dict(engine.chance_outcomes())
            assert mine.keys() == theirs.keys() and all(
                math.isclose(p, theirs[a]) for a, p in mine.items()), (seed, steps)
        action = rng.choice(legal)
        engine.apply_action(in_engine_terms(rules, action))
        rules.apply_action(action)
        steps += 1
    assert engine.is_terminal() and rules.invariants() == []
    assert rules.returns() == engine.returns(), seed
    assert rules.winners() == engine.winners(), seed
    return steps
