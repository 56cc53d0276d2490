"""Medal arithmetic: what each source can give (for the data checks) and what a finished
sheet earns (for the rules). Rulebook, Ending the Game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.copperdale.model import BoardFile, Measure

if TYPE_CHECKING:
    from generator.games.copperdale.state import CopperdalePosition
    from generator.games.copperdale.tables import Tables


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
    total = sum(map(sum, s.occupations))
    if s.skill(t.skill_index["merchants"]):
        total += t.merchants_bonus
    return total


def measures(t: Tables, s: CopperdalePosition, level: int | None = None) -> dict[str, int]:
    """What each end bonus counts on this sheet right now (``level``: its prosperity, if
    already known)."""
    level = prosperity(t, s) if level is None else level
    estates_full = None not in s.estates
    return {
        "masons-estates": t.masons_medals if estates_full and s.skill(t.skill_index["masons"])
        else 0,
        "prosperity-levels": sum(map(level.__ge__, t.prosperity_levels)),
        "completed-districts": sum(map(s.district_complete, range(t.district_count))),
        "full-population-suits": _suits(s.population, t.population_caps, True),
        "full-border-suits": _suits(s.borders, t.border_caps, True),
        "unique-population-suits": _suits(s.population, t.population_caps,
                                          t.unique_suit_full),
        "unique-border-suits": _suits(s.borders, t.border_caps, t.unique_suit_full),
    }


def _suits(filled: list[int], caps: tuple[int, ...], full: bool) -> int:
    """Suits filled in: every space of the suit, or (``full`` off) at least one."""
    return sum(map(int.__ge__, filled, caps)) if full else sum(map((1).__le__, filled))


def monument_complete(t: Tables, s: CopperdalePosition, m: int) -> bool:
    """Four filled spaces (three with the Artisans skill, whenever it was unlocked)."""
    return _filled(s.monuments[m]) >= _monument_need(t, s)


def _monument_need(t: Tables, s: CopperdalePosition) -> int:
    return t.artisans_spaces if s.skill(t.skill_index["artisans"]) else t.monument_spaces


def _filled(spaces: list[int | None]) -> int:
    return len(spaces) - spaces.count(None)


def medal_breakdown(t: Tables, s: CopperdalePosition,
                    counted: dict[str, int] | None = None) -> dict[str, int]:
    """Medals per source as if the game ended now (monuments count only when complete)."""
    counted = counted or measures(t, s)
    need = _monument_need(t, s)
    monuments = s.monuments
    return {source_id: min(cap, counted[measure])
            if monument < 0 or len(monuments[monument]) - monuments[monument].count(None) >= need
            else 0 for source_id, _name, measure, cap, monument in t.medal_sources}


def medals(s: CopperdalePosition) -> dict[str, int]:
    """Medals per source on this sheet (monuments count only when complete)."""
    return medal_breakdown(s.t, s)


def returns(s: CopperdalePosition) -> list[float]:
    """The one seat's result: its medals."""
    return [float(sum(medal_breakdown(s.t, s).values()))]
