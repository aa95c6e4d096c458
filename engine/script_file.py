"""A duel script file, read safely and checked against the format.

``manaburn script`` runs files anyone may have written, so reading one must
not cost unbounded memory, stack or time: the bytes are bounded, must be
UTF-8 text, and YAML is read by a ``SafeLoader`` that counts what it builds
(an alias counts as a copy of what it names, so a few hundred bytes of
nested aliases, "billion laughs", are refused instead of filling memory),
refuses deep nesting and overlong numbers. :func:`check_script` then checks
every key and the type of every value against ``docs/duel-scripts.md`` (and
this project's extensions), so a script with a misspelled key or a wrong
type fails with a message saying where, not with a traceback.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import yaml

from .decisions import clip_text
from .duel import DuelOptions

MAX_SCRIPT_BYTES = 1 << 20  # a /duel log of a long duel is some tens of KB
MAX_NODES = 100_000  # YAML nodes, an alias counting as a copy of what it names
MAX_DEPTH = 40  # nesting levels; the format needs about eight
MAX_STEP_CHARS = 10_000  # one step's text; a step is tried at many decisions
MAX_INT_CHARS = 40  # the written length of a YAML integer (a 128-bit seed has 39 digits)

# the keys the format knows (docs/duel-scripts.md, plus the extensions of engine/scripts.py)
DOC_KEYS = ("name", "source", "setup", "steps")
POSITION_KEYS = ("active", "phase", "turn", "players")
SEED_KEYS = ("seed", "names", "decks", "options")  # extension: a whole duel from its start (/duel log)
ZONES = ("hand", "library", "graveyard", "ante", "removed")
PLAYER_KEYS = ("life", "poison", "battlefield", "mana_pool") + ZONES
PERMANENT_SETUP_KEYS = ("name", "tapped", "sick", "damage", "counters", "owner", "attached_to", "choose",
                        "upkeep_paid", "colors")
EXPECT_PLAYER_KEYS = ("life", "poison", "hand", "hand_count", "hand_has", "battlefield", "battlefield_has",
                      "battlefield_lacks", "graveyard", "graveyard_top", "library_count", "library_top",
                      "library_bottom", "removed", "ante", "mana_pool", "library_top_face_up")
EXPECT_PERMANENT_KEYS = ("tapped", "power", "toughness", "damage", "colors", "has", "lacks", "controller", "owner",
                         "counters", "attached_to", "types")
EXPECT_DUEL_KEYS = ("winner", "active", "phase", "state_hash")
STEP_KEYS = ("expect", "until", "illegal", "resolve", "replay")  # besides a player's name
COLOR_WORDS = ("white", "blue", "black", "red", "green")

LIFE = (-1_000_000, 1_000_000)
COUNT = (0, 10_000)  # poison, damage, counters, times paid, cards counted


class ScriptFileError(ValueError):
    """A file that is not a duel script this project can run, and why."""


# ---------------------------------------------------------------- reading

class _ScriptLoader(yaml.SafeLoader):
    """``SafeLoader`` that refuses, while composing, documents whose expanded
    size or depth is over the limits (before anything is built from them)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._nodes = 0
        self._depth = 0
        self._deepest = 0
        # id(node) -> (nodes, levels) it stands for, its aliases expanded
        self._expanded: dict[int, tuple[int, int]] = {}

    def _grow(self, nodes: int, depth: int, mark: Any) -> None:
        self._nodes += nodes
        self._deepest = max(self._deepest, depth)
        if self._nodes > MAX_NODES:
            raise ScriptFileError(f"too big: more than {MAX_NODES:,} YAML values once aliases are "
                                  f"expanded (line {mark.line + 1})")
        if depth > MAX_DEPTH:
            raise ScriptFileError(f"nested more than {MAX_DEPTH} levels deep (line {mark.line + 1})")

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            node = self.anchors.get(event.anchor)
            if node is not None:  # (an undefined alias is the composer's own error)
                size = self._expanded.get(id(node))
                if size is None:
                    raise ScriptFileError(f"an alias inside what it names (*{event.anchor}, "
                                          f"line {event.start_mark.line + 1})")
                self._grow(size[0], self._depth + size[1], event.start_mark)
            return super().compose_node(parent, index)
        self._depth += 1
        start, outer = self._nodes, self._deepest
        self._grow(1, self._depth, self.peek_event().start_mark)
        node = super().compose_node(parent, index)
        self._expanded[id(node)] = (self._nodes - start, self._deepest - self._depth + 1)
        self._depth -= 1
        self._deepest = max(self._deepest, outer)
        return node

    def construct_yaml_int(self, node: Any) -> int:
        # Python refuses to read over 4,300 digits, and no number in a script needs 40
        if len(str(node.value)) > MAX_INT_CHARS:
            raise ScriptFileError(f"a number of {len(str(node.value)):,} characters (line {node.start_mark.line + 1})")
        return super().construct_yaml_int(node)


_ScriptLoader.add_constructor("tag:yaml.org,2002:int", _ScriptLoader.construct_yaml_int)


def load_script(data: bytes) -> dict[str, Any]:
    """The duel script in a file's bytes, checked (:func:`check_script`);
    :class:`ScriptFileError` says why a file is refused."""
    if len(data) > MAX_SCRIPT_BYTES:
        raise ScriptFileError(f"too big: over {MAX_SCRIPT_BYTES:,} bytes")
    if b"\0" in data:
        raise ScriptFileError("a binary file, not a duel script (YAML text)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ScriptFileError(f"not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    try:
        loader = _ScriptLoader(text)  # (the reader refuses control characters at once)
        try:
            doc = loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        raise ScriptFileError("cannot read YAML: " + " ".join(str(e).split())) from None
    except RecursionError:  # not reached within MAX_DEPTH; a last guard
        raise ScriptFileError(f"nested more than {MAX_DEPTH} levels deep") from None
    check_script(doc)
    return doc


# --------------------------------------------------------------- checking

def _where(path: str) -> str:
    return path or "the script"


def _mapping(v: Any, path: str, keys: tuple[str, ...] | None = None, *, none_ok: bool = True) -> dict[Any, Any]:
    if v is None and none_ok:
        return {}
    if not isinstance(v, dict):
        raise ScriptFileError(f"{_where(path)} must be a mapping (key: value), not {_kind(v)}")
    if keys is not None:
        for k in v:
            if k not in keys:
                raise ScriptFileError(f"{_where(path)}: unknown key {_short(k)} (known: {', '.join(keys)})")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if v is None:
        return []
    if not isinstance(v, list):
        raise ScriptFileError(f"{path} must be a list, not {_kind(v)}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise ScriptFileError(f"{path} must be text, not {_kind(v)}")
    return v


def _strs(v: Any, path: str) -> list[str]:
    items = _list(v, path)
    for i, x in enumerate(items):
        _str(x, f"{path}[{i + 1}]")
    return items


def _cards(v: Any, path: str) -> list[Any]:
    """A list of card names; ``[Circle of Protection: Red]`` reads in YAML as
    a one-pair mapping, which is a name too (see ``scripts.card_name``)."""
    items = _list(v, path)
    for i, x in enumerate(items):
        if isinstance(x, dict) and len(x) == 1:
            (k, val), = x.items()
            _str(k, f"{path}[{i + 1}]")
            _str(val, f"{path}[{i + 1}]")
        else:
            _str(x, f"{path}[{i + 1}]")
    return items


def _int(v: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ScriptFileError(f"{path} must be a whole number, not {_kind(v)}")
    if not lo <= v <= hi:
        raise ScriptFileError(f"{path} must be between {lo:,} and {hi:,}, not {_short(v)}")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise ScriptFileError(f"{path} must be true or false, not {_kind(v)}")
    return v


def _scalar(v: Any, path: str) -> Any:
    if isinstance(v, (dict, list, set, bytes)):
        raise ScriptFileError(f"{path} must be a single value, not {_kind(v)}")
    return v


def _kind(v: Any) -> str:
    if v is None:
        return "empty"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, bool):
        return f"{str(v).lower()} (YAML reads yes/no/on/off as true/false)"
    return f"{type(v).__name__} {_short(v)}"


def _short(v: Any) -> str:
    t = repr(v) if isinstance(v, str) else str(v)
    return t if len(t) <= 60 else t[:60] + f"... ({len(t):,} characters)"


_PT_COUNTER = re.compile(r"[+-][0-9]{1,4}/[+-][0-9]{1,4}")


def _counters(v: Any, path: str) -> None:
    for k, n in _mapping(v, path).items():
        _str(k, f"{path} key")
        if len(k) > 40 or ("/" in k and not _PT_COUNTER.fullmatch(k)):
            raise ScriptFileError(f"{path}: {_short(k)} is not a kind of counter (+1/+1, -1/-1, charge ...)")
        _int(n, f"{path}[{k}]", *COUNT)


def check_script(doc: Any) -> None:
    """Refuse (:class:`ScriptFileError`) what the format does not know: an
    unknown key in the script, its setup or an expect, or a value of the
    wrong type. Names (cards, players, references) are checked when used."""
    doc = _mapping(doc, "", DOC_KEYS, none_ok=False)
    _scalar(doc.get("name"), "name")
    _scalar(doc.get("source"), "source")
    setup = _mapping(doc.get("setup"), "setup")
    if "seed" in setup:
        _check_seed_setup(setup)
    else:
        _check_position(setup)
    steps = _list(doc.get("steps"), "steps")
    for i, step in enumerate(steps, 1):
        _check_step(step, f"step {i}")


def _check_seed_setup(setup: dict[Any, Any]) -> None:
    _mapping(setup, "setup", SEED_KEYS)
    _int(setup["seed"], "setup.seed", 0, 2 ** 128)
    _strs(setup.get("names"), "setup.names")
    for name, deck in _mapping(setup.get("decks"), "setup.decks").items():
        _strs(deck, f"setup.decks.{name}")
    known = tuple(f.name for f in dataclasses.fields(DuelOptions))
    for k, v in _mapping(setup.get("options"), "setup.options", known).items():
        if k in ("format", "computer_level"):  # a format's name (engine.formats), a computer level: text
            _str(v, f"setup.options.{k}")
            continue
        if not (v is None or isinstance(v, (bool, int))):
            raise ScriptFileError(f"setup.options.{k} must be a number or true/false, not {_kind(v)}")
        if isinstance(v, int) and not isinstance(v, bool):
            _int(v, f"setup.options.{k}", *LIFE)


def _check_position(setup: dict[Any, Any]) -> None:
    _mapping(setup, "setup", POSITION_KEYS)
    players = _mapping(setup.get("players"), "setup.players")
    for name in players:
        _str(name, "a player's name (a key of setup.players)")
    if "active" in setup:
        _str(setup["active"], "setup.active")
    if "phase" in setup:
        _str(setup["phase"], "setup.phase")
    if "turn" in setup:
        _int(setup["turn"], "setup.turn", 1, 1_000_000)
    for name, spec in players.items():
        path = f"setup.players.{clip_text(name, 60)}"
        spec = _mapping(spec, path, PLAYER_KEYS)
        if "life" in spec:
            _int(spec["life"], f"{path}.life", *LIFE)
        if "poison" in spec:
            _int(spec["poison"], f"{path}.poison", *COUNT)
        for zone in ZONES:
            _cards(spec.get(zone), f"{path}.{zone}")
        if spec.get("mana_pool") is not None:
            _str(spec["mana_pool"], f"{path}.mana_pool")
        for i, entry in enumerate(_list(spec.get("battlefield"), f"{path}.battlefield"), 1):
            _check_permanent_setup(entry, f"{path}.battlefield[{i}]")


def _check_permanent_setup(entry: Any, path: str) -> None:
    if isinstance(entry, str) or (isinstance(entry, dict) and "name" not in entry and len(entry) == 1):
        _cards([entry], path)
        return
    entry = _mapping(entry, path, none_ok=False)
    _mapping(entry, path, PERMANENT_SETUP_KEYS)
    if "name" not in entry:
        raise ScriptFileError(f"{path} needs a name")
    _str(entry["name"], f"{path}.name")
    for k in ("tapped", "sick"):
        if k in entry:
            _bool(entry[k], f"{path}.{k}")
    for k in ("damage", "upkeep_paid"):
        if k in entry:
            _int(entry[k], f"{path}.{k}", *COUNT)
    for k in ("owner", "attached_to"):
        if k in entry:
            _str(entry[k], f"{path}.{k}")
    if "choose" in entry:
        _scalar(entry["choose"], f"{path}.choose")
    if "counters" in entry:
        _counters(entry["counters"], f"{path}.counters")
    if "colors" in entry:
        for c in _strs(entry["colors"], f"{path}.colors"):
            if c not in COLOR_WORDS:
                raise ScriptFileError(f"{path}.colors: {_short(c)} is not a color ({', '.join(COLOR_WORDS)})")


def _check_step(step: Any, path: str) -> None:
    if step == "resolve":
        return
    if not isinstance(step, dict) or len(step) != 1:
        raise ScriptFileError(f"{path}: a step is `resolve` or one `key: value` "
                              f"(PLAYER: ACTION, expect, until, illegal), not {_kind(step)}")
    (k, v), = step.items()
    if not isinstance(k, str):
        raise ScriptFileError(f"{path}: a step's key must be text (a player's name, expect, until, "
                              f"illegal, resolve), not {_kind(k)}")
    path = f"{path} ({clip_text(k, 60)})"
    if k == "expect":
        _check_expect(v, path)
    elif k == "replay":
        for i, line in enumerate(_strs(v, path), 1):
            _step_length(line, f"{path}[{i}]")
    elif k != "resolve":
        _step_length(_scalar(v, path), path)


def _step_length(v: Any, path: str) -> None:
    if len(str(v)) > MAX_STEP_CHARS:
        raise ScriptFileError(f"{path}: a step of {len(str(v)):,} characters (at most {MAX_STEP_CHARS:,})")


def _check_expect(exp: Any, path: str) -> None:
    for key, want in _mapping(exp, path).items():
        if key == "permanents":
            for r, props in _mapping(want, f"{path} permanents").items():
                _str(r, f"{path} permanents: a reference")
                _check_expect_permanent(props, f"{path} permanents.{clip_text(r, 60)}")
        elif key == "duel":
            for k, v in _mapping(want, f"{path} duel", EXPECT_DUEL_KEYS).items():
                _scalar(v, f"{path} duel.{k}")
        else:
            # a player's name: the runner says if no player has it
            _str(key, f"{path}: a key (a player's name, permanents or duel)")
            _check_expect_player(want, f"{path} {clip_text(key, 60)}")


def _check_expect_player(want: Any, path: str) -> None:
    for k, v in _mapping(want, path, EXPECT_PLAYER_KEYS).items():
        p = f"{path}.{k}"
        if k == "life":
            _int(v, p, *LIFE)
        elif k in ("poison", "hand_count", "library_count"):
            _int(v, p, *COUNT)
        elif k in ("graveyard_top", "mana_pool", "library_top_face_up"):
            if v is not None:
                _str(v, p)
        else:
            _cards(v, p)


def _check_expect_permanent(props: Any, path: str) -> None:
    for k, v in _mapping(props, path, EXPECT_PERMANENT_KEYS).items():
        p = f"{path}.{k}"
        if k == "tapped":
            _bool(v, p)
        elif k in ("power", "toughness"):
            if v is not None:
                _int(v, p, *LIFE)
        elif k == "damage":
            _int(v, p, *LIFE)
        elif k in ("controller", "owner", "attached_to"):
            _str(v, p)
        elif k == "counters":
            _counters(v, p)
        else:
            _strs(v, p)
