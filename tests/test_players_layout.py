"""The players' room (``engine/players/``) and the rules core stay apart.

* The rules core (every module of ``engine/`` outside ``engine/players/``)
  never imports the players: the rules do not depend on who plays them.
* The players use the engine's public face only: they import
  :data:`PUBLIC` and nothing else of the engine, and use no private name
  (``_name``) of the core: no ``from engine.x import _y``, no ``obj._y``
  unless ``_y`` is the players' own (a method or attribute they define).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine

ENGINE = Path(engine.__file__).parent
PLAYERS = ENGINE / "players"

PUBLIC = {"engine", "engine.duel", "engine.decisions", "engine.view", "engine.carddb", "engine.decks", "engine.refs",
          "engine.determinize"}
"""The engine's public face: the duel, its decisions and views, the printed cards, the decks, card
references in answers, and determinized copies of a duel for a seat."""

TYPE_ONLY_ALLOWED = {
    ("sensible.py", "engine.game"): "the sensible baseline reads the board through Duel.game (annotations only)",
    ("sensible.py", "engine.objects"): "the sensible baseline reads the board through Duel.game (annotations only)",
}
"""Imports under ``if TYPE_CHECKING:`` of modules outside :data:`PUBLIC`, each with its reason."""


def _module_of(path: Path) -> str:
    rel = path.relative_to(ENGINE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str, bool, list[str]]]:
    """Every import of *path*, as (line, absolute module, under ``if TYPE_CHECKING:``, names imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = _module_of(path) if path.name == "__init__.py" else _module_of(path).rpartition(".")[0]
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, id(node) in type_only, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [a.name for a in node.names]
            if node.module is None:  # from . import x: each name is a module (or a name of the package)
                out += [(node.lineno, f"{mod}.{n}", id(node) in type_only, []) for n in names]
            else:
                out.append((node.lineno, mod, id(node) in type_only, names))
    return out


def _core_imports_of_players(path: Path) -> list[str]:
    return [f"{path.relative_to(ENGINE.parent)}:{line}: {mod}" for line, mod, _, _ in _imports(path)
            if mod == "engine.players" or mod.startswith("engine.players.")]


def _own_private_names() -> set[str]:
    """The private names the players define themselves (functions, methods, attributes, globals)."""
    own: set[str] = set()
    for p in PLAYERS.glob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                own.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
    return {n for n in own if n.startswith("_")}


def _private_uses(path: Path, own: set[str]) -> list[str]:
    """Where *path* reaches past the engine's public face: an import from outside :data:`PUBLIC`
    (type-only ones listed in :data:`TYPE_ONLY_ALLOWED` excepted), a private name imported from the
    engine, or a private attribute that is not the players' own."""
    rel = path.relative_to(ENGINE.parent).as_posix()
    found = []
    for line, mod, type_only, names in _imports(path):
        if not mod.startswith("engine") or mod == "engine.players" or mod.startswith("engine.players."):
            continue
        if mod not in PUBLIC and not (type_only and (path.name, mod) in TYPE_ONLY_ALLOWED):
            found.append(f"{rel}:{line}: import of {mod}")
        found += [f"{rel}:{line}: private {mod}.{n}" for n in names if n.startswith("_")]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                and node.attr not in own:
            found.append(f"{rel}:{node.lineno}: .{node.attr}")
    return sorted(set(found))


def test_the_rules_core_never_imports_the_players() -> None:
    found = [f for p in sorted(ENGINE.rglob("*.py")) if PLAYERS not in p.parents
             for f in _core_imports_of_players(p)]
    assert found == []


def test_the_players_use_only_the_engines_public_face() -> None:
    own = _own_private_names()
    found = [f for p in sorted(PLAYERS.glob("*.py")) for f in _private_uses(p, own)]
    assert found == []


def test_the_scans_find_what_they_look_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scans above are not vacuous: each form they look for is found."""
    core = tmp_path / "engine" / "game2.py"
    core.parent.mkdir()
    core.write_text("from .players import computer\nfrom . import players\nimport engine.players.sensible\n"
                    "from engine.players.lookahead import x\n")
    monkeypatch.setitem(globals(), "ENGINE", tmp_path / "engine")
    assert [f.split(": ")[1] for f in _core_imports_of_players(core)] == [
        "engine.players", "engine.players", "engine.players.sensible", "engine.players.lookahead"]
    player = tmp_path / "engine" / "players" / "p.py"
    player.parent.mkdir()
    player.write_text("from ..game import Game\nfrom ..duel import _Rest, Duel\nfrom typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from ..objects import Card\nx = duel._factory\ny = self._mine\n")
    assert _private_uses(player, {"_mine"}) == [
        "engine/players/p.py:1: import of engine.game", "engine/players/p.py:2: private engine.duel._Rest",
        "engine/players/p.py:5: import of engine.objects", "engine/players/p.py:6: ._factory"]
