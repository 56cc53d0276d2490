"""SVG → PNG at an exact pixel size, through the same cairo that draws the PDFs, under the
same per-face budget.

cairosvg writes RGBA without a resolution tag; print shops and Tabletop Simulator want
RGB, so a face is laid on white (a round chip keeps its transparent corners when asked)
and saved with its dpi. Same SVG, same bytes.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

MAX_SIDE = 16384  # beyond this cairo's image surface fails; a board's dpi is lowered instead


def pixels(extent_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    return (max(1, round(extent_mm[0] / 25.4 * dpi)), max(1, round(extent_mm[1] / 25.4 * dpi)))


def fitting_dpi(extent_mm: tuple[float, float], dpi: int, limit: int = MAX_SIDE) -> int:
    """``dpi``, or the highest whole dpi that keeps the longer side within ``limit`` px."""
    longest = max(extent_mm) / 25.4
    return dpi if longest * dpi <= limit else max(1, int(limit / longest))


def png(svg: str, px: tuple[int, int], dpi: float, *, alpha: bool = False,
        cut: tuple[int, int] | None = None, quick: bool = False) -> bytes:
    """The face as a PNG of ``px``, drawn under the face's budget (``sandbox.budget``)
    widened by what that many pixels take: a hostile face stops there, as in a build
    (``BuildError``, its template named by the export). ``cut``: the middle of it kept,
    this many pixels (a template whose bleed is narrower on one axis). ``quick``: a
    preview's PNG, the same pixels written faster (``quick_png``), other bytes."""
    from generator.render.errors import BuildError
    from generator.render.sandbox import TemplateRefused, budget

    try:
        with budget(persistent=True, pixels=px[0] * px[1]):
            return _png(svg, px, dpi, alpha, cut, quick)
    except TemplateRefused as exc:
        raise BuildError(f"cairo stopped drawing a face at {px[0]} x {px[1]} px: "
                         f"{exc.message} (template-limit)") from None


def _png(svg: str, px: tuple[int, int], dpi: float, alpha: bool,
         cut: tuple[int, int] | None, quick: bool) -> bytes:
    from PIL import Image

    image = render(svg, px)
    if cut is not None and cut != px:
        left, top = (px[0] - cut[0]) // 2, (px[1] - cut[1]) // 2
        image = image.crop((left, top, left + cut[0], top + cut[1]))
    if not alpha:
        white = Image.new("RGB", image.size, (255, 255, 255))
        white.paste(image, mask=image.getchannel("A"))
        image = white
    if quick:
        return quick_png(image)
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()


def quick_png(image: Image.Image) -> bytes:
    """``image`` as a PNG made for speed by Pillow's writer at zlib's fastest level, with
    no resolution tag (about 4 ms for a card at 100 dpi, where the default level takes
    5). For the preview only: a product's PNG keeps Pillow's default bytes."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def render(svg: str, px: tuple[int, int]) -> Image.Image:
    """The face as cairo draws it at ``px``, straight RGBA, each pixel as cairo's own PNG
    gives it (a test holds them equal): taken from cairo's pixels directly when each is
    opaque or clear (unpremultiplying changes none of them); otherwise unpremultiplied by
    Pillow with the few half-covered pixels (a card's edges) rounded again as cairo rounds
    them (``_rounded``), or, where many are, all with cairo's rounding (Pillow's own rounds
    the colours of half-covered pixels down)."""
    from cairosvg.parser import Tree  # after fonts.pin (the export does it first): only
    from cairosvg.surface import PNGSurface  # the pinned fonts
    from PIL import Image

    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, 96,
                         output_width=px[0], output_height=px[1]).cairo
    surface.flush()
    size, data, stride = (surface.get_width(), surface.get_height()), \
        bytes(surface.get_data()), surface.get_stride()
    image = Image.frombuffer("RGBA", size, data, "raw", "BGRa", stride, 1)
    alpha = image.getchannel("A")
    half = sum(alpha.histogram()[1:255])
    if not half:
        return image
    if half <= FEW_HALF and stride == 4 * size[0]:
        return _rounded(image, alpha, data)
    return _unpremultiplied(Image.frombuffer("RGBA", size, data, "raw", "BGRA", stride, 1))


FEW_HALF = 4096
"""Half-covered pixels rounded one by one at most (a card's edges at 100 dpi are about
1,300); a face with more (a translucent one) is unpremultiplied whole (``_unpremultiplied``)."""
HALF_COVERED = [0] + [1] * 254 + [0]  # alpha -> 1 where a pixel is half covered


def _rounded(image: Image.Image, alpha: Image.Image, premultiplied: bytes) -> Image.Image:
    """``image`` (unpremultiplied by Pillow) with each half-covered pixel's colours made
    again from cairo's premultiplied ``BGRA`` bytes (rows without padding) as cairo's PNG
    writer makes them: (c * 255 + a / 2) / a in whole numbers."""
    from PIL import Image

    straight = bytearray(image.tobytes())
    for found in re.finditer(b"\x01", alpha.point(HALF_COVERED).tobytes()):
        at = 4 * found.start()
        b, g, r, a = premultiplied[at:at + 4]
        half = a >> 1
        straight[at:at + 3] = bytes(((r * 255 + half) // a, (g * 255 + half) // a,
                                     (b * 255 + half) // a))
    return Image.frombytes("RGBA", image.size, bytes(straight))


def _unpremultiplied(premultiplied: Image.Image) -> Image.Image:
    """Straight colours as cairo's PNG writer makes them: (c * 255 + a / 2) / a in whole
    numbers, 0 where a pixel is clear."""
    from PIL import Image, ImageMath

    *colours, alpha = premultiplied.split()
    half = ImageMath.lambda_eval(lambda m: m["a"] / 2, a=alpha)
    straight = [ImageMath.lambda_eval(
        lambda m: m["convert"]((m["c"] * 255 + m["h"]) / m["a"], "L"), c=colour, a=alpha,
        h=half) for colour in colours]
    return Image.merge("RGBA", (*straight, alpha))
