"""engine.autopass reads a decision's data, not its prompt text.

A payment carries its cost (:attr:`Decision.cost`) and every decision where
it is asked (:attr:`Decision.context`); the auto-pass rules shared by the bot
and the terminal read those, so a change of wording changes nothing.
"""
from __future__ import annotations

from typing import Any

from engine import Duel
from engine.autopass import DEFAULT_STOPS, auto_answer
from engine.decisions import Context, DecisionKind
from engine.mana import ManaCost
from engine.scripts import build_position


def position(alice: dict[str, Any], bob: dict[str, Any] | None = None, **setup: Any) -> Duel:
    spec = {"active": "alice", "phase": "main", "players": {"alice": alice, "bob": bob or {}}, **setup}
    return Duel(lambda: build_position(spec))


def test_a_payment_carries_its_cost_and_auto_pass_reads_it_not_the_prompt() -> None:
    d = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"] * 3})
    d.apply("cast Lightning Bolt")
    d.apply("target bob")
    pay = d.pending
    assert pay is not None and pay.kind is DecisionKind.PAY
    assert pay.cost == ManaCost.parse("{R}")
    assert auto_answer(d.game, pay) == "auto"
    pay.prompt = "something else entirely"  # the wording is for people
    assert auto_answer(d.game, pay) == "auto"
    pay.cost = None  # without the data nothing is assumed: the player is asked
    assert auto_answer(d.game, pay) is None


def test_a_decision_carries_where_it_is_asked() -> None:
    d = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                 {"hand": ["Giant Growth"], "battlefield": ["Forest", "Grizzly Bears"]})
    ctx = d.pending.context  # type: ignore[union-attr]
    assert ctx == Context(turn=3, active=0, phase="main", step="main", spell_controller=None, batch_controller=None)
    d.apply("cast Lightning Bolt")
    d.apply("target bob")
    d.apply("auto")
    while d.pending is not None and d.pending.kind is not DecisionKind.RESPOND:
        d.apply(d.pending.decline or d.pending.choices[0])
    assert d.pending is not None and d.pending.context is not None
    assert d.pending.context.batch_controller == 0  # Lightning Bolt, alice's, waits in the batch
    # bob may answer alice's spell: asked under "responses" when he has something to do
    while d.pending.player != 1:
        d.apply(d.pending.decline or d.pending.choices[0])
    assert auto_answer(d.game, d.pending, DEFAULT_STOPS) is None
    assert auto_answer(d.game, d.pending, DEFAULT_STOPS - {"responses"}) == "pass"
