"""Medal arithmetic: what each source can give (for the data checks) and what a finished
sheet earns (for the rules). Rulebook, Ending the Game."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from generator.games.copperdale.model import BoardFile, Measure
from generator.games.copperdale.tables import MEASURES, Tables

if TYPE_CHECKING:
    from generator.games.copperdale.state import CopperdalePosition


def measure_ceiling(board: BoardFile, measure: Measure) -> int:
    """The most a measure can ever count on this board (before a source's own cap)."""
    return {
        "masons-estates": board.skills.masons.medals,
        "prosperity-levels": len(board.prosperity_levels),
        "completed-districts": board.districts.count,
        "full-population-suits": len(board.population),
        "full-border-suits": len(board.borders),
        "unique-population-suits": len(board.population),
        "unique-border-suits": len(board.borders),
    }[measure]


def medal_ceiling(board: BoardFile) -> int:
    """Every medal the sheet can award: each source and monument, capped by what it counts."""
    sources = [(m.counts, m.max_medals) for m in board.medals]
    sources += [(m.bonus, m.max_medals) for m in board.monuments]
    return sum(min(cap, measure_ceiling(board, measure)) for measure, cap in sources)


def prosperity(t: Tables, s: CopperdalePosition) -> int:
    """All numbers written in Occupation spaces, plus the Merchants bonus if unlocked."""
    if s.skills_done & t.merchants_bit:
        return s.prosperity_sum + t.merchants_bonus
    return s.prosperity_sum


def measures(t: Tables, s: CopperdalePosition, level: int | None = None) -> dict[str, int]:
    """What each end bonus counts on this sheet right now (``level``: its prosperity, if
    already known)."""
    return dict(zip(MEASURES, counts(t, s, level), strict=True))


def counts(t: Tables, s: CopperdalePosition, level: int | None = None) -> list[int]:
    """``measures`` as a list in ``MEASURES`` order (``Tables.medal_plan`` indexes it),
    read off the sheet's running counts: every standing and every greedy look-ahead asks."""
    done = s.skills_done
    if level is None:  # ``prosperity``, spelled out
        level = s.prosperity_sum + t.merchants_bonus if done & t.merchants_bit else s.prosperity_sum
    masons = t.masons_medals if done & t.masons_bit and s.estates_filled == t.estate_count else 0
    full_population, full_borders = s.population_full, s.borders_full
    if t.unique_suit_full:
        unique_population, unique_borders = full_population, full_borders
    else:  # a suit begun counts
        unique_population, unique_borders = s.population_begun, s.borders_begun
    # the levels reached: those at or below ``level`` (``level_steps`` is them sorted)
    return [masons, bisect_right(t.level_steps, level), s.districts_done,
            full_population, full_borders, unique_population, unique_borders]


def monument_complete(t: Tables, s: CopperdalePosition, m: int) -> bool:
    """Four filled spaces (three with the Artisans skill, whenever it was unlocked)."""
    return s.monuments_filled[m] >= _monument_need(t, s)


def _monument_need(t: Tables, s: CopperdalePosition) -> int:
    if s.skills_done & t.artisans_bit:
        return t.artisans_spaces
    return t.monument_spaces


def medal_breakdown(t: Tables, s: CopperdalePosition,
                    counted: list[int] | None = None) -> dict[str, int]:
    """Medals per source as if the game ended now (monuments count only when complete);
    ``counted``: the sheet's ``counts``, if already known."""
    counted = counted or counts(t, s)
    need = _monument_need(t, s)
    filled = s.monuments_filled
    return {source[0]: min(cap, counted[measure])
            if monument < 0 or filled[monument] >= need else 0
            for source, (measure, cap, monument) in zip(t.medal_sources, t.medal_plan,
                                                         strict=True)}


def medal_sum(t: Tables, s: CopperdalePosition, counted: list[int] | None = None) -> int:
    """All the medals of ``medal_breakdown``, added up (without the dict: every standing
    and every greedy look-ahead asks)."""
    counted = counted or counts(t, s)
    total = 0
    for measure, cap in t.sheet_plan:
        n = counted[measure]
        total += n if n < cap else cap
    # a monument counts only when complete (``_monument_need``, spelled out)
    need = t.artisans_spaces if s.skills_done & t.artisans_bit else t.monument_spaces
    filled = s.monuments_filled
    for measure, cap, monument in t.monument_plan:
        if filled[monument] >= need:
            n = counted[measure]
            total += n if n < cap else cap
    return total


def medals(s: CopperdalePosition) -> dict[str, int]:
    """Medals per source on this sheet (monuments count only when complete)."""
    return medal_breakdown(s.t, s)


def returns(s: CopperdalePosition) -> list[float]:
    """The one seat's result: its medals."""
    return [float(medal_sum(s.t, s))]
