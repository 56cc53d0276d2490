"""Print-on-demand vendors and the products they print, as data.

Every product names its source. The Game Crafter's sizes are its product templates' pixel
sizes (``https://www.thegamecrafter.com/make/products/<Identity>``: PNG, 300 dpi, 1/8 in
bleed a side, so a trim is ``px / 300 - 1/4`` in); MakePlayingCards 822 x 1122 px for a
poker card, the trimmed card 750 x 1050 px centred (36 px of bleed a side);
DriveThruCards one CMYK PDF per deck of 2.75 x 3.75 in pages, back before front. A piece
is matched to a product of its kind and shape by its trim size (either way up), within
``MATCH_MM``: the faces are then laid out again at the product's exact size and bleed,
never a metric card scaled to fit. A piece no product fits is named with the nearest ones.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_IN = 25.4
MATCH_MM = 1.5  # a 63 x 88 mm "metric poker" card is a poker card; a 60 x 90 one is not
NEAREST = 3  # products named for a piece that fits none

# the families of product that can make each kind of piece, the best first
KIND_FAMILIES: dict[str, tuple[str, ...]] = {
    "card": ("deck",), "bill": ("deck",), "aid": ("deck", "mat"), "tile": ("punchout", "deck"),
    "chip": ("punchout",), "token": ("punchout",), "board": ("board", "mat"), "sheet": ("mat",),
}
TGC = "https://www.thegamecrafter.com/make/products/"
MPC = "https://www.makeplayingcards.com/"
DTC = "https://help.drivethrupartners.com/hc/de/articles/12780748203543"


@dataclass(frozen=True)
class Product:
    name: str
    trim_in: tuple[float, float]  # width, height of the cut piece, upright
    bleed_in: float
    dpi: int = 300
    family: str = "deck"
    shape: str = "rect"  # rect, circle or hex: the die the shop cuts it with
    source: str = ""  # where the size is published

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_IN, self.trim_in[1] * MM_PER_IN)

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_IN

    @property
    def px(self) -> tuple[int, int]:
        """The upload's pixel size, bleed included."""
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
        return f"{self.name} {self.trim_mm[0]:.2f} x {self.trim_mm[1]:.2f} mm"


@dataclass(frozen=True)
class Vendor:
    name: str
    title: str
    products: tuple[Product, ...]
    output: str  # "png": RGB images to upload; "pdfx": one CMYK PDF per deck
    back_first: bool = False  # DriveThruCards: page 1 is the back of card 1

    def product_for(self, size_mm: tuple[float, float], kind: str = "card",
                    shape: str = "rect") -> Product | None:
        for family in KIND_FAMILIES.get(kind, ()):
            for product in self.products:
                if (product.family, product.shape) == (family, shape) and product.matches(size_mm):
                    return product
        return None

    def nearest(self, size_mm: tuple[float, float], shape: str = "rect") -> list[Product]:
        """The products closest in size, those of the piece's own shape first."""
        return sorted(self.products, key=lambda p: (p.shape != shape, p.distance(size_mm),
                                                    p.name))[:NEAREST]

    def describe(self, size_mm: tuple[float, float], shape: str = "rect") -> str:
        return ", ".join(p.label() for p in self.nearest(size_mm, shape))


def tgc(identity: str, px: tuple[int, int], family: str = "deck",
        shape: str = "rect") -> Product:
    """A Game Crafter product from its template's pixel size (300 dpi, 1/8 in bleed)."""
    trim = (round(px[0] / 300 - 0.25, 4), round(px[1] / 300 - 0.25, 4))
    return Product(identity, trim, 0.125, family=family, shape=shape, source=TGC + identity)


def mpc(name: str, trim_in: tuple[float, float]) -> Product:
    """A MakePlayingCards card: 36 px (0.12 in) of bleed a side at 300 dpi."""
    return Product(name, trim_in, 0.12, source=MPC)


TGC_PRODUCTS = (
    # card decks (help article 47, "card decks")
    tgc("PokerDeck", (825, 1125)), tgc("MiniDeck", (600, 825)), tgc("MicroDeck", (450, 600)),
    tgc("BridgeDeck", (750, 1125)), tgc("BusinessDeck", (675, 1125)),
    tgc("DominoDeck", (600, 1125)), tgc("TarotDeck", (900, 1500)),
    tgc("JumboDeck", (1125, 1725)), tgc("SquareDeck", (1125, 1125)),
    tgc("SmallSquareDeck", (825, 825)), tgc("EuroSquareDeck", (900, 900)),
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
    tgc("MiniHexTile", (450, 450), "punchout", "hex"),
    tgc("SmallHexTile", (675, 600), "punchout", "hex"),
    tgc("MediumHexTile", (825, 750), "punchout", "hex"),
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
)

PRESETS: dict[str, Vendor] = {
    "tgc": Vendor("tgc", "The Game Crafter", TGC_PRODUCTS, "png"),
    "mpc": Vendor("mpc", "MakePlayingCards", (
        mpc("poker", (2.5, 3.5)),  # 822 x 1122 px, 750 x 1050 trimmed
        mpc("mini", (1.75, 2.5)),  # 597 x 822 px
        mpc("tarot", (2.75, 4.75)),
        mpc("square", (2.5, 2.5)),
    ), "png"),
    "drivethrucards": Vendor("drivethrucards", "DriveThruCards", (
        Product("poker", (2.5, 3.5), 0.125, source=DTC),  # 2.75 x 3.75 in pages
    ), "pdfx", back_first=True),
}
