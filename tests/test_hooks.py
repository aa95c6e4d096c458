"""Card hooks are the typed set of :mod:`engine.hooks`: the core reads them as
attributes, cards build them as ``Hooks(...)`` / ``EffectHooks(...)``, and
every hook declared there is read somewhere in the core. This test scans the
source (as tests/test_text_words.py does) so that a hook looked up by a
string, or a hook nothing calls, does not creep back in."""
from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

import engine
from engine.carddb import define
from engine.hooks import EffectHooks, Hooks
from engine.objects import Effect

ENGINE = Path(engine.__file__).parent
CORE = sorted(p for p in ENGINE.glob("*.py") if p.name != "hooks.py")
ALL = sorted([*ENGINE.rglob("*.py"), *(ENGINE.parent / "bench").rglob("*.py"), *(ENGINE.parent / "bot").rglob("*.py")])


def _is_hooks(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "hooks"


def _string_lookups(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        bad = None
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and _is_hooks(f.value) and f.attr in ("get", "items", "keys", "values"):
                bad = f"hooks.{f.attr}(...)"
            if isinstance(f, ast.Name) and f.id in ("getattr", "hasattr", "setattr") and node.args and _is_hooks(node.args[0]):
                bad = f"{f.id}(hooks, ...)"
            for kw in node.keywords:
                if kw.arg == "hooks" and (isinstance(kw.value, ast.Dict) or isinstance(kw.value, ast.Call)
                                          and isinstance(kw.value.func, ast.Name) and kw.value.func.id == "dict"):
                    bad = "hooks given as a dict"
        elif isinstance(node, ast.Subscript) and _is_hooks(node.value):
            bad = "hooks[...]"
        elif isinstance(node, ast.Compare) and any(_is_hooks(c) for c in node.comparators):
            bad = "... in hooks"
        if bad:
            found.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}: {bad}")  # type: ignore[attr-defined]
    return found


def test_no_hook_is_looked_up_by_a_string() -> None:
    found = [f for p in ALL for f in _string_lookups(p)]
    assert not found, ("read hooks as attributes (src.cdef.hooks.skip_turn) and build them with "
                       "engine.hooks.Hooks / EffectHooks:\n" + "\n".join(found))


def _reads_in_core() -> tuple[set[str], set[str]]:
    """Hook names the core reads on a card definition (``X.cdef.hooks.NAME``)
    and on anything else (an effect's: ``e.hooks.NAME``)."""
    card, other = set(), set()
    for path in CORE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and _is_hooks(node.value):
                owner = node.value.value  # type: ignore[attr-defined]
                on_cdef = isinstance(owner, ast.Attribute) and owner.attr == "cdef"
                (card if on_cdef else other).add(node.attr)
    return card, other


def test_every_declared_hook_is_read_by_the_core() -> None:
    card, other = _reads_in_core()
    unread = [f"Hooks.{f.name}" for f in fields(Hooks) if f.name not in card]
    unread += [f"EffectHooks.{f.name}" for f in fields(EffectHooks) if f.name not in other]
    assert not unread, "declared but never read by the core (engine/*.py): " + ", ".join(unread)
    undeclared = sorted((card - {f.name for f in fields(Hooks)}) | (other - {f.name for f in fields(EffectHooks)}))
    assert not undeclared, "read by the core but not declared in engine/hooks.py: " + ", ".join(undeclared)


def test_an_unknown_hook_name_is_an_error_when_the_card_is_written() -> None:
    with pytest.raises(TypeError, match="no_such_hook"):
        Hooks(no_such_hook=lambda g, src: True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="skip_turn"):
        EffectHooks(skip_turn=lambda g, src: True)  # type: ignore[call-arg]
    # a card still written with the old dict is refused as its module is imported
    with pytest.raises(TypeError, match="must be an engine.hooks.Hooks"):
        define("Grizzly Bears", hooks={"can_attack": lambda g, c: True})
    assert Effect(0, None, lambda g, c, ch: None).hooks == EffectHooks()


def test_hooks_cannot_be_changed_in_place() -> None:
    h = Hooks(min_x=1)
    with pytest.raises(AttributeError):
        h.min_x = 2  # type: ignore[misc]
