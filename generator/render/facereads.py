"""Which of a face's fields a template read while drawing it.

A template's path through its code depends only on what it reads, so two faces whose
fields are equal at every field one drawing read are drawn alike by that template (the
rest of its context being the same): a piece's backs that print a face's owner draw once
per owner, not once per face.

``FaceReads`` is the face's fields as the template is handed them: a ``dict`` (the same
type of thing a template is otherwise given, with the same methods, so it draws the same
text) that notes each field read by name (``face.name``, ``face['name']``,
``face.get('name')``, ``'name' in face``, a field absent included) and marks itself read
*whole* at anything that reaches all of it (iterating, its length, its text, comparing,
copying, changing it). Its only names beyond a dict's start with ``_``, which the sandbox
never lets a template reach.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

PLAIN = (str, int, float, bool, type(None))


class FaceReads(dict[Any, Any]):
    """A face's fields, noting each read by name (``_read``, in order) and any use of
    the whole (``_whole``)."""

    __slots__ = ("_read", "_whole")

    def __init__(self, values: Mapping[Any, Any]) -> None:
        super().__init__(values)
        self._read: dict[Any, None] = {}
        self._whole = False

    def __getitem__(self, key: Any) -> Any:
        try:
            return dict.__getitem__(self, key)
        finally:
            self._note(key)

    def get(self, key: Any, default: Any = None) -> Any:
        found = dict.get(self, key, default)
        self._read[key] = None
        return found

    def __contains__(self, key: Any) -> bool:
        found = dict.__contains__(self, key)
        self._read[key] = None
        return found

    def _note(self, key: Any) -> None:
        try:
            self._read[key] = None
        except TypeError:  # unhashable: the lookup itself has raised
            self._whole = True

    def _all(self) -> FaceReads:
        self._whole = True
        return self

    # everything else reads (or changes) the face as a whole
    def __iter__(self) -> Iterator[Any]:
        return dict.__iter__(self._all())

    def __reversed__(self) -> Iterator[Any]:
        return dict.__reversed__(self._all())

    def __len__(self) -> int:
        return dict.__len__(self._all())

    def __repr__(self) -> str:
        return dict.__repr__(self._all())

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._all(), other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(self._all(), other)

    __hash__ = None

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._all(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._all(), other)

    def __ior__(self, other: Any) -> Any:
        return dict.__ior__(self._all(), other)

    def keys(self) -> Any:
        return dict.keys(self._all())

    def values(self) -> Any:
        return dict.values(self._all())

    def items(self) -> Any:
        return dict.items(self._all())

    def copy(self) -> dict[Any, Any]:
        return dict(dict.items(self._all()))

    @classmethod
    def fromkeys(cls, keys: Iterable[Any], value: Any = None) -> dict[Any, Any]:
        return dict.fromkeys(keys, value)

    def __setitem__(self, key: Any, value: Any) -> None:
        dict.__setitem__(self._all(), key, value)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self._all(), key)

    def pop(self, *args: Any) -> Any:
        return dict.pop(self._all(), *args)

    def popitem(self) -> tuple[Any, Any]:
        return dict.popitem(self._all())

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return dict.setdefault(self._all(), key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self._all(), *args, **kwargs)

    def clear(self) -> None:
        dict.clear(self._all())


def fields_read(view: FaceReads) -> tuple[Any, ...] | None:
    """The fields the drawing read by name, in order; None when it used the face whole
    (then only an equal face draws alike, which its own key already says)."""
    return None if view._whole else tuple(view._read)


ABSENT = "absent"  # a field read that the face does not have (its text is never this)


def signature(values: Mapping[Any, Any], fields: tuple[Any, ...]) -> tuple[str, ...] | None:
    """The face's values at ``fields`` as text that tells apart whatever a template could
    tell apart (``1``, ``1.0`` and ``True``; a mapping's order): plain data's ``repr``.
    None when a value is anything but plain data (str, int, float, bool, None, lists,
    tuples and dicts of them)."""
    found = []
    for field in fields:
        if field not in values:
            found.append(ABSENT)
            continue
        value = values[field]
        if not _plain(value):
            return None
        found.append(repr(value))
    return tuple(found)


def _plain(value: Any, depth: int = 0) -> bool:
    kind = type(value)
    if kind in PLAIN:
        return True
    if depth > 50:
        return False
    if kind is list or kind is tuple:
        return all(_plain(item, depth + 1) for item in value)
    if kind is dict:
        return all(_plain(key, depth + 1) and _plain(item, depth + 1)
                   for key, item in value.items())
    return False
