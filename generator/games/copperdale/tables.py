"""The validated data compiled into flat lookup tables the rules read at speed.

Cards are numbered 0..51 (suit-major, in ``deck.yaml`` order); suits by their index in
``deck.suits``. Nothing here is a rule number: everything comes from the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, get_args

from generator.engine.api import Action
from generator.games.copperdale.model import CopperdaleData, Measure

SEGMENTS = ("economy", "infrastructure", "growth")
INFRA_TYPES = ("district", "estate", "monument")
# What a medal source may count, in the order ``scoring.counts`` lists them.
MEASURES: tuple[str, ...] = get_args(Measure)


@dataclass(frozen=True, slots=True)  # slots: the rules read its fields all game long
class Tables:
    suit_names: tuple[str, ...]
    suit_letters: tuple[str, ...]
    card_suit: tuple[int, ...]
    card_value: tuple[int | None, ...]  # None for face cards (value depends on Population)
    card_label: tuple[str, ...]
    card_name: tuple[str, ...]  # "Queen of Hearts", for logs
    face_card_base: int
    months: int
    border_deck: int
    deck_size: int
    occupation_names: tuple[str, ...]
    occupation_spaces: int
    skill_index: dict[str, int]  # skill id -> occupation index
    skill_bit: dict[str, int]  # skill id -> its bit in ``skills_done`` (1 << index)
    prosperity_levels: tuple[int, ...]
    infrastructure_fills: int
    district_count: int
    district_spaces: int
    estate_suits: tuple[tuple[int, ...], ...]
    monument_names: tuple[str, ...]
    monument_suits: tuple[tuple[int, ...], ...]
    monument_spaces: int
    population_caps: tuple[int, ...]
    border_caps: tuple[int, ...]
    unique_suit_full: bool  # Statues/Gardens: a suit counts only when all of it is filled
    medal_total: int
    # Every medal source: (id, name, what it counts, cap, monument index or -1).
    medal_sources: tuple[tuple[str, str, str, int, int], ...]
    # The same sources for the scoring's arithmetic: (index in MEASURES, cap, monument).
    medal_plan: tuple[tuple[int, int, int], ...]
    # Skill numbers (rulebook, Skills), read from board.yaml.
    merchants_bonus: int
    redraws_per_month: int
    surveyors_borders: int
    masons_medals: int
    farmers_population: int
    artisans_spaces: int
    diplomats_match: bool
    # The choices each space offers, built once (option lists are the rules' hot path):
    occupation_actions: tuple[Action, ...] = ()  # by occupation
    district_actions: tuple[Action, ...] = ()  # by district
    population_actions: tuple[Action, ...] = ()  # by suit
    # By suit: (estate, its action) for each Estate a card of the suit may fill, and
    # (monument, space, its action) for each Monument space of the suit.
    estates_taking: tuple[tuple[tuple[int, Action], ...], ...] = ()
    monuments_taking: tuple[tuple[tuple[int, int, Action], ...], ...] = ()
    # Read off the above for the scoring's hot path (every standing and greedy look-ahead):
    # the skills it asks about, ``prosperity_levels`` sorted, and ``medal_plan`` split into
    # the sheet's own sources (measure, cap) and the monuments' (measure, cap, monument).
    merchants_bit: int = 0
    philosophers_bit: int = 0
    farmers_bit: int = 0
    surveyors_bit: int = 0
    masons_bit: int = 0
    artisans_bit: int = 0
    estate_count: int = 0
    level_steps: tuple[int, ...] = ()
    sheet_plan: tuple[tuple[int, int], ...] = ()
    monument_plan: tuple[tuple[int, int, int], ...] = ()
    # A new sheet, for ``CopperdalePosition`` to copy: its rows (each an empty row or a
    # Monument's empty spaces) and the suits already full with no space to fill.
    blank_occupations: tuple[tuple[int, ...], ...] = ()
    blank_districts: tuple[tuple[int, ...], ...] = ()
    blank_monuments: tuple[tuple[None, ...], ...] = ()
    blank_population_full: int = 0
    blank_borders_full: int = 0
    # ... and the spaces open on it (``CopperdalePosition.open_spaces``): the Districts'
    # actions, and by suit the Estates' and Monuments' (``estates_taking`` and
    # ``monuments_taking`` without their indexes)
    blank_open_spaces: tuple[Any, ...] = ()
    # The cards each Estate, and each Monument space (row by row), may hold, None (empty)
    # among them: the invariants check a whole row in one pass
    estate_cards: tuple[frozenset[int | None], ...] = ()
    monument_cards: tuple[tuple[frozenset[int | None], ...], ...] = ()
    data: Any = field(default=None, compare=False, repr=False)  # the model, for pictures


def compile_tables(data: CopperdaleData) -> Tables:
    deck, board = data.deck, data.board
    suit_ids = [s.id for s in deck.suits]
    ranks = {r.id: r for r in deck.ranks}
    faces = [face for piece in deck.pieces for face in piece.faces]
    faces.sort(key=lambda f: (suit_ids.index(f.suit), list(ranks).index(f.rank)))
    skills = board.skills
    estate_suits = tuple(tuple(suit_ids.index(s) for s in e.suits) for e in board.estates)
    monument_suits = tuple(tuple(suit_ids.index(s) for s in m.suits) for m in board.monuments)
    suits = range(len(suit_ids))
    skill_bit: dict[str, int] = {o.id: 1 << i for i, o in enumerate(board.occupations)}
    medal_plan = tuple((MEASURES.index(m.counts), m.max_medals, -1) for m in board.medals) + tuple(
        (MEASURES.index(m.bonus), m.max_medals, i) for i, m in enumerate(board.monuments))
    return Tables(
        suit_names=tuple(s.name for s in deck.suits),
        suit_letters=tuple(s.letter for s in deck.suits),
        card_suit=tuple(suit_ids.index(f.suit) for f in faces),
        card_value=tuple(ranks[f.rank].value for f in faces),
        card_label=tuple(f"{ranks[f.rank].label}{deck.suits[suit_ids.index(f.suit)].letter}"
                         for f in faces),
        card_name=tuple(f"{ranks[f.rank].name} of {deck.suits[suit_ids.index(f.suit)].name}"
                        for f in faces),
        face_card_base=deck.face_card_base,
        months=board.months, border_deck=board.border_deck, deck_size=len(faces),
        occupation_names=tuple(o.name for o in board.occupations),
        occupation_spaces=board.occupation_spaces,
        skill_index={o.id: i for i, o in enumerate(board.occupations)},
        skill_bit=skill_bit,
        prosperity_levels=tuple(board.prosperity_levels),
        infrastructure_fills=board.infrastructure_fills,
        district_count=board.districts.count, district_spaces=board.districts.spaces,
        estate_suits=estate_suits,
        monument_names=tuple(m.name for m in board.monuments),
        monument_suits=monument_suits,
        monument_spaces=board.monument_spaces,
        population_caps=tuple(board.population[s] for s in suit_ids),
        border_caps=tuple(board.borders[s] for s in suit_ids),
        unique_suit_full=board.unique_suit_filled_in == "full-suit",
        medal_total=board.medal_total,
        medal_sources=tuple((m.id, m.name, m.counts, m.max_medals, -1) for m in board.medals)
        + tuple((m.id, m.name, m.bonus, m.max_medals, i) for i, m in enumerate(board.monuments)),
        medal_plan=medal_plan,
        merchants_bonus=skills.merchants.prosperity_bonus,
        redraws_per_month=skills.philosophers.redraws_per_month,
        surveyors_borders=skills.surveyors.border_spaces,
        masons_medals=skills.masons.medals,
        farmers_population=skills.farmers.population_spaces,
        artisans_spaces=skills.artisans.monument_spaces,
        diplomats_match=skills.diplomats.face_cards_match,
        occupation_actions=tuple(("occupation", i) for i in range(len(board.occupations))),
        district_actions=tuple(("district", d) for d in range(board.districts.count)),
        population_actions=tuple(("population", p) for p in suits),
        estates_taking=tuple(tuple((e, ("estate", e)) for e, of in enumerate(estate_suits)
                                   if suit in of) for suit in suits),
        monuments_taking=tuple(tuple((m, of.index(suit), ("monument", m))
                                     for m, of in enumerate(monument_suits) if suit in of)
                               for suit in suits),
        merchants_bit=skill_bit["merchants"], philosophers_bit=skill_bit["philosophers"],
        farmers_bit=skill_bit["farmers"], surveyors_bit=skill_bit["surveyors"],
        masons_bit=skill_bit["masons"],
        artisans_bit=skill_bit["artisans"], estate_count=len(estate_suits),
        level_steps=tuple(sorted(board.prosperity_levels)),
        sheet_plan=tuple((measure, cap) for measure, cap, m in medal_plan if m < 0),
        monument_plan=tuple(plan for plan in medal_plan if plan[2] >= 0),
        blank_occupations=((),) * len(board.occupations),
        blank_districts=((),) * board.districts.count,
        blank_monuments=tuple((None,) * len(m) for m in monument_suits),
        blank_population_full=sum(board.population[s] <= 0 for s in suit_ids),
        blank_borders_full=sum(board.borders[s] <= 0 for s in suit_ids),
        blank_open_spaces=(
            tuple(("district", d) for d in range(board.districts.count)
                  if board.districts.spaces > 0),
            tuple(tuple(("estate", e) for e, of in enumerate(estate_suits) if suit in of)
                  for suit in suits),
            tuple(tuple(("monument", m) for m, of in enumerate(monument_suits) if suit in of)
                  for suit in suits)),
        estate_cards=tuple(_cards_of(faces, suit_ids, of) for of in estate_suits),
        monument_cards=tuple(tuple(_cards_of(faces, suit_ids, (suit,)) for suit in of)
                             for of in monument_suits),
        data=data,
    )


def _cards_of(faces: list[Any], suit_ids: list[str],
              suits: tuple[int, ...]) -> frozenset[int | None]:
    """The cards of these suits, and None: what a space of theirs may hold."""
    return frozenset([None, *(card for card, face in enumerate(faces)
                              if suit_ids.index(face.suit) in suits)])
