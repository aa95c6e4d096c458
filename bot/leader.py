"""Which worker runs the timed work: exactly one at a time.

The clock sweep (challenge expiry, reminders, the claim notice), trade expiry and
publishing again what a stopped worker left unshown must run once, not once per
worker. On PostgreSQL the worker holding the session advisory lock
``TIMED_WORK_LOCK`` (:mod:`storage.locks`) runs it; the others try again every
``retry_seconds``. The server frees the lock the moment the holder's connection
ends (its process killed: the kernel closes the socket), so another worker takes
the work over within ``retry_seconds`` (15 s by default, well within a minute).
The holder checks its connection every ``retry_seconds`` too, and stops the work
when it lost the lock (its server restarted), then competes again.

A SQLite file is served by one process only (:mod:`bot.process_lock`): it always leads.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .service import DuelService

__all__ = ["lead_when_chosen", "RETRY_SECONDS"]

log = logging.getLogger("manaburn.bot")

RETRY_SECONDS = 15.0


async def lead_when_chosen(svc: DuelService, work: Callable[[], Awaitable[None]], *,
                           retry_seconds: float = RETRY_SECONDS) -> None:
    """Run ``work()`` (which loops until cancelled) while this worker holds the timed
    work's lock; forever, until cancelled. On a database not shared, run it at once."""
    if not svc.shared:
        await work()
        return
    while True:
        try:
            async with svc.timed_work_lease() as lease:
                if lease.taken:
                    log.info("this worker runs the timed work (clock sweeps, reminders, catching up)")
                    await _while_held(lease, work, retry_seconds)
                    log.warning("this worker lost the timed work's lock; competing for it again")
        except asyncio.CancelledError:
            raise
        except Exception:  # the database went away for a moment: try again later
            log.exception("could not compete for the timed work")
        await asyncio.sleep(retry_seconds)


async def _while_held(lease: Any, work: Callable[[], Awaitable[None]], every: float) -> None:
    task = asyncio.ensure_future(work())
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every)
            if done:
                task.result()  # its exception, if any, is logged by the caller
                return
            if not await lease.alive():
                return
    finally:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
