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
from engine.players.random_player import RandomPlayer
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


# ------------------------------------------------------------------ sharing
# A copy made in this process shares with its original what never changes in place (the cards
# in the libraries, the printed characteristics, the log's lines): see engine.snapshot.

def _at_rest_after(duel: Duel, players: tuple[RandomPlayer, RandomPlayer], answers: int) -> Duel:
    while duel.pending is not None and (len(duel.history) < answers or not duel.at_rest):
        duel.apply(players[duel.pending.player].choose(duel.pending))
    assert duel.at_rest or duel.pending is None
    return duel


def _library_states(duel: Duel) -> list[list[dict[str, Any]]]:
    """The attributes of the cards in the libraries, but the empty containers (made when
    first read, see Card) and the kept printed values (derived)."""
    return [[{k: v for k, v in c.__dict__.items() if k != "printed" and not (isinstance(v, (dict, set)) and not v)}
             for c in p.library] for p in duel.game.players]


def _changed(now: list[list[dict[str, Any]]], before: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """What changed on the cards of the libraries (by card: the attributes, new and old value)."""
    return [{k: (a.get(k), b.get(k)) for k in set(a) | set(b) if a.get(k) != b.get(k)}
            for x, y in zip(now, before) for a, b in zip(x, y) if a != b] + \
        [{"lengths": ([len(x) for x in now], [len(y) for y in before])}] * (now != before and any(
            len(x) != len(y) for x, y in zip(now, before)))


@pytest.mark.parametrize("i", range(3))
def test_a_clone_played_differently_leaves_its_original_as_it_was(i: int) -> None:
    """Clone and original go different ways (other answers, draws from the shared
    libraries): each stays what a full replay of its own answers gives."""
    decks, x, y = PAIRS[i]
    seed = 300 + i
    rng = random.Random(seed)
    duel = Duel.new(seed, (_list(decks[x]), _list(decks[y])), DuelOptions(ante=i == 1))
    players = (RandomPlayer(seed, pass_rate=0.2), RandomPlayer(seed + 1, pass_rate=0.2))
    checked = 0
    while duel.pending is not None and checked < 6:
        if _at_rest_after(duel, players, len(duel.history) + rng.randrange(20, 120)).pending is None:
            break
        libraries = _library_states(duel)
        copy = duel.clone()
        # the libraries' cards are shared, the lists holding them are not
        for p in (0, 1):
            assert copy.game.players[p].library is not duel.game.players[p].library
            assert all(a is b for a, b in zip(copy.game.players[p].library, duel.game.players[p].library))
        # the copy goes its own way (other random answers) for a while, drawing and casting
        others = (RandomPlayer(seed + 7 + checked, pass_rate=0.1), RandomPlayer(seed + 8 + checked, pass_rate=0.1))
        for _ in range(60):
            if copy.pending is None:
                break
            copy.apply(others[copy.pending.player].choose(copy.pending))
        same(copy, Duel.new(seed, duel.decks, duel.options).replay(copy.history), "the copy, gone its own way")
        # the original: as it was, and as a replay of its answers
        assert not _changed(_library_states(duel), libraries)
        same(duel, Duel.new(seed, duel.decks, duel.options).replay(duel.history), "the original after its copy")
        # and the other way round: the original goes on, a copy made before stays as it was
        before = duel.clone()
        for _ in range(40):
            if duel.pending is None:
                break
            duel.apply(players[duel.pending.player].choose(duel.pending))
        same(before, Duel.new(seed, duel.decks, duel.options).replay(before.history), "a copy, its original gone on")
        checked += 1
    assert checked >= 3


def test_the_log_of_a_clone_is_its_own() -> None:
    decks = (_list(PRECONS[sorted(PRECONS)[0]]), _list(PRECONS[sorted(PRECONS)[4]]))
    duel = _at_rest_after(Duel.new(11, decks), (RandomPlayer(5), RandomPlayer(6)), 150)
    events, secrets = list(duel.game.events), list(duel.game.secrets)
    copy = duel.clone()
    assert copy.game.events == events and copy.game.events is not duel.game.events
    assert copy.game.secrets == secrets and copy.game.secrets is not duel.game.secrets
    copy.game.log("only in the copy")
    copy.game.secrets.append((0, "only the copy's"))
    assert duel.game.events == events and duel.game.secrets == secrets
    duel.game.log("only in the original")
    assert copy.game.events == events + ["only in the copy"]
    assert duel.game.events == events + ["only in the original"]
    # and a copy of the copy, made from the bytes the first one saved (cloned again here)
    again = duel.clone()
    assert again.game.events == events  # the lines as they were at the rest point saved


def test_a_container_made_on_the_clone_is_not_the_originals() -> None:
    decks = (_list(PRECONS[sorted(PRECONS)[0]]), _list(PRECONS[sorted(PRECONS)[4]]))
    duel = _at_rest_after(Duel.new(12, decks), (RandomPlayer(7), RandomPlayer(8)), 120)
    assert duel.game.battlefield
    copy = duel.clone()
    for mine, theirs in zip(duel.game.battlefield, copy.game.battlefield):
        assert mine.oid == theirs.oid and mine is not theirs
        had = dict(mine.counters)
        theirs.counters["+1/+1"] = theirs.counters.get("+1/+1", 0) + 1
        theirs.flags["only in the copy"] = True
        theirs.damaged_by.add(-1)
        assert dict(mine.counters) == had
        assert "only in the copy" not in mine.flags and -1 not in mine.damaged_by
    # a library card's container, made on first use by the copy, is not written there (the
    # cards are shared); the copy's hand cards are its own
    for mine, theirs in zip(duel.game.players[0].hand, copy.game.players[0].hand):
        theirs.chosen["x"] = 1
        assert "x" not in mine.chosen


def test_shared_bytes_load_only_with_their_objects_and_snapshots_never_share() -> None:
    decks = (_list(PRECONS[sorted(PRECONS)[2]]), _list(PRECONS[sorted(PRECONS)[3]]))
    duel = _at_rest_after(Duel.new(13, decks), (RandomPlayer(9), RandomPlayer(10)), 100)
    shared: list[Any] = []
    data = snap.dumps(duel.game, shared)
    assert shared and len(data) < len(snap.dumps(duel.game))
    with pytest.raises(Exception, match="loads\\(data, shared\\)"):
        snap.loads(data)
    assert snap.loads(data, shared).players[0].library[0] is duel.game.players[0].library[0]
    # a clone here keeps the shared bytes; the snapshot stored after it does not use them
    duel.clone()
    blob = duel.snapshot()
    resumed: list[int] = []
    real = Duel._resumed.__func__  # type: ignore[attr-defined]
    try:
        Duel._resumed = classmethod(lambda cls, *a, **kw: resumed.append(1) or real(cls, *a, **kw))  # type: ignore
        restored = Duel.from_snapshot(13, duel.decks, duel.options, duel.history, blob)
    finally:
        Duel._resumed = classmethod(real)  # type: ignore[assignment]
    assert resumed == [1]
    same(duel, restored, "from the snapshot taken after a clone")
    assert restored.game.players[0].library[0] is not duel.game.players[0].library[0]
    # away from a rest point, a clone goes on from the bytes a clone saved there (with the
    # answers since), but nothing is stored from them (the duel keeps no rest point)
    _at_rest_after(duel, (RandomPlayer(9), RandomPlayer(10)), len(duel.history) + 1)
    duel.clone()
    duel.apply(duel.pending.choices[0])
    assert not duel.at_rest and not duel.keep_rest
    resumed.clear()
    try:
        Duel._resumed = classmethod(lambda cls, *a, **kw: resumed.append(1) or real(cls, *a, **kw))  # type: ignore
        same(duel, duel.clone(), "a clone after the rest point")
    finally:
        Duel._resumed = classmethod(real)  # type: ignore[assignment]
    assert resumed == [1]
    with pytest.raises(ValueError):
        duel.snapshot()


# ------------------------------------------------------------- compact cards
def test_a_card_keeps_only_what_differs_from_the_defaults() -> None:
    from engine import carddb
    from engine.objects import Card
    from engine.tracked import VERSION, TrackedDict, TrackedSet
    c = Card(1, carddb.get("Grizzly Bears"), 0, "battlefield", 0, timestamp=3, token=True)
    assert set(c.__dict__) == {"oid", "cdef", "owner", "zone", "controller", "timestamp", "token"}
    assert (c.tapped, c.damage, c.attached_to, c.last_controller) == (False, 0, None, -1)
    v = VERSION[0]
    c.damage = 0  # the default again: nothing changes, nothing is stored
    c.tapped = False
    assert VERSION[0] == v and "damage" not in c.__dict__ and "tapped" not in c.__dict__
    c.tapped = True  # a change, counted
    assert VERSION[0] == v + 1 and c.__dict__["tapped"] is True
    c.tapped = False  # and back: counted too, kept
    assert VERSION[0] == v + 2 and c.tapped is False
    # containers are made on first use, tracked
    assert "counters" not in c.__dict__
    assert not c.counters and c.counters.__class__ is TrackedDict and c.damaged_by.__class__ is TrackedSet
    v = VERSION[0]
    c.counters["-1/-1"] = 1
    assert VERSION[0] == v + 1 and c.counters == {"-1/-1": 1}
    d = Card(2, carddb.get("Forest"), 1, "library", 1)
    assert not d.flags and "flags" in d.__dict__ and "flags" not in c.__dict__
    with pytest.raises(TypeError):
        Card(3, carddb.get("Forest"), 1, "library", 1, colour="blue")
