"""The computer opponent thinks in a process of its own, at a lower priority.

A computer's turn is mostly thinking (:meth:`engine.players.computer.ComputerPlayer.choose`, with
its look-ahead on determinized copies): tens of milliseconds of Python per answer. In a
thread of the bot's process that thinking holds the GIL, and every wake-up of the event
loop (a click, a database reply, an HTTP response) waits for it: one user driving 30 duels
against the computer kept a human duel's clicks waiting hundreds of milliseconds. Here it
runs in one child process (``spawn``ed, so nothing of the bot's threads or sockets is
copied), ``nice``-d so that the kernel serves the bot's event loop first. The bot's own
copy of the duel stays the truth: the child answers with the decisions it made (the
computer's answers and the passes after them, :func:`autopass`), which the bot applies to
its duel in its worker thread (see :meth:`bot.service.DuelService.computer_moves`); the
engine being deterministic, they are legal there as they were in the child.

The child keeps its own copy of each duel it played (at most :data:`KEPT` of them, the
least recently used dropped) and brings it up to date from the history it is sent: the
answers since its last turn are replayed, or the whole duel when its copy is gone or
differs. It keeps each duel's :class:`~engine.players.computer.ComputerPlayer` with it, so the
computers of duels long done or abandoned leave memory with their copies.
"""
from __future__ import annotations

import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine import Duel, DuelOptions
from engine.autopass import auto_answer
from engine.players.computer import DEFAULT_LEVEL, LEVELS, ComputerPlayer
from engine.determinize import peek_for
from engine.view import view as seat_view

KEPT = 64  # duels the child keeps a copy of
NICE = 10  # how much lower the child's priority is than the bot's

Stops = tuple[frozenset[str], frozenset[str]]
History = list[tuple[int, str]]


def autopass(duel: Duel, stops: Stops) -> None:
    """Answer every decision that need not reach a human (see :mod:`bot.autopass`)."""
    for _ in range(10000):
        d = duel.pending
        if d is None:
            return
        ans = auto_answer(duel.playing, d, stops[d.player])  # a Shahrazad subgame's own phases
        if ans is None:
            return
        duel.apply(ans, player=d.player)


def computer_turn(duel: Duel, seat: int, cp: ComputerPlayer, stops: Stops) -> None:
    """The computer of *seat* answers, with the passes after each answer, until the
    decision is the other player's (or the duel is over)."""
    for _ in range(10000):
        d = duel.pending
        if d is None or d.player != seat:
            return
        duel.apply(cp.choose(seat_view(duel, seat), d, peek_for(duel, seat)), player=seat)
        autopass(duel, stops)


def computer_for(seed: int, seat_name: str, level: str | None = None) -> ComputerPlayer:
    """The computer of a duel: its level is in the duel's options (*level*); duels made
    before it was kept there have it in the seat's name (``computer_hard``)."""
    level = level or (seat_name.rsplit("_", 1)[-1] if "_" in seat_name else DEFAULT_LEVEL)
    return ComputerPlayer(seed % (1 << 31), level if level in LEVELS else DEFAULT_LEVEL)


# ------------------------------------------------------------ in the child
_kept: OrderedDict[int, tuple[Duel, ComputerPlayer]] = OrderedDict()


def _start_child() -> None:
    try:
        os.nice(NICE)
    except OSError:
        pass


def think(duel_id: int, seed: int, decks: tuple[list[str], list[str]], options: DuelOptions,
          names: tuple[str, str], history: History, stops: Stops, seat: int) -> History:
    """(In the child.) The decisions the computer of *seat* makes from the duel after
    *history*, with the passes after them, until the decision is the other player's."""
    kept = _kept.pop(duel_id, None)
    if kept is not None and (len(kept[0].history) > len(history) or kept[0].history != history[:len(kept[0].history)]):
        kept = None
    if kept is None:
        duel = Duel.from_snapshot(seed, decks, options, [], None, names=names)
        kept = (duel, computer_for(seed, names[seat], options.computer_level))
    duel, cp = kept
    duel.replay(history[len(duel.history):])
    start = len(duel.history)
    computer_turn(duel, seat, cp, stops)
    if duel.pending is not None:
        _kept[duel_id] = kept
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return duel.history[start:]


# ------------------------------------------------------------ in the bot
class ComputerProcess:
    """The child process, started when first needed and started again if it dies."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_child)
        return self._pool

    def think(self, duel: Duel, duel_id: int, names: tuple[str, str], stops: Stops, seat: int) -> History:
        """(From a thread: blocks until the child answers.) What :func:`think` gives for
        the duel as it is; the child is started again once if it died."""
        args = (duel_id, duel.seed, (list(duel.decks[0]), list(duel.decks[1])), duel.options, names,
                list(duel.history), stops, seat)
        for attempt in (1, 2):
            try:
                return self.pool().submit(think, *args).result()
            except BrokenProcessPool:  # the child died (killed, out of memory): once more, in a new one
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
