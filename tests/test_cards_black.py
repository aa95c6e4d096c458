"""Black cards whose checks a duel script cannot express: randomness, hidden
cards, and random duels with decks of black cards."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Duel, DuelOptions, carddb
from engine.players.random_player import RandomPlayer
from engine.scripts import run_steps as run, Runner


HAND = ["Lightning Bolt", "Hill Giant", "Forest", "Grizzly Bears", "Craw Wurm"]


def mind_twist(seed: int) -> Runner:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Mind Twist"], "battlefield": ["Swamp"] * 3},
                         "bob": {"hand": list(HAND)}}}
    return run(setup, [{"alice": "cast Mind Twist -> bob x=2"}, "resolve"], seed)


def test_mind_twist_discards_x_cards_at_random() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        g = mind_twist(seed).g
        bob = g.players[1]
        gone = sorted(c.name for c in bob.graveyard)
        assert len(gone) == 2 and len(bob.hand) == 3
        assert sorted(gone + [c.name for c in bob.hand]) == sorted(HAND)
        # each discard is announced (the cards are revealed as they go to the graveyard)
        for n in gone:
            assert f"bob discards {n} at random (Mind Twist)." in g.events
        seen.update(gone)
    # at random: every card of the hand is sometimes discarded
    assert set(seen) == set(HAND)


def test_mind_twist_is_replayable() -> None:
    r = mind_twist(7)
    again = r.duel.fresh().replay(r.duel.history)
    assert again.state_hash() == r.duel.state_hash()


def rag_man(seed: int, hand: list[str]) -> Runner:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Rag Man", "Swamp", "Swamp", "Swamp"]},
                         "bob": {"hand": list(hand)}}}
    return run(setup, [{"alice": "activate Rag Man -> bob"}, "resolve"], seed)


def test_rag_man_shows_the_hand_only_to_its_controller_and_discards_a_random_creature() -> None:
    hand = ["Lightning Bolt", "Grizzly Bears", "Hill Giant", "Forest"]
    seen: set[str] = set()
    for seed in range(20):
        g = rag_man(seed, hand).g
        assert (0, "bob's hand: Forest, Grizzly Bears, Hill Giant, Lightning Bolt") in g.secrets
        assert not any(who == 1 for who, _ in g.secrets)
        gone = [c.name for c in g.players[1].graveyard]
        assert len(gone) == 1 and gone[0] in ("Grizzly Bears", "Hill Giant")
        seen.add(gone[0])
        # the public log names only the discarded card, never the rest of the hand
        public = " ".join(g.events)
        assert "Lightning Bolt" not in public and "Forest" not in public
    assert seen == {"Grizzly Bears", "Hill Giant"}


def test_hypnotic_specter_discard_is_random() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Hypnotic Specter"]},
                         "bob": {"hand": ["Lightning Bolt", "Hill Giant", "Forest"]}}}
    seen = set()
    for seed in range(20):
        g = run(setup, [{"alice": "attack Hypnotic Specter"}, {"until": "alice end of combat"}], seed).g
        gone = [c.name for c in g.players[1].graveyard]
        assert len(gone) == 1 and len(g.players[1].hand) == 2
        seen.add(gone[0])
    assert seen == {"Lightning Bolt", "Hill Giant", "Forest"}


# ---------------------------------------------------------------- random duels

def _count(duel: Duel) -> int:
    g = duel.game
    n = sum(1 for c in g.battlefield + g.limbo if not c.token)
    for p in g.players:
        n += sum(len(p.zone(z)) for z in ("library", "hand", "graveyard", "removed", "ante"))
    return n


def _black_cards() -> list[str]:
    import engine.cards.black  # noqa: F401  (registers the module)
    return [n for n in carddb.implemented() if carddb.get(n).colors == frozenset("B")]


@pytest.mark.parametrize("seed", range(6))
def test_random_duels_with_black_decks(seed: int) -> None:
    """Decks of black cards played by random players: no exception, the card
    count never changes, and replaying the answers rebuilds the same duel."""
    r = random.Random(seed)
    black = _black_cards()
    decks = tuple(r.sample(black, 20) + ["Swamp"] * 17 + ["Forest"] * 3 for _ in range(2))
    duel = Duel.new(seed, decks, DuelOptions(ante=seed % 2 == 0))
    players = (RandomPlayer(seed * 2, pass_rate=0.2), RandomPlayer(seed * 2 + 1, pass_rate=0.2))
    total = _count(duel)
    steps = 0
    while duel.pending is not None and steps < 20000:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        steps += 1
        assert _count(duel) == total, f"card count changed at step {steps}"
    assert duel.pending is None
    again = Duel.new(seed, decks, DuelOptions(ante=seed % 2 == 0)).replay(duel.history)
    assert again.state_hash() == duel.state_hash()


def test_animate_dead_removed_buries_the_creature_without_a_regeneration_offer() -> None:
    from engine.decisions import DecisionKind
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Animate Dead"], "battlefield": ["Swamp"] * 3,
                                   "graveyard": ["Drudge Skeletons"]},
                         "bob": {"hand": ["Disenchant"], "battlefield": ["Plains", "Plains"]}}}
    r = run(setup, [{"alice": "cast Animate Dead -> Drudge Skeletons"}, "resolve",
                    {"bob": "cast Disenchant -> Animate Dead"}])
    kinds = []
    while not r.quiet():
        kinds.append(r.duel.pending.kind)
        r.decline()
    assert DecisionKind.REGENERATE not in kinds
    g = r.g
    assert sorted(c.name for c in g.players[0].graveyard) == ["Animate Dead", "Drudge Skeletons"]


def test_drudge_skeletons_destroyed_normally_is_offered_regeneration() -> None:
    """The counterpart of the test above: a destroyed (not buried) Skeletons is offered regeneration."""
    from engine.decisions import DecisionKind
    setup = {"active": "bob", "phase": "main",
             "players": {"alice": {"battlefield": ["Drudge Skeletons", "Swamp"]},
                         "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}}
    r = run(setup, [{"bob": "cast Lightning Bolt -> Drudge Skeletons"}])
    kinds = []
    while not r.quiet():
        kinds.append(r.duel.pending.kind)
        r.decline()
    assert DecisionKind.REGENERATE in kinds
