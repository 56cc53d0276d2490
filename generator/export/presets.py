"""Print-on-demand vendors and the products they print, as data.

Every product names its source. The Game Crafter's sizes are its product templates' pixel
sizes (``https://www.thegamecrafter.com/make/products/<Identity>``: PNG, 300 dpi, 1/8 in
bleed a side, so a trim is ``px / 300 - 1/4`` in); MakePlayingCards 822 x 1122 px for a
poker card, the trimmed card 750 x 1050 px centred (36 px of bleed a side; its bridge,
business and big cards from a public print-geometry tool, ``INKWELL``);
DriveThruCards one CMYK PDF per deck, a page per face of the trim with 1/8 in of bleed a
side (2.75 x 3.75 in for poker; its other cards, tiles, pages and posters from the page
sizes of a public DTC upload tool, ``DTC_PAGES``), back before front. The Game
Crafter's products its help pages do not list (play money, more mats, tuck boxes) are
taken from the public product table of Templative, a TGC upload tool (``TEMPLATIVE``:
``DimensionsPixels`` at 300 dpi, the same 1/8 in bleed; where its ``DimensionsInches``
give a bleed that differs per axis, a metric card or a hexagon, the face is drawn with
the larger bleed and cut to the pixels, ``templative_cut``). A piece is matched to a product
of its kind and shape by its trim size (either way up), within ``MATCH_MM``: the faces
are then laid out again at the product's exact size and bleed, never a metric card (or a
bill) scaled to fit. A piece no product fits is named with the nearest ones, the
products that make its kind first.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.export.panels import TGC_TUCK_LAYOUTS, PanelLayout

MM_PER_IN = 25.4
MATCH_MM = 1.5  # a 63 x 88 mm "metric poker" card is a poker card; a 60 x 90 one is not
NEAREST = 3  # products named for a piece that fits none
TUCK_SLACK_MM = 3.175  # designed: a tuck box's room is at most 1/8 in wider than the card
TUCK_LONG_SLACK_MM = 9.525  # designed: and at most 3/8 in longer (TGC's square box: 0.35 in)

# the families of product that can make each kind of piece, the best first
KIND_FAMILIES: dict[str, tuple[str, ...]] = {
    "card": ("deck",), "bill": ("money", "deck"), "aid": ("deck", "mat", "page"),
    "tile": ("punchout", "deck"), "chip": ("punchout",), "token": ("punchout",),
    "board": ("board", "mat"), "sheet": ("scorepad", "mat", "page"),
    "tuckbox": ("tuckbox",),
}
OWN_FAMILY = {"bill": "money", "tuckbox": "tuckbox"}  # products made for that kind alone
TGC = "https://www.thegamecrafter.com/make/products/"
MPC = "https://www.makeplayingcards.com/"
DTC = "https://help.drivethrupartners.com/hc/de/articles/12780748203543"
# DriveThruCards' products as a public DTC upload tool lists their PDF pages, read at this commit
DTC_PAGES = ("https://github.com/Lukas-Sander/dtcpdfgen/blob/"
             "e8506f872e8f297e4e6c211eb2e97ea5235e76b6/scripts.js")
# MakePlayingCards' bridge, business and big cards as a public print-geometry tool lists them
# (trim in inches, MPC's 36 px of bleed a side at 300 dpi), read at this commit
INKWELL = ("https://github.com/cubedivisiondev/inkwell/blob/"
           "34b494ed11cc3556bbbec582a3a8a85ba85e58f1/src/inkwell/cards.py")
# Templative's table of TGC products (name, upload pixels, inches), read at this commit
TEMPLATIVE = ("https://github.com/templative/templative/blob/"
              "0ec9f179c26b059e33b118ce22267a3749175a8d/templative/lib/componentInfo.py")


@dataclass(frozen=True)
class Product:
    name: str
    trim_in: tuple[float, float]  # width, height of the cut piece, upright
    bleed_in: float
    dpi: int = 300
    family: str = "deck"
    shape: str = "rect"  # rect, circle or hex: the die the shop cuts it with
    source: str = ""  # where the size is published
    sheet_px: tuple[int, int] | None = None  # a box's flat sheet, or a face's uneven cut
    holds: int = 0  # a tuck box: how many cards it holds
    layout: PanelLayout | None = None  # a tuck box: its template's panels, if they can be read

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_IN, self.trim_in[1] * MM_PER_IN)

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_IN

    @property
    def px(self) -> tuple[int, int]:
        """The upload's pixel size, bleed included."""
        return self.sheet_px if self.sheet_px is not None else self.drawn_px

    @property
    def drawn_px(self) -> tuple[int, int]:
        """The face drawn with ``bleed_in`` on every side; a template whose bleed differs
        per axis is drawn with the larger one and cut to ``px`` (``templative_cut``)."""
        w, h = self.trim_in
        return (round((w + 2 * self.bleed_in) * self.dpi), round((h + 2 * self.bleed_in) * self.dpi))

    def distance(self, size_mm: tuple[float, float]) -> float:
        """How far a piece's trim is from this product's, either way up (mm)."""
        w, h = self.trim_mm
        a, b = sorted(size_mm)
        return max(abs(a - min(w, h)), abs(b - max(w, h)))


    def matches(self, size_mm: tuple[float, float]) -> bool:
        return self.distance(size_mm) <= MATCH_MM

    def label(self) -> str:
        held = f" ({self.holds} cards)" if self.holds else ""
        return f"{self.name}{held} {self.trim_mm[0]:.2f} x {self.trim_mm[1]:.2f} mm"


@dataclass(frozen=True)
class Vendor:
    name: str
    title: str
    products: tuple[Product, ...]
    output: str  # "png": RGB images to upload; "pdfx": one CMYK PDF per deck
    back_first: bool = False  # DriveThruCards: page 1 is the back of card 1

    def product_for(self, size_mm: tuple[float, float], kind: str = "card",
                    shape: str = "rect") -> Product | None:
        """The nearest product of the first family that makes ``kind`` in this shape and
        matches the size (a 63 x 88 mm card: a euro poker card, not a 2.5 x 3.5 in one)."""
        for family in KIND_FAMILIES.get(kind, ()):
            fits = [p for p in self.products
                    if (p.family, p.shape) == (family, shape) and p.matches(size_mm)]
            if fits:
                return min(fits, key=lambda p: p.distance(size_mm))
        return None

    def tuck_box_for(self, card_mm: tuple[float, float], cards: int) -> Product | None:
        """The smallest tuck box whose panels can be drawn that holds ``cards`` cards of
        ``card_mm`` (either way up) snugly: its room at most ``TUCK_SLACK_MM`` wider and
        ``TUCK_LONG_SLACK_MM`` longer (a mini deck rattles in a poker box; a square card
        stands in TGC's square box with room above it)."""
        a, b = sorted(card_mm)
        for product in sorted(self.products, key=lambda p: (p.holds, p.name)):
            room_a, room_b = sorted(product.trim_mm)
            if (product.family == "tuckbox" and product.layout is not None
                    and product.holds >= cards and 0 <= room_a - a <= TUCK_SLACK_MM
                    and 0 <= room_b - b <= TUCK_LONG_SLACK_MM):
                return product
        return None

    def nearest(self, size_mm: tuple[float, float], shape: str = "rect",
                kind: str = "") -> list[Product]:
        """The products closest in size, those of the piece's own shape first; among them
        the family made for its kind alone (a bill's: money), then those that can make it."""
        families = KIND_FAMILIES.get(kind, ())

        def rank(p: Product) -> int:
            return 0 if OWN_FAMILY.get(kind) == p.family else 1 if p.family in families else 2

        boxes = kind == "tuckbox"  # a box is never the nearest thing to a card, nor one to it
        return sorted((p for p in self.products if (p.family == "tuckbox") == boxes),
                      key=lambda p: (p.shape != shape, rank(p), p.distance(size_mm),
                                     p.name))[:NEAREST]

    def describe(self, size_mm: tuple[float, float], shape: str = "rect", kind: str = "") -> str:
        return ", ".join(p.label() for p in self.nearest(size_mm, shape, kind))


def tgc(identity: str, px: tuple[int, int], family: str = "deck",
        shape: str = "rect") -> Product:
    """A Game Crafter product from its template's pixel size (300 dpi, 1/8 in bleed)."""
    trim = (round(px[0] / 300 - 0.25, 4), round(px[1] / 300 - 0.25, 4))
    return Product(identity, trim, 0.125, family=family, shape=shape, source=TGC + identity)


def templative(identity: str, px: tuple[int, int], family: str, holds: int = 0,
               card_in: tuple[float, float] | None = None, shape: str = "rect") -> Product:
    """A Game Crafter product from Templative's table: a flat sheet of ``px`` at 300 dpi
    (a tuck box, holding ``holds`` cards of ``card_in``) or a piece of ``px`` with 1/8 in
    of bleed a side."""
    if card_in is None:
        return Product(identity, (round(px[0] / 300 - 0.25, 4), round(px[1] / 300 - 0.25, 4)),
                       0.125, family=family, shape=shape, source=TEMPLATIVE)
    layout = TGC_TUCK_LAYOUTS.get(identity)
    return Product(identity, card_in, 0.125, family=family, source=TEMPLATIVE, sheet_px=px,
                   holds=holds, layout=layout if layout is not None and layout.agrees() else None)


def templative_cut(identity: str, px: tuple[int, int], trim_in: tuple[float, float],
                   family: str = "deck", shape: str = "rect") -> Product:
    """A Game Crafter product from Templative's table whose template's bleed differs per
    axis (``px`` at 300 dpi round a trim of ``trim_in``, a metric card or a hexagon): the
    face is drawn with the larger bleed and cut to ``px``, the trim in the middle."""
    bleed = max((px[0] / 300 - trim_in[0]) / 2, (px[1] / 300 - trim_in[1]) / 2)
    return Product(identity, trim_in, bleed, family=family, shape=shape, source=TEMPLATIVE,
                   sheet_px=px)


def dtc(name: str, page_in: tuple[float, float], family: str = "deck") -> Product:
    """A DriveThruCards product from its PDF page: the trim and 1/8 in of bleed a side."""
    trim = (round(page_in[0] - 0.25, 4), round(page_in[1] - 0.25, 4))
    return Product(name, trim, 0.125, family=family, source=DTC_PAGES)


def mpc(name: str, trim_in: tuple[float, float], source: str = MPC) -> Product:
    """A MakePlayingCards card: 36 px (0.12 in) of bleed a side at 300 dpi."""
    return Product(name, trim_in, 0.12, source=source)


TGC_PRODUCTS = (
    # card decks (help article 47, "card decks")
    tgc("PokerDeck", (825, 1125)), tgc("MiniDeck", (600, 825)), tgc("MicroDeck", (450, 600)),
    tgc("BridgeDeck", (750, 1125)), tgc("BusinessDeck", (675, 1125)),
    tgc("DominoDeck", (600, 1125)), tgc("TarotDeck", (900, 1500)),
    tgc("JumboDeck", (1125, 1725)), tgc("SquareDeck", (1125, 1125)),
    tgc("SmallSquareDeck", (825, 825)),
    tgc("DividerDeck", (975, 1125)), tgc("CircleDeck", (1125, 1125), shape="circle"),
    tgc("HexDeck", (1200, 1050), shape="hex"),
    # punchouts: chits, rings, tiles (help article 201, "custom punchouts and card stock")
    tgc("SmallCircleChit", (225, 225), "punchout", "circle"),
    tgc("MediumCircleChit", (300, 300), "punchout", "circle"),
    tgc("LargeCircleChit", (375, 375), "punchout", "circle"),
    tgc("LargeRing", (450, 450), "punchout", "circle"),
    tgc("MiniCircleTile", (450, 450), "punchout", "circle"),
    tgc("SmallSquareChit", (225, 225), "punchout"), tgc("MediumSquareChit", (300, 300), "punchout"),
    tgc("LargeSquareChit", (375, 375), "punchout"), tgc("MiniSquareTile", (450, 450), "punchout"),
    tgc("SmallSquareTile", (675, 675), "punchout"), tgc("MediumSquareTile", (825, 825), "punchout"),
    tgc("LargeSquareTile", (1125, 1125), "punchout"), tgc("DominoChit", (375, 675), "punchout"),
    tgc("StripChit", (375, 975), "punchout"), tgc("DominoTile", (675, 1275), "punchout"),
    tgc("SmallHexTile", (675, 600), "punchout", "hex"),
    tgc("LargeHexTile", (1200, 1050), "punchout", "hex"),
    # boards (help article 90, "game boards")
    tgc("SliverBoard", (675, 2475), "board"), tgc("StripBoard", (675, 3075), "board"),
    tgc("DominoBoard", (1275, 2475), "board"), tgc("SkinnyBoard", (1275, 3075), "board"),
    tgc("SmallSquareBoard", (1275, 1275), "board"), tgc("QuarterBoard", (1575, 1575), "board"),
    tgc("HalfBoard", (1575, 3075), "board"), tgc("SquareBoard", (2475, 2475), "board"),
    tgc("LargeSquareBoard", (3075, 3075), "board"), tgc("AccordionBoard", (2475, 4875), "board"),
    tgc("BiFoldBoard", (2775, 5475), "board"), tgc("MediumSixFoldBoard", (4875, 4875), "board"),
    tgc("QuadFoldBoard", (5475, 5475), "board"), tgc("LargeQuadFoldBoard", (6075, 6075), "board"),
    tgc("SixFoldBoard", (8175, 5475), "board"),
    # mats (help article 91, "game mats")
    tgc("USGameMat", (1050, 1425), "mat"), tgc("PlacardMat", (1275, 975), "mat"),
    tgc("PostcardMat", (1875, 1275), "mat"), tgc("SmallSquareMat", (1275, 1275), "mat"),
    tgc("QuarterMat", (1575, 1575), "mat"), tgc("HalfMat", (1575, 3075), "mat"),
    tgc("SkinnyMat", (1275, 3075), "mat"), tgc("SquareMat", (2475, 2475), "mat"),
    tgc("LargeSquareMat", (3075, 3075), "mat"), tgc("SmallGameMat", (3075, 4875), "mat"),
    tgc("MediumGameMat", (7275, 4275), "mat"),
    # from Templative's table, bleeds that differ per axis: metric decks (63 x 88, 56 x 87,
    # 52 x 87 and 70 x 70 mm, the card crafting deck) and hexagons 0.866 as tall as wide
    templative_cut("EuroPokerDeck", (825, 1125), (2.48031496062992, 3.46456692913386)),
    templative_cut("USGameDeck", (750, 1125), (2.20472440944882, 3.4251968503937)),
    templative_cut("MintTinDeck", (750, 1125), (2.04724409448819, 3.4251968503937)),
    templative_cut("EuroSquareDeck", (900, 900), (2.75590551181102, 2.75590551181102)),
    templative_cut("CardCraftingDeck", (900, 1500), (2.657, 4.704)),
    templative_cut("HexShard", (300, 300), (0.75, 0.66), "punchout", "hex"),
    templative_cut("MiniHexTile", (450, 450), (1.25, 1.08), "punchout", "hex"),
    templative_cut("MediumHexTile", (825, 750), (2.5, 2.2), "punchout", "hex"),
    # from Templative's table: play money, more mats (two hexagonal), score pads
    templative("PlayMoney", (675, 1125), "money"),
    templative("SliverMat", (675, 2475), "mat"), templative("StripMat", (675, 3075), "mat"),
    templative("DominoMat", (1275, 2475), "mat"), templative("InvaderMat", (1275, 1125), "mat"),
    templative("SlopesideBiFoldMat", (2175, 1125), "mat"),
    templative("SmallBiFoldMat", (1725, 2175), "mat"),
    templative("SmallQuadFoldMat", (2175, 3375), "mat"),
    templative("QuadFoldMat", (3375, 5175), "mat"),
    templative("HexMat", (1650, 1425), "mat", shape="hex"),
    templative("LargeHexMat", (2925, 2550), "mat", shape="hex"),
    # score pads: a pad of one sheet's printed face
    templative("SmallScorePadColor", (1125, 1725), "scorepad"),
    templative("MediumScorePadColor", (1425, 2475), "scorepad"),
    templative("LargeScorePadColor", (2475, 3075), "scorepad"),
    # tuck boxes: the flat sheet's pixels; the inches are the cards' room inside
    *(templative(f"PokerTuckBox{n}", px, "tuckbox", n, (2.6, 3.6)) for n, px in (
        (36, (2100, 1800)), (54, (2325, 1950)), (72, (2550, 1950)), (90, (2775, 2100)),
        (108, (3075, 2250)))),
    templative("BridgeTuckBox54", (2175, 1800), "tuckbox", 54, (2.35, 3.6)),
    templative("BridgeTuckBox108", (2925, 2250), "tuckbox", 108, (2.35, 3.6)),
    templative("TarotTuckBox40", (2325, 2025), "tuckbox", 40, (2.85, 4.85)),
    templative("TarotTuckBox90", (3000, 2475), "tuckbox", 90, (2.85, 4.85)),
    templative("SquareTuckBox48", (2850, 1800), "tuckbox", 48, (3.6, 3.85)),
    templative("SquareTuckBox96", (3525, 2250), "tuckbox", 96, (3.6, 3.85)),
    templative("JumboTuckBox90", (3450, 2700), "tuckbox", 90, (3.6, 5.6)),
)

PRESETS: dict[str, Vendor] = {
    "tgc": Vendor("tgc", "The Game Crafter", TGC_PRODUCTS, "png"),
    "mpc": Vendor("mpc", "MakePlayingCards", (
        mpc("poker", (2.5, 3.5)),  # 822 x 1122 px, 750 x 1050 trimmed
        mpc("mini", (1.75, 2.5)),  # 597 x 822 px
        mpc("tarot", (2.75, 4.75)),
        mpc("square", (2.5, 2.5)),
        mpc("bridge", (2.25, 3.5), INKWELL),  # 747 x 1122 px
        mpc("business", (2.0, 3.5), INKWELL),  # 672 x 1122 px
        mpc("big", (3.5, 5.75), INKWELL),  # 1122 x 1797 px
    ), "png"),
    "drivethrucards": Vendor("drivethrucards", "DriveThruCards", (
        Product("poker", (2.5, 3.5), 0.125, source=DTC),  # 2.75 x 3.75 in pages
        dtc("euro-poker", (2.73, 3.71)), dtc("mini", (1.875, 2.75)),  # mini: 1 5/8 x 2 1/2 in
        dtc("tarot", (3.0, 5.0)), dtc("tile-6x6", (6.25, 6.25)),
        dtc("page-8x10", (8.25, 10.25), "page"), dtc("page-8.5x11", (8.75, 11.25), "page"),
        dtc("poster-12x18", (12.25, 18.25), "page"),
    ), "pdfx", back_first=True),
}
