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

A copy is made at a rest point; away from one (a block declaration: an
attack is under way) only from the game kept at the latest rest point
(:attr:`Duel.keep_rest`) with the at most :data:`MAX_SINCE` answers given
since replayed on the copy; when that replay fails (an answer names a card
the copy holds as a placeholder: a trick the opponent cast from hand) or
does not reach the same decision with the same choices, :func:`determinize`
gives None.
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
MAX_SINCE = 12  # answers since the kept rest point replayed on a copy made away from one, at most


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
    docstring), its hidden cards drawn with ``rng``; None inside a subgame,
    and away from a rest point unless the duel keeps one and the answers
    since replay on the copy to the same decision. Pure: ``duel`` is not changed."""
    if duel.pending is None or duel.game.subgame is not None:
        return None
    since: list[tuple[int, str]] = []
    if duel.at_rest:
        shared: list[Any] = []
        game = snap.loads(snap.dumps(duel.game, shared), shared)  # the game as it is now (not a kept rest)
    else:  # the game kept at the latest rest point (Duel.keep_rest), and the answers given since
        r = duel._saved_rest()
        if r is None or len(duel.history) - r[0] > MAX_SINCE:
            return None
        game = snap.loads(r[2], r[3])
        since = duel.history[r[0]:]
    mine, opp = game.players[seat], game.players[1 - seat]
    # new card objects: the libraries' cards are shared with the duel and never changed in place
    opp.hand[:] = [game.new_card(HIDDEN, 1 - seat, "hand") for _ in opp.hand]
    opp.library[:] = [game.new_card(HIDDEN, 1 - seat, "library") for _ in opp.library]
    deck = sorted((c.own_cdef or c.cdef for c in mine.library), key=lambda c: c.name)
    rng.shuffle(deck)
    mine.library[:] = [game.new_card(cd, seat, "library") for cd in deck]
    game.rng = random.Random(rng.getrandbits(64))
    game.secrets[:] = [(who, t) for who, t in game.secrets if who == seat]
    # a copy away from a rest point keeps its own (where it was made), so that its clones replay only `since`
    d = Duel(lambda: (game, game.run(resume=True)), options=duel.options, keep_rest=bool(since))
    d._factory = _no_replay  # type: ignore[assignment]
    try:
        for p, text in since:
            d.apply(text, p)
    except Exception:  # noqa: BLE001 - an answer naming a card the copy holds as a placeholder (a trick they cast)
        return None
    want = duel.pending
    got = d.pending
    if got is None or got.player != want.player or got.kind is not want.kind or got.prompt != want.prompt or \
            (not since and not d.at_rest) or since and tuple(got.choices) != tuple(want.choices):
        return None
    return d


def peek_for(duel: Duel, seat: int) -> Peek:
    """What a caller holding ``duel`` gives the computer of ``seat``. It turns
    on ``duel.keep_rest`` (a pickle of the game at each rest point from now
    on, about a millisecond; play does not change), so that the computer's
    later block declarations, which are no rest points, can be copied too."""
    duel.keep_rest = True
    return lambda rng: determinize(duel, seat, rng)
