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
