"""Admission control of one worker's interactions: at most :data:`RUNNING_AT_ONCE`
clicks are worked on at once; a click that cannot start at once is deferred at once
and waits its turn in order; one that could not be answered within :data:`SHED_AFTER`
seconds is refused at once with :data:`BUSY` and changes nothing.

Without it every request was handed to discord.py as it came: past the worker's
capacity (about 20-30 clicks/s a worker, bench/README.md) every click of the backlog
was in flight at once, each took its share of one event loop, and from 100 human-paced
duels on, most answers came after Discord's 3 s and all of that work was wasted.

This module decides *what* happens to an arriving interaction (:meth:`Admission.admit`)
and keeps the queue; :mod:`bot.http_interactions` carries the decisions out (the
deferral as the HTTP answer, the queued click dispatched when its turn comes and
answered through its token).

What goes where (the choice, for each kind of interaction):

* **Component clicks and submitted forms** (from a message) are the volume: they take
  a place, else wait deferred (DEFERRED_UPDATE_MESSAGE: Discord shows nothing changed;
  the panel still shows its choices, so a deferral acknowledges no decision: the
  decision is acknowledged by the edit of its panel once it is stored), else are shed.
* **Buttons whose first response is a form** ("Type an answer…", "Exchange cards…",
  :data:`OPENS_A_FORM`) start at once, ahead of the queue: a form cannot follow a
  deferral (Discord allows it only as the first response), opening one touches no
  storage and no duel, and the form's submission then takes its turn like a click.
* **Slash commands** start at once while the queue is under :data:`SHED_AFTER`, else
  are shed: they are rare next to clicks (one ``/challenge`` per duel of hundreds of
  clicks), and the shape of their first response (a public message that ``/challenge``
  reads back, a private one, a form for ``/deck import``) is known only once the
  command has run, while a deferral must choose public or private first.
* **Autocomplete** is answered at once (it cannot be deferred, and it is a menu being
  typed into; a late one is useless).
"""
from __future__ import annotations

import asyncio
import collections
import enum
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

__all__ = ["Admission", "Admit", "BUSY", "OPENS_A_FORM", "RUNNING_AT_ONCE", "SHED_AFTER", "goes_ahead"]

#: Clicks worked on at once by one worker. The worker is CPU-bound (~20-30 ms of CPU a
#: click on PostgreSQL, a few database round trips each): two in flight keep the CPU busy
#: while one waits for the database; more only lengthen every click's time in the event
#: loop, and the wait of every arriving request behind them (its deferral is answered by
#: the same loop). Measured with bench/workers.py (2 shared cores, load average 7-10):
#: with 2 places rather than 4, one worker answered 14.4-17.6 clicks/s at saturation,
#: not 12.4, its first responses' p99 93-134 ms, not 343 ms (bench/README.md, issue 27).
RUNNING_AT_ONCE = 2

#: Seconds a click may be expected to wait in the queue before it is refused instead.
#: A deferred click shows the player nothing until its answer; a player who clicked and
#: saw nothing for longer than this would click again or leave, and the answer would
#: reach a panel nobody waits on. Ten seconds is twice the longest think of the bench's
#: human-paced players (0.5-5 s), and well inside the interaction token's 15 minutes.
SHED_AFTER = 10.0

#: What a shed click is answered (privately, at once).
BUSY = "Manaburn is busy: your click was not taken — try again in a moment."

#: Custom-id prefixes of the buttons whose first response is a form (bot.panels.TypeButton,
#: bot.match_play.ExchangeButton): started at once, never deferred.
OPENS_A_FORM = ("mb:t:", "mb:sx:")

#: A click's time in the worker (from its start to its handlers' end) assumed before any
#: was measured.
FIRST_GUESS = 0.2

_COMMAND, _COMPONENT, _AUTOCOMPLETE, _FORM = 2, 3, 4, 5  # Discord's interaction types


class Admit(enum.Enum):
    """What becomes of an arriving interaction."""

    NOW = "now"  # worked on at once: its handlers' first response answers it
    QUEUED = "queued"  # deferred at once, worked on at its turn, answered through its token
    SHED = "shed"  # refused at once with BUSY: nothing done


def goes_ahead(data: dict[str, Any]) -> bool:
    """An interaction that never waits in the queue: autocomplete, a button that opens a
    form, a form submitted without a message to defer the update of (see the module)."""
    itype = int(data.get("type", 0))
    if itype == _AUTOCOMPLETE:
        return True
    if itype == _COMPONENT:
        return str((data.get("data") or {}).get("custom_id", "")).startswith(OPENS_A_FORM)
    return itype == _FORM and not data.get("message")


@dataclass
class Admission:
    """The places and the queue of one worker (one event loop)."""

    at_once: int = RUNNING_AT_ONCE
    shed_after: float = SHED_AFTER
    running: int = 0
    #: seconds a click holds its place, smoothed (the queue moves at_once / per_click a second)
    per_click: float = FIRST_GUESS

    def __post_init__(self) -> None:
        self._queue: collections.deque[Callable[[], Awaitable[None]]] = collections.deque()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def queued(self) -> int:
        return len(self._queue)

    def expected_wait(self) -> float:
        """Seconds a click arriving now would wait for its place."""
        return (len(self._queue) + 1) * self.per_click / self.at_once

    def admit(self, data: dict[str, Any]) -> Admit:
        """What becomes of interaction *data* (Discord's payload); NOW takes a place, to be
        given back with :meth:`done`. Autocomplete and form openers always start (and take
        a place: the queue waits for them too)."""
        if goes_ahead(data):
            self.running += 1
            return Admit.NOW
        itype = int(data.get("type", 0))
        if self.running < self.at_once and not self._queue:
            self.running += 1
            return Admit.NOW
        if self.expected_wait() > self.shed_after:
            return Admit.SHED
        if itype == _COMMAND:  # ahead of the queue (see the module), over the limit
            self.running += 1
            return Admit.NOW
        return Admit.QUEUED

    def enqueue(self, start: Callable[[], Awaitable[None]]) -> None:
        """A click admitted QUEUED: *start* runs when its turn comes (its place taken);
        it must call :meth:`done` when its work is over."""
        self._queue.append(start)

    def done(self, seconds: float | None = None) -> None:
        """A place given back after *seconds* of work (None: not a measure of a click's
        time); the next queued click starts."""
        self.running -= 1
        if seconds is not None:
            self.per_click += 0.1 * (seconds - self.per_click)
        while self._queue and self.running < self.at_once:
            self.running += 1
            task = asyncio.get_running_loop().create_task(self._queue.popleft()())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
