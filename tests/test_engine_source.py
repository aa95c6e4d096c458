"""The engine's source keeps two rules of the developers' guide, checked by
scanning it (as tests/test_hooks.py does):

* every import of ``engine/`` is at module level (or under ``if
  TYPE_CHECKING:``): an import inside a function hides an import cycle
  instead of fixing it (the helper belongs in a lower module, or the module
  is imported rather than the name);
* the functions of the card modules (``engine/cards/``: effects, hooks,
  target tests, statics) are typed with the engine's own types (``Game``,
  ``Ctx``, ``Gen``, ``Card``, ``Packet``, ``Spell``, ``Target`` ...), not
  ``Any``. The one ``Any`` the model itself uses for heterogeneous data,
  ``dict[str, Any]`` (event data of triggers, announced choices), is allowed.
"""
from __future__ import annotations

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent
ROOT = ENGINE.parent

IMPORTS_ALLOWED = {
    ("engine/carddb.py", "_load_cards"):
        "the card modules are loaded on the first lookup, not when carddb is imported: loading "
        "every card is the slow part, and the card modules import carddb (define) themselves",
}
"""Function-level imports that are not cycle dodges, each with its reason."""

ANY_ALLOWED = {
    ("engine/cards/antiquities.py", "_cost", "kw"): "Cost's own keyword fields, passed on to Cost(...) as they are",
    ("engine/cards/artifacts.py", "_cost", "kw"): "Cost's own keyword fields, passed on to Cost(...) as they are",
}
"""``Any`` annotations in card modules where the value is passed on untouched."""


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _function_level_imports(path: Path, root: Path = ROOT) -> list[str]:
    rel = path.relative_to(root).as_posix()
    found = []
    for fn in _functions(ast.parse(path.read_text(encoding="utf-8"))):
        if (rel, fn.name) in IMPORTS_ALLOWED:
            continue
        for stmt in fn.body:
            for node in ast.walk(stmt):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    names = ", ".join(a.name for a in node.names)
                    found.append(f"{rel}:{node.lineno}: import of {names} in {fn.name}()")
    return sorted(set(found))


def test_no_function_level_import_in_the_engine() -> None:
    found = [f for p in sorted(ENGINE.rglob("*.py")) for f in _function_level_imports(p)]
    assert not found, ("import at module level (an import cycle is fixed by moving the helper to a lower "
                       "module or importing the module, not hidden in a function):\n" + "\n".join(found))


def _mentions_any(annotation: ast.expr) -> bool:
    if ast.unparse(annotation) == "dict[str, Any]":
        return False
    if isinstance(annotation, ast.Name):
        return annotation.id == "Any"
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):  # a quoted annotation
        return _mentions_any(ast.parse(annotation.value, mode="eval").body)
    return any(_mentions_any(c) for c in ast.iter_child_nodes(annotation) if isinstance(c, ast.expr))


def _any_annotations(path: Path, root: Path = ROOT) -> list[str]:
    rel = path.relative_to(root).as_posix()
    found = []
    for fn in _functions(ast.parse(path.read_text(encoding="utf-8"))):
        a = fn.args
        params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *[x for x in (a.vararg, a.kwarg) if x is not None]]
        for p in params:
            if p.annotation is not None and _mentions_any(p.annotation) and (rel, fn.name, p.arg) not in ANY_ALLOWED:
                found.append(f"{rel}:{p.lineno}: {fn.name}({p.arg}: {ast.unparse(p.annotation)})")
            if p.annotation is None:
                found.append(f"{rel}:{p.lineno}: {fn.name}({p.arg}) has no annotation")
        if fn.returns is None:
            found.append(f"{rel}:{fn.lineno}: {fn.name}() has no return annotation")
        elif _mentions_any(fn.returns):
            found.append(f"{rel}:{fn.lineno}: {fn.name}() -> {ast.unparse(fn.returns)}")
    return found


def test_card_functions_are_typed_with_the_engines_types() -> None:
    found = [f for p in sorted((ENGINE / "cards").glob("*.py")) for f in _any_annotations(p)]
    assert not found, ("type card functions with the engine's own types (engine/hooks.py says what each hook "
                       "receives; effects are (g: Game, ctx: Ctx) -> Gen):\n" + "\n".join(found))


def test_the_scans_find_what_they_look_for(tmp_path: Path) -> None:
    """The scans above are not vacuous: they catch a hidden import and an ``Any``."""
    bad = tmp_path / "bad.py"
    bad.write_text("from typing import Any\n\n"
                   "def f(g: Any, d: dict[str, Any]) -> Any:\n"
                   "    from engine.effects import pump\n"
                   "    return pump\n", encoding="utf-8")
    assert _function_level_imports(bad, tmp_path) == ["bad.py:4: import of pump in f()"]
    assert _any_annotations(bad, tmp_path) == ["bad.py:3: f(g: Any)", "bad.py:3: f() -> Any"]
