"""Print-on-demand vendors and the products they print, as data.

Every number comes from the print standards research (vendor pages or public code quoting
them): The Game Crafter wants RGB images of exactly 825 x 1125 px for a poker card (2.5 x
3.5 in plus 1/8 in bleed at 300 dpi); MakePlayingCards 822 x 1122 px with the trimmed card
750 x 1050 px centred; DriveThruCards one CMYK PDF per deck of 2.75 x 3.75 in pages, back
before front. A piece is matched to a product by its trim size (either way up), within
``MATCH_MM``: the faces are then laid out again at the product's exact size and bleed,
never a metric card scaled to fit.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_IN = 25.4
MATCH_MM = 1.5  # a 63 x 88 mm "metric poker" card is a poker card; a 60 x 90 one is not


@dataclass(frozen=True)
class Product:
    name: str
    trim_in: tuple[float, float]  # width, height of the cut card, upright
    bleed_in: float
    dpi: int = 300

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

    def matches(self, size_mm: tuple[float, float]) -> bool:
        w, h = self.trim_mm
        a, b = sorted(size_mm)
        return abs(a - min(w, h)) <= MATCH_MM and abs(b - max(w, h)) <= MATCH_MM


@dataclass(frozen=True)
class Vendor:
    name: str
    title: str
    products: tuple[Product, ...]
    output: str  # "png": RGB images to upload; "pdfx": one CMYK PDF per deck
    back_first: bool = False  # DriveThruCards: page 1 is the back of card 1

    def product_for(self, size_mm: tuple[float, float]) -> Product | None:
        return next((p for p in self.products if p.matches(size_mm)), None)

    def describe(self) -> str:
        return ", ".join(f"{p.name} {p.trim_mm[0]:.2f} x {p.trim_mm[1]:.2f} mm"
                         for p in self.products)


PRESETS: dict[str, Vendor] = {
    "tgc": Vendor("tgc", "The Game Crafter", (
        Product("poker", (2.5, 3.5), 0.125),  # 825 x 1125 px
        Product("mini", (1.75, 2.5), 0.125),  # 600 x 825 px
    ), "png"),
    "mpc": Vendor("mpc", "MakePlayingCards", (
        Product("poker", (2.5, 3.5), 0.12),  # 822 x 1122 px, 750 x 1050 trimmed
    ), "png"),
    "drivethrucards": Vendor("drivethrucards", "DriveThruCards", (
        Product("poker", (2.5, 3.5), 0.125),  # 2.75 x 3.75 in pages
    ), "pdfx", back_first=True),
}
