"""Templates are code from whoever sent the deck: they run in Jinja2's sandbox, bounded.

Every template, bundled or from a ``--components`` tree, renders in ``DeckSandbox``:
- no underscore attributes, no Python internals (``__globals__``, ``__subclasses__``,
  ``mro``), no pydantic ``model_*`` machinery, no ``lipsum``/``cycler``/``joiner``;
  a refusal is a ``TemplateRefused`` (rule ``template-sandbox``);
- bounded work (rule ``template-limit``; the limits are in ``limits``): ``range`` of at
  most ``MAX_RANGE`` numbers; ``*``, ``**``, ``+`` and ``%`` refuse results above
  ``MAX_TEXT`` characters or items (or ``MAX_POWER_BITS`` bits); a list or dict stops
  growing at ``MAX_ITEMS``; no filter or method takes a number above ``MAX_TEXT``; one
  face's SVG is at most ``MAX_SVG`` characters;
- ``budget()`` gives each face ``FACE_SECONDS`` of CPU time (a ``SIGPROF`` timer stops
  loops that call nothing, the call hook stops the rest where no timer could be armed;
  outside the main thread a ``Watchdog`` thread does it) and, in the main thread, caps
  the process's address space at ``MEMORY_CEILING`` above what it uses, so a runaway
  allocation is a ``MemoryError`` reported as a limit, not a machine brought down.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal.signal minus its enum conversions
import ctypes
import gc
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import BuiltinMethodType, FunctionType, MethodType
from typing import Any

import markupsafe
from jinja2 import Template, Undefined
from jinja2.runtime import Context, Macro
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from generator.render.facereads import FaceReads
from generator.render.limits import (
    OPERATORS,
    SMALL,
    TemplateRefused,
    bounded_range,
    check_binop,
    check_growth,
    check_numbers,
    limited,
    refused,
)

try:
    import resource
except ImportError:  # not on Windows: the time budget still holds
    resource = None  # type: ignore[assignment]

MAX_SVG = 16_000_000
FACE_SECONDS = 2.0
REFIRE_SECONDS = 0.05
MEMORY_CEILING = 512 << 20  # bytes of address space a face may add
# a face rasterized by an export: cairo's surface, Pillow's copies and the PNG encoder
# (measured: a 5504 x 5504 px board takes 4.8 CPU s and ~330 MB in all)
PIXEL_SECONDS = 0.4e-6
PIXEL_BYTES = 16
REMOVED_GLOBALS = ("lipsum", "cycler", "joiner")
METHODS = (MethodType, BuiltinMethodType)  # what may be a ``str.format`` to wrap
STOPPED = "value was undefined because a callable raised a StopIteration exception"
# what markupsafe's escape() runs on a str before it wraps the result in a Markup (None
# in a markupsafe without it: then escape() itself)
ESCAPE_TEXT: Callable[[str], str] | None = getattr(markupsafe, "_escape_inner", None)


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
        self.filters = {name: limited(f) for name, f in self.filters.items()}

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
        kind = type(obj)
        if (kind is dict or kind is FaceReads) and attribute in obj and not hasattr(
                dict, attribute):
            # what Jinja's getattr ends with, without its AttributeError: a face's context
            # is dicts, and ``card.name`` on one is a key (a dict's own methods win as there)
            return obj[attribute]
        try:  # Jinja's own getattr from here, the same steps in the same order
            value = getattr(obj, attribute)
        except AttributeError:
            return super().getattr(obj, attribute)  # an item, else undefined: as there
        if isinstance(value, METHODS):  # perhaps a ``str.format``, which Jinja wraps
            wrapped = self.wrap_str_format(value)
            if wrapped is not None:
                return wrapped
        # (a value of any other type is never wrapped: Jinja's check is skipped)
        safe = self.safe_attributes.get((kind, attribute, type(value)))
        if safe or (safe is None and self.is_safe_attribute(obj, attribute, value)):
            return value
        return self.unsafe_undefined(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(argument, str) and argument.startswith("_"):
            raise refused(argument)
        return super().getitem(obj, argument)

    def unsafe_undefined(self, obj: Any, attribute: str) -> Undefined:
        raise refused(attribute)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        kind = type(left)
        if (kind is not float and type(right) is not float  # floats cannot grow
                and not (kind is int and type(right) is int and operator in SMALL)):
            check_binop(operator, left, right)
        return OPERATORS[operator](left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        _check_clock()
        if args or kwargs:
            check_numbers(args, kwargs)
        kind = type(__obj)
        if kind is Macro:  # the template's own macro: Jinja hands it the eval context
            args = (__context.eval_ctx, *args)
        elif kind is BuiltinMethodType or (kind is FunctionType and not __obj.__dict__):
            # a builtin carries no attributes, nor does a bare function: no ``unsafe``
            # mark, no ``pass_context``; Jinja would call it as it is
            check_growth(__obj)
        else:
            return __self.checked_call(__context, __obj, args, kwargs)
        # what Jinja's Context.call does for these, without its checks
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __context.environment.undefined(STOPPED)

    def checked_call(self, context: Context, function: Any, args: tuple[Any, ...],
                     kwargs: dict[str, Any]) -> Any:
        """Any other callable: checked by the sandbox, called by Jinja's context."""
        check_growth(function)
        if not self.is_safe_callable(function):
            raise refused(getattr(function, "__name__", "this call"))
        return context.call(function, *args, **kwargs)


# -- the per-face budget -------------------------------------------------------------------

_deadline = threading.local()
HAS_STATM = os.path.exists("/proc/self/statm")  # Linux: the address space in use
PAGE = os.sysconf("SC_PAGE_SIZE") if HAS_STATM else 4096


def _check_clock() -> None:
    """The call hook's stop; skipped where this thread's ``SIGPROF`` timer is armed for the
    face (``timed``): it fires at the same CPU time, so reading the clock (a system call)
    at every call adds nothing there."""
    until = getattr(_deadline, "cpu", None)
    if until is not None and not _deadline.timed and time.process_time() > until:
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
    _deadline.timed = False
    _deadline.cpu = time.process_time() + seconds
    main = threading.current_thread() is threading.main_thread()
    timer = _arm_timer(seconds) if main else None
    _deadline.timed = timer is not None
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
        _deadline.timed = False
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
