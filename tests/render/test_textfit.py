"""The fitting helper: measured with the font files, shrink, then wrap, then a located error."""

from __future__ import annotations

import pytest

from generator.render.textfit import Font, TextFitError, fit, missing, width


def test_width_is_the_sum_of_the_font_s_advances():
    # DejaVu Sans: "i" advances 0.278 em and "W" 0.989 em (hmtx, units per em 2048)
    assert width("iW", Font(), 10) == pytest.approx(10 * (569 + 2025) / 2048)
    assert width("WWW", Font("DejaVu Sans Condensed"), 10) < width("WWW", Font(), 10)


def test_shrinks_first_then_wraps():
    one = fit("Palace Grand", 30, 4.0, 2.5, bold=True)
    assert one.lines == ("Palace Grand",) and 2.5 <= one.size <= 4.0
    assert width("Palace Grand", Font(bold=True), one.size) <= 30
    two = fit("Palace Grand Theatre", 24, 3.0, 2.5, lines=2)
    assert len(two.lines) == 2 and all(width(ln, Font(), two.size) <= 24 for ln in two.lines)


def test_a_hyphenated_name_breaks_after_its_hyphen():
    assert fit("Bell-Diamond", 17, 2.6, 2.5, lines=2, family="DejaVu Sans Condensed",
               bold=True).lines == ("Bell-", "Diamond")


def test_a_dash_between_spaces_keeps_its_spaces():
    assert fit("4 in column 4 - the game ends", 200, 3.0).lines == (
        "4 in column 4 - the game ends",)
    assert fit("Bell-Diamond - a mine", 200, 3.0).lines == ("Bell-Diamond - a mine",)
    assert fit("build with --back-offset", 200, 3.0).lines == ("build with --back-offset",)
    assert fit("- the end", 200, 3.0).lines == ("- the end",)


def test_a_name_that_cannot_fit_is_an_error_naming_it():
    with pytest.raises(TextFitError) as caught:
        fit("Arizona Charlie Meadows of the Klondike Goldfields", 20, 4.0, 2.5)
    assert caught.value.text.startswith("Arizona") and "shorten it" in str(caught.value)


def test_missing_glyphs_come_from_the_character_map():
    assert missing("Saloon \U0001F37A", Font("DejaVu Serif")) == ["\U0001F37A"]
    assert missing("שלום", Font("DejaVu Serif")) and not missing("שלום", Font())


@pytest.mark.parametrize(("text", "family", "bold", "italic", "size"), [
    ("Arizona Charlie Meadows", "DejaVu Serif", True, False, 4.6),
    ("Palace Grand Theatre", "DejaVu Sans Condensed", True, False, 3.0),
    ("Walkerville · AVAW To", "DejaVu Sans", False, True, 5.0),  # kerning pairs: none drawn
])
def test_the_measure_is_what_cairo_draws(text, family, bold, italic, size):
    import io

    import pdfplumber

    from generator.render import fonts
    from generator.render.cache import svg_to_pdf
    from generator.render.cachedir import cache_root

    fonts.pin(cache_root())
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="20mm" '
           f'viewBox="0 0 200 20"><text x="10" y="12" font-family="{family}" '
           f'font-weight="{"bold" if bold else "normal"}" '
           f'font-style="{"italic" if italic else "normal"}" font-size="{size}">{text}</text></svg>')
    with pdfplumber.open(io.BytesIO(svg_to_pdf(svg))) as pdf:
        chars = pdf.pages[0].chars
        drawn = (max(c["x1"] for c in chars) - min(c["x0"] for c in chars)) * 25.4 / 72
    assert width(text, Font(family, bold, italic), size) == pytest.approx(drawn, abs=0.2)


def test_font_metrics_read_on_demand_are_the_font_s_own():
    """Each character's advance, ink and presence, looked up when first asked, are what
    fontTools reads from the whole tables (a missing character: the missing glyph's advance,
    no ink)."""
    from fontTools.ttLib import TTFont

    from generator.render.textfit import metrics

    path = Font("DejaVu Serif", bold=True).path()
    font = TTFont(str(path))
    em, best, hmtx, glyf = font["head"].unitsPerEm, font.getBestCmap(), font["hmtx"], font["glyf"]
    found = metrics(path)
    for code in [*range(32, 0x250), 0x20AC, 0xE000, 0x1F600]:
        name = best.get(code)
        assert found.has(code) == (name is not None)
        assert found.advance(code) == hmtx[name or ".notdef"][0] / em
        outline = glyf[name] if name else None
        assert found.ink(code) == ((outline.yMax / em, outline.yMin / em)
                                   if outline is not None and outline.numberOfContours else None)
    assert missing("a\u20ac\ue000", Font("DejaVu Serif", bold=True)) == ["\ue000"]


def test_a_kept_fit_is_the_fit_worked_out_afresh() -> None:
    from generator.render import textfit

    first = fit("Palace Grand Theatre", 24, 3.0, 2.5, lines=2)
    assert fit("Palace Grand Theatre", 24, 3.0, 2.5, lines=2) is first  # kept
    assert first == textfit._fit("Palace Grand Theatre", 24, 3.0, 2.5, 2, "DejaVu Sans",
                                 False, False)
    assert str(fit("Mill", 30, 4).size) == "4" and str(fit("Mill", 30, 4.0).size) == "4.0"
    for _ in range(2):  # a text that does not fit is refused every time it is asked
        with pytest.raises(TextFitError):
            fit("an unfittable line of text", 5, 3.0, 2.5)


def test_a_one_line_fit_is_what_wrapping_onto_one_line_finds() -> None:
    """_fit tries one line from the whole line's width; the greedy wrap onto one line, size
    by size, finds the same size (or none) for any words and box."""
    import random

    from generator.render import textfit

    rng = random.Random(22)
    alphabet = "iIlmWMw.-' 0123456789éß\u2014"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        box, size, floor = rng.uniform(2, 60), rng.uniform(1, 6), rng.uniform(0.5, 6)
        words = textfit.WORDS.findall(text)
        fresh = textfit.metrics(textfit.Font().path()).ems  # widths not kept
        expected, current = None, size
        while current >= min(floor, size) - 1e-9:
            wrapped = textfit._wrap(words, fresh, current, box, 1)
            if wrapped is not None:
                expected = (tuple(wrapped), round(current, 3))
                break
            current *= 0.98
        try:
            found = textfit._fit(text, box, size, floor, 1, "DejaVu Sans", False, False)
        except TextFitError:
            assert expected is None
        else:
            assert (found.lines, found.size) == expected


def test_a_kept_width_is_the_width_measured_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fitting reads a text's width from its font's kept widths: the same number as
    measured afresh, and the kept ones are let go past ``WIDTHS_KEPT``."""
    import random

    from generator.render import textfit

    monkeypatch.setattr(textfit, "WIDTHS_KEPT", 50)
    rng = random.Random(28)
    font = textfit.metrics(Font("DejaVu Serif", italic=True).path())
    for _ in range(2):
        for _ in range(120):
            text = "".join(rng.choice("iIlmWM.- é\u2014\ue000") for _ in range(rng.randint(0, 30)))
            assert font.kept_ems(text) == font.ems(text) == width(text, serif_italic(), 1.0)
        assert 0 < len(font._widths) <= 50


def serif_italic() -> Font:
    return Font("DejaVu Serif", italic=True)
