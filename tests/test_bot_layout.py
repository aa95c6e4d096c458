"""The bot's shape: its handlers reach storage through the services only.

``bot/service.py`` (duels), ``bot/match_service.py`` (matches) and ``bot/collection_service.py`` (collections, ante,
trades) are the only modules of ``bot/`` that import ``storage`` or touch the
database object; publishing, recovery, handlers and commands call them.
"""
from __future__ import annotations

import ast
from pathlib import Path

import bot

BOT = Path(bot.__file__).parent
SERVICES = {"service.py", "collection_service.py", "match_service.py", "league_service.py", "rating_service.py",
            "gauntlet_service.py",
            "live.py",  # the duel service's duel in memory (Live holds its stored record): types only, no database
            "limits.py"}  # the post limit, counted in storage (storage.posts) through the duel service's database


def _storage_uses(path: Path) -> list[str]:
    """Where *path* imports ``storage`` (type-only imports too) or reads an attribute
    named ``db`` (the services' database), as ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names
                      if a.name == "storage" or a.name.startswith("storage.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            if node.module == "storage" or node.module.startswith("storage."):
                found.append(f"{node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Attribute) and node.attr == "db":
            found.append(f"{node.lineno}: .db")
    return sorted(found, key=lambda f: int(f.split(":")[0]))


def test_only_the_services_reach_storage() -> None:
    offenders = {p.name: uses for p in sorted(BOT.glob("*.py"))
                 if p.name not in SERVICES and (uses := _storage_uses(p))}
    assert offenders == {}


def test_the_scan_sees_storage_uses(tmp_path: Path) -> None:
    """The scan above is not vacuous: each form it looks for is found."""
    src = tmp_path / "m.py"
    src.write_text("import storage.duels\nfrom storage import trades\nx = svc.db\n")
    assert _storage_uses(src) == ["1: import storage.duels", "2: from storage import ...", "3: .db"]
    assert _storage_uses(BOT / "service.py")  # the services do use it


def _bot_imports(path: Path) -> set[str]:
    """The modules of ``bot/`` that *path* imports, anywhere in it (type-only imports too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.level == 1:
                out |= {a.name for a in node.names}
            elif node.level == 0 and node.module and node.module.startswith("bot."):
                out.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[1] for a in node.names if a.name.startswith("bot.")}
    return out & {p.stem for p in BOT.glob("*.py")}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of *graph* (module -> modules it imports), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_bot_modules_import_each_other_in_no_circle() -> None:
    """A handler gets what it needs passed in (typed by bot.face.BotFace): no module of
    bot/ imports one that imports it back, even for types only."""
    graph = {p.stem: _bot_imports(p) for p in BOT.glob("*.py")}
    assert _cycle(graph) is None
    assert _cycle({"app": {"commands"}, "commands": {"face"}, "face": {"app"}}) == ["app", "commands", "face", "app"]
