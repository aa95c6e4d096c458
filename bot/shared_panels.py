"""What a worker shows each player, kept in storage when several workers share one
PostgreSQL database (:mod:`storage.panels`).

The publisher keeps, per duel and player, the message of the panel with the pending
decision (``bot.panels``), of the panel shown while they wait
(``bot.waiting_panels``), how many private notes the panels showed
(``bot.secrets_shown``) and when they last answered (``bot._answered_at``). With one
process those dicts are the whole truth. With several workers they are a cache:
:class:`SharedPanels` reads a duel's rows whenever a worker takes the duel's publish
lock (a click on it, or publishing it again), and writes a player's row whenever one
of those values changes, through one writer task per duel so that a duel's writes land
in the order they were made.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .service import PanelState

if TYPE_CHECKING:
    from .face import BotFace

log = logging.getLogger("manaburn.bot")

Key = tuple[int, int]  # (duel id, player)

__all__ = ["TrackedDict", "SharedPanels"]


class TrackedDict(dict):  # type: ignore[type-arg]
    """A dict keyed by (duel, player) that calls *changed(key)* after each change made
    through ``d[k] = v``, ``del d[k]`` or ``pop``; :meth:`load` changes it silently."""

    def __init__(self, changed: Callable[[Key], None]) -> None:
        super().__init__()
        self._changed = changed

    def __setitem__(self, key: Key, value: Any) -> None:
        super().__setitem__(key, value)
        self._changed(key)

    def __delitem__(self, key: Key) -> None:
        super().__delitem__(key)
        self._changed(key)

    def pop(self, key: Key, *default: Any) -> Any:
        had = key in self
        out = super().pop(key, *default)
        if had:
            self._changed(key)
        return out

    def load(self, key: Key, value: Any | None) -> None:
        if value is None:
            super().pop(key, None)
        else:
            super().__setitem__(key, value)


class SharedPanels:
    """Reads and writes the publisher's per-player state of duels (see the module)."""

    def __init__(self, bot: BotFace) -> None:
        self.bot = bot
        self._dirty: dict[Key, None] = {}  # in the order they changed
        # one writer task per duel with rows to write: a duel's rows land in the order they
        # changed, and a click waits only for its own duel's (not for every duel's, one
        # after the other)
        self._writers: dict[int, asyncio.Task[None]] = {}

    def changed(self, key: Key) -> None:
        """Write *key*'s row soon (in order, by the duel's writer task)."""
        self._dirty.pop(key, None)
        self._dirty[key] = None
        duel_id = key[0]
        if duel_id not in self._writers:
            self._writers[duel_id] = asyncio.get_running_loop().create_task(self._write(duel_id))

    async def _write(self, duel_id: int) -> None:
        try:
            while True:
                keys = [k for k in self._dirty if k[0] == duel_id]
                if not keys:
                    return
                for key in keys:
                    del self._dirty[key]
                try:  # the duel's changed rows in one write, as they are now
                    await self.bot.svc.save_panels(duel_id, {key[1]: self.state(key) for key in keys})
                except Exception:  # a lost write costs a panel left open or a note shown again
                    log.exception("could not store the panels of duel #%d", duel_id)
        finally:
            del self._writers[duel_id]

    async def flush(self, duel_id: int | None = None) -> None:
        """Wait until every change made so far (to duel *duel_id*'s rows, or to any) is written."""
        while True:
            waiting = [t for d, t in self._writers.items() if duel_id is None or d == duel_id]
            if not waiting:
                return
            await asyncio.wait(waiting)

    def state(self, key: Key) -> PanelState:
        bot = self.bot
        at = bot._answered_at.get(key)
        return PanelState(bot.panels.get(key), bot.waiting_panels.get(key), bot.secrets_shown.count(key),
                          None if at is None else time.time() - (time.monotonic() - at))

    async def load(self, duel_id: int) -> None:
        """This worker's view of the duel's panels made what storage says (the last
        worker to show it wrote it)."""
        await self.flush(duel_id)  # this worker's own changes first
        states = await self.bot.svc.panels_of(duel_id)
        bot = self.bot
        for player in (0, 1):
            key = (duel_id, player)
            # no row: no worker has shown this player a panel of the duel (every worker of a
            # shared database writes them), so there is none to look for in their DMs
            st = states.get(player) or PanelState()
            bot.panels.load(key, st.decision)  # type: ignore[attr-defined]
            bot.waiting_panels.load(key, st.waiting)  # type: ignore[attr-defined]
            bot._answered_at.load(key, None if st.answered_at is None  # type: ignore[attr-defined]
                                  else time.monotonic() - (time.time() - st.answered_at))
            bot.secrets_shown.restore(key, st.secrets_shown)
            bot._panels_known.add(key)
