"""The YAML model of kings-of-copper (one field per component file stem).

The board is a graph in data (spaces with kinds, forward neighbours and drawing
positions; passages between districts); every price and table of the rules lives in
``rules.yaml``. The reference game reads only this model.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from generator.schema import DieFace, Face, GameData, Model, Piece, PieceFileOf, Slug
from generator.schema.base import empty_list
from generator.schema.colour import Colour

SpaceKind = Literal["start", "first", "track", "event", "safety", "entrance", "octagon",
                    "mine", "tunnel", "tunnel-exit", "rung", "finish"]
Money = int
Amount = Annotated[int, Field(ge=0, le=10_000)]  # a price in a list: never negative


# --- rules.yaml -------------------------------------------------------------------

class TunnelTable(Model):
    totals: list[int] = Field(min_length=1, max_length=11)
    any_die: list[int] = Field(default_factory=empty_list, max_length=6)


class TradeRules(Model):
    prices: list[Amount] = Field(min_length=1, max_length=12)  # a Title's asking prices
    swap_money: list[Amount] = Field(default_factory=lambda: [0], max_length=12)
    offers_per_turn: int = Field(ge=0, le=5)


class RulesFile(Model):
    source: str | None = Field(default=None, max_length=300)
    start_money: Money = Field(ge=0, le=100_000)
    tokens_per_player: int = Field(ge=1, le=8)
    first_turn_entries: int = Field(ge=1, le=8)
    later_entries: int = Field(ge=1, le=8)
    title_price: Money = Field(ge=0, le=10_000)
    prospect_price: Money = Field(ge=0, le=10_000)
    peek_price: Money = Field(ge=0, le=10_000)
    dig_price: Money = Field(ge=0, le=10_000)
    character_titles: int = Field(ge=1, le=16)
    curse_turns: int = Field(ge=0, le=50)
    first_home_bonus: Money = Field(ge=0, le=100_000)
    rob_chips: int = Field(ge=0, le=5)
    cave_in: list[list[int]] = Field(min_length=1, max_length=10)
    d10_faces: int = Field(ge=2, le=20)
    tunnel: TunnelTable
    snake_eyes: list[int] = Field(min_length=2, max_length=2)
    max_rerolls: int = Field(ge=0, le=5)
    last_shift_round: int = Field(ge=1, le=1000)
    trade: TradeRules
    # a named reading (rulings 16, 17): which chips a token reaching Finish may cash
    cash_at_finish: Literal["any-chip", "blue-only"] = "any-chip"


# --- board.yaml --------------------------------------------------------------------

class Color(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=40)
    letter: str = Field(min_length=1, max_length=2)  # colour is never the only cue
    hex: Colour


class District(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=60)


class Space(Model):
    id: Slug
    kind: SpaceKind
    next: list[Slug] = Field(max_length=3)
    at: tuple[float, float]  # drawing position, mm from the board's top-left corner
    color: Slug | None = None  # whose start, first square, safety, rung or finish
    district: Slug | None = None  # entrance, octagon and mine spaces
    title: Slug | None = None  # mines: the Claim Title printed on the mine


class Passage(Model):
    """A dotted passage under a ladder: its two mines are consecutive spaces."""

    id: Slug
    mines: tuple[Slug, Slug]
    under_ladder: Slug


class BoardFile(PieceFileOf[Any]):
    colors: list[Color] = Field(min_length=1, max_length=8)
    districts: list[District] = Field(min_length=1, max_length=8)
    safe_kinds: list[SpaceKind]
    spaces: list[Space] = Field(min_length=1, max_length=500)
    passages: list[Passage] = Field(default_factory=empty_list, max_length=20)
    pieces: list[Piece[Face]] = Field(default_factory=empty_list)


# --- chips, cards, money -----------------------------------------------------------

class ChipFace(Face):
    value: Money = Field(ge=0, le=100_000)
    sort: Literal["ore", "sapphire", "fools-gold"] = "ore"


class ChipFile(PieceFileOf[Any]):
    pieces: list[Piece[ChipFace]] = Field(default_factory=empty_list)


class TitleFace(Face):
    district: Slug
    note: str | None = Field(default=None, max_length=60)


class TitleFile(PieceFileOf[Any]):
    pieces: list[Piece[TitleFace]] = Field(default_factory=empty_list)


EffectKind = Literal["gain", "pay", "collect-each", "pay-each", "all-pay", "to-start",
                     "tunnel-exit"]
MONEY_EFFECTS = ("gain", "pay", "collect-each", "pay-each", "all-pay")


class EventFace(Face):
    effect: EffectKind
    amount: Money = Field(default=0, ge=0, le=10_000)
    text: str = Field(min_length=1, max_length=160)


class EventFile(PieceFileOf[Any]):
    pieces: list[Piece[EventFace]] = Field(default_factory=empty_list)


PowerKind = Literal["peek-discount", "cave-in-shift", "rob-extra", "prospect-discount",
                    "title-discount"]


class CharacterFace(Face):
    role: str = Field(min_length=1, max_length=60)
    power: PowerKind
    amount: int = Field(ge=0, le=10_000)
    text: str = Field(min_length=1, max_length=160)


class CharacterFile(PieceFileOf[Any]):
    pieces: list[Piece[CharacterFace]] = Field(default_factory=empty_list)


class NumberFace(Face):
    value: int = Field(ge=0, le=100_000)


class NumberFile(PieceFileOf[Any]):
    pieces: list[Piece[NumberFace]] = Field(default_factory=empty_list)


class TokenFile(PieceFileOf[Any]):
    pieces: list[Piece[Face]] = Field(default_factory=empty_list)


class DiceFile(PieceFileOf[Any]):
    pieces: list[Piece[DieFace]] = Field(default_factory=empty_list)


# --- player-aid.yaml -----------------------------------------------------------------

class LegendEntry(Model):
    kind: SpaceKind
    label: str = Field(min_length=1, max_length=80)


class AidFace(Face):
    color: Slug  # whose aid: a colour of the board


class AidFile(PieceFileOf[Any]):
    """The player aid's words; numbers come from rules.yaml through ``{placeholders}``."""

    title: str = Field(max_length=60)
    yours: str = Field(max_length=400)
    turn_heading: str = Field(max_length=60)
    turn: list[str] = Field(max_length=10)
    legend_heading: str = Field(max_length=60)
    legend: list[LegendEntry] = Field(max_length=20)
    tunnel: str = Field(max_length=300)
    cave_in_heading: str = Field(max_length=120)
    cave_in_row: str = Field(max_length=120)
    finish: dict[str, str]
    pieces: list[Piece[AidFace]] = Field(default_factory=empty_list)

    def say(self, text: str, rules: RulesFile, **more: object) -> str:
        """``text`` with every ``{placeholder}`` replaced by its number."""
        for key, value in {**aid_numbers(rules), **more}.items():
            text = text.replace("{" + key + "}", str(value))
        return text


def aid_numbers(rules: RulesFile) -> dict[str, str]:
    tunnel = rules.tunnel
    odds = sum(1 for a in range(1, 7) for b in range(1, 7)
               if a + b in tunnel.totals or a in tunnel.any_die or b in tunnel.any_die)
    names = ("start_money", "curse_turns", "first_turn_entries", "later_entries",
             "title_price", "prospect_price", "peek_price", "dig_price", "max_rerolls",
             "first_home_bonus", "character_titles")
    return {**{n: str(getattr(rules, n)) for n in names},
            "tunnel_totals": " / ".join(map(str, tunnel.totals)),
            "tunnel_any_die": " / ".join(map(str, tunnel.any_die)), "tunnel_odds": str(odds),
            "offers_per_turn": str(rules.trade.offers_per_turn)}


class KingsOfCopperData(GameData):
    rules: RulesFile
    board: BoardFile
    mining_chips: ChipFile
    prospecting_chips: ChipFile
    titles: TitleFile
    events: EventFile
    characters: CharacterFile
    anaconda_sapphire: ChipFile
    money: NumberFile
    tokens: TokenFile
    dice: DiceFile
    d10_chits: NumberFile
    player_aid: AidFile
