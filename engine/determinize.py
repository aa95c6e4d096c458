"""Determinized copies: a duel as one seat may know it, to play on.

A computer player (:mod:`engine.players`) never receives the duel: it
answers from its seat's view. To try an answer and see where it leads it
needs a copy of the duel to play on, and that copy must not hold what the
seat cannot see. :func:`determinize` makes one:

- every card of the opponent's hand and library is a new :data:`HIDDEN`
  card, an inert placeholder (no type, no cost, no ability; it can be
  neither cast nor played; it is in no registry a user sees), one for each
  card there: the counts are public, the cards are not;
- its own library is re-dealt: its cards, in the canonical order of their
  names, shuffled by the given random generator, as new card objects (new
  ids), so neither the real order nor the real ids leak;
- the game's random generator is reseeded from that generator (the duel's
  seed is hidden), the opponent's secrets are dropped, and the copy has no
  history, no seed and no decklists, and cannot be replayed from its start.

A copy is made only at a rest point, else :func:`determinize` gives None.
Two duels that differ only in what the seat cannot see give identical
copies (the same :meth:`Duel.state_hash`; tests/test_lookahead.py). The
caller holding the duel hands a player ``peek_for(duel, seat)``: a
:data:`Peek`, so the player's code never touches the real duel.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from . import snapshot as snap
from .duel import Duel
from .hooks import Hooks
from .mana import ManaCost
from .model import CardDef
from .objects import Card

Peek = Callable[[random.Random], "Duel | None"]


def _never(g: Any, p: int, card: Card) -> bool:
    """A hidden card's ``can_cast`` hook: it cannot be cast."""
    return False


HIDDEN = CardDef(name="(hidden card)", cost=ManaCost(), type_line="", types=frozenset(), subtypes=frozenset(),
                 supertypes=frozenset(), colors=frozenset(), power=None, toughness=None, text="",
                 hooks=Hooks(can_cast=_never))


def _no_replay() -> Any:
    raise RuntimeError("a determinized copy has no start to replay from")


def determinize(duel: Duel, seat: int, rng: random.Random) -> Duel | None:
    """A copy of ``duel`` holding only what ``seat`` may know (see the module
    docstring), its hidden cards drawn with ``rng``; None away from a rest
    point or inside a subgame. Pure: ``duel`` is not changed."""
    if not duel.at_rest or duel.game.subgame is not None:
        return None
    shared: list[Any] = []
    game = snap.loads(snap.dumps(duel.game, shared), shared)  # the game as it is now (not a kept rest)
    mine, opp = game.players[seat], game.players[1 - seat]
    # new card objects: the libraries' cards are shared with the duel and never changed in place
    opp.hand[:] = [game.new_card(HIDDEN, 1 - seat, "hand") for _ in opp.hand]
    opp.library[:] = [game.new_card(HIDDEN, 1 - seat, "library") for _ in opp.library]
    deck = sorted((c.own_cdef or c.cdef for c in mine.library), key=lambda c: c.name)
    rng.shuffle(deck)
    mine.library[:] = [game.new_card(cd, seat, "library") for cd in deck]
    game.rng = random.Random(rng.getrandbits(64))
    game.secrets[:] = [(who, t) for who, t in game.secrets if who == seat]
    d = Duel(lambda: (game, game.run(resume=True)), options=duel.options, keep_rest=False)
    d._factory = _no_replay  # type: ignore[assignment]
    if d.pending is None or not d.at_rest or d.pending.player != duel.pending.player:  # type: ignore[union-attr]
        return None
    return d


def peek_for(duel: Duel, seat: int) -> Peek:
    """What a caller holding ``duel`` gives the computer of ``seat``."""
    return lambda rng: determinize(duel, seat, rng)
