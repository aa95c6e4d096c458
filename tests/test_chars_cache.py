"""The characteristics cache (engine.characteristics) against a full
recomputation, after every answer of many random duels.

The cache lives across decisions and is emptied when the change counter
(engine.tracked) moves; a change that does not move it leaves stale
characteristics behind. After every answer, every card in play, in a hand and
in a graveyard is read through the cache and recomputed with caching switched
off (``_chars_cache`` None), and the two must agree: characteristics, whether
its abilities are switched off or lost, its basic types; the mana sources and
references kept with them; and the legal choices of a pending fast decision
(listed with the cache) against a listing with caching off. The cache is filled
for every permanent at each check, so a change missed anywhere before the
next check shows.
"""
from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.casting import FAST_KINDS
from engine.decisions import DecisionKind, is_mana_answer
from engine.game import Game
from engine.objects import Card, Chars
from engine.refs import ref
from tests.test_random_duels import NAMES, ante_for, decklist, decks_for
from tests.test_engine_caches import uncached

DUELS = int(os.environ.get("MANABURN_CHARS_CACHE_DUELS", "24"))
MAX_ANSWERS = 1500


def _row(ch: Chars) -> tuple[Any, ...]:
    return (ch.name, sorted(ch.types), sorted(ch.subtypes), sorted(ch.supertypes), sorted(ch.colors),
            ch.power, ch.toughness, sorted(ch.keywords), ch.controller, ch.can_tap_for_mana, sorted(ch.flags),
            [getattr(a, "text", repr(a)) for a in ch.abilities])


def _reads(g: Game, c: Card) -> tuple[Any, ...]:
    row = _row(g.chars(c))
    if c.zone != "battlefield":
        return row
    return row + (g.switched_off(c), g.abilities_lost(c), sorted(g.chars_basic(c)), g.controller(c))


def stale_reads(g: Game) -> list[str]:
    """Every card whose cached reads differ from a full recomputation."""
    cards = list(g.battlefield) + [c for p in g.players for c in p.hand + p.graveyard]
    out = []
    for c in cards:
        cached = _reads(g, c)
        fresh = uncached(g, lambda: _reads(g, c))
        if cached != fresh:
            out.append(f"{c!r} in {c.zone}: cached {cached} != recomputed {fresh}")
    for p in (0, 1):  # the look-ups kept with them: mana sources (listing), references
        cached = [(c.oid, i, syms) for c, i, syms in g.mana_sources(p)]
        fresh = uncached(g, lambda: [(c.oid, i, syms) for c, i, syms in g.mana_sources(p)])
        if cached != fresh:
            out.append(f"mana sources of player {p}: cached {cached} != recomputed {fresh}")
    cached = [ref(g, c) for c in g.battlefield]
    fresh = uncached(g, lambda: [ref(g, c) for c in g.battlefield])
    if cached != fresh:
        out.append(f"references: cached {cached} != recomputed {fresh}")
    return out


def checked_duel(seed: int) -> int:
    a, b = decks_for(seed)
    duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions(ante=ante_for(seed)))
    players = (RandomPlayer(seed * 2, pass_rate=0.2), RandomPlayer(seed * 2 + 1, pass_rate=0.2))
    n = 0
    while duel.pending is not None and n < MAX_ANSWERS:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        n += 1
        for g in (duel.game, duel.game.subgame):
            if g is not None:
                stale = stale_reads(g)
                assert not stale, f"seed {seed} ({a} vs {b}), answer {n}: " + "; ".join(stale[:3])
        d = duel.pending
        if d is not None and d.kind in FAST_KINDS and d.decline == "pass" and duel.game.subgame is None:
            # the listing, which keeps more look-ups with the characteristics (mana sources,
            # activated abilities, whether a cost can be paid): listed afresh, the same
            g = duel.game
            interrupting = g.spells[-1] if d.kind is DecisionKind.INTERRUPT else None
            fresh = uncached(g, lambda: tuple(dict.fromkeys(["pass"] + g.fast_choices(d.player, d.kind, interrupting))))
            acts = d.actions  # listed first, by its own lister
            assert d.choices == fresh, f"seed {seed} ({a} vs {b}), answer {n}: listed {d.choices} != afresh {fresh}"
            assert acts == tuple(c for c in fresh if not is_mana_answer(c))
    return n


@pytest.mark.parametrize("seed", range(DUELS))
def test_cached_characteristics_equal_a_full_recomputation(seed: int) -> None:
    # seeds spread over the decks (the precons, the Old School decks and the test pools)
    assert checked_duel(seed * 7 + seed // len(NAMES)) > 0


def test_a_change_moves_the_counter() -> None:
    """Setting a card's field, a counter, a zone list or a game attribute empties the cache."""
    from engine.tracked import VERSION
    duel = Duel.new(1, (decklist(NAMES[0]), decklist(NAMES[1])), DuelOptions())
    g = duel.game
    card = g.players[0].library[0]
    for change in (lambda: setattr(card, "tapped", True), lambda: card.counters.__setitem__("+1/+1", 1),
                   lambda: card.flags.update(x=1), lambda: g.players[0].library.append(g.players[0].library.pop(0)),
                   lambda: setattr(g, "turn", g.turn + 1), lambda: g.effects.append(g.effects[:1]),
                   lambda: setattr(g.players[1], "life", 3)):
        before = VERSION[0]
        change()
        assert VERSION[0] > before
    before = VERSION[0]
    card.tapped = True  # the same value again: no change
    g.decisions_asked += 1  # bookkeeping
    assert VERSION[0] == before


def test_random_player_sees_the_same_duels() -> None:
    """The cache changes no answer: a duel replays to the state it reached live."""
    rng = random.Random(5)
    seed = rng.randrange(1000)
    a, b = decks_for(seed)
    duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions())
    players = (RandomPlayer(1), RandomPlayer(2))
    while duel.pending is not None and len(duel.history) < 800:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
    again = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions()).replay(duel.history)
    assert again.state_hash() == duel.state_hash()


def test_minor_changes_keep_characteristics_but_not_other_look_ups() -> None:
    """A step or a spell cast moves MINOR, not VERSION: the characteristics stay
    cached, the other look-ups (the memo tier) are dropped; and while an effect
    with a condition is in the game (Xenic Poltergeist's "until its
    controller's next upkeep" reads the phase), a minor change empties the
    characteristics too."""
    from engine.objects import Effect
    from engine.scripts import build_position
    from engine.tracked import MINOR, VERSION
    duel = Duel(lambda: build_position({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Forest"], "library": ["Forest"] * 5},
        "bob": {"battlefield": ["Plains"], "library": ["Plains"] * 5}}}))
    g = duel.game
    bears = next(c for c in g.battlefield if c.name == "Grizzly Bears")
    ch = g.chars(bears)
    g._read_memo(("probe",), lambda: 1)
    v, m = VERSION[0], MINOR[0]
    g.phase = "combat" if g.phase != "combat" else "main"
    g.spells.append(object())
    g.spells.pop()
    assert VERSION[0] == v and MINOR[0] > m
    assert g.chars(bears) is ch  # kept
    assert g._read_memo(("probe",), lambda: 2) == 2  # dropped (when next read)
    g.phase = "main"
    g.effects.append(Effect(g.stamp(), bears.oid, lambda g2, card, c: c.set_pt(5, 5), "forever",
                            condition=lambda g2: g2.phase == "main"))
    assert g.chars(bears).power == 5
    g.phase = "end"  # a minor change the effect's condition reads
    assert g.chars(bears).power == 2
    assert not stale_reads(g)
