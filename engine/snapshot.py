"""Saving a duel's game as bytes and loading it back: what :meth:`Duel.clone`
and the stored snapshots of :meth:`Duel.snapshot` are made of.

The design (issue 17, decided in the lead's CLONE.md): **a restartable
procedure from rest points, plus a replay of the few answers since.**

The rules procedure is a stack of generators (``Game.run`` -> ``play_turn``
-> ``phase_main`` -> ``phase_opportunities`` -> ``ask_fast`` ...) that
Python cannot copy, and rewriting it as an explicit state machine would
touch every rule. Instead the procedure can be *restarted* at a **rest
point**: the top of the loop of ``TurnRules.phase_opportunities`` in the
duel's own game (never in a Shahrazad subgame). There the stack is empty, no
attack is under way, nothing is pending, and the generators above keep no
local state that matters, so the whole duel is its :class:`~engine.game.Game`
object graph, and ``Game.run(resume=True)`` goes on from it, asking the same
decision again. A copy taken anywhere else is the copy of the latest rest
point with the answers given since replayed (a few: a turn has many rest
points). Cards and effects stay as they are written (closures included);
effects as named data would have meant rewriting every card.

The object graph is pickled by :class:`GamePickler`:

- card definitions that are the registry's own (``carddb.get(name)``) by
  reference (``carddb.get`` and the name); a CardDef made on the fly (a
  token's, a copy's such as Vesuvan Doppelganger's) by value;
- module-level functions by reference, as pickle always does;
- nested functions and lambdas (the effects and hooks cards make as
  closures) by value: their code (``marshal``), their module's globals (by
  module name), defaults, and their closure cells, each cell an object of
  its own pickled before its contents, so closures that share a cell still
  share it, and a closure whose cell holds itself loads;
- ``Game.__getstate__`` leaves out caches and read memos (``Game.UNSAVED``).

A copy made and loaded in this process (:meth:`Duel.clone`) shares with its
original what never changes in place, instead of copying it through bytes
(``shared``, a list given to both :func:`dumps` and :func:`loads`): the
cards in the libraries (a card is changed only outside a library: see
:class:`~engine.objects.Card`; the copy's libraries are lists of its own),
the printed characteristics kept on cards
(:class:`~engine.objects.PrintedChars`, immutable), the registry's card
definitions, and the lines of the log and of the secrets (strings and
tuples, in lists of the copy's own). Bytes made so load only with that
list, in that process; stored snapshots are made without it. Either way a
card is saved without its empty containers (made again on first use).

The bytes are only good for the engine that made them: :data:`ENGINE_VERSION`
is a hash of the engine's source files and card data. A stored snapshot made
by another engine is ignored (the duel is replayed from its answers, which
stay the truth).
"""
from __future__ import annotations

import copyreg
import enum
import functools
import hashlib
import importlib
import io
import marshal
import pickle
import random
import sys
import threading
import types
from pathlib import Path
from typing import Any

from . import carddb
from .game import Game
from .model import CardDef
from .objects import MADE_ON_FIRST_USE, Card, Player, PrintedChars
from .tracked import TrackedDict, TrackedList

PROTOCOL = pickle.HIGHEST_PROTOCOL


@functools.cache
def engine_version() -> str:
    """A hash of the engine's source (``engine/**/*.py``) and card data
    (``engine/data``): bytes saved by one engine are loaded only by the same."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256(sys.version.encode())
    files = sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json", ".txt") and "__pycache__" not in p.parts)
    for p in files:
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def __getattr__(name: str) -> Any:  # ENGINE_VERSION computed on first use (it reads every source file)
    if name == "ENGINE_VERSION":
        return engine_version()
    raise AttributeError(name)


# ------------------------------------------------------------------ functions
def _code(data: bytes) -> types.CodeType:
    return _load_code(data)


@functools.lru_cache(maxsize=4096)
def _load_code(data: bytes) -> types.CodeType:
    return marshal.loads(data)  # type: ignore[no-any-return]


def _function(code: types.CodeType, module: str, name: str, qualname: str, defaults: tuple[Any, ...] | None,
              kwdefaults: dict[str, Any] | None, closure: tuple[types.CellType, ...] | None,
              attrs: dict[str, Any] | None) -> types.FunctionType:
    mod = sys.modules.get(module) or importlib.import_module(module)
    f = types.FunctionType(code, mod.__dict__, name, defaults, closure)
    f.__qualname__ = qualname
    if kwdefaults:
        f.__kwdefaults__ = kwdefaults
    if attrs:
        f.__dict__.update(attrs)
    return f


def _new_cell() -> types.CellType:
    return types.CellType()


class _Empty:
    """The contents of an empty closure cell (a variable not yet assigned)."""


_EMPTY = _Empty()


def _set_cell_state(cell: types.CellType, value: Any) -> None:
    if value is not _EMPTY:
        cell.cell_contents = value


def _empty() -> _Empty:
    return _EMPTY


# ------------------------------------------------------- registry references
# Objects that belong to the engine's code rather than to a game -- the parts of the
# registry's card definitions (their abilities, statics, triggers, the functions in them)
# and the engine modules' global objects (Vesuvan Doppelganger's switch ability, the empty
# abilities of printed characteristics) -- are pickled by reference, so that a loaded game
# shares them with the code, as the original did: code that tests them by identity (``a is
# _VESUVAN_SWITCH``), or a CardDef made on the fly from a registry one, behaves the same.
_ATOMS = (dict, list, tuple, set, frozenset, str, bytes, int, float, bool, type(None), complex)
_SKIP = (types.ModuleType, type, types.BuiltinFunctionType, enum.Enum)
# id(object) -> (the object, kept alive so that its id is never another's; the reduce value naming it)
_REFS: dict[int, tuple[Any, tuple[Any, ...]]] = {}
_indexed: set[str] = set()  # card names (and "" for the modules) whose parts are in _REFS
_indexing = threading.Lock()


def _card(name: str) -> CardDef:
    """The registry's definition (carddb.get, without its checks when loaded already)."""
    d = carddb._DEFS.get(name)
    return d if d is not None else carddb.get(name)


def _registry_part(name: str, path: tuple[Any, ...]) -> Any:
    obj: Any = _card(name)
    for step in path:
        obj = obj[step] if isinstance(step, (int, tuple)) or isinstance(obj, dict) else getattr(obj, step)
    return obj


def _module_global(module: str, name: str) -> Any:
    return getattr(sys.modules.get(module) or importlib.import_module(module), name)


def _index(obj: Any, ref: str, path: tuple[Any, ...], depth: int) -> None:
    """Index ``obj`` and what it holds under ``ref`` (a registry card's name) and ``path``."""
    if depth > 4 or isinstance(obj, _SKIP):
        return
    cls = obj.__class__
    if cls is types.FunctionType:
        if not _by_reference(obj):
            _REFS.setdefault(id(obj), (obj, (_registry_part, (ref, path))))
        return
    if cls in (tuple, list):
        for i, x in enumerate(obj):
            _index(x, ref, path + (i,), depth + 1)
        return
    if cls is dict:
        for k, x in obj.items():
            if isinstance(k, str):
                _index(x, ref, path + (k,), depth + 1)
        return
    if cls in _ATOMS or cls is CardDef:
        return
    _REFS.setdefault(id(obj), (obj, (_registry_part, (ref, path))))
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields is not None:
        for f in fields:
            _index(getattr(obj, f, None), ref, path + (f,), depth + 1)


def _registry_refs() -> dict[int, tuple[Any, tuple[Any, ...]]]:
    """_REFS, with the card definitions loaded since the last call indexed.

    Under a lock: the bot pickles in its worker thread (the computer's
    look-ahead copies) and on the event loop (stored snapshots); a name is
    marked indexed before its parts are, so a second thread must not read the
    index half-filled."""
    with _indexing:
        return _fill_registry_refs()


def _fill_registry_refs() -> dict[int, tuple[Any, tuple[Any, ...]]]:
    if "" not in _indexed:
        carddb._load_cards()
        for mname, mod in list(sys.modules.items()):
            if mname == "engine" or mname.startswith("engine."):
                for name, v in vars(mod).items():
                    if v.__class__ not in _ATOMS and not isinstance(v, _SKIP) \
                            and v.__class__ is not types.FunctionType:
                        _REFS.setdefault(id(v), (v, (_module_global, (mname, name))))
        _indexed.add("")
    if len(_indexed) != len(carddb._DEFS) + 1:
        for name, d in list(carddb._DEFS.items()):
            if name not in _indexed:
                _indexed.add(name)
                for f in d.__dataclass_fields__:
                    _index(getattr(d, f), name, (f,), 0)
    return _REFS


def _by_reference(f: types.FunctionType) -> bool:
    """Whether pickle's own way (module + qualified name) finds ``f`` itself."""
    if "<" in f.__qualname__:  # <lambda>, <locals>
        return False
    obj: Any = sys.modules.get(f.__module__)
    for part in f.__qualname__.split("."):
        obj = getattr(obj, part, None)
    return obj is f


def _random(state: tuple[Any, ...]) -> random.Random:
    r = random.Random(0)
    r.setstate(state)
    return r


# ------------------------------------------------------------ shared objects
def _shared(index: int) -> Any:
    """An object shared with the game a copy was made from: only
    :func:`loads` given the ``shared`` list of :func:`dumps` finds it."""
    raise pickle.UnpicklingError("these bytes share objects with a game of the process that made them: "
                                 "load them with loads(data, shared)")


def _shared_list(index: int) -> list[Any]:
    """A new list holding the items of a shared tuple (see :func:`_shared`)."""
    raise pickle.UnpicklingError("these bytes share objects with a game of the process that made them: "
                                 "load them with loads(data, shared)")


def _shared_tracked(index: int) -> TrackedList:
    """A new tracked list holding the items of a shared tuple (see :func:`_shared`)."""
    raise pickle.UnpicklingError("these bytes share objects with a game of the process that made them: "
                                 "load them with loads(data, shared)")


class _SharedLines:
    """Stands for a list of things that never change in place in a saved
    state (a game's log or secrets, a library's cards): a new list of the
    same things, shared (see :class:`GamePickler`)."""

    __slots__ = ("lines", "tracked")

    def __init__(self, lines: list[Any], tracked: bool = False) -> None:
        self.lines, self.tracked = lines, tracked


class _SharedUnpickler(pickle.Unpickler):
    """Loads bytes made with ``shared``: :func:`_shared` and
    :func:`_shared_list` are found in that list."""

    def __init__(self, file: io.BytesIO, shared: list[Any]) -> None:
        super().__init__(file)
        self._shared = shared

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__:
            shared = self._shared
            if name == "_shared":
                return shared.__getitem__
            if name == "_shared_list":
                return lambda index: list(shared[index])
            if name == "_shared_tracked":
                return lambda index: TrackedList(shared[index])
        return super().find_class(module, name)


class GamePickler(pickle.Pickler):
    """Pickles a game's object graph: see the module's docstring.
    ``shared``: a list to put the objects a copy loaded in this process
    shares with the original (see the module's docstring), or None."""

    def __init__(self, file: io.BytesIO, protocol: int = PROTOCOL, shared: list[Any] | None = None) -> None:
        super().__init__(file, protocol)
        self._refs = _registry_refs()
        self._shared = shared

    def reducer_override(self, obj: Any) -> Any:
        cls = obj.__class__
        if cls is Card:  # (the most common object; never a registry part)
            d = obj.__dict__
            if self._shared is not None and d["zone"] == "library":
                self._shared.append(obj)
                return (_shared, (len(self._shared) - 1,))
            # without the empty containers (made again on first use, see Card)
            empty = [k for k in MADE_ON_FIRST_USE & d.keys() if not d[k]]
            if not empty:
                return NotImplemented
            state = d.copy()
            for k in empty:
                del state[k]
            return (copyreg.__newobj__, (Card,), state)
        if cls is TrackedDict:
            # filled by dict.update on loading, not by the counting __setitem__ item by item
            # (after the dict is memoised, so that what it holds may refer back to it)
            return (TrackedDict, (), dict(obj), None, None, dict.update) if obj else (TrackedDict, ())
        if cls is random.Random:  # not seeded from the system first, as Random() would be
            return (_random, (obj.getstate(),))
        if self._shared is not None:
            if cls is PrintedChars:
                self._shared.append(obj)
                return (_shared, (len(self._shared) - 1,))
            if cls is _SharedLines:
                self._shared.append(tuple(obj.lines))
                return (_shared_tracked if obj.tracked else _shared_list, (len(self._shared) - 1,))
            if cls is Player:  # the library: its cards shared, in a list of its own
                state = obj.__dict__.copy()
                state["library"] = _SharedLines(obj.library, tracked=True)
                return (copyreg.__newobj__, (cls,), state)
            if cls is Game:
                state = obj.__getstate__()
                state["events"], state["secrets"] = _SharedLines(obj.events), _SharedLines(obj.secrets)
                return (copyreg.__newobj__, (cls,), state)
        if cls is CardDef:
            name = obj.name
            if carddb._DEFS.get(name) is obj:
                # the registry's own definition: by name. (Not a persistent_id: pickle calls that
                # for every object, ints and strings included, which cost a third of the time;
                # reducer_override is called only for objects of classes of their own.)
                if self._shared is not None:  # (the same object, found without a call)
                    self._shared.append(obj)
                    return (_shared, (len(self._shared) - 1,))
                return (_card, (name,))
            return NotImplemented  # made on the fly (a token's, a copy's): by value
        if cls is types.FunctionType:
            if _by_reference(obj):
                return NotImplemented
            ref = self._refs.get(id(obj))
            if ref is not None:
                return ref[1]
            if obj.__globals__ is not getattr(sys.modules.get(obj.__module__), "__dict__", None):
                raise pickle.PicklingError(f"{obj.__qualname__}: its globals are not its module's")
            return (_function, (obj.__code__, obj.__module__, obj.__name__, obj.__qualname__, obj.__defaults__,
                                obj.__kwdefaults__, obj.__closure__, obj.__dict__ or None))
        if cls is types.CodeType:
            return (_code, (marshal.dumps(obj),))
        if cls is types.CellType:
            # an empty cell first (memoised), its contents after: a closure whose cell
            # holds the closure itself loads, and two closures sharing a cell still share it
            try:
                contents = obj.cell_contents
            except ValueError:
                contents = _EMPTY
            return (_new_cell, (), contents, None, None, _set_cell_state)
        if obj is _EMPTY:
            return (_empty, ())
        ref = self._refs.get(id(obj))
        return NotImplemented if ref is None else ref[1]


def dumps(obj: Any, shared: list[Any] | None = None) -> bytes:
    """``obj`` (a Game, or anything holding one) as bytes. ``shared``: an
    empty list, to make bytes for a copy in this process, which shares with
    ``obj`` what never changes in place (see the module's docstring); the
    bytes then load only with that list."""
    buf = io.BytesIO()
    GamePickler(buf, PROTOCOL, shared).dump(obj)
    return buf.getvalue()


def loads(data: bytes, shared: list[Any] | None = None) -> Any:
    """What :func:`dumps` saved (with the same ``shared`` list, if any)."""
    if shared is None:
        return pickle.loads(data)
    return _SharedUnpickler(io.BytesIO(data), shared).load()


# ------------------------------------------------------------ stored snapshots
MAGIC = "manaburn-snapshot-1"


class StaleSnapshot(ValueError):
    """Bytes made by another engine (or not a snapshot at all)."""


def pack(index: int, rest: tuple[int, str, str], key: str, game_bytes: bytes) -> bytes:
    """A stored snapshot: the engine version, the rest point's index into the
    duel's history (how many answers it came after), the rest decision's
    (player, kind, prompt), a digest of the duel up to there (``key``), and
    the game saved there."""
    return pickle.dumps((MAGIC, engine_version(), index, rest, key, game_bytes), PROTOCOL)


def unpack(blob: bytes) -> tuple[int, tuple[int, str, str], str, bytes]:
    """(index, rest decision, key, game bytes) of a snapshot this engine
    made; :class:`StaleSnapshot` otherwise."""
    try:
        magic, version, index, rest, key, game_bytes = pickle.loads(blob)
    except Exception as e:  # noqa: BLE001 - anything unreadable is stale
        raise StaleSnapshot(f"not a snapshot: {e}") from None
    if magic != MAGIC or version != engine_version():
        raise StaleSnapshot(f"made by engine {version!r}, this is {engine_version()!r}")
    return index, rest, key, game_bytes


def version_of(blob: bytes) -> str | None:
    """The engine version a stored snapshot was made by (None if unreadable)."""
    try:
        return str(pickle.loads(blob)[1])
    except Exception:  # noqa: BLE001
        return None
