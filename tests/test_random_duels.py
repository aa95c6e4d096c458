"""Property tests over random duels between the built-in random players.

For every duel: it reaches its end without an exception; replaying its
answers rebuilds the identical state; views leak nothing hidden (changing
hidden cards leaves every view unchanged); the number of non-token cards
across all zones never changes.
"""
from __future__ import annotations

import os
import random

import pytest

from engine import Duel, DuelOptions, carddb
from engine.ai import RandomPlayer
from engine.decks import PRECONS, decklist

DUELS = int(os.environ.get("MANABURN_RANDOM_DUELS", "200"))
NAMES = sorted(PRECONS)


def count_cards(duel: Duel) -> int:
    g = duel.game
    n = sum(1 for c in g.battlefield + g.limbo if not c.token)
    for p in g.players:
        n += sum(len(p.zone(z)) for z in ("library", "hand", "graveyard", "removed", "ante"))
    return n


def hidden_swapped_view_equal(duel: Duel, rng: random.Random) -> bool:
    """Replace one player's hand and library with other cards: the other
    player's view and the public view must not change."""
    g = duel.game
    victim = rng.randrange(2)
    viewer = 1 - victim
    before = (duel.view(viewer), duel.view(None))
    pl = g.players[victim]
    saved = [(c, c.cdef) for c in pl.hand + pl.library]
    order = list(pl.library)
    other = carddb.get("Craw Wurm") if not any(c.name == "Craw Wurm" for c in pl.hand) else carddb.get("Hill Giant")
    for c, _ in saved:
        c.cdef = other
    rng.shuffle(pl.library)
    after = (duel.view(viewer), duel.view(None))
    for c, cdef in saved:
        c.cdef = cdef
    pl.library[:] = order
    return before == after


@pytest.mark.parametrize("chunk", range(10))
def test_random_duels(chunk: int) -> None:
    per = max(1, DUELS // 10)
    for seed in range(chunk * per, (chunk + 1) * per):
        r = random.Random(seed)
        a, b = r.choice(NAMES), r.choice(NAMES)
        duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions(ante=seed % 2 == 0))
        players = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))
        total = count_cards(duel)
        steps = 0
        while duel.pending is not None and steps < 20000:
            d = duel.pending
            duel.apply(players[d.player].choose(d))
            steps += 1
            assert count_cards(duel) == total, f"seed {seed}: card count changed at step {steps}"
            if steps % 97 == 0:
                assert hidden_swapped_view_equal(duel, r), f"seed {seed}: a view depends on hidden cards"
        assert duel.pending is None, f"seed {seed} ({a} vs {b}) did not finish in {steps} decisions"
        replayed = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions(ante=seed % 2 == 0)).replay(duel.history)
        assert replayed.state_hash() == duel.state_hash(), f"seed {seed}: replay differs"
        if duel.options.ante and duel.winner is not None:
            w = duel.game.players[duel.winner]
            assert all(c.owner == w.idx for c in w.ante)
