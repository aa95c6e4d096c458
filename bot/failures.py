"""What a user sees when handling their interaction fails, and what the operator sees.

Every interaction gets an answer. A handler that raises — a full disk, a bug — still
answers the user (privately) instead of leaving them on "thinking..." or a click that
silently does nothing:

* the database cannot be written (SQLite says the disk or the database is full, or the
  write failed): "I cannot save right now"; the transaction was rolled back, so nothing
  the bot acknowledged is lost and nothing half-done is kept. The operator gets one
  ERROR line per process for it (a full disk fails every click; one line says it all),
  later ones go to the DEBUG level.
* anything else: a short apology; the exception is logged with its traceback, as
  discord.py would have logged it.

Slash commands reach :func:`on_command_error` (installed as the command tree's error
handler); buttons, menus and forms pass through :func:`answering`, which the bot's
interaction handlers enter (``ManaburnBot.busy(interaction)``).
"""
from __future__ import annotations

import errno
import logging
import sqlite3
from types import TracebackType

import discord
from discord import app_commands

log = logging.getLogger("manaburn.bot")

CANNOT_SAVE = ("I cannot save anything right now (the bot's storage is full or failing), so this was not "
               "done and nothing was changed. Please try again later; the bot's operator has been told.")
BROKEN = "Something went wrong on my side and this was not done. The bot's operator can find it in the log."

# SQLite's primary result codes (https://sqlite.org/rescode.html)
SQLITE_IOERR = 10
SQLITE_FULL = 13

_told_operator = False


def cannot_save(error: BaseException) -> bool:
    """Whether *error* (or what caused it) says the database cannot be written: disk full,
    database full (``max_page_count``), or a failed write."""
    seen: set[int] = set()
    e: BaseException | None = error
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, sqlite3.Error):
            code = getattr(e, "sqlite_errorcode", None)
            if code is not None and code & 0xFF in (SQLITE_FULL, SQLITE_IOERR):
                return True
            if "database or disk is full" in str(e):
                return True
        if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        e = e.__cause__ or e.__context__
    return False


def report(error: BaseException, what: str) -> str:
    """Log *error* for the operator (a storage failure once per process) and return
    the message for the user."""
    global _told_operator
    if cannot_save(error):
        if not _told_operator:
            _told_operator = True
            log.error("the database cannot be written (%s: %s) while handling %s; users are told the "
                      "bot cannot save right now and nothing is changed. Free disk space; this is "
                      "logged once.", type(error).__name__, error, what)
        else:
            log.debug("the database still cannot be written (%s) while handling %s", error, what)
        return CANNOT_SAVE
    log.error("error while handling %s", what, exc_info=(type(error), error, error.__traceback__))
    return BROKEN


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the user *text* privately, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:  # the interaction expired, or Discord is down: nothing more to do
        log.warning("could not tell the user about a failed interaction")


async def on_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """The command tree's error handler: every failed slash command is answered."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    name = interaction.command.qualified_name if interaction.command else "a command"
    await answer(interaction, report(original, f"/{name}"))


class answering:
    """``async with answering(interaction):`` — a failure inside is reported and answered
    (see the module docstring) instead of propagating to discord.py, which would only log
    it. Without an interaction it does nothing."""

    def __init__(self, interaction: discord.Interaction | None) -> None:
        self.interaction = interaction

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        tb: TracebackType | None) -> bool:
        if self.interaction is None or error is None or not isinstance(error, Exception):
            return False
        data = self.interaction.data or {}
        await answer(self.interaction, report(error, f"the interaction {data.get('custom_id', '?')!r}"))
        return True
