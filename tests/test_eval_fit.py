"""The computer's evaluation as weighed features, and the tool that fits the weights
(``python -m bench.fit_eval``, issue 30)."""
from __future__ import annotations

import math
import random

from bench.fit_eval import fit
from engine.duel import Duel
from engine.players.computer import EVAL_FEATURES, HAND_SET_WEIGHTS, Board
from engine.scripts import build_position
from engine.view import view


def test_the_features_weighed_by_hand_are_the_hand_set_evaluation() -> None:
    """The features split the board as :meth:`Board.value` does: weighed by the hand-set weights
    they give what the evaluation gave before it was split (every permanent's value, mine less
    theirs, half a point a life, 10 for the opponent alone at 5 or less, 0.7 a card in hand)."""
    duel = Duel(lambda: build_position({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Forest", "Forest", "Serra Angel", "Wall of Wood", "Llanowar Elves",
                                  "Jayemdae Tome"], "hand": ["Giant Growth", "Forest"], "life": 14},
        "bob": {"battlefield": ["Mountain", "Prodigal Sorcerer", "Craw Wurm", "Black Vise"],
                "hand": ["Mountain"] * 5, "life": 4}}}))
    b = Board(view(duel, 0), 0)
    by_hand = sum(b.value(p) if b.mine(p) else -b.value(p) for p in b.v["battlefield"])
    by_hand += 0.5 * (14 - 4) + 10 + 0.7 * (2 - 5)
    assert len(b.features()) == len(EVAL_FEATURES)
    assert math.isclose(b.eval(HAND_SET_WEIGHTS), by_hand)
    assert math.isclose(Board(view(duel, 1), 1).eval(HAND_SET_WEIGHTS), -by_hand)  # the same board from bob's seat


def test_the_fit_finds_the_weights_that_made_the_outcomes() -> None:
    """Logistic regression by Newton's method: outcomes drawn from known weights give those
    weights back (20,000 samples: within 0.1), and a strong pull toward a prior keeps it."""
    rng = random.Random(1)
    true = [0.8, -0.5, 0.0]
    xs = [[rng.gauss(0, 1) for _ in true] for _ in range(20000)]
    ys = [int(rng.random() < 1 / (1 + math.exp(-sum(w * x for w, x in zip(true, x))))) for x in xs]
    w = fit(xs, ys, l2=0.001)
    assert all(abs(a - b) < 0.1 for a, b in zip(w, true)), w
    w = fit(xs, ys, l2=1e9, prior=[1.0, 1.0, 1.0])
    assert all(abs(a - 1.0) < 0.01 for a in w), w


def test_the_fit_keeps_a_permanent_worth_a_card_in_hand() -> None:
    """Outcomes made by weights where a card held beats one in play (the confusion that made
    the look-ahead hold its cards): the constrained fit gives every permanent at least the
    hand's weight, and a permanent's mana value no negative weight."""
    from bench.fit_eval import HAND, IN_PLAY, MANA_VALUE, fit_in_play
    rng = random.Random(2)
    true = [0.0] * len(EVAL_FEATURES)
    true[HAND], true[MANA_VALUE] = 1.0, -0.3
    for i in IN_PLAY:
        true[i] = -0.5
    xs = [[float(rng.randint(-3, 3)) for _ in true] for _ in range(3000)]
    ys = [int(rng.random() < 1 / (1 + math.exp(-sum(w * x for w, x in zip(true, x))))) for x in xs]
    w = fit_in_play(xs, ys, l2=0.01, prior=[0.0] * len(true))
    assert all(w[i] >= w[HAND] - 1e-9 for i in IN_PLAY) and w[MANA_VALUE] >= 0, w
    free = fit(xs, ys, l2=0.01)
    assert all(free[i] < free[HAND] for i in IN_PLAY), free  # unconstrained, it would hold its cards
