"""The sandbox's quick ways (a macro, a builtin method or a bare function called without
Jinja's checks, an attribute read without its ``str.format`` check, the call hook's clock
left to an armed timer, ``mm``'s kept texts, verdicts kept by text) give what the checked
ways give, and refuse what they refuse."""

from __future__ import annotations

import math
import signal
from collections.abc import Iterator
from typing import Any

import jinja2
import pytest
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment, unsafe

from generator.render import sandbox, svg, verdict
from generator.render.facereads import FaceReads
from generator.render.limits import MAX_ITEMS
from generator.render.sandbox import DeckSandbox, TemplateRefused, budget, render_bounded


class CheckedOnly(DeckSandbox):
    """Every call the checked way: the sandbox's checks, then Jinja's ``Context.call``."""

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        sandbox._check_clock()
        sandbox.check_numbers(args, kwargs)
        return __self.checked_call(__context, __obj, args, kwargs)


def fitted(text: str, size: float = 3.0) -> str:
    return f"{text}@{size}"


def stops() -> None:
    raise StopIteration


CALLS = (
    "{% macro m(a, b=2) %}[{{ a }}|{{ b }}|{{ varargs }}|{{ kwargs }}]{% endmacro %}"
    "{% macro c() %}({{ caller('x') }}){% endmacro %}"
    "{% for i in range(3) %}{{ m(i) }}{{ m(i, b=i * 2) }}{{ m(i, 5, 6, k=i) }}"
    "{% call(v) c() %}{{ v }}{{ i }}{% endcall %}{% set _ = seen.append(i) %}"
    "{{ fitted('w' ~ i, size=i) }}{{ seen.get if false else '' }}{% endfor %}"
    "{{ m('<&>') }}{{ seen|length }}{{ d.get('k') }}{% set _ = d.update(k=2) %}{{ d.k }}"
    "{{ stops() is undefined }}{{ '%s-{}'.format(3) }}{{ fitted(name) }}"
)


def draw(env_class: type[DeckSandbox], source: str, **values: Any) -> str:
    env = env_class(autoescape=True, undefined=jinja2.StrictUndefined)
    env.globals.update(fitted=fitted, stops=stops)
    return env.from_string(source).render(values)


def test_quick_calls_draw_what_checked_calls_draw() -> None:
    values = {"seen": [], "d": {"k": 1}, "name": "a<b"}
    quick = draw(DeckSandbox, CALLS, **values)
    values = {"seen": [], "d": {"k": 1}, "name": "a<b"}
    assert quick == draw(CheckedOnly, CALLS, **values)
    assert "[0|2|()|{}][0|0|()|{}][0|5|(6,)|{&#39;k&#39;: 0}](x0)" in quick
    assert quick.endswith("&lt;&amp;&gt;|2|()|{}]312True%s-3a&lt;b@3.0")


@pytest.mark.parametrize("env_class", [DeckSandbox, CheckedOnly])
def test_a_marked_unsafe_function_is_refused_either_way(env_class: type[DeckSandbox]) -> None:
    @unsafe
    def secret() -> str:
        return "leaked"

    with pytest.raises(TemplateRefused, match="'secret' is not available"):
        draw(env_class, "{{ secret() }}", secret=secret)


@pytest.mark.parametrize("env_class", [DeckSandbox, CheckedOnly])
def test_a_grown_list_and_a_huge_number_are_refused_either_way(
        env_class: type[DeckSandbox]) -> None:
    full = list(range(MAX_ITEMS))
    with pytest.raises(TemplateRefused, match="grew past"):
        draw(env_class, "{% set _ = l.append(1) %}", l=full)
    with pytest.raises(TemplateRefused, match="a number above"):
        draw(env_class, "{{ fitted('x', 10**9) }}")


class Card:
    name = "Mill"
    _hidden = "no"

    @property
    def cost(self) -> int:
        return 3

    def say(self) -> str:
        return "hi"

    def __getitem__(self, key: str) -> str:
        return f"item {key}"


ATTRIBUTES = [(Card(), "name"), (Card(), "cost"), (Card(), "missing"), ("{} x", "format"),
              ("abc", "upper"), ([1], "append"), (FaceReads({"a": 1}), "a"), ({"b": 2}, "b"),
              ({"b": 2}, "items"), (3.5, "real"), (Card().say, "mro"), (int, "mro"),
              (Card(), "say"), (None, "x")]


@pytest.mark.parametrize("obj,name", ATTRIBUTES,
                         ids=[f"{type(o).__name__}.{n}" for o, n in ATTRIBUTES])
def test_an_attribute_reads_as_jinja_sandbox_reads_it(obj: Any, name: str) -> None:
    refused = obj is int  # ``mro`` is refused by ours (Jinja lets it through)
    ours = None if refused else DeckSandbox().getattr(obj, name)
    theirs = SandboxedEnvironment().getattr(obj, name)
    if refused:
        with pytest.raises(TemplateRefused):
            DeckSandbox().getattr(obj, name)
    elif isinstance(theirs, jinja2.Undefined):
        assert isinstance(ours, jinja2.Undefined)
    elif name == "format":  # wrapped by both: the sandbox's format
        assert ours(7) == theirs(7) == f"{7} x"
        with pytest.raises(TemplateRefused):  # what it reads is read the sandbox's way
            DeckSandbox().getattr("{0.__class__}", "format")(7)
    else:
        assert ours == theirs


@pytest.mark.parametrize("left,right", [(2, 3), (2, 3.5), (2.5, 2.5), ("ab", 3), ([1], 2),
                                        ("a%s", 5), ("a", "b"), (True, 2), (7, 0)])
def test_an_operator_gives_what_python_gives(left: Any, right: Any) -> None:
    env = DeckSandbox()
    for operator, function in sandbox.OPERATORS.items():
        try:
            expected = function(left, right)
        except (TypeError, ZeroDivisionError) as exc:
            with pytest.raises(type(exc)):
                env.call_binop(None, operator, left, right)  # type: ignore[arg-type]
            continue
        assert env.call_binop(None, operator, left, right) == expected  # type: ignore[arg-type]


def loop_of_calls() -> jinja2.Template:
    return svg.environment((svg.BUNDLED_TEMPLATES,)).from_string(
        "{% macro m() %}{% endmacro %}{% for a in range(3000) %}{% for b in range(1000) %}"
        "{{ m() }}{% endfor %}{% endfor %}")


def test_calls_are_stopped_by_the_armed_timer_without_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.2)
    read: list[float] = []
    real = sandbox.time.process_time
    monkeypatch.setattr(sandbox.time, "process_time", lambda: read.append(0) or real())
    with pytest.raises(TemplateRefused, match="more than 0.2 s"), budget():
        assert sandbox._deadline.timed
        render_bounded(loop_of_calls(), {})
    assert len(read) == 1  # the budget's own start: no call read the clock


@pytest.fixture
def profiler_owns_the_timer() -> Iterator[None]:
    previous = signal.signal(signal.SIGPROF, signal.SIG_IGN)
    signal.setitimer(signal.ITIMER_PROF, 600.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@pytest.mark.usefixtures("profiler_owns_the_timer")
def test_without_a_timer_the_call_hook_stops_the_face(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.2)
    with pytest.raises(TemplateRefused, match="more than 0.2 s"), budget():
        assert not sandbox._deadline.timed
        render_bounded(loop_of_calls(), {})


NUMBERS = [0.0, -0.0, 0, 1, -1, 12.5, 12.5, 0.0005, 0.0004, -0.0004, 1e21, 2**53 + 1,
           float("nan"), float("inf"), -math.inf, "3.25", True, 1 / 3, 1 / 3, 10**20]


def test_mm_prints_each_number_as_it_did_kept_or_not() -> None:
    svg.MILLIMETRES.clear()
    for _ in range(2):  # drawn, then kept
        for number in [*NUMBERS, *reversed(NUMBERS)]:
            assert svg.mm(number) == f"{float(number):.3f}".rstrip("0").rstrip(".")
    assert svg.mm(-0.0) == "-0" and svg.mm(0) == "0" and svg.mm(-0.0004) == "-0"


def test_a_verdict_is_kept_by_its_text_and_forgotten_past_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verdict, "REFUSED", {})
    monkeypatch.setattr(verdict, "_kept", [0])
    monkeypatch.setattr(verdict, "KEPT_CHARS", 200)
    sound = '<svg xmlns="http://www.w3.org/2000/svg"/>'
    broken = sound.replace("/>", ">")
    assert verdict.refused(sound) is None and verdict.refused(broken) is not None
    assert verdict.REFUSED == {sound: None, broken: verdict.refused(broken)}
    longer = sound.replace("/>", f' width="{"1" * 150}"/>')
    assert verdict.refused(longer) is None
    assert list(verdict.REFUSED) == [longer]  # past 200 characters: the rest forgotten
