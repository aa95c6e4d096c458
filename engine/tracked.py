"""The change counter that the characteristics cache is checked against.

Characteristics (``Game.chars``) and the look-ups made with them are kept
across decisions while nothing in the game changes (see
:mod:`engine.characteristics`). Whether anything changed is not left to the
call sites: the objects a duel is made of count their own changes.

* :class:`Tracked` objects (``Card``, ``Player``, ``Effect``, ``Combat`` and
  ``Game`` itself) add one to :data:`VERSION` whenever an attribute is set,
  but for the attributes their class names in ``_quiet`` (bookkeeping that no
  characteristic depends on: a card's kept printed values, the decision
  counter, the log).
* A list, dict or set stored in a tracked attribute is stored as a
  :class:`TrackedList`, :class:`TrackedDict` or :class:`TrackedSet` (a copy,
  made as it is stored), which adds one on every change in place: a card put
  into a zone, a counter added, a flag set, an effect ending.

The counter is one for the whole process: a change in any duel makes every
duel's cache stale, which is never wrong and costs nothing while one duel is
played at a time (the bot answers one click at a time). Containers nested
inside a tracked container (a combat band's list of oids) are not tracked.
"""
from __future__ import annotations

from typing import Any

#: The change counter: VERSION[0] grows with every change to a tracked object
#: but the minor ones (below).
VERSION = [0]
#: The counter of minor changes: MINOR[0] grows instead of VERSION[0] when an
#: attribute a class names in ``_minor`` is set, or a container stored in one
#: changes (where the turn is, the spells being cast and waiting): changes no
#: characteristic of a permanent depends on, which empty only the look-ups kept
#: with the characteristics (see :class:`engine.characteristics.CharsCache`).
MINOR = [0]


def bump() -> None:
    """Count a change the tracked objects cannot see (a nested container)."""
    VERSION[0] += 1


class TrackedList(list):  # type: ignore[type-arg]
    """A list that counts its changes in :data:`VERSION`."""

    __slots__ = ()

    def append(self, x: Any) -> None:
        list.append(self, x)
        VERSION[0] += 1

    def extend(self, xs: Any) -> None:
        list.extend(self, xs)
        VERSION[0] += 1

    def insert(self, i: Any, x: Any) -> None:
        list.insert(self, i, x)
        VERSION[0] += 1

    def remove(self, x: Any) -> None:
        list.remove(self, x)
        VERSION[0] += 1

    def pop(self, *a: Any) -> Any:
        VERSION[0] += 1
        return list.pop(self, *a)

    def clear(self) -> None:
        if self:
            list.clear(self)
            VERSION[0] += 1

    def sort(self, *a: Any, **k: Any) -> None:
        list.sort(self, *a, **k)
        VERSION[0] += 1

    def reverse(self) -> None:
        list.reverse(self)
        VERSION[0] += 1

    def __setitem__(self, i: Any, x: Any) -> None:
        list.__setitem__(self, i, x)
        VERSION[0] += 1

    def __delitem__(self, i: Any) -> None:
        list.__delitem__(self, i)
        VERSION[0] += 1

    def __iadd__(self, xs: Any) -> "TrackedList":
        list.extend(self, xs)
        VERSION[0] += 1
        return self

    def __imul__(self, n: Any) -> "TrackedList":
        VERSION[0] += 1
        return list.__imul__(self, n)  # type: ignore[return-value]


class TrackedDict(dict):  # type: ignore[type-arg]
    """A dict that counts its changes in :data:`VERSION`."""

    __slots__ = ()

    def __setitem__(self, k: Any, v: Any) -> None:
        dict.__setitem__(self, k, v)
        VERSION[0] += 1

    def __delitem__(self, k: Any) -> None:
        dict.__delitem__(self, k)
        VERSION[0] += 1

    def pop(self, k: Any, *default: Any) -> Any:
        if k in self:
            VERSION[0] += 1
        return dict.pop(self, k, *default)

    def popitem(self) -> Any:
        VERSION[0] += 1
        return dict.popitem(self)

    def clear(self) -> None:
        if self:
            dict.clear(self)
            VERSION[0] += 1

    def update(self, *a: Any, **k: Any) -> None:
        dict.update(self, *a, **k)
        VERSION[0] += 1

    def setdefault(self, k: Any, default: Any = None) -> Any:
        if k not in self:
            VERSION[0] += 1
        return dict.setdefault(self, k, default)

    def __ior__(self, other: Any) -> "TrackedDict":
        dict.update(self, other)
        VERSION[0] += 1
        return self


class TrackedSet(set):  # type: ignore[type-arg]
    """A set that counts its changes in :data:`VERSION`."""

    __slots__ = ()

    def add(self, x: Any) -> None:
        set.add(self, x)
        VERSION[0] += 1

    def discard(self, x: Any) -> None:
        if x in self:
            set.discard(self, x)
            VERSION[0] += 1

    def remove(self, x: Any) -> None:
        set.remove(self, x)
        VERSION[0] += 1

    def pop(self) -> Any:
        VERSION[0] += 1
        return set.pop(self)

    def clear(self) -> None:
        if self:
            set.clear(self)
            VERSION[0] += 1

    def update(self, *a: Any) -> None:
        set.update(self, *a)
        VERSION[0] += 1

    def difference_update(self, *a: Any) -> None:
        set.difference_update(self, *a)
        VERSION[0] += 1

    def intersection_update(self, *a: Any) -> None:
        set.intersection_update(self, *a)
        VERSION[0] += 1

    def symmetric_difference_update(self, other: Any) -> None:
        set.symmetric_difference_update(self, other)
        VERSION[0] += 1

    def __ior__(self, other: Any) -> "TrackedSet":
        set.update(self, other)
        VERSION[0] += 1
        return self

    def __iand__(self, other: Any) -> "TrackedSet":
        set.intersection_update(self, other)
        VERSION[0] += 1
        return self

    def __isub__(self, other: Any) -> "TrackedSet":
        set.difference_update(self, other)
        VERSION[0] += 1
        return self

    def __ixor__(self, other: Any) -> "TrackedSet":
        set.symmetric_difference_update(self, other)
        VERSION[0] += 1
        return self


class MinorList(list):  # type: ignore[type-arg]
    """A list that counts its changes in :data:`MINOR` (see there)."""

    __slots__ = ()

    def append(self, x: Any) -> None:
        list.append(self, x)
        MINOR[0] += 1

    def extend(self, xs: Any) -> None:
        list.extend(self, xs)
        MINOR[0] += 1

    def insert(self, i: Any, x: Any) -> None:
        list.insert(self, i, x)
        MINOR[0] += 1

    def remove(self, x: Any) -> None:
        list.remove(self, x)
        MINOR[0] += 1

    def pop(self, *a: Any) -> Any:
        MINOR[0] += 1
        return list.pop(self, *a)

    def clear(self) -> None:
        if self:
            list.clear(self)
            MINOR[0] += 1

    def sort(self, *a: Any, **k: Any) -> None:
        list.sort(self, *a, **k)
        MINOR[0] += 1

    def reverse(self) -> None:
        list.reverse(self)
        MINOR[0] += 1

    def __setitem__(self, i: Any, x: Any) -> None:
        list.__setitem__(self, i, x)
        MINOR[0] += 1

    def __delitem__(self, i: Any) -> None:
        list.__delitem__(self, i)
        MINOR[0] += 1

    def __iadd__(self, xs: Any) -> "MinorList":
        list.extend(self, xs)
        MINOR[0] += 1
        return self

    def __imul__(self, n: Any) -> "MinorList":
        MINOR[0] += 1
        return list.__imul__(self, n)  # type: ignore[return-value]


_WRAP: dict[type, type] = {list: TrackedList, dict: TrackedDict, set: TrackedSet}
_MISSING = object()
_SCALARS = frozenset({int, bool, str, type(None), frozenset, tuple})


class Tracked:
    """Counts every attribute set in :data:`VERSION` (but ``_quiet`` ones,
    ``_minor`` ones, counted in :data:`MINOR` instead, a
    set that leaves the value as it was: the same object, or an equal number,
    text, list, dict or set, and the first set of a dataclass field, which
    builds a new object that is not part of the game until it is stored in
    it) and stores plain lists, dicts and sets as tracked ones (see the
    module). ``_setters``: the attributes set through a property.
    ``_defaults``: attributes kept out of the instance's ``__dict__`` while
    they have this value, read from the class (``Card``): setting that value
    on an instance without its own changes nothing and stores nothing."""

    __slots__ = ()
    _quiet: frozenset[str] = frozenset()
    _minor: frozenset[str] = frozenset()
    _setters: frozenset[str] = frozenset()
    _defaults: dict[str, Any] = {}

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._quiet:
            object.__setattr__(self, name, value)
            return
        if name in self._minor:
            # a minor change (see MINOR); a list stored is a MinorList (only lists are named)
            if value.__class__ is list or value.__class__ is TrackedList:
                value = MinorList(value)
            old = self.__dict__.get(name, _MISSING)
            object.__setattr__(self, name, value)
            if old is not value and not (old.__class__ is value.__class__ and old == value):
                MINOR[0] += 1
            return
        d = self.__dict__
        old = d.get(name, _MISSING)
        if old is _MISSING and name in self._defaults:
            old = self._defaults[name]
            if old.__class__ is value.__class__ and old == value:
                return
        if old is value:
            return
        cls = value.__class__
        wrap = _WRAP.get(cls)
        if wrap is not None:
            value = wrap(value)
        if name in self._setters:
            object.__setattr__(self, name, value)
        else:
            d[name] = value
        if old is _MISSING:
            if name in getattr(type(self), "__dataclass_fields__", ()):
                return  # a new object being built
        elif wrap is None:
            if old.__class__ is cls and cls in _SCALARS and old == value:
                return  # the same number, text or flag again (damage = 0 on an undamaged card)
        elif old.__class__ is wrap and old == value:
            return  # an equal container (the delayed triggers kept as they were)
        VERSION[0] += 1
