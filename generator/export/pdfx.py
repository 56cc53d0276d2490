"""CMYK PDF/X-1a for print shops that ask for it (DriveThruCards), through Ghostscript.

Ghostscript (Debian's ``ghostscript``, installed by ``scripts/system-deps.sh``; AGPL, so
called as a program, never bundled) converts our RGB PDF to DeviceCMYK with a press
profile (``profiles``: the SWOP profile Ghostscript ships, or the shop's own) and marks it
as PDF/X with that profile as the output intent. Then, with pikepdf: total ink is limited to DriveThru's 240 % by taking
cyan, magenta and yellow back where a colour exceeds it (black is kept: text stays
sharp), the PDF/X-1a keys are set, and every date and id comes from the content or
``SOURCE_DATE_EPOCH``, so the same deck gives the same bytes.

No Python library validates PDF/X; ``check`` tests what a pre-flight would: CMYK or gray
only, no transparency, an output intent, the version keys, boxes, fonts embedded, ink.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
import tempfile
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Dictionary, Name, PdfImage
from PIL import Image, ImageMath

from generator.export.base import ExportError
from generator.export.profiles import INSTALL_HINT, PressProfile, press_profile
from generator.render.pdfwriter import pdf_date, source_date_epoch

TEXT_OPS = ("Tj", "TJ", "'", '"')
PAINT_OPS = ("f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do")
TAC_LIMIT = 2.4  # 240 % total ink (DriveThruCards)
SHADING_BYTES = 64 << 20  # a gradient Ghostscript cannot keep as a shading is rasterised
# within this many bytes at 720 dpi (its default, 256 kB, gave Kings of Copper's cards
# 45 dpi), written unencoded (never JPEG, whose Adobe CMYK is stored inverted; Ghostscript
# 10.0 drops a large shading bitmap it is asked to Flate) and compressed when saved
FALLBACK_EPOCH = 315532800  # 1980-01-01: PDF/X needs dates; never the clock
PDFX_DEF = """%!
[ {keys} /Title ({title}) /Trapped /False /DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} ({profile}) (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} << /Type /OutputIntent /S /GTS_PDFX
  /OutputCondition ({condition}) /OutputConditionIdentifier ({identifier})
  /RegistryName (http://www.color.org) /Info ({info})
  /DestOutputProfile {{icc_PDFX}} >> /PUT pdfmark
[{{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
"""


@dataclass(frozen=True)
class Standard:
    """A PDF/X flavour: X-1a (PDF 1.3, everything flattened) or X-4 (PDF 1.6: gradients and
    transparency kept live, XMP metadata naming the version)."""

    name: str
    pdf_version: str
    gs_flags: tuple[str, ...]
    conformance: bool  # X-1a also names its conformance level

    def keys(self) -> dict[str, pikepdf.String]:
        version = pikepdf.String(self.name)
        return {"GTS_PDFXVersion": version,
                **({"GTS_PDFXConformance": version} if self.conformance else {})}


STANDARDS = {
    "x1a": Standard("PDF/X-1a:2001", "1.3", ("-dPDFX", "-dCompatibilityLevel=1.3"), True),
    "x4": Standard("PDF/X-4", "1.6", ("-dCompatibilityLevel=1.6",), False),
}


def ghostscript() -> str:
    """The gs program, or one line saying what to install."""
    program = shutil.which("gs")
    if program is None:
        raise ExportError(f"CMYK PDF/X needs Ghostscript: run 'sudo {INSTALL_HINT}'")
    return program


def convert(rgb_pdf: bytes, title: str, standard: str = "x1a",
            press: PressProfile | None = None) -> bytes:
    """``rgb_pdf`` as CMYK PDF/X (``STANDARDS``) with the press profile as output intent."""
    program = ghostscript()
    press = press or press_profile()
    profile = press.path
    kind = STANDARDS[standard]
    safe_title = "".join(c for c in title if c.isprintable() and c not in "()\\")
    with tempfile.TemporaryDirectory(prefix="copperplate-pdfx-") as tmp:
        folder = Path(tmp)
        (folder / "in.pdf").write_bytes(_flatten_groups(rgb_pdf))
        keys = " ".join(f"/{key} ({value})" for key, value in kind.keys().items())
        (folder / "pdfx.ps").write_text(PDFX_DEF.format(keys=keys, title=safe_title,
                                                        profile=profile,
                                                        condition=press.condition,
                                                        identifier=press.identifier,
                                                        info=press.info),
                                        encoding="ascii", errors="replace")
        command = [program, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite",
                   *kind.gs_flags, f"-dMaxShadingBitmapSize={SHADING_BYTES}",
                   "-dAutoFilterColorImages=false", "-dEncodeColorImages=false",
                   "-sColorConversionStrategy=CMYK",
                   "-sProcessColorModel=DeviceCMYK", f"-sOutputICCProfile={profile}",
                   f"--permit-file-read={profile}", "-dAutoRotatePages=/None",
                   f"-sOutputFile={folder / 'out.pdf'}", str(folder / "pdfx.ps"),
                   str(folder / "in.pdf")]
        run = subprocess.run(command, capture_output=True, text=True, check=False)
        if run.returncode != 0 or not (folder / "out.pdf").is_file():
            last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
            raise ExportError(f"Ghostscript could not make the PDF/X: {last[0]}")
        result = _finish((folder / "out.pdf").read_bytes(), title, kind,
                         hashlib.sha256(rgb_pdf).digest())
    with pikepdf.open(io.BytesIO(result)) as pdf:  # checked, not assumed
        worst = max_ink(pdf)
    if worst > TAC_LIMIT + 1e-3:
        raise ExportError(f"'{title}' still needs {worst:.0%} total ink after conversion, "
                          f"above the {TAC_LIMIT:.0%} DriveThruCards accepts")
    return result


def _flatten_groups(data: bytes) -> bytes:
    """Drop cairo's no-op page groups (PDF 1.3 output would otherwise rasterise each page),
    and set neutral text and lines in black ink only (``_neutral_in_k``)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            if "/Group" in page.obj:
                del page.obj["/Group"]
        for holder in _content_holders(pdf):
            _rewrite(pdf, holder, _neutral_in_k)
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
        return out.getvalue()


def _rewrite(pdf: pikepdf.Pdf, holder: pikepdf.Object,
             change: Callable[[list[Any]], bool]) -> None:
    """Apply ``change`` to a page's or form's instructions; write them back if it did."""
    ops = list(pikepdf.parse_content_stream(holder))
    if not change(ops):
        return
    if isinstance(holder, pikepdf.Dictionary) and "/Contents" in holder:
        holder.Contents = pdf.make_stream(pikepdf.unparse_content_stream(ops))
    else:
        holder.write(pikepdf.unparse_content_stream(ops))


def _neutral_in_k(ops: list[Any]) -> bool:
    """Grey and black text and strokes (thin lines) as black ink alone (``0 0 0 K k``):
    converted through the press profile they would print in four inks (black text at
    240 %, blurred by any misregister). A grey or black fill first used for shapes keeps
    its rich four-colour black."""
    changed = False
    pending: tuple[int, float] | None = None  # the last neutral fill: where, its level
    for i, instruction in enumerate(ops):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            pending = None
            continue
        op = str(instruction.operator)
        grey = _neutral(op, instruction.operands)
        if op in ("rg", "g"):
            pending = (i, grey) if grey is not None else None
        elif op in ("RG", "G") and grey is not None:
            ops[i] = pikepdf.ContentStreamInstruction([0, 0, 0, grey], pikepdf.Operator("K"))
            changed = True
        elif op in TEXT_OPS and pending is not None:
            where, level = pending
            ops[where] = pikepdf.ContentStreamInstruction([0, 0, 0, level],
                                                          pikepdf.Operator("k"))
            pending, changed = None, True
        elif op in PAINT_OPS:
            pending = None
    return changed


def _neutral(op: str, operands: Any) -> float | None:
    """The black-ink level of a grey or black colour (1 = black), else None."""
    if op in ("g", "G"):
        return round(1 - float(operands[0]), 4)
    if op in ("rg", "RG"):
        r, g, b = (float(v) for v in operands)
        if max(r, g, b) - min(r, g, b) < 1e-3:
            return round(1 - r, 4)
    return None


def _finish(data: bytes, title: str, kind: Standard, digest: bytes) -> bytes:
    """Ink limited, info and (X-4) XMP set from the content, saved at the standard's
    version. ``digest`` names the source (Ghostscript's own ids change every run)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for holder in _content_holders(pdf):
            _limit_ink(pdf, holder)
        epoch = source_date_epoch()
        stamp = pikepdf.String(pdf_date(FALLBACK_EPOCH if epoch is None else epoch))
        info = Dictionary(Title=pikepdf.String(title), Creator=pikepdf.String("copperplate"),
                          Producer=pikepdf.String("copperplate with Ghostscript"),
                          CreationDate=stamp, ModDate=stamp, Trapped=Name("/False"))
        for key, value in kind.keys().items():
            info[Name("/" + key)] = value
        pdf.docinfo = pdf.make_indirect(info)
        if "/Metadata" in pdf.Root:  # Ghostscript's XMP holds the clock and a random uuid
            del pdf.Root["/Metadata"]
        if not kind.conformance:  # X-4 names its version in XMP too
            _xmp(pdf, title, kind, FALLBACK_EPOCH if epoch is None else epoch, digest)
        if "/ID" in pdf.trailer:  # and its id: qpdf would keep half of it
            del pdf.trailer["/ID"]
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, compress_streams=True,
                 min_version=kind.pdf_version, force_version=kind.pdf_version)
        return out.getvalue()


def _xmp(pdf: pikepdf.Pdf, title: str, kind: Standard, epoch: int, digest: bytes) -> None:
    """The XMP packet PDF/X-4 asks for, with dates and ids from the content, not the clock."""
    when = datetime.fromtimestamp(epoch, tz=UTC).isoformat()
    ident = f"uuid:{uuid.UUID(bytes=digest[:16])}"
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = kind.name
        meta["dc:title"] = title
        meta["pdf:Producer"] = "copperplate with Ghostscript"
        meta["pdf:Trapped"] = "False"
        for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            meta[key] = when
        meta["xmpMM:DocumentID"] = ident
        meta["xmpMM:InstanceID"] = ident
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"


def _content_holders(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    found: dict[tuple[int, int], pikepdf.Object] = {}
    todo: list[pikepdf.Object] = [page.obj for page in pdf.pages]
    while todo:
        holder = todo.pop()
        if holder.is_indirect and holder.objgen in found:
            continue
        found[holder.objgen] = holder
        for _, xobject in holder.get("/Resources", Dictionary()).get("/XObject",
                                                                     Dictionary()).items():
            if xobject.get("/Subtype") == Name.Form:
                todo.append(xobject)
    return list(found.values())


def _limit_ink(pdf: pikepdf.Pdf, holder: pikepdf.Object) -> None:
    for image in _cmyk_images(holder):
        _limit_image(image)
    _rewrite(pdf, holder, _limit_colours)


def _limit_colours(ops: list[Any]) -> bool:
    changed = False
    for i, instruction in enumerate(ops):
        if (not isinstance(instruction, pikepdf.ContentStreamInlineImage)
                and str(instruction.operator) in ("k", "K")):
            cmyk = [float(v) for v in instruction.operands]
            limited = limit(cmyk)
            if limited != cmyk:
                changed = True
                ops[i] = pikepdf.ContentStreamInstruction([round(v, 4) for v in limited],
                                                          instruction.operator)
    return changed


def limit(cmyk: list[float]) -> list[float]:
    """Cyan, magenta and yellow scaled down together until the total is ``TAC_LIMIT``;
    black untouched (a colour over the limit keeps its hue and its darkness)."""
    c, m, y, k = cmyk
    total = c + m + y + k
    if total <= TAC_LIMIT + 1e-6 or c + m + y == 0:
        return cmyk
    scale = max(0.0, TAC_LIMIT - k) / (c + m + y)
    return [c * scale, m * scale, y * scale, k]


def _cmyk_images(holder: pikepdf.Object) -> list[pikepdf.Object]:
    """8-bit DeviceCMYK images (Ghostscript draws a gradient as one)."""
    xobjects = holder.get("/Resources", Dictionary()).get("/XObject", Dictionary())
    return [x for _, x in xobjects.items() if x.get("/Subtype") == Name.Image
            and x.get("/ColorSpace") == Name.DeviceCMYK and x.get("/BitsPerComponent") == 8
            and "/Decode" not in x]


def _bands(image: pikepdf.Object) -> dict[str, Any]:
    """An image's cyan, magenta, yellow and black as 32-bit bands (0-255), for arithmetic
    on every pixel at once (a 720 dpi gradient is millions of them)."""
    assert isinstance(image, pikepdf.Stream)
    pil = PdfImage(image).as_pil_image()
    return {name: band.convert("I") for name, band in zip("cmyk", pil.split(), strict=True)}


def _total(bands: dict[str, Any]) -> Any:
    return ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], **bands)


def _limit_image(image: pikepdf.Object) -> None:
    bands = _bands(image)
    limit_255 = round(TAC_LIMIT * 255)
    total = _total(bands)
    if total.getextrema()[1] <= limit_255:
        return
    cmy = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], **bands)
    over = ImageMath.lambda_eval(lambda a: a["t"] > limit_255, t=total)
    out = [ImageMath.lambda_eval(  # scaled down where over, by integer division: never over
        lambda a: a["v"] + a["over"] * (a["v"] * (limit_255 - a["k"]) / a["cmy"] - a["v"]),
        v=bands[name], k=bands["k"], cmy=cmy, over=over).convert("L") for name in "cmy"]
    data = Image.merge("CMYK", [*out, bands["k"].convert("L")]).tobytes()
    image.write(zlib.compress(data), filter=Name.FlateDecode)
    if "/DecodeParms" in image:
        del image["/DecodeParms"]


def max_ink(pdf: pikepdf.Pdf) -> float:
    """The highest total ink of any colour set, or pixel of an image, in pages and forms
    (1.0 = 100 %)."""
    worst = 0.0
    for holder in _content_holders(pdf):
        for image in _cmyk_images(holder):
            worst = max(worst, _total(_bands(image)).getextrema()[1] / 255)
        for instruction in pikepdf.parse_content_stream(holder):
            if (not isinstance(instruction, pikepdf.ContentStreamInlineImage)
                    and str(instruction.operator) in ("k", "K")):
                worst = max(worst, sum(float(v) for v in instruction.operands))
    return worst

