"""The engine's speed-ups change nothing a player can see.

* Characteristics cached in a read-only scope (``Game.reading``) are the
  ones computed afresh, at every decision of random duels.
* A replay lists a decision's choices only when the answer needs them
  (``Decision.listed_later``): replaying any prefix of a duel's answers
  leaves the same pending decision, with the same choices, and the same
  state as playing them did; a wrong answer is still refused.
* The shortcut telling that an answer is listed without listing everything
  (``surely_fast_choice``) never says yes to an answer that is not listed,
  and says yes to the common ones that are.
"""
from __future__ import annotations

import random

import pytest

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.casting import FAST_KINDS
from engine.decisions import Decision, DecisionKind, IllegalAction
from engine.decks import PRECONS, decklist
from engine.refs import ref

NAMES = sorted(PRECONS)
SEEDS = (3, 4, 8)


def seeded(seed: int) -> tuple[Duel, tuple[RandomPlayer, RandomPlayer]]:
    r = random.Random(seed)
    a, b = r.choice(NAMES), r.choice(NAMES)
    return (Duel.new(seed, (decklist(a), decklist(b)), DuelOptions(ante=seed % 2 == 0)),
            (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)))


def chars_rows(duel: Duel) -> list[tuple]:
    g = duel.game
    out = []
    for c in g.battlefield:
        ch = g.chars(c)
        out.append((c.oid, ch.name, sorted(ch.types), sorted(ch.subtypes), sorted(ch.supertypes), sorted(ch.colors),
                    ch.power, ch.toughness, sorted(ch.keywords), ch.controller, ch.can_tap_for_mana,
                    sorted(ch.flags), len(ch.abilities)))
    return out


def uncached(g, read):  # type: ignore[no-untyped-def]
    """``read()`` with the characteristics cache switched off: each
    computation opens and drops a cache of its own."""
    saved = g._chars_cache
    g._chars_cache = None
    try:
        return read()
    finally:
        g._chars_cache = saved


def fresh_chars(duel: Duel) -> list[tuple]:
    """Caching switched off: each computation opens and drops its own cache."""
    return uncached(duel.game, lambda: chars_rows(duel))


def scoped_chars(duel: Duel) -> list[tuple]:
    g = duel.game
    with g.reading():
        g.fast_choices(0, DecisionKind.RESPOND, None)  # fills the cache in another order first
        return chars_rows(duel)


@pytest.mark.parametrize("seed", SEEDS)
def test_cached_characteristics_are_fresh_ones(seed: int) -> None:
    duel, players = seeded(seed)
    n = 0
    while duel.pending is not None and n < 3000:
        if n % 7 == 0:
            assert scoped_chars(duel) == fresh_chars(duel), f"seed {seed}, answer {n}"
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        n += 1


@pytest.mark.parametrize("seed", SEEDS)
def test_replaying_any_prefix_leaves_the_same_decision(seed: int) -> None:
    duel, players = seeded(seed)
    seen = []
    while duel.pending is not None:
        d = duel.pending
        seen.append((duel.state_hash(), d.player, d.kind, d.prompt, d.choices, d.decline))
        duel.apply(players[d.player].choose(d))
    seen.append((duel.state_hash(), None))
    r = random.Random(seed)
    for k in sorted({0, 1, len(duel.history), *(r.randrange(len(duel.history)) for _ in range(5))}):
        again = duel.fresh().replay(duel.history[:k])
        d = again.pending
        got = (again.state_hash(), d.player, d.kind, d.prompt, d.choices, d.decline) if d else (again.state_hash(), None)
        assert got == seen[k], f"seed {seed}: replaying {k} answers"
        if d is not None:
            assert "_list_choices" not in d.__dict__  # the pending decision was listed by replay()


def test_replay_still_refuses_a_wrong_answer() -> None:
    duel, players = seeded(SEEDS[0])
    while duel.pending is not None and len(duel.history) < 200:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
    i = next(i for i in range(150, 200) if duel.history[i][1] == "pass")
    for wrong in ("cast Nonexistent Card", "activate Nonexistent", "attack with everything", "play Nonexistent"):
        hist = duel.history[:i] + [(duel.history[i][0], wrong)]
        with pytest.raises(IllegalAction):
            duel.fresh().replay(hist)


def test_a_decision_listed_later_cannot_be_listed_after_its_answer() -> None:
    duel, _ = seeded(SEEDS[0])
    duel.apply("choose play" if "choose play" in duel.pending.choices else duel.pending.choices[0])
    d = duel.pending
    while d is not None and "_list_choices" not in d.__dict__:
        duel.apply(d.decline or d.choices[0])
        d = duel.pending
    assert d is not None and d.decline == "pass"
    duel.apply("pass")
    with pytest.raises(RuntimeError, match="never listed"):
        d.choices  # noqa: B018


def candidate_answers(duel: Duel, d: Decision) -> list[str]:
    """Listed answers, and more that may not be: every card in hand cast or
    played, every permanent's first three abilities, attacking."""
    g = duel.game
    hand = g.players[d.player].hand
    out = list(d.choices) + ["attack"] + [f"cast {c.name}" for c in hand] + [f"play {c.name}" for c in hand]
    for c in g.battlefield:
        name = ref(g, c)
        out += [f"activate {name}", f"activate {name} ability=1", f"activate {name} ability=2",
                f"activate {name} ability=3", f"activate {name} ability=02"]
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_surely_listed_only_says_yes_to_listed_answers(seed: int) -> None:
    duel, players = seeded(seed)
    g = duel.game
    said_yes = 0
    n = 0
    while duel.pending is not None and n < 3000:
        d = duel.pending
        if d.kind in FAST_KINDS and d.decline == "pass":
            # an interrupt window is about the spell announced last
            interrupting = g.spells[-1] if d.kind is DecisionKind.INTERRUPT else None
            assert interrupting is None or d.about == interrupting.name
            for t in candidate_answers(duel, d):
                if g.surely_fast_choice(d.player, d.kind, interrupting, t):
                    said_yes += 1
                    assert t in d.choices, f"seed {seed}, answer {n}: {t!r} is not listed"
            for t in d.choices:
                if t.startswith(("cast ", "play ", "activate ")) or t == "attack":
                    assert g.surely_fast_choice(d.player, d.kind, interrupting, t), (seed, n, t)
        duel.apply(players[d.player].choose(d))
        n += 1
    assert said_yes


@pytest.mark.parametrize("seed", SEEDS)
def test_fast_choices_read_once_for_two_players_are_fresh_ones(seed: int) -> None:
    """A fast decision asked right after the other player passed (responses,
    interrupts, combat, damage prevention, the end of a phase) reuses what was
    read for that pass: its choices are the ones listed afresh."""
    duel, players = seeded(seed)
    g = duel.game
    checked = 0
    n = 0
    while duel.pending is not None and n < 3000:
        d = duel.pending
        if d.kind in FAST_KINDS and d.decline == "pass":
            interrupting = g.spells[-1] if d.kind is DecisionKind.INTERRUPT else None
            fresh = tuple(dict.fromkeys(["pass"] + uncached(g, lambda: g.fast_choices(d.player, d.kind, interrupting))))
            assert d.choices == fresh, f"seed {seed}, answer {n}"
            checked += 1
        duel.apply(players[d.player].choose(d))
        n += 1
    assert checked > 100


def test_statics_indexed_by_permanent_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statics that can apply to one permanent only (their source, the
    enchanted permanent) are tried on that permanent alone: the
    characteristics are those found by trying every static on every permanent."""
    import engine.characteristics as game_module
    indexed = 0  # decisions at which some static was indexed (seed 4 has some)
    for seed in SEEDS:
        duel, players = seeded(seed)
        g = duel.game
        n = 0
        while duel.pending is not None and n < 3000:
            if n % 5 == 0:
                with g.reading():
                    indexed += len(g._active_statics()) > 1
                rows = fresh_chars(duel)
                with monkeypatch.context() as m:
                    m.setattr(game_module, "_only_oid", lambda src, st: None)
                    assert fresh_chars(duel) == rows, f"seed {seed}, answer {n}"
            d = duel.pending
            duel.apply(players[d.player].choose(d))
            n += 1
    assert indexed > 10


def test_printed_characteristics_follow_the_card_definition() -> None:
    """The printed values kept on a card are made again when its definition is
    another one (the view tests swap definitions to hide cards: a value kept
    from before would hide a leak)."""
    from engine import carddb
    duel, _ = seeded(3)
    g = duel.game
    card = g.players[0].library[0]
    before = g.chars(card).name
    saved = card.cdef
    other = carddb.get("Craw Wurm" if before != "Craw Wurm" else "Hill Giant")
    card.cdef = other
    try:
        assert g.chars(card).name == other.name != before
    finally:
        card.cdef = saved
    assert g.chars(card).name == before
