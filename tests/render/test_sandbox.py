"""Templates from a deck someone sent: they cannot escape the sandbox, hang or exhaust the
machine, and every refusal is one located line with nothing written and nothing run."""

from __future__ import annotations

import gc
import shutil
import signal
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jinja2
import pytest
from markupsafe import Markup, escape

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.render import sandbox
from generator.render.pagewords import PAGE_WORDS
from generator.render.sandbox import DeckSandbox, TemplateRefused, budget, render_bounded
from generator.render.svg import environment, page_svg

BACK = "copperdale/templates/card-back.svg.j2"


def hostile_deck(root: Path, art: str) -> Path:
    """Copperdale with its card back replaced: line 3 of the template holds ``art``."""
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", root / "copperdale")
    (root / "copperdale" / "templates").mkdir()
    (root / BACK).write_text('{% extends "_shared/base.svg.j2" %}\n{% block art %}\n'
                             f"{art}\n{{% endblock %}}\n", encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


ESCAPES = [
    "{{ cycler.__init__.__globals__.os.popen('touch MARKER').read() }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ face|attr('__class__') }}",
    "{{ (face|attr('items')).__self__ }}",
    "{{ data.model_validate({}) }}",
    "{{ self.__init__.__globals__ }}",
    "{% set x = namespace() %}{{ x.__init__ }}",
    "{{ face.items.__func__ }}",
    "{{ ''.format.__globals__ }}",
]
LIMITS = [
    "{% for i in range(10**9) %}x{% endfor %}",
    "{{ 'x' * 10**10 }}",
    "{{ [1] * 10**9 }}",
    "{{ 'x'|center(10**9) }}",
    "{{ 'x'.ljust(10**9) }}",
    "{{ 7 ** 100000 }}",
    "{{ ('x' * 900000) + ('y' * 900000) }}",
    "{% set l = [] %}{% for i in range(10000) %}{% for j in range(10000) %}"
    "{% set _ = l.append(j) %}{% endfor %}{% endfor %}",
]


@pytest.mark.parametrize("art,rule", [(a, "template-sandbox") for a in ESCAPES]
                         + [(a, "template-limit") for a in LIMITS])
def test_validate_refuses_the_template_in_one_located_line(
        art: str, rule: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(hostile_deck(tmp_path, art))
    code, out = run(capsys, "validate", "copperdale", "--components", ".")
    first, *rest = out.strip().splitlines()
    assert code == 1
    assert first.startswith(f"{BACK}:3:1: error: ") and first.endswith(f"({rule})"), out
    assert "(the same on 52 faces)" in first  # one report for the 52 faces of the deck
    assert rest == ["1 game(s) checked: 1 error(s), 0 warning(s)"]
    assert "Traceback" not in out and "<" not in first  # no object reprs echoed back
    assert not (tmp_path / "MARKER").exists()


def test_build_refuses_the_payload_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(hostile_deck(tmp_path, ESCAPES[0]))
    code, out = run(capsys, "build", "copper-creek", "copperdale", "--components", ".",
                    "--out", "out")
    assert code == 1
    assert out.startswith(f"{BACK}:3:1: error: '__init__' is not available to templates"), out
    assert "(the same on 52 faces) (template-sandbox)" in out.splitlines()[0]
    assert not (tmp_path / "out").exists()  # copper-creek was fine, but nothing is written
    assert not (tmp_path / "MARKER").exists()


def test_a_loop_that_calls_nothing_is_stopped_by_the_time_budget(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.3)
    art = ("{% set x = range(10000)|list %}"
           "{% for a in x %}{% for b in x %}{% endfor %}{% endfor %}")
    monkeypatch.chdir(hostile_deck(tmp_path, art))
    code, out = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert out.startswith(f"{BACK}:3:1: error: the face took more than 0.3 s of CPU to draw")
    assert out.splitlines()[0].endswith("(the same on 52 faces) (template-limit)")


def test_a_stop_that_lands_in_a_garbage_collection_stops_the_face_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A gc callback (hypothesis keeps one) swallows what is raised in it: the stop must
    # neither be lost there (the face would run on unbounded) nor reported as unraisable.
    swallowed: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", swallowed.append)
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 60.0)

    def timer_fires_here(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            sandbox._on_timer(signal.SIGPROF, None)

    spun = 0
    with pytest.raises(TemplateRefused, match="more than 60 s of CPU"), budget():
        gc.callbacks.insert(1, timer_fires_here)  # inside the budget's own pair
        try:
            gc.collect()
        finally:
            gc.callbacks.remove(timer_fires_here)
        until = time.process_time() + 5  # far past the refire: only a lost stop gets here
        while time.process_time() < until:
            spun += 1
    assert not swallowed and spun > 0


def test_a_stop_that_lands_in_the_collections_first_callback_is_not_swallowed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The signal can arrive on the first line of the budget's own start-of-collection
    # callback, before it notes the collection: raising there would be swallowed too.
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 60.0)
    in_first_callback = SimpleNamespace(f_code=sandbox._collection_starts.__code__)
    spun = 0
    with pytest.raises(TemplateRefused, match="more than 60 s of CPU"), budget():
        sandbox._on_timer(signal.SIGPROF, in_first_callback)  # held back, not raised
        until = time.process_time() + 5  # far past the refire: only a lost stop gets here
        while time.process_time() < until:
            spun += 1
    assert spun > 0


def test_a_face_that_grows_past_the_memory_ceiling_is_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MEMORY_CEILING", 64 << 20)
    template = environment((BUNDLED_TEMPLATES,)).from_string(
        "{{ '{:>400000000}'.format(1)|length }}")
    with pytest.raises(TemplateRefused, match="more than 64 MiB of memory"), budget():
        render_bounded(template, {})
    assert render_bounded(template.environment.from_string("{{ 1 + 1 }}"), {}) == "2"


def test_a_face_longer_than_the_svg_limit_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_SVG", 1000)
    template = environment((BUNDLED_TEMPLATES,)).from_string(
        "{% for i in range(100) %}{{ 'x' * 20 }}{% endfor %}")
    with pytest.raises(TemplateRefused, match="longer than 1000 characters"):
        render_bounded(template, {})


def test_bundled_templates_render_in_the_same_sandbox() -> None:
    env = environment((BUNDLED_TEMPLATES,))
    assert isinstance(env, DeckSandbox)
    assert "range" in env.globals and "cycler" not in env.globals and "lipsum" not in env.globals
    assert page_svg("_shared/footer.svg.j2", w=210, h=297, bleed=0, margin=5, y=290,
                    text="cards", game="Demo", page_no=1, total=2, side="front",
                    words=PAGE_WORDS
                    ).startswith("<svg")


def test_a_printf_width_past_the_limit_is_refused_before_it_allocates() -> None:
    env = environment((BUNDLED_TEMPLATES,))
    with pytest.raises(TemplateRefused, match="format width past"):
        render_bounded(env.from_string("{{ '%999999999d' % 1 }}"), {})
    assert render_bounded(env.from_string("{{ '%.3f' % 2 }}|{{ 2.5 * 2 }}"), {}) == "2.000|5.0"


def test_a_face_drawn_outside_the_main_thread_is_stopped_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.2)
    template = environment((BUNDLED_TEMPLATES,)).from_string(
        "{% set x = range(10000)|list %}{% for a in x %}{% for b in x %}{% endfor %}"
        "{% endfor %}")
    caught: list[BaseException] = []

    def draw() -> None:
        try:
            with budget():
                render_bounded(template, {})
        except TemplateRefused as exc:
            caught.append(exc)

    worker = threading.Thread(target=draw)
    worker.start()
    worker.join(30)
    assert not worker.is_alive()
    assert [str(e) for e in caught] == ["the face took more than 0.2 s of CPU to draw"]


def test_quick_faces_in_a_thread_never_get_a_late_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.001)  # timers firing around the exits
    template = environment((BUNDLED_TEMPLATES,)).from_string("{{ 1 + 1 }}")
    outcomes: list[str] = []

    def draw() -> None:
        for _ in range(300):
            try:
                with budget():
                    render_bounded(template, {})
                outcomes.append("drawn")
            except TemplateRefused:
                outcomes.append("stopped")
        outcomes.append(sum(range(10_000)) and "after")  # no stray exception lands here

    worker = threading.Thread(target=draw)
    worker.start()
    worker.join(30)
    assert len(outcomes) == 301 and outcomes[-1] == "after"


def test_a_dict_key_reads_as_jinja_reads_it() -> None:
    """A context dict's key is read as an attribute, a dict's own method still wins over a
    key of its name, an underscore key stays refused and a missing one is undefined."""
    env = DeckSandbox()
    card = {"name": "Mill", "items": "three", "_secret": 1}
    shown = env.from_string("{{ c.name }}|{{ c.items is callable }}|{{ c.cost is defined }}")
    assert shown.render(c=card) == "Mill|True|False"
    with pytest.raises(TemplateRefused):
        env.from_string("{{ c._secret }}").render(c=card)


class _Html:
    def __html__(self) -> str:
        return "<b>kept</b>"

    def __repr__(self) -> str:  # the test's id: the same in every worker of a parallel run
        return "_Html()"


class _Number(int):
    def __str__(self) -> str:
        return "<int>"


PRINTED = ["plain", "<a href='x'>&amp;\"</a>", 3, -2.5, 1e21, float("nan"), float("-inf"),
           10**30, True, None, Markup("<i>safe</i>"), Markup(""), _Html(), ["<", 1],
           {"k": "&"}, "", _Number(5)]


@pytest.mark.parametrize("value", PRINTED, ids=repr)
def test_a_printed_value_is_escaped_as_markupsafe_escapes_it(value: object) -> None:
    assert sandbox.printed(value) == str(escape(value))
    assert type(sandbox.printed(value)) is str


def test_a_template_prints_what_escaping_autoescape_prints() -> None:
    """Outputs, macros, captured blocks and super() as Jinja's own escape prints them."""
    source = ("{% macro m(v) %}<{{ v }}>{% endmacro %}{% set c %}{{ v }}&{% endset %}"
              "{{ v }}|{{ m(v) }}|{{ c }}|{{ c|length }}|{{ m(v)|upper }}|{{ n }}|{{ h }}")
    values = {"v": "<x & 'y'>", "n": 2.5, "h": _Html()}
    plain = jinja2.Environment(autoescape=True).from_string(source).render(values)
    assert DeckSandbox(autoescape=True).from_string(source).render(values) == plain
    assert "&lt;x &amp; &#39;y&#39;&gt;" in plain
