"""A game of Magic played inside a duel: Shahrazad's subgame.

The subgame is a whole :class:`engine.game.Game` of its own -- its own
battlefield, life totals, turns and triggers, nothing carried over from the
duel around it -- dealt from the cards in the two players' libraries. Its
rules procedure runs inside the effect that began it: each of its decisions
is passed out as the duel's pending decision and each answer is passed back
in, so the duel's history of answers replays the subgame too, and its
random source is seeded from the duel's own (deterministic and replayable).
While it is under way ``Game.subgame`` holds it: views show its board, the
state hash covers it, and its log lines and secrets are copied to the duel's
with a prefix. The cards in the libraries are not moved: the subgame plays
copies of them and, as the card says, they go back to the libraries
afterwards, which are then shuffled.
"""
from __future__ import annotations

from .duel import DuelOptions
from .game import Game
from .model import Gen


def play_subgame(g: "Game", name: str) -> Gen:
    """Play a subgame with the players' libraries as decks (no ante, 20 life,
    who chooses to play first decided at random, as in a new duel). Returns
    the winner's index, or None if both lost. ``name`` prefixes its log lines."""
    sub = Game(g.rng.getrandbits(62), (g.players[0].name, g.players[1].name),
               DuelOptions(ante=False, starting_life=g.options.starting_life))
    for p in (0, 1):
        for c in g.players[p].library:
            sub.players[p].library.append(sub.new_card(c.cdef, p, "library"))
    g.log(f"{name}: a subgame begins, played with the cards in the players' libraries.")
    shown, told = 0, 0

    def relay() -> None:
        nonlocal shown, told
        g.events.extend(f"[{name}] {e}" for e in sub.events[shown:])
        g.secrets.extend(sub.secrets[told:])
        shown, told = len(sub.events), len(sub.secrets)

    proc = sub.run()
    g.subgame = sub
    try:
        decision = next(proc)
        while True:
            relay()
            answer = yield decision
            decision = proc.send(answer)
    except StopIteration:
        pass
    finally:
        g.subgame = None
    relay()
    for p in (0, 1):
        g.shuffle(p)
    g.log(f"{name}: the subgame is over; the players shuffle their libraries.")
    return sub.winner
