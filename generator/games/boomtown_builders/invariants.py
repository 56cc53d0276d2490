"""The rule invariants checked after every action of a simulated game (kept cheap)."""

from __future__ import annotations

from generator.games.boomtown_builders.state import BoomtownPosition
from generator.games.boomtown_builders.town import BUILDING, TERRAIN, is_mountain


def broken(state: BoomtownPosition) -> list[str]:
    return _cubes(state) + _cards(state) + _rows(state) + _tokens(state)


def _cubes(state: BoomtownPosition) -> list[str]:
    """Cubes are conserved: each size a player owns is in hand or on one building."""
    b, out = state.b, []
    placed = [{s.id: 0 for s in state.tables.sizes} for _ in range(b.players)]
    for lot in b.lots:
        if lot.size:
            placed[lot.owner][lot.size] += 1
    for seat in range(b.players):
        for size in state.tables.sizes:
            have = b.cubes[seat][size.id] + placed[seat][size.id]
            if have != size.per_player or b.cubes[seat][size.id] < 0:
                out.append(f"P{seat + 1} has {have} {size.id} cubes, not {size.per_player}")
    return out


def _cards(state: BoomtownPosition) -> list[str]:
    """Building Cards are conserved (deck + draft + town = the whole deck), so no
    building was lost under another: one building per location."""
    b = state.b
    built = sum(lot.kind == BUILDING for lot in b.lots)
    total = sum(b.deck.values()) + len(b.draft) + built
    deck = sum(face.count for face in state.tables.cards.values())
    if total != deck or any(n < 0 for n in b.deck.values()):
        return [f"{total} Building Cards in play, not {deck}"]
    uninvested = [i for i, lot in enumerate(b.lots) if lot.kind == BUILDING and not lot.size]
    if uninvested not in ([], [b.pending]):
        return [f"buildings without a cube at lots {uninvested}"]
    return []


def _rows(state: BoomtownPosition) -> list[str]:
    """No building went up in a row that already had its Track Token."""
    cols = state.tables.columns
    return [f"building at row {i // cols + 1} was built after its row was tracked"
            for i, lot in enumerate(state.b.lots)
            if lot.kind == BUILDING and i // cols < lot.tracked]


def _tokens(state: BoomtownPosition) -> list[str]:
    """Tokens lie on the board, never on a Mountain; every row is tracked at the end."""
    t, b, out = state.tables, state.b, []
    if len(b.tokens) > t.rows or not 0 <= b.train < t.columns:
        out.append(f"{len(b.tokens)} tokens on {t.rows} rows, train at column {b.train + 1}")
    for row, col in enumerate(b.tokens):
        if not 0 <= col < t.columns or is_mountain(t, b.lots, row, col):
            out.append(f"Track Token of row {row + 1} is off the board or on a Mountain")
    if b.phase == "over" and len(b.tokens) != t.rows:
        out.append(f"the game ended with {len(b.tokens)} of {t.rows} rows tracked")
    terrain = sum(lot.kind == TERRAIN for lot in b.lots)
    expected = (t.terrain_placed[b.players] if b.terrain else 0) - b.terrain_left
    if terrain != expected:
        out.append(f"{terrain} Terrain Cards on the board, expected {expected}")
    return out
