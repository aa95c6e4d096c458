"""Which decisions reach a human, and which the bot answers by passing.

Asynchronous play must not nag. Like the MicroProse phase bar, a player is
asked only when the decision cannot be declined, or when they could do
something that matters (more than drawing mana) at a point where they keep
a *stop*. Everything else is declined at once, on their behalf, and logged
like any other answer.

Stops are named ``my <step>`` / ``opponent <step>`` for the steps
``upkeep``, ``draw``, ``main``, ``attack``, ``blocks``, ``end of combat``,
``discard``; plus ``my spells`` (interrupting your own spell being cast) and
``responses`` (interrupting or responding to the opponent's spells and
effects), ``prevention`` (damage prevention steps) and ``regeneration``.
"""
from __future__ import annotations

from engine.decisions import Decision, DecisionKind
from engine.game import Game

STEPS = ("upkeep", "draw", "main", "attack", "blocks", "end of combat", "discard")
ALL_STOPS = tuple(f"{w} {s}" for w in ("my", "opponent") for s in STEPS) + (
    "my spells", "responses", "prevention", "regeneration")
DEFAULT_STOPS = frozenset({"my main", "my attack", "my blocks", "opponent attack", "opponent blocks",
                           "responses", "prevention", "regeneration", "opponent end of combat",
                           "my end of combat"})


def useful_choices(d: Decision) -> list[str]:
    """Answers other than declining and drawing mana."""
    return [c for c in d.choices if c != d.decline and not c.startswith(("tap ", "add ")) and c != "cancel"]


def must_ask(g: Game, d: Decision, stops: frozenset[str] = DEFAULT_STOPS) -> bool:
    """True when the bot should put this decision to the player."""
    if d.decline is None:
        return True
    useful = useful_choices(d)
    if not useful:
        return False
    if d.kind is DecisionKind.BLOCK or d.kind is DecisionKind.ATTACK:
        return True
    if d.kind is DecisionKind.PREVENT:
        return "prevention" in stops
    if d.kind is DecisionKind.REGENERATE:
        return "regeneration" in stops
    if d.kind is DecisionKind.INTERRUPT:
        own = any(s.controller == d.player for s in g.spells[-1:])
        return ("my spells" if own else "responses") in stops
    if d.kind is DecisionKind.RESPOND and g.batch:
        last = g.batch[-1]
        if last.controller != d.player:
            return "responses" in stops
    # an opportunity at a step of a turn
    who = "my" if g.active == d.player else "opponent"
    step = g.step if g.step in STEPS else g.phase
    if step == "main" and g.active == d.player and any(c.startswith(("play ", "attack")) for c in useful):
        return True
    return f"{who} {step}" in stops
