"""Copies and snapshots of a duel (issue 17; part of ``python -m bench --only engine``).

A long random duel is played once: two preconstructed decks three times over
(Brimstone against Mishra's Workshop), 300 starting life, random players
passing more often than usual, so that it is still going after 5,000
answers with more than 60 permanents in play. On it:

- **clone**: ``Duel.clone()`` at a rest point of the late game (the board of
  60+ permanents): pickling the game, unpickling it and resuming the
  procedure to its pending decision; and away from a rest point with the rest
  point kept (``keep_rest``), which adds the replay of the answers since.
- **snapshot size**: the bytes of ``Duel.snapshot()`` there (what the bot
  stores per duel), and compressed with zlib for comparison.
- **first touch**: the duel after 5,000 answers rebuilt from the latest
  snapshot the bot would have stored (:func:`bot.service.snapshot_due`), with
  ``Duel.from_snapshot`` -- against rebuilding it by a full replay.
"""
from __future__ import annotations

import statistics
import time
import zlib
from typing import Any

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.decks import decklist
from engine.snapshot import unpack

from bot.service import snapshot_due

from .common import Target, say

DECKS = ("Brimstone", "Mishra's Workshop")
SEED = 4


def long_duel(decisions: int) -> tuple[Duel, list[tuple[int, bytes]], int]:
    """The benchmark's duel after ``decisions`` answers; the snapshot taken as the bot
    stores them (:func:`bot.service.snapshot_due`): the last few as (answers before it, blob), and the most
    permanents seen at a rest point."""
    decks = (decklist(DECKS[0]) * 3, decklist(DECKS[1]) * 3)
    duel = Duel.new(SEED, decks, DuelOptions(starting_life=300))
    players = (RandomPlayer(SEED, pass_rate=0.6), RandomPlayer(SEED + 1, pass_rate=0.6))
    blobs: list[tuple[int, bytes]] = []
    turn, at, most = 0, 0, 0
    while duel.pending is not None and len(duel.history) < decisions:
        duel.apply(players[duel.pending.player].choose(duel.pending))
        if duel.at_rest:
            most = max(most, len(duel.game.battlefield))
            if snapshot_due(duel.game.turn, len(duel.history), turn, at):  # as bot.service.Live
                turn, at = duel.game.turn, len(duel.history)
                blobs = blobs[-5:] + [(at, duel.snapshot())]
    return duel, blobs, most


def _ms(fn: Any, n: int) -> dict[str, float]:
    """The median time of ``fn()`` over ``n`` calls, in ms: wall-clock, and the CPU time
    of this process (on a shared machine the wall-clock time is mostly waiting for a core)."""
    wall, cpu = [], []
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    return {"wall": round(statistics.median(wall) * 1000, 3), "cpu": round(statistics.median(cpu) * 1000, 3)}


def clone_bench(quick: bool) -> dict[str, Any]:
    n = 5 if quick else 50
    decisions = 1000 if quick else 5000
    say(f"  clone: playing the long duel ({decisions} answers)...")
    t0 = time.process_time()
    duel, blobs, most = long_duel(decisions)
    say(f"  (played in {time.process_time() - t0:.1f} s CPU)")
    seed, decks, options, history = duel.seed, duel.decks, duel.options, duel.history
    index, blob = blobs[-1]  # the latest snapshot (its rest point is after ``index`` answers)
    assert unpack(blob)[0] == index
    # the late game at that rest point
    base = Duel.from_snapshot(seed, decks, options, history[:index], blob)
    assert base.at_rest
    permanents = len(base.game.battlefield)

    def fresh_clone() -> Duel:
        base._rest = None  # nothing saved: the clone pickles the game, as at a new rest point
        return base.clone()
    clone_ms = _ms(fresh_clone, n)
    again_ms = _ms(base.clone, n)  # the same position cloned again: the game saved once
    # away from the rest point, with it kept: the answers since are replayed
    late = Duel.from_snapshot(seed, decks, options, history, blob, keep_rest=True)
    while late.at_rest or late._rest is None or len(late.history) - late._rest[0] < 5:
        late = Duel.from_snapshot(seed, decks, options, late.history[:-1], blobs[0][1], keep_rest=True)
    late_since = len(late.history) - late._rest[0]  # the answers that clone replays
    away_ms = _ms(late.clone, max(3, n // 5))
    snapshot = base.snapshot()
    # first touch: the duel cut where the most answers follow the latest snapshot stored (right
    # before the next one would be), among the last few snapshots
    gap, (cut, cut_blob) = max((b[0] - a[0] - 1, (b[0] - 1, a[1])) for a, b in zip(blobs, blobs[1:]))
    first_touch_ms = _ms(lambda: Duel.from_snapshot(seed, decks, options, history[:cut], cut_blob),
                         max(3, n // 5))
    replay_ms = _ms(lambda: Duel.new(seed, decks, options).replay(history[:cut]), 1 if quick else 3)
    touched = Duel.from_snapshot(seed, decks, options, history[:cut], cut_blob)
    same = Duel.from_snapshot(seed, decks, options, history, blob).state_hash() == duel.state_hash() \
        and late.clone().state_hash() == late.state_hash() \
        and touched.state_hash() == Duel.new(seed, decks, options).replay(history[:cut]).state_hash()
    out = {"duel": f"{DECKS[0]} x3 v {DECKS[1]} x3, seed {SEED}, 300 life, pass rate 0.6",
           "answers": len(history), "turn": duel.game.turn, "permanents_at_clone": permanents,
           "most_permanents_at_a_rest_point": most,
           "clone_at_rest_point_ms": clone_ms, "clone_again_at_same_rest_point_ms": again_ms,
           "clone_away_from_rest_point_ms": away_ms, "answers_replayed_by_that_clone": late_since,
           "snapshot_bytes": len(snapshot), "snapshot_bytes_zlib": len(zlib.compress(snapshot)),
           "first_touch_at_answer": cut, "answers_since_snapshot": gap,
           "first_touch_from_snapshot_ms": first_touch_ms, "first_touch_by_full_replay_ms": replay_ms,
           "same_state_hash": same}
    say(f"  clone of a duel with {permanents} permanents at a rest point: {clone_ms} ms (again: {again_ms}; "
        f"{late_since} answers after one: {away_ms}); snapshot {len(snapshot):,} bytes; "
        f"first touch after {cut} answers ({gap} after the latest snapshot): {first_touch_ms} from it, "
        f"{replay_ms} by full replay")
    return out


def targets(fig: dict[str, Any]) -> list[Target]:
    """The issue's targets, "on one core": judged on the CPU time of this process (medians;
    the wall-clock times are in the figures)."""
    return [
        Target(f"clone of a late-game duel ({fig['permanents_at_clone']} permanents, at a rest point; CPU time)",
               fig["clone_at_rest_point_ms"]["cpu"], 2, "<=", "ms"),
        Target(f"first touch of a {fig['first_touch_at_answer']:,}-decision duel from its stored snapshot, "
               f"{fig['answers_since_snapshot']} answers before it (CPU time; "
               f"a full replay: {fig['first_touch_by_full_replay_ms']['cpu']:,} ms)",
               fig["first_touch_from_snapshot_ms"]["cpu"], 30, "<=", "ms"),
    ]
