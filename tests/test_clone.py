"""Copies of a duel (:meth:`Duel.clone`) and stored snapshots
(:meth:`Duel.snapshot`, :meth:`Duel.from_snapshot`): a copy is the same
state as the original and as a full replay of its answers, and goes on
exactly as the original does, wherever it was taken -- at a rest point,
between two (the answers since replayed), during a Shahrazad subgame, with
effects that are closures in play. See :mod:`engine.snapshot`.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import Duel, DuelOptions, snapshot as snap
from engine.ai import RandomPlayer
from engine.decks import OLD_SCHOOL, PRECONS
from engine.script_file import load_script
from engine import scripts
from engine.scripts import run_script

from test_random_duels import DECKS

SCRIPTS = Path(__file__).parent / "scripts"


def _list(deck: dict[str, int]) -> list[str]:
    return [c for c, n in deck.items() for _ in range(n)]


# precons (4ED), Old School decks, and the test decks holding the other Old School cards
PAIRS = [(PRECONS, sorted(PRECONS)[0], sorted(PRECONS)[3]),
         (OLD_SCHOOL, sorted(OLD_SCHOOL)[0], sorted(OLD_SCHOOL)[1]),
         (OLD_SCHOOL, sorted(OLD_SCHOOL)[2], sorted(OLD_SCHOOL)[-1]),
         (DECKS, sorted(n for n in DECKS if n.startswith("Pool"))[0], sorted(PRECONS)[5]),
         (DECKS, sorted(n for n in DECKS if n.startswith("Pool"))[-1], "Snow and Legends")]


def _spy_resumed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one whenever a duel is resumed from a saved rest point
    (rather than replayed from its start)."""
    resumed: list[int] = []
    real = Duel._resumed.__func__  # type: ignore[attr-defined]

    def spy(cls: type[Duel], *a: Any, **kw: Any) -> Duel:
        resumed.append(1)
        return real(cls, *a, **kw)
    monkeypatch.setattr(Duel, "_resumed", classmethod(spy))
    return resumed


def same(a: Duel, b: Duel, where: str) -> None:
    assert a.state_hash() == b.state_hash(), where
    assert a.history == b.history, where
    if a.pending is None:
        assert b.pending is None, where
    else:
        assert b.pending is not None, where
        assert (a.pending.player, a.pending.kind, a.pending.prompt, a.pending.choices) == \
               (b.pending.player, b.pending.kind, b.pending.prompt, b.pending.choices), where


def go_on(a: Duel, b: Duel, seed: int, steps: int, where: str) -> None:
    """The same random answers to both: they stay the same."""
    players = (RandomPlayer(seed, pass_rate=0.3), RandomPlayer(seed + 1, pass_rate=0.3))
    for i in range(steps):
        if a.pending is None:
            break
        ans = players[a.pending.player].choose(a.pending)
        a.apply(ans)
        b.apply(ans)
        if i % 5 == 4:
            same(a, b, f"{where}, {i + 1} answers later")
    same(a, b, f"{where}, after going on")


@pytest.mark.parametrize("i", range(len(PAIRS)))
def test_clone_at_random_points_of_random_duels(i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    decks, x, y = PAIRS[i]
    seed = 100 + i
    rng = random.Random(seed)
    duel = Duel.new(seed, (_list(decks[x]), _list(decks[y])), DuelOptions(ante=i % 2 == 0))
    duel.keep_rest = i % 2 == 1  # both ways of cloning away from a rest point
    players = (RandomPlayer(seed * 2, pass_rate=0.2), RandomPlayer(seed * 2 + 1, pass_rate=0.2))
    clones = rests = 0
    resumed = _spy_resumed(monkeypatch)
    while duel.pending is not None and len(duel.history) < 1500:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        if rng.random() < 0.03:
            where = f"{x} v {y}, seed {seed}, answer {len(duel.history)}"
            rests += duel.at_rest
            copy = duel.clone()
            same(duel, copy, where)
            same(duel, Duel.new(seed, duel.decks, duel.options).replay(duel.history), where + " (replay)")
            if duel.at_rest or duel.keep_rest:
                blob = duel.snapshot()
                restored = Duel.from_snapshot(seed, duel.decks, duel.options, duel.history, blob)
                same(duel, restored, where + " (snapshot)")
                go_on(restored, copy, rng.randrange(10**6), 15, where + " (snapshot v clone)")
            else:
                with pytest.raises(ValueError):
                    duel.snapshot()
            # the original goes on as the clone does
            twin = duel.clone()
            go_on(duel, twin, rng.randrange(10**6), 25, where)
            clones += 1
    assert clones >= 5 and rests >= 1, (clones, rests)
    # at rest points, or everywhere when the rest point is kept, clones are not full replays
    assert len(resumed) >= (3 * clones if duel.keep_rest else rests), (len(resumed), clones, rests)


def test_clone_of_a_finished_duel_and_of_its_start() -> None:
    decks = (_list(PRECONS[sorted(PRECONS)[1]]), _list(PRECONS[sorted(PRECONS)[2]]))
    duel = Duel.new(5, decks)
    assert not duel.at_rest  # play or draw: before any rest point, a clone replays
    same(duel, duel.clone(), "start")
    players = (RandomPlayer(1), RandomPlayer(2))
    while duel.pending is not None:
        duel.apply(players[duel.pending.player].choose(duel.pending))
    c = duel.clone()
    same(duel, c, "end")
    assert c.winner == duel.winner and c.over


def test_a_stale_or_foreign_snapshot_falls_back_to_a_full_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    decks = (_list(OLD_SCHOOL[sorted(OLD_SCHOOL)[0]]), _list(OLD_SCHOOL[sorted(OLD_SCHOOL)[3]]))
    duel = Duel.new(9, decks)
    players = (RandomPlayer(3), RandomPlayer(4))
    while len(duel.history) < 200 or not duel.at_rest:
        duel.apply(players[duel.pending.player].choose(duel.pending))
    blob = duel.snapshot()
    while len(duel.history) < 230:
        duel.apply(players[duel.pending.player].choose(duel.pending))
    good = Duel.from_snapshot(9, decks, DuelOptions(), duel.history, blob)
    same(duel, good, "a good snapshot")
    resumed = _spy_resumed(monkeypatch)
    assert Duel.from_snapshot(9, decks, DuelOptions(), duel.history, blob).state_hash() == duel.state_hash()
    assert resumed == [1]
    # another engine made it: ignored
    monkeypatch.setattr(snap, "engine_version", lambda: "another-engine")
    again = Duel.from_snapshot(9, decks, DuelOptions(), duel.history, blob)
    same(duel, again, "stale version")
    assert resumed == [1]
    monkeypatch.undo()
    # another duel's history, garbage, a history shorter than the snapshot: a full replay
    other = [(p, t) for p, t in duel.history]
    other[3] = (other[3][0], other[3][1] + " ")
    assert Duel.from_snapshot(9, decks, DuelOptions(), duel.history, b"not a snapshot").state_hash() \
        == duel.state_hash()
    short = duel.history[:50]
    assert Duel.from_snapshot(9, decks, DuelOptions(), short, blob).state_hash() \
        == Duel.new(9, decks).replay(short).state_hash()
    assert snap.version_of(blob) == snap.engine_version()


def test_closures_pickle_by_value_sharing_cells_and_recursing() -> None:
    def make() -> tuple[Any, Any, Any]:
        count = 0

        def bump() -> int:
            nonlocal count
            count += 1
            return count

        def read() -> int:
            return count

        def fact(n: int) -> int:  # refers to itself through its cell
            return 1 if n <= 1 else n * fact(n - 1)
        return bump, read, fact
    bump, read, fact = snap.loads(snap.dumps(make()))
    bump()
    bump()
    assert read() == 2 and fact(5) == 120
    f = snap.loads(snap.dumps(lambda x, k=3: x + k))
    assert f(1) == 4


class _Swapping(scripts.Runner):
    """A script runner whose duel is replaced by its clone after every
    answer: the rest of the script (answers and expectations) runs on copies."""

    clones = 0

    @property  # type: ignore[override]
    def duel(self) -> Duel:
        d = self._duel
        if len(d.history) != self._seen:
            c = d.clone()
            assert c.state_hash() == d.state_hash()
            self._duel, self._seen = c, len(d.history)
            _Swapping.clones += 1
        return self._duel

    @duel.setter
    def duel(self, value: Duel) -> None:
        self._duel, self._seen = value, len(value.history)


# Scripts with effects that are closures (until end of turn, control change, text changes,
# tokens, copies) and a Shahrazad subgame (cloned in the middle of it)
CLOSURE_SCRIPTS = ["arabian_nights/shahrazad", "arabian_nights/shahrazad-draw", "green/giant-growth-response",
                   "blue/control-magic", "blue/sleight-of-mind", "blue/sleight-of-mind-permanent",
                   "white/blue-ward-sleight", "white/castle-control-magic", "white/angry-mob-stolen",
                   "blue/clone", "blue/vesuvan-doppelganger", "blue/vesuvan-doppelganger-copies-clone",
                   "antiquities/tetravus-tokens", "blue/copy-artifact"]


@pytest.mark.parametrize("name", CLOSURE_SCRIPTS)
def test_scripts_pass_on_clones(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = next(SCRIPTS.rglob(f"{name.split('/')[-1]}.yaml"))
    monkeypatch.setattr(scripts, "Runner", _Swapping)
    before = _Swapping.clones
    res = run_script(load_script(path.read_bytes()))
    assert res.passed, res.reason
    assert _Swapping.clones > before


def test_clone_during_a_shahrazad_subgame(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = ["Forest", "Forest", "Grizzly Bears", "Forest", "Giant Growth", "Forest", "Grizzly Bears"] * 4
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Plains", "Plains"], "hand": ["Shahrazad"], "library": lib},
                         "bob": {"library": list(reversed(lib))}}}
    runner = scripts.Runner(Duel(lambda: scripts.build_position(setup), keep_rest=True))
    scripts.run_step(runner, {"alice": "cast Shahrazad"})
    duel = runner.duel
    resumed = _spy_resumed(monkeypatch)
    while duel.game.subgame is None:  # nobody responds: Shahrazad resolves
        duel.apply(duel.pending.decline)
    players = (RandomPlayer(1, pass_rate=0.3), RandomPlayer(2, pass_rate=0.3))
    for i in range(40):
        if duel.game.subgame is None:
            break
        assert not duel.at_rest
        copy = duel.clone()
        assert copy.game.subgame is not None
        same(duel, copy, f"in the subgame, {i} answers in")
        if i % 10 == 0:
            go_on(duel.clone(), copy, i, 30, "in the subgame")
        duel.apply(players[duel.pending.player].choose(duel.pending))
    assert i > 20 and len(resumed) > 20  # each clone from the rest point before Shahrazad
