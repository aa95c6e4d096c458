"""The computer's misplays found by reading the duels it lost to ``sensible`` (issue 30,
bench/README.md section 7): each a position set up, the computer asked, its answer checked
(XMage style). ``look``: the hard level's look-ahead too (``answer``), else the heuristic."""
from __future__ import annotations


from engine import Duel
from engine.players.computer import ComputerPlayer
from tests.test_computer_95 import _duel, _play


def _my_turn(duel: Duel, ai: ComputerPlayer, *, look: bool = False, steps: int = 120) -> list[str]:
    """The computer (alice) answers until its turn ends, the opponent passes or declines
    everything; the computer's answers."""
    return _play(duel, ai, until=lambda du: du.game.active != 0, steps=steps, look=look)


def test_the_computer_keeps_a_combat_trick_for_everyone_off_its_main_phase() -> None:
    """Marsh Gas (all creatures get -2/-0 until end of turn) cast in its own main phase
    with nothing in combat does nothing but lose the card (seen: Brimstone against
    Troll Disco, a loss): it is kept, by the heuristic and by the look-ahead."""
    alice = {"battlefield": ["Swamp", "Swamp", "Scavenging Ghoul"], "hand": ["Marsh Gas"],
             "library": ["Swamp"] * 10}
    bob = {"battlefield": ["Juzám Djinn", "Swamp"], "hand": ["Swamp"] * 3, "library": ["Swamp"] * 10}
    for look in (False, True):
        duel = _duel(alice, bob)
        answers = _my_turn(duel, ComputerPlayer(0), look=look)
        assert "cast Marsh Gas" not in answers, (look, answers)
        assert [c.name for c in duel.game.players[0].hand] == ["Marsh Gas"]


def test_the_computer_casts_no_inferno_that_kills_it() -> None:
    """Inferno deals 6 damage to every creature and to both players: at 5 life it is
    suicide however many of their creatures it kills, and at 8 it leaves 2 (seen: Brimstone
    against Sanctuary, a loss to Feedback's 1 a turn); at 12 life against their 7 it clears
    a board they lead by far and leaves them in reach."""
    theirs = ["Craw Wurm", "Hill Giant", "Grizzly Bears", "Mountain"]
    alice = {"battlefield": ["Mountain"] * 7 + ["Goblin Balloon Brigade"], "hand": ["Inferno"],
             "library": ["Mountain"] * 10}
    duel = _duel(dict(alice, life=5), {"battlefield": theirs, "library": ["Forest"] * 10})
    assert "cast Inferno" not in _my_turn(duel, ComputerPlayer(0))
    assert duel.game.players[0].life == 5
    duel = _duel(dict(alice, life=8), {"battlefield": theirs, "library": ["Forest"] * 10})
    assert "cast Inferno" not in _my_turn(duel, ComputerPlayer(0))
    duel = _duel(dict(alice, life=12), {"battlefield": theirs, "life": 7, "library": ["Forest"] * 10})
    assert "cast Inferno" in _my_turn(duel, ComputerPlayer(0))
    assert duel.game.players[1].life == 1 and duel.game.players[0].life == 6


def test_the_computer_does_not_attack_with_a_liege_that_attacks_as_nothing() -> None:
    """Gaea's Liege is a 7/7 at home (seven forests) but attacks as the defending player's
    forests: against a player with none it is a 0/0 as it attacks, and dies. It stays home;
    against six forests it attacks as a 6/6, for the last 6 life."""
    alice = {"battlefield": ["Forest"] * 6 + ["Gaea's Liege"], "hand": ["Forest"], "library": ["Forest"] * 10}
    bob = {"battlefield": ["Mountain"] * 3 + ["Hill Giant"], "hand": ["Mountain"] * 3, "library": ["Mountain"] * 10}
    for look in (False, True):
        duel = _duel(alice, bob)
        answers = _my_turn(duel, ComputerPlayer(0), look=look)
        assert not any(a.startswith("attack Gaea") for a in answers), (look, answers)
        assert any(c.name == "Gaea's Liege" for c in duel.game.battlefield)
    duel = _duel(alice, {"battlefield": ["Forest"] * 5 + ["Taiga"], "life": 6, "library": ["Forest"] * 10})
    assert "attack Gaea's Liege" in _my_turn(duel, ComputerPlayer(0))
    assert duel.game.winner == 0


def test_the_computer_keeps_giant_growth_for_combat() -> None:
    """Giant Growth cast in the main phase on an attacker nothing can block is 3 damage for a
    card; the look-ahead (whose simulated opponent never holds a trick) took it. It is kept:
    for a fight after blocks, or for the damage that wins. At 4 life, a Grizzly Bears
    unblocked, it is cast after blocks, and wins."""
    alice = {"battlefield": ["Forest"] * 3 + ["Grizzly Bears"], "hand": ["Giant Growth", "Forest"],
             "library": ["Forest"] * 10}
    bob = {"battlefield": ["Forest", "Forest"], "hand": ["Forest"] * 3, "library": ["Forest"] * 10}
    duel = _duel(alice, bob)
    answers = _my_turn(duel, ComputerPlayer(0), look=True)
    assert "attack Grizzly Bears" in answers and "cast Giant Growth" not in answers, answers
    assert duel.game.players[1].life == 18 and "Giant Growth" in [c.name for c in duel.game.players[0].hand]
    for look in (False, True):
        duel = _duel(alice, dict(bob, life=4))
        answers = _my_turn(duel, ComputerPlayer(0), look=look)
        assert "cast Giant Growth" in answers and duel.game.winner == 0, (look, answers)
