"""The computer's look-ahead (engine/players/lookahead.py): determinized copies hold
only what the seat may know, and the answers found with them depend on nothing else."""
from __future__ import annotations

import random

import pytest

from engine import Duel
from engine.players import lookahead
from engine.decks import PRECONS, decklist
from engine.determinize import HIDDEN, determinize
from engine.players.sensible import SensiblePlayer
from tests.test_computer import restore, same_answers_whatever_is_hidden, swap_hidden

NAMES = sorted(PRECONS)


def _main_phase_rest(seed: int, seat: int = 0) -> Duel:
    """A duel played by two sensible players to a main-phase rest point of
    ``seat``'s, a few turns in."""
    duel = Duel.new(seed, (decklist(NAMES[seed % len(NAMES)]), decklist(NAMES[(seed * 5 + 3) % len(NAMES)])))
    players = [SensiblePlayer(seed), SensiblePlayer(seed + 1)]
    while duel.pending is not None:
        d = duel.pending
        c = d.context
        if duel.game.turn >= 6 and duel.at_rest and d.player == seat and c is not None and c.active == seat \
                and c.phase == "main" and c.step == "main":
            return duel
        duel.apply(players[d.player].choose(duel, d), d.player)
    raise AssertionError("the duel ended before turn 6")


@pytest.mark.parametrize("seed", range(3))
def test_determinized_copies_of_duels_differing_in_hidden_cards_are_identical(seed: int) -> None:
    duel = _main_phase_rest(seed)
    real = duel.state_hash()
    a = determinize(duel, 0, random.Random(7))
    assert a is not None
    assert duel.state_hash() == real  # pure: the duel is not changed
    undo = swap_hidden(duel, 0, random.Random(seed))
    try:
        assert duel.state_hash() != real
        b = determinize(duel, 0, random.Random(7))
    finally:
        restore(undo)
    assert b is not None
    assert a.state_hash() == b.state_hash()
    assert a.pending is not None and b.pending is not None and a.pending.choices == b.pending.choices
    # another draw of the generator deals its own library in another order
    c = determinize(duel, 0, random.Random(8))
    assert c is not None and c.state_hash() != a.state_hash()


def test_a_determinized_copy_holds_placeholders_for_what_the_seat_cannot_see() -> None:
    duel = _main_phase_rest(1)
    g = duel.game
    copy = determinize(duel, 0, random.Random(3))
    assert copy is not None
    h = copy.game
    opp, mine = h.players[1], h.players[0]
    assert len(opp.hand) == len(g.players[1].hand) and len(opp.library) == len(g.players[1].library)
    assert all(c.cdef is HIDDEN for c in opp.hand + opp.library)
    assert sorted(c.name for c in mine.library) == sorted(c.name for c in g.players[0].library)
    assert [c.name for c in mine.hand] == [c.name for c in g.players[0].hand]
    assert copy.history == [] and copy.seed == 0 and copy.decks == ([], [])
    assert h.rng.getstate() != g.rng.getstate()
    assert all(who == 0 for who, _ in h.secrets)
    # it plays on, and the placeholders can be neither cast nor played by the opponent
    steps = 0
    while copy.pending is not None and steps < 400:
        d = copy.pending
        if d.player == 1:
            assert not any(HIDDEN.name in c for c in d.choices if c.startswith(("cast ", "play ")))
        copy.apply(d.decline if d.decline is not None and d.decline in d.choices else d.choices[0], d.player)
        steps += 1
    assert duel.state_hash() != copy.state_hash()


def test_no_copy_away_from_a_rest_point() -> None:
    """Half-way through casting a spell (paying for it) in a duel that keeps no
    rest point there is nothing to copy from: no copy, and the computer
    answers by its heuristic."""
    for seed in range(6):
        duel = _main_phase_rest(seed)
        d = duel.pending
        assert d is not None and determinize(duel, 0, random.Random(1)) is not None
        cast = next((c for c in d.choices if c.startswith("cast ")), None)
        if cast is None:
            continue
        duel.apply(cast, d.player)
        assert not duel.at_rest
        assert determinize(duel, 0, random.Random(1)) is None
        return
    raise AssertionError("no spell to cast in these duels")


@pytest.mark.parametrize("seed", (4, 5))
def test_the_computer_answers_the_same_whatever_it_cannot_see(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The information test of tests/test_computer.py on other seeds,
    checking that the look-ahead ran: at every decision of the computer its answer is computed on the
    duel as it is and with the hidden cards changed; the look-ahead ran."""
    simulated = []
    real = lookahead._simulate

    def counted(*args: object) -> float:
        simulated.append(1)
        return real(*args)  # type: ignore[arg-type]
    monkeypatch.setattr(lookahead, "_simulate", counted)
    same_answers_whatever_is_hidden(seed, "hard")
    assert len(simulated) > 20



def _at_blocks(bob_hand: list[str], keep_rest: bool = True) -> Duel:
    """Bob attacks alice's two Grizzly Bears with Frost Giant: the duel at alice's block declaration."""
    from engine.scripts import build_position
    setup = {"active": "bob", "phase": "main", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Grizzly Bears"], "library": ["Forest", "Island"] * 5},
        "bob": {"battlefield": ["Frost Giant", "Mountain"], "hand": bob_hand, "library": ["Forest"] * 10}}}
    duel = Duel(lambda: build_position(setup), keep_rest=keep_rest)
    for _ in range(20):
        d = duel.pending
        assert d is not None
        if d.kind.name == "BLOCK":
            return duel
        a = "attack Frost Giant" if d.player == 1 and duel.game.combat is None and "attack" in d.choices \
            else d.decline if d.decline is not None else d.choices[0]
        duel.apply(a, d.player)
    raise AssertionError("no block declaration")


def test_a_copy_at_a_block_declaration_from_the_kept_rest_point() -> None:
    """A block declaration is no rest point: the copy is the game kept at the latest rest
    point (bob's main phase), determinized, with the answers since replayed; it holds no
    more than a copy at a rest point does (two duels differing in bob's hand give the same
    copy), and a duel that keeps no rest point gives none."""
    duel = _at_blocks(["Lightning Bolt", "Giant Growth"])
    assert not duel.at_rest
    a = determinize(duel, 0, random.Random(7))
    assert a is not None and a.pending is not None
    assert a.pending.kind is duel.pending.kind and a.pending.choices == duel.pending.choices
    assert all(c.cdef is HIDDEN for c in a.game.players[1].hand)
    b = determinize(_at_blocks(["Craw Wurm", "Forest"]), 0, random.Random(7))
    assert b is not None and a.state_hash() == b.state_hash()
    # copies of the copy (the look-ahead's candidates) replay from its own kept rest point
    assert a.clone().state_hash() == a.state_hash()
    assert determinize(_at_blocks(["Lightning Bolt"], keep_rest=False), 0, random.Random(7)) is None


def test_the_look_ahead_plays_its_land_and_pumps_nothing_before_combat() -> None:
    """Found in a terminal duel: the computer's Wyluli Wolf ("{T}: target creature gains
    +1/+1 until end of turn") pumped its Erhnam Djinn in the main phase each turn, and
    nothing attacked. The pump was the look-ahead's pick because its copies scored a hair
    above passing; and with the pump gone, passing (which ends the turn) beat the land
    drop, because the copies after the land played on with the heuristic's losing attack
    into Johan. Now the land is played, nothing is pumped for the turn, nothing attacks."""
    from engine.players.computer import ComputerPlayer, answer
    from engine.scripts import build_position
    setup = {"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Wyluli Wolf", "Erhnam Djinn", "Desert Nomads", "King Suleiman", "Mountain",
                                  "Mountain", "Plains", "Plains", "City of Brass"], "hand": ["Plains"]},
        "bob": {"battlefield": ["Johan", "Llanowar Elves", "Llanowar Elves", "Savannah", "Forest", "Hammerheim"]}}}
    duel = Duel(lambda: build_position(setup))
    ai = ComputerPlayer(seed=1)
    answers = []
    for _ in range(40):
        d = duel.pending
        if d is None or duel.game.active != 0:
            break
        if d.player == 0:
            answers.append(answer(duel, ai))
            duel.apply(answers[-1], 0)
        else:
            duel.apply(d.decline if d.decline is not None else d.choices[0], d.player)
    assert answers[0] == "play Plains"
    assert not any(a.startswith(("activate Wyluli Wolf", "attack")) for a in answers), answers
