"""Checks for Arabian Nights cards that duel scripts cannot express: coin
flips over many seeds, replays, and set membership."""
from __future__ import annotations

from engine.duel import Duel
from engine.scripts import run_steps


def _board(runner: object) -> object:
    return runner.duel.game  # type: ignore[attr-defined]


def _mijae(seed: int) -> tuple[int, bool]:
    r = run_steps({"active": "alice", "phase": "main",
                   "players": {"alice": {"battlefield": ["Mijae Djinn"]}, "bob": {}}},
                  [{"alice": "attack Mijae Djinn"}, {"until": "alice end of combat"}], seed=seed)
    g = r.duel.game
    djinn = next(c for c in g.battlefield if c.name == "Mijae Djinn")
    assert djinn.tapped  # tapped either way
    lost = any("coin flip goes to the opponent" in e for e in g.events)
    # the replay flips the same coin
    again = Duel(r.duel._factory).replay(r.duel.history)
    assert again.state_hash() == r.duel.state_hash()
    return g.players[1].life, lost


def test_mijae_djinn_flip_decides_whether_it_attacks() -> None:
    """Won flip: 6 damage; lost flip: tapped, no damage. Both happen over seeds."""
    outcomes = {_mijae(s) for s in range(12)}
    assert outcomes == {(14, False), (20, True)}


def _ydwen(seed: int) -> tuple[int, bool, bool]:
    """(alice's life, flip lost, Grizzly Bears still in play)."""
    r = run_steps({"active": "bob", "phase": "main",
                   "players": {"alice": {"battlefield": ["Ydwen Efreet"]},
                               "bob": {"battlefield": ["Grizzly Bears"]}}},
                  [{"bob": "attack Grizzly Bears"}, {"alice": "block Grizzly Bears with Ydwen Efreet"},
                   {"until": "bob end of combat"}], seed=seed)
    g = r.duel.game
    lost = any("coin flip goes to the opponent" in e for e in g.events)
    bears_alive = any(c.name == "Grizzly Bears" for c in g.battlefield)
    return g.players[0].life, lost, bears_alive


def test_ydwen_efreet_lost_flip_undoes_the_block() -> None:
    """Won flip: the block stands (no damage to alice; the Bears die to 3
    damage); lost flip: the Bears are unblocked and deal 2 to alice."""
    assert {_ydwen(s) for s in range(12)} == {(20, False, False), (18, True, True)}


def _deck(*extra: str) -> list[str]:
    return list(extra) + ["Plains"] * (40 - len(extra))


def test_jeweled_bird_is_taken_out_of_the_deck_unless_playing_for_ante() -> None:
    """Not for ante: the Bird waits removed from the game (a card the player
    has and does not use in the deck: Ring of Ma'rûf can fetch it). For ante:
    it stays in the deck."""
    from engine.duel import DuelOptions
    casual = Duel.new(3, (_deck("Jeweled Bird"), _deck()), DuelOptions(chooser=0))
    g = casual.game
    assert [c.name for c in g.players[0].removed] == ["Jeweled Bird"]
    assert not any(c.name == "Jeweled Bird" for c in g.players[0].library + g.players[0].hand)
    ante = Duel.new(3, (_deck("Jeweled Bird"), _deck()), DuelOptions(chooser=0, ante=True))
    g = ante.game
    assert not g.players[0].removed
    assert any(c.name == "Jeweled Bird" for c in g.players[0].library + g.players[0].hand + g.players[0].ante)
    # the card stays the player's: the decklist's Bird is found, owned by them
    assert casual.final_owners()[(0, 0)] == 0


def test_ring_of_maruf_fetches_the_bird_set_aside() -> None:
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Ring of Ma'rûf"] + ["Plains"] * 5, "removed": ["Jeweled Bird"],
                  "library": ["Forest"]},
        "bob": {}}},
        [{"alice": "activate Ring of Ma'rûf"}, "resolve", {"until": "alice draw"}])
    d = r.duel.pending
    assert d is not None and d.choices == ("choose Jeweled Bird",)
