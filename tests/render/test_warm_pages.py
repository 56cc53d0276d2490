"""What a rebuild in the same process (a watched deck, the next game of a build) draws
again: a generator page with the same template and context is drawn once, and an SVG's
verdict is reached once; anything else is drawn again."""

from __future__ import annotations

from generator.render import svg, verdict
from generator.render.svg import page_svg

PAGE = dict(w=210.0, h=297.0, bleed=0, margin=5.0, y=290.0, game="Bench", page_no=1,
            total=2, side="front", words={"page_number": "page {n} of {total}"})


def _counted(monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = svg.render_bounded

    def counting(template, context):
        drawn.append(template.name)
        return real(template, context)

    monkeypatch.setattr(svg, "render_bounded", counting)
    monkeypatch.setattr(svg, "PAGES", {})
    return drawn


def test_a_page_with_the_same_context_is_drawn_once(monkeypatch):
    drawn = _counted(monkeypatch)
    first = page_svg("_shared/footer.svg.j2", text="Cards", **PAGE)
    assert page_svg("_shared/footer.svg.j2", text="Cards", **PAGE) == first
    other = page_svg("_shared/footer.svg.j2", text="Tiles", **PAGE)
    assert other != first and "Tiles" in other and len(drawn) == 2


def test_a_page_whose_context_is_not_plain_data_is_drawn_every_time(monkeypatch):
    drawn = _counted(monkeypatch)

    for _ in range(2):
        page_svg("_shared/footer.svg.j2", text="Cards", **{**PAGE, "offset": object()})
    assert len(drawn) == 2


def test_a_refused_svg_is_refused_again_with_its_reason(monkeypatch):
    monkeypatch.setattr(verdict, "REFUSED", {})
    broken = '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'
    first = verdict.refused(broken)
    assert first is not None and "not valid SVG" in first
    assert verdict.refused(broken) == first
    assert verdict.refused('<svg xmlns="http://www.w3.org/2000/svg"/>') is None
