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
