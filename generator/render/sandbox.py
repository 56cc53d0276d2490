"""Templates are code from whoever sent the deck: they run in Jinja2's sandbox, bounded.

Every template, bundled or from a ``--components`` tree, renders in ``DeckSandbox``:
- no underscore attributes, no Python internals (``__globals__``, ``__subclasses__``,
  ``mro``), no pydantic ``model_*`` machinery, no ``lipsum``/``cycler``/``joiner``;
  a refusal is a ``TemplateRefused`` (rule ``template-sandbox``);
- bounded work (rule ``template-limit``): ``range`` of at most ``MAX_RANGE`` numbers;
  ``*``, ``**``, ``+`` and ``%`` refuse results above ``MAX_TEXT`` characters or items
  (or ``MAX_POWER_BITS`` bits); a list or dict stops growing at ``MAX_ITEMS``; no filter
  or method takes a number above ``MAX_TEXT``; one face's SVG is at most ``MAX_SVG``
  characters;
- ``budget()`` gives each face ``FACE_SECONDS`` of CPU time (a ``SIGPROF`` timer stops
  loops that call nothing, the call hook stops the rest; outside the main thread a
  ``Watchdog`` thread does it) and, in the main thread, caps the process's address
  space at ``MEMORY_CEILING`` above what it uses, so a runaway allocation is a
  ``MemoryError`` reported as a limit, not a machine brought down.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal.signal minus its enum conversions
import ctypes
import functools
import gc
import operator as op
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import markupsafe
from jinja2 import Template, Undefined
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from generator.render.facereads import FaceReads

try:
    import resource
except ImportError:  # not on Windows: the time budget still holds
    resource = None  # type: ignore[assignment]

MAX_RANGE = 10_000
MAX_TEXT = 1_000_000
MAX_ITEMS = 100_000
MAX_POWER_BITS = 4_096
MAX_SVG = 16_000_000
FACE_SECONDS = 2.0
REFIRE_SECONDS = 0.05
MEMORY_CEILING = 512 << 20  # bytes of address space a face may add
# a face rasterized by an export: cairo's surface, Pillow's copies and the PNG encoder
# (measured: a 5504 x 5504 px board takes 4.8 CPU s and ~330 MB in all)
PIXEL_SECONDS = 0.4e-6
PIXEL_BYTES = 16
REMOVED_GLOBALS = ("lipsum", "cycler", "joiner")
SEQUENCES = frozenset({str, bytes, list, tuple, Markup})
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "*": op.mul, "**": op.pow, "+": op.add, "%": op.mod}
WIDTHS = re.compile(r"%[-#0 +]*(\d{7,})")  # printf widths of a million and more
GROWERS = frozenset({"append", "extend", "insert", "update", "setdefault", "add"})
# what markupsafe's escape() runs on a str before it wraps the result in a Markup (None
# in a markupsafe without it: then escape() itself)
ESCAPE_TEXT: Callable[[str], str] | None = getattr(markupsafe, "_escape_inner", None)


class TemplateRefused(Exception):
    """A template did what the sandbox forbids, or ran past a limit: one located line."""

    def __init__(self, message: str, rule: str = "template-limit",
                 path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.path = path  # the file refused, when no template line is to blame


def refused(attribute: str) -> TemplateRefused:
    return TemplateRefused(f"'{attribute}' is not available to templates (templates run "
                           "in a sandbox)", "template-sandbox")


def printed(value: Any) -> str:
    """``escape(value)`` as plain text: the characters a template prints for ``{{ value }}``.
    A template's outputs are only ever joined into one string (its face, a macro's or a
    block's text, which Jinja makes Markup itself), so no Markup is made for each."""
    kind = type(value)
    if kind is str and ESCAPE_TEXT is not None:
        return ESCAPE_TEXT(value)  # a str, the same object when nothing is escaped
    if kind is int or kind is float or kind is Markup:  # nothing to escape: its text
        return str(value)
    return str(escape(value))


class DeckTemplate(Template):
    """A compiled template whose outputs are escaped by ``printed`` (the name its code
    calls for each ``{{ ... }}``, bound when the code is loaded): the same text, escaped
    the same way, without a Markup object for every number a face prints."""

    @classmethod
    def _from_namespace(cls, environment: Any, namespace: Any, globals: Any) -> Template:
        namespace["escape"] = printed
        return super()._from_namespace(environment, namespace, globals)


class DeckSandbox(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "+", "%"})
    template_class = DeckTemplate

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.safe_attributes: dict[tuple[type, str, type], bool] = {}
        for name in REMOVED_GLOBALS:
            self.globals.pop(name, None)
        self.globals["range"] = bounded_range
        self.filters = {name: _bounded(f) for name, f in self.filters.items()}

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        # the answer depends only on these types and the name: asked once per kind
        key = (type(obj), attr, type(value))
        safe = self.safe_attributes.get(key)
        if safe is None:
            safe = self.safe_attributes[key] = (
                not attr.startswith(("model_", "mro"))
                and super().is_safe_attribute(obj, attr, value))
        return safe

    def getattr(self, obj: Any, attribute: str) -> Any:
        if attribute.startswith("_"):  # refused even where the object has no such name
            raise refused(attribute)
        if (type(obj) is dict or type(obj) is FaceReads) and attribute in obj and not hasattr(
                dict, attribute):
            # what Jinja's getattr ends with, without its AttributeError: a face's context
            # is dicts, and ``card.name`` on one is a key (a dict's own methods win as there)
            return obj[attribute]
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(argument, str) and argument.startswith("_"):
            raise refused(argument)
        return super().getitem(obj, argument)

    def unsafe_undefined(self, obj: Any, attribute: str) -> Undefined:
        raise refused(attribute)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if type(left) is not float and type(right) is not float:  # floats cannot grow
            _check_binop(operator, left, right)
        return OPERATORS[operator](left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        _check_clock()
        _check_numbers(args, kwargs)
        owner = getattr(__obj, "__self__", None)
        if (isinstance(owner, list | dict | set) and getattr(__obj, "__name__", "") in GROWERS
                and len(owner) >= MAX_ITEMS):
            raise TemplateRefused(f"a list or dict grew past {MAX_ITEMS} entries")
        if not __self.is_safe_callable(__obj):
            raise refused(getattr(__obj, "__name__", "this call"))
        return __context.call(__obj, *args, **kwargs)


def bounded_range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateRefused(f"range() of {len(numbers)} numbers: the limit is {MAX_RANGE}")
    return numbers


def _bounded(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that refuses huge numbers (``center(10**9)``) before it allocates."""

    @functools.wraps(function)  # keeps jinja's pass_context / pass_environment marks
    def checked(*args: Any, **kwargs: Any) -> Any:
        _check_numbers(args, kwargs)
        return function(*args, **kwargs)

    return checked


def _check_numbers(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_TEXT:
            raise TemplateRefused(f"a number above {MAX_TEXT} passed to a filter or method")


def _size(value: Any) -> int:
    return len(value) if type(value) in SEQUENCES else 0


def _check_binop(operator: str, left: Any, right: Any) -> None:
    if operator == "*":
        if _size(left) * (right if type(right) is int else 0) > MAX_TEXT or (
                _size(right) * (left if type(left) is int else 0) > MAX_TEXT):
            raise TemplateRefused(f"repeating text or a list past {MAX_TEXT} entries")
        if type(left) is int and type(right) is int and (
                left.bit_length() + right.bit_length() > MAX_POWER_BITS):
            raise TemplateRefused(f"a number past {MAX_POWER_BITS} bits")
    elif operator == "**" and type(left) is int and type(right) is int:
        if right > 0 and abs(left) > 1 and right * left.bit_length() > MAX_POWER_BITS:
            raise TemplateRefused(f"a power past {MAX_POWER_BITS} bits")
    elif operator == "+" and _size(left) + _size(right) > MAX_TEXT:
        raise TemplateRefused(f"joining text or lists past {MAX_TEXT} entries")
    elif operator == "%" and type(left) is str and any(
            int(width) > MAX_TEXT for width in WIDTHS.findall(left)):
        raise TemplateRefused(f"a format width past {MAX_TEXT} characters")


# -- the per-face budget -------------------------------------------------------------------

_deadline = threading.local()
HAS_STATM = os.path.exists("/proc/self/statm")  # Linux: the address space in use
PAGE = os.sysconf("SC_PAGE_SIZE") if HAS_STATM else 4096


def _check_clock() -> None:
    until = getattr(_deadline, "cpu", None)
    if until is not None and time.process_time() > until:
        raise _over_time()


def _over_time() -> TemplateRefused:
    seconds = getattr(_deadline, "seconds", None) or FACE_SECONDS
    return TemplateRefused(f"the face took more than {seconds:g} s of CPU to draw")


def _on_timer(signum: int, frame: Any) -> None:
    if getattr(_deadline, "cpu", None) is not None:
        if getattr(_deadline, "collecting", False) or (
                frame is not None and frame.f_code is _collection_starts.__code__):
            # a garbage collection's callbacks and finalizers swallow what is raised in
            # them (reported as unraisable): stop the face just after the collection
            # (also when the stop lands in the first callback before it says so)
            signal.setitimer(signal.ITIMER_PROF, REFIRE_SECONDS)
            return
        if getattr(_deadline, "persistent", False):
            # cairo's callbacks into Python swallow what is raised in them: raise it again
            signal.setitimer(signal.ITIMER_PROF, REFIRE_SECONDS)
        else:
            _deadline.cpu = None  # raised once; the unwinding must not be interrupted again
        raise _over_time()


@contextmanager
def budget(persistent: bool = False, pixels: int = 0) -> Iterator[None]:
    """Run one face under the CPU-time budget and (in the main thread) the memory ceiling.
    ``persistent``: past the budget, stop it again every ``REFIRE_SECONDS`` until it ends
    (for code that may swallow the first stop, as cairo's callbacks do). ``pixels``: the
    face is also rasterized to that many pixels (an export's own size, bounded by it), and
    gets the time and memory that takes on top (``PIXEL_SECONDS``, ``PIXEL_BYTES``)."""
    if getattr(_deadline, "cpu", None) is not None:  # already inside a budget
        yield
        return
    seconds = FACE_SECONDS + pixels * PIXEL_SECONDS
    _deadline.seconds = seconds
    _deadline.persistent = persistent
    _deadline.cpu = time.process_time() + seconds
    main = threading.current_thread() is threading.main_thread()
    timer = _arm_timer(seconds) if main else None
    watchdog = None if main else Watchdog(seconds)
    ceiling = MEMORY_CEILING + pixels * PIXEL_BYTES
    memory = _cap_memory(ceiling) if main else None  # a limit for the whole process
    if timer is not None:
        gc.callbacks.insert(0, _collection_starts)  # first at its start, last at its end
        gc.callbacks.append(_collection_ends)
    try:
        yield
    except MemoryError:
        raise TemplateRefused(f"the face needed more than {ceiling >> 20} MiB of "
                              "memory") from None
    finally:
        _deadline.cpu = None
        _deadline.seconds = None
        _deadline.persistent = False
        if timer is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            _signal.signal(signal.SIGPROF, timer)
            gc.callbacks.remove(_collection_starts)
            gc.callbacks.remove(_collection_ends)
            _deadline.collecting = False
        if watchdog is not None:
            watchdog.stop()
        if memory is not None and resource is not None:
            resource.setrlimit(resource.RLIMIT_AS, memory)


def _collection_starts(phase: str, info: dict[str, int]) -> None:
    """First of the collector's callbacks: from here a stop would be swallowed."""
    if phase == "start":
        _deadline.collecting = True


def _collection_ends(phase: str, info: dict[str, int]) -> None:
    """Last of the collector's callbacks: a stop raised from now on reaches the face."""
    if phase == "stop":
        _deadline.collecting = False


class OverTime(TemplateRefused):
    def __init__(self) -> None:
        super().__init__(_over_time().message)


class Watchdog:
    """Outside the main thread no signal can stop a loop: a timer thread raises
    ``OverTime`` in the drawing thread instead (after twice the budget in wall time, as
    other threads share the CPU)."""

    def __init__(self, seconds: float) -> None:
        self.thread = threading.get_ident()
        self.lock = threading.Lock()
        self.active = True
        self.timer = threading.Timer(2 * seconds, self.fire)
        self.timer.daemon = True
        self.timer.start()

    def fire(self) -> None:
        with self.lock:
            if self.active:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread),
                                                           ctypes.py_object(OverTime))

    def stop(self) -> None:
        self.timer.cancel()
        with self.lock:
            self.active = False
            # one raised too late to land inside the face is withdrawn
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread), None)


def _arm_timer(seconds: float) -> Any:
    """The previous SIGPROF handler, or None when no timer could be armed (a profiler owns
    it: the call hook still bounds the time)."""
    if not hasattr(signal, "setitimer") or signal.getitimer(signal.ITIMER_PROF)[0]:
        return None
    previous = _signal.signal(signal.SIGPROF, _on_timer)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    return previous


def _cap_memory(ceiling: int = MEMORY_CEILING) -> tuple[int, int] | None:
    """Lower the soft address-space limit to what is in use plus the ceiling; the old
    limits, to restore, or None where that cannot be done."""
    if resource is None or not HAS_STATM:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _in_use() + ceiling
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY and soft <= cap:
        return None  # already tighter
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    return (soft, hard)


_measured = [0.0, 0]  # when, bytes


def _in_use() -> int:
    """The address space in use, read again at most every half second (reading /proc for
    every face would cost more than drawing a small one)."""
    now = time.monotonic()
    if now - _measured[0] > 0.5:
        with open("/proc/self/statm", encoding="ascii") as statm:
            _measured[:] = [now, int(statm.read().split()[0]) * PAGE]
    return int(_measured[1])


def render_bounded(template: Any, context: dict[str, Any]) -> str:
    """The template's text, refused past ``MAX_SVG`` characters (call inside ``budget``,
    whose memory ceiling bounds it while it is being made)."""
    svg = str(template.render(context))
    if len(svg) > MAX_SVG:
        raise TemplateRefused(f"the face's SVG is longer than {MAX_SVG} characters")
    return svg
