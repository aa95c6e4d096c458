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

**Stored snapshots are untrusted input.** Whoever can write a row of the
database must not be able to run code in the bot, so a stored snapshot is
read by :class:`StoredUnpickler` (:func:`loads_stored`, :func:`unpack`), which
builds only the engine's own things:

- classes only from the engine's modules (defined there, not imported into
  them; nothing of this module but the helpers below), ``dict``/``set``/
  ``frozenset``/``list``/``tuple``, and ``getattr`` only for ``dict.update``
  (the setter of a TrackedDict) and the members of the engine's enums;
- a function pickled by value is built only around one of **the engine's own
  code objects**: the code in the bytes must equal (``==``: bytecode,
  constants, names, line numbers) a code object compiled from the engine file
  it names (found by its path below ``engine/``, its first line and qualified
  name), and that compiled object is what the function gets; its globals are
  an engine module's. Closures pickled by value therefore never make an
  allowlist impossible: bytes can choose which engine function runs with
  which cell contents, never what code runs. (Compiling a card module to
  check against costs ~20 ms, once per module and process.)
- registry parts and module globals by reference only along the paths this
  module indexes itself (:func:`_registry_refs`): no ``getattr`` chain from a
  card definition to ``__globals__``, no module global but the objects the
  pickler would have named.

Anything else raises :class:`pickle.UnpicklingError`; the caller
(:meth:`engine.duel.Duel.from_snapshot`) treats every failure, of any kind,
as "no snapshot" and replays the answers. A snapshot that loads is then
checked against the state hash stored with the answer it was taken at (the
bot stores :meth:`Duel.state_hash` with that decision): an edited life total
or library is a different state, and is replayed instead.
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


_ENGINE_ROOT = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=None)
def _compiled(rel: str) -> dict[tuple[int, str], list[types.CodeType]]:
    """Every code object of the engine file ``rel`` (a path below ``engine/``), compiled
    from its source, by (first line, qualified name)."""
    path = (_ENGINE_ROOT / rel).resolve()
    if _ENGINE_ROOT not in path.parents or path.suffix != ".py" or not path.is_file():
        raise pickle.UnpicklingError(f"{rel!r} is not a file of the engine")
    out: dict[tuple[int, str], list[types.CodeType]] = {}
    todo = [compile(path.read_text(encoding="utf-8"), str(path), "exec", dont_inherit=True)]
    while todo:
        c = todo.pop()
        out.setdefault((c.co_firstlineno, c.co_qualname), []).append(c)
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return out


_compiling = threading.Lock()


def _engine_code(data: bytes) -> types.CodeType:
    """The engine's own code object equal to the one marshalled in *data* (see the
    module's docstring), or UnpicklingError."""
    c = _load_code(data)
    if not isinstance(c, types.CodeType):
        raise pickle.UnpicklingError("not a code object")
    name = c.co_filename.replace("\\", "/")
    rel = name.rsplit("/engine/", 1)[-1] if "/engine/" in name else ""
    if not rel or ".." in rel.split("/"):
        raise pickle.UnpicklingError(f"code from {c.co_filename!r}, not from the engine")
    with _compiling:
        known = _compiled(rel).get((c.co_firstlineno, c.co_qualname), ())
    for k in known:
        if k == c:
            return k
    raise pickle.UnpicklingError(f"{c.co_qualname} is not the engine's code")


def _engine_module(module: str) -> types.ModuleType:
    if not isinstance(module, str) or not (module == "engine" or module.startswith("engine.")):
        raise pickle.UnpicklingError(f"{module!r} is not a module of the engine")
    return sys.modules.get(module) or importlib.import_module(module)


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
# the (card name, path) and (module, name) that _REFS names: all a stored snapshot may name
_ref_paths: set[tuple[str, tuple[Any, ...]]] = set()
_global_names: set[tuple[str, str]] = set()
_indexing = threading.Lock()


def _stored_function(code: types.CodeType, module: str, name: str, qualname: str,
                     defaults: tuple[Any, ...] | None, kwdefaults: dict[str, Any] | None,
                     closure: tuple[types.CellType, ...] | None, attrs: dict[str, Any] | None) -> types.FunctionType:
    """:func:`_function` for a stored snapshot: the code is the engine's (see
    :func:`_engine_code`, which made it), the globals an engine module's."""
    _engine_module(module)
    if not isinstance(code, types.CodeType) or not (closure is None or isinstance(closure, tuple)):
        raise pickle.UnpicklingError("not a function of the engine")
    return _function(code, module, name, qualname, defaults, kwdefaults, closure, attrs)


def _stored_registry_part(name: str, path: tuple[Any, ...]) -> Any:
    """:func:`_registry_part` for a stored snapshot: only along a path the index holds."""
    _registry_refs()
    if (name, path) not in _ref_paths:
        raise pickle.UnpicklingError(f"{name!r} {path!r} is not a part of the card registry")
    return _registry_part(name, path)


def _stored_module_global(module: str, name: str) -> Any:
    """:func:`_module_global` for a stored snapshot: only an object the pickler names so."""
    _registry_refs()
    if (module, name) not in _global_names:
        raise pickle.UnpicklingError(f"{module}.{name} is not an object the engine saves by name")
    return _module_global(module, name)


def _stored_getattr(obj: Any, name: str) -> Any:
    """``getattr`` as stored snapshots use it: ``dict.update`` and enum members only."""
    if obj is dict and name == "update":
        return dict.update
    if isinstance(obj, type) and issubclass(obj, enum.Enum) and obj.__module__.startswith("engine") \
            and isinstance(name, str) and not name.startswith("_"):
        return getattr(obj, name)
    raise pickle.UnpicklingError(f"getattr({obj!r}, {name!r}) is not in a snapshot")


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
            _ref_paths.add((ref, path))
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
    _ref_paths.add((ref, path))
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
                        _global_names.add((mname, name))
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


_STORED_HELPERS: dict[str, Any] = {
    "_card": _card, "_registry_part": _stored_registry_part, "_module_global": _stored_module_global,
    "_function": _stored_function, "_code": _engine_code, "_new_cell": _new_cell,
    "_set_cell_state": _set_cell_state, "_empty": _empty, "_random": _random}
_STORED_BUILTINS: dict[str, Any] = {"dict": dict, "set": set, "frozenset": frozenset, "list": list,
                                    "tuple": tuple, "getattr": _stored_getattr}


class StoredUnpickler(pickle.Unpickler):
    """Reads a stored snapshot, building only the engine's own things (see the module's
    docstring); anything else is :class:`pickle.UnpicklingError`."""

    def find_class(self, module: str, name: str) -> Any:
        obj: Any = None
        if module == "builtins":
            obj = _STORED_BUILTINS.get(name)
        elif module == __name__:
            obj = _STORED_HELPERS.get(name)
        elif isinstance(module, str) and (module == "engine" or module.startswith("engine.")) \
                and isinstance(name, str) and "." not in name:
            try:
                cand = getattr(_engine_module(module), name, None)
            except ImportError:
                cand = None
            if isinstance(cand, type) and cand.__module__ == module \
                    and not issubclass(cand, (pickle.Pickler, pickle.Unpickler, BaseException)):
                obj = cand
        if obj is None:
            raise pickle.UnpicklingError(f"a stored snapshot may not hold {module}.{name}")
        return obj


def loads_stored(data: bytes) -> Any:
    """What :func:`dumps` saved (without ``shared``), read as untrusted bytes (a stored
    snapshot): :class:`StoredUnpickler`."""
    return StoredUnpickler(io.BytesIO(data)).load()


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
        magic, version, index, rest, key, game_bytes = loads_stored(blob)
        if not (isinstance(index, int) and isinstance(key, str) and isinstance(game_bytes, bytes)
                and isinstance(rest, tuple)):
            raise ValueError("not the fields of a snapshot")
    except Exception as e:  # noqa: BLE001 - anything unreadable is stale
        raise StaleSnapshot(f"not a snapshot: {e}") from None
    if magic != MAGIC or version != engine_version():
        raise StaleSnapshot(f"made by engine {version!r}, this is {engine_version()!r}")
    return index, rest, key, game_bytes


def version_of(blob: bytes) -> str | None:
    """The engine version a stored snapshot was made by (None if unreadable)."""
    try:
        return str(loads_stored(blob)[1])
    except Exception:  # noqa: BLE001
        return None
